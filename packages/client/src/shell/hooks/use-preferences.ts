/**
 * The player's sound and animation toggles, remembered in the browser, and the system's reduced-motion
 * setting: while it asks for less motion, results are drawn at once whatever the toggle says.
 */
import { useCallback, useEffect, useState } from "preact/hooks";
import { loadPreferences, type Preferences, savePreferences } from "../preferences.ts";

const REDUCED = "(prefers-reduced-motion: reduce)";

function reducedMotionNow(): boolean {
  try {
    return globalThis.matchMedia?.(REDUCED).matches ?? false;
  } catch {
    return false;
  }
}

/** True while the system asks for reduced motion; follows a change made while the game is open. */
export function useReducedMotion(): boolean {
  const [reduced, setReduced] = useState(reducedMotionNow);
  useEffect(() => {
    const query = globalThis.matchMedia?.(REDUCED);
    if (!query) return;
    const onChange = () => setReduced(query.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);
  return reduced;
}

/** `fastPlayAllowed` false: the session forbids speeding play up, so animations play whatever the toggle says. */
export function usePreferences(fastPlayAllowed: boolean): {
  preferences: Preferences;
  update(next: Preferences): void;
  /** Animations play: the toggle is on (or may not be off) and the system does not ask for reduced motion. */
  motion: boolean;
} {
  const [preferences, setPreferences] = useState<Preferences>(() => loadPreferences());
  const reduced = useReducedMotion();
  const update = useCallback((next: Preferences) => {
    setPreferences(next);
    savePreferences(next);
  }, []);
  return { preferences, update, motion: (preferences.animations || !fastPlayAllowed) && !reduced };
}
