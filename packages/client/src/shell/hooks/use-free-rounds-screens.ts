/**
 * The free-round offer, its summary and its line above the Bet button, a chunk of their own: most sessions
 * hold no free rounds. It is fetched as soon as the session has some to offer.
 */
import type { ComponentType } from "preact";
import { useEffect, useState } from "preact/hooks";
import type { FreeRoundsProps } from "../components/FreeRoundsOffer.tsx";

export interface FreeRoundsScreens {
  Dialog: ComponentType<FreeRoundsProps>;
  Bar: ComponentType<FreeRoundsProps>;
}

export function useFreeRoundsScreens(
  wanted: boolean,
  onError: (error: unknown) => void,
): FreeRoundsScreens | null {
  const [screens, setScreens] = useState<FreeRoundsScreens | null>(null);
  useEffect(() => {
    if (!wanted || screens) return;
    let live = true;
    import("../components/FreeRoundsOffer.tsx").then(
      (module) => live && setScreens({ Dialog: module.FreeRoundsDialog, Bar: module.FreeRoundsBar }),
      (error: unknown) => live && onError(error),
    );
    return () => {
      live = false;
    };
  }, [wanted, screens]);
  return screens;
}
