/**
 * The first screen of a phone holds the balance, the board and the main action: the board takes the height
 * the top bar and the bet controls leave. Their heights change with the language, a message or an open
 * round, so they are measured and given to the layout as CSS variables (styles/shell.css uses them).
 */
import type { RefObject } from "preact";
import { useLayoutEffect } from "preact/hooks";

export function useScreenFit(
  shell: RefObject<HTMLElement>,
  parts: Record<"top" | "head" | "action", RefObject<HTMLElement>>,
): void {
  useLayoutEffect(() => {
    const root = shell.current;
    if (!root || typeof ResizeObserver === "undefined") return;
    const measure = () => {
      for (const [name, ref] of Object.entries(parts)) {
        const height = ref.current?.getBoundingClientRect().height ?? 0;
        root.style.setProperty(`--${name}-h`, `${Math.ceil(height)}px`);
      }
    };
    measure();
    const observer = new ResizeObserver(measure);
    for (const ref of Object.values(parts)) if (ref.current) observer.observe(ref.current);
    return () => observer.disconnect();
  }, []);
}
