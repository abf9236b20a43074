/**
 * The reality-check dialog and the screen after Stop, a chunk of their own: most sessions never show one. It is fetched as soon as the
 * session could need it (a reality check is scheduled, or the server asked for one), so it is there on time.
 */
import type { ComponentType } from "preact";
import { useEffect, useState } from "preact/hooks";
import type { RealityCheckDialogProps, SessionStopped } from "../components/RealityCheckDialog.tsx";

export interface RealityCheckParts {
  Dialog: ComponentType<RealityCheckDialogProps>;
  Stopped: typeof SessionStopped;
}

export function useRealityCheckDialog(
  wanted: boolean,
  onError: (error: unknown) => void,
): RealityCheckParts | null {
  const [dialog, setDialog] = useState<RealityCheckParts | null>(null);
  useEffect(() => {
    if (!wanted || dialog) return;
    let live = true;
    import("../components/RealityCheckDialog.tsx").then(
      (module) => live && setDialog({ Dialog: module.RealityCheckDialog, Stopped: module.SessionStopped }),
      (error: unknown) => live && onError(error),
    );
    return () => {
      live = false;
    };
  }, [wanted, dialog]);
  return dialog;
}
