/** Whether the player points with a finger: controls then speak of taps and holds, not clicks. */
import { useEffect, useRef, useState } from "preact/hooks";

const COARSE = "(pointer: coarse)";

function coarseNow(): boolean {
  try {
    return globalThis.matchMedia?.(COARSE).matches ?? false;
  } catch {
    return false;
  }
}

export function useCoarsePointer(): boolean {
  const [coarse, setCoarse] = useState(coarseNow);
  useEffect(() => {
    const query = globalThis.matchMedia?.(COARSE);
    if (!query) return;
    const onChange = () => setCoarse(query.matches);
    query.addEventListener("change", onChange);
    return () => query.removeEventListener("change", onChange);
  }, []);
  return coarse;
}

/** Holding a bet spot this long with a finger removes its bet (what a right-click does with a mouse). */
const HOLD_MS = 500;

/**
 * Tap to place, hold to remove, on touch screens: the handlers of a spot. After a hold removed the bet, the
 * click that ends the touch places nothing.
 */
export function useHoldToRemove(disabled: boolean) {
  const press = useRef<{ timer: ReturnType<typeof setTimeout> | undefined; removed: boolean }>({
    timer: undefined,
    removed: false,
  });
  const end = () => clearTimeout(press.current.timer);
  return (place: () => void, remove: () => void) => ({
    onClick(event: MouseEvent) {
      event.stopPropagation();
      if (press.current.removed) {
        press.current.removed = false;
        return;
      }
      if (!disabled) place();
    },
    onPointerDown(event: PointerEvent) {
      if (event.pointerType !== "touch" || disabled) return;
      press.current.removed = false;
      end();
      press.current.timer = setTimeout(() => {
        press.current.removed = true;
        remove();
      }, HOLD_MS);
    },
    onPointerUp: end,
    onPointerLeave: end,
    onPointerCancel: end,
    onContextMenu(event: MouseEvent) {
      event.preventDefault();
      if (!disabled && !press.current.removed) remove();
    },
  });
}
