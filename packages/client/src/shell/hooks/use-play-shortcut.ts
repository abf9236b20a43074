/**
 * Space or Enter plays (or, while a result animates, skips to it) unless the focus is on a control that uses
 * the key (keyboard.ts). The play control is found by its `data-shortcut` mark, so the shortcut does exactly
 * what a click on the control would.
 */
import { useEffect } from "preact/hooks";
import { isShortcutTarget } from "../keyboard.ts";

export function usePlayShortcut(options: {
  enabled: boolean;
  /** A result is animating and may be skipped. */
  skippable: boolean;
  onSkip(): void;
}): void {
  const { enabled, skippable, onSkip } = options;
  useEffect(() => {
    if (!enabled) return;
    const onKey = (event: KeyboardEvent) => {
      if (
        (event.key !== " " && event.key !== "Enter") ||
        event.repeat ||
        event.altKey ||
        event.ctrlKey ||
        event.metaKey
      )
        return;
      if (!isShortcutTarget(event.target)) return;
      event.preventDefault();
      if (skippable) onSkip();
      else document.querySelector<HTMLButtonElement>('[data-shortcut="play"]:not(:disabled)')?.click();
    };
    document.addEventListener("keydown", onKey);
    return () => document.removeEventListener("keydown", onKey);
  }, [enabled, skippable, onSkip]);
}
