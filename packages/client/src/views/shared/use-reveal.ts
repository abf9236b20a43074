/**
 * The reveal of a round's result: runs an animation clock for a new round, or shows the end at once when
 * animations are off; either way tells the shell once (onRevealed) per round. A skip jumps to the end.
 */
import { useCallback, useEffect, useRef, useState } from "preact/hooks";
import type { GameViewProps } from "../types.ts";

export interface Reveal {
  /** Milliseconds into the animation; `duration` once done. */
  elapsed: number;
  done: boolean;
  skip(): void;
}

type RevealProps = Pick<GameViewProps, "round" | "animate" | "onRevealed">;

export function useReveal(props: RevealProps, duration: number): Reveal {
  const id = props.round?.id ?? null;
  const [clock, setClock] = useState<{ id: string | null; elapsed: number; done: boolean }>({
    id: null,
    elapsed: 0,
    done: true,
  });
  const revealedFor = useRef<string | null>(null);
  const onRevealed = useRef(props.onRevealed);
  onRevealed.current = props.onRevealed;
  const frame = useRef(0);

  const finish = useCallback(
    (roundId: string) => {
      cancelAnimationFrame(frame.current);
      setClock({ id: roundId, elapsed: duration, done: true });
      if (revealedFor.current !== roundId) {
        revealedFor.current = roundId;
        onRevealed.current();
      }
    },
    [duration],
  );

  useEffect(() => {
    if (id === null) return;
    if (revealedFor.current === id) return;
    if (!props.animate || duration <= 0) {
      finish(id);
      return;
    }
    const start = performance.now();
    setClock({ id, elapsed: 0, done: false });
    const tick = (now: number) => {
      const elapsed = now - start;
      if (elapsed >= duration) finish(id);
      else {
        setClock({ id, elapsed, done: false });
        frame.current = requestAnimationFrame(tick);
      }
    };
    frame.current = requestAnimationFrame(tick);
    return () => cancelAnimationFrame(frame.current);
  }, [id]);

  useEffect(() => {
    if (!props.animate && id !== null && revealedFor.current !== id) finish(id);
  }, [props.animate]);

  const skip = useCallback(() => {
    if (id !== null && revealedFor.current !== id) finish(id);
  }, [id, finish]);

  if (id === null) return { elapsed: 0, done: true, skip };
  // A round the clock has not started yet is shown at its beginning (never its result) until the effect runs.
  if (clock.id !== id) {
    const shown = !props.animate || revealedFor.current === id;
    return { elapsed: shown ? duration : 0, done: shown, skip };
  }
  return { elapsed: clock.elapsed, done: clock.done, skip };
}
