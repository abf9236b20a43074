/**
 * The minimum time between two rounds (a jurisdiction's minimum game cycle): after a play is accepted, the Bet
 * button waits out the rest of it, and a refusal as too soon (`round_too_soon`) waits out what the server says,
 * with the seconds left on show. Times are the server's clock, which judges.
 */
import { useCallback, useEffect, useState } from "preact/hooks";

const TICK_MS = 200;

export interface RoundPace {
  /** Whole seconds until a round may start, rounded up; 0 when one may start now. */
  secondsLeft: number;
  /** A round started at `startedAt` (server time): none before the minimum duration after it. */
  started(startedAt: number): void;
  /** The server refused a round: none for `waitMs` from now. */
  hold(waitMs: number): void;
}

/** Seconds left until `until`, rounded up as Retry-After is; 0 once it has passed. */
export function secondsUntil(until: number | null, now: number): number {
  return until === null || until <= now ? 0 : Math.ceil((until - now) / 1000);
}

export function useRoundPace(options: {
  minRoundMs: number;
  /** The server's "no round before" when the game opened; null for none. */
  initialUntil: number | null;
  now(): number;
}): RoundPace {
  const { minRoundMs, now } = options;
  const [until, setUntil] = useState<number | null>(options.initialUntil);
  const [secondsLeft, setSecondsLeft] = useState(() => secondsUntil(until, now()));
  const later = (time: number) => setUntil((current) => (current === null ? time : Math.max(current, time)));

  useEffect(() => {
    const update = () => setSecondsLeft(secondsUntil(until, now()));
    update();
    if (until === null) return;
    const timer = setInterval(() => {
      update();
      if (until <= now()) clearInterval(timer);
    }, TICK_MS);
    return () => clearInterval(timer);
  }, [until, now]);

  const started = useCallback(
    (startedAt: number) => {
      if (minRoundMs > 0) later(startedAt + minRoundMs);
    },
    [minRoundMs],
  );
  const hold = useCallback((waitMs: number) => later(now() + waitMs), [now]);
  return { secondsLeft, started, hold };
}
