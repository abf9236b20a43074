/**
 * The session's player protection on the game screen: the net position (the server's figure plus each round
 * that ended since), the time played since the session's first launch, and the reality check, shown when the
 * server refuses a play as `reality_check_due` and, without waiting for a refusal, when it falls due while no
 * round is under way (a round already open is always let finish). Continue acknowledges it with the server.
 */
import { useCallback, useEffect, useState } from "preact/hooks";
import type { GameApi } from "../../api/client.ts";
import { ApiError, type RefusalDetails } from "../../api/errors.ts";
import { type Protection, readFigures, signedMinor } from "../protection.ts";

const TICK_MS = 1000;

export interface RealityCheck {
  playedSeconds: number | undefined;
  netPosition: bigint | undefined;
}

export interface SessionProtection {
  /** Payouts minus stakes in minor units; undefined when the server gave none. */
  netPosition: bigint | undefined;
  /** Seconds since the session's first launch; undefined when unknown. */
  playedSeconds: number | undefined;
  /** The reality check on show; null when none. */
  check: RealityCheck | null;
  roundEnded(stake: bigint, payout: bigint): void;
  /** The server refused a play until the player acknowledges a reality check. */
  due(details: RefusalDetails): void;
  /** Continue: acknowledged with the server; the next due time and figures are its answer's. */
  acknowledge(): Promise<void>;
}

export function useProtection(options: {
  api: GameApi;
  protection: Protection;
  decimals: number;
  /** No round under way: a reality check that fell due may be shown now. */
  idle: boolean;
  /** The server's next "no round before", from the reality check's answer. */
  onNextRoundAt(at: number): void;
  onError(error: unknown): void;
}): SessionProtection {
  const { api, protection, decimals } = options;
  const [netPosition, setNetPosition] = useState(protection.netPosition);
  const [dueAt, setDueAt] = useState(protection.realityCheckDueAt);
  const [check, setCheck] = useState<RealityCheck | null>(null);
  const [now, setNow] = useState(() => api.clock.now());
  const startedAt = protection.startedAt;
  const playedSeconds =
    startedAt === undefined ? undefined : Math.max(0, Math.floor((now - startedAt) / 1000));

  useEffect(() => {
    const ticking = (protection.showSessionTimer && startedAt !== undefined) || dueAt !== null;
    if (!ticking) return;
    const timer = setInterval(() => setNow(api.clock.now()), TICK_MS);
    return () => clearInterval(timer);
  }, [api, dueAt, startedAt, protection.showSessionTimer]);

  useEffect(() => {
    if (check === null && dueAt !== null && now >= dueAt && options.idle) {
      setCheck({ playedSeconds, netPosition });
    }
  }, [check, dueAt, now, options.idle]);

  const roundEnded = useCallback((stake: bigint, payout: bigint) => {
    setNetPosition((known) => (known === undefined ? undefined : known + payout - stake));
  }, []);

  const due = useCallback(
    (details: RefusalDetails) => {
      const told = signedMinor(details.netPosition, decimals);
      if (told !== undefined) setNetPosition(told);
      setCheck({ playedSeconds: details.playedSeconds ?? playedSeconds, netPosition: told ?? netPosition });
    },
    [decimals, netPosition, playedSeconds],
  );

  const acknowledge = useCallback(async () => {
    try {
      const answer = await api.realityCheck();
      const figures = readFigures(answer.session, decimals);
      if (figures.netPosition !== undefined) setNetPosition(figures.netPosition);
      setDueAt(figures.realityCheckDueAt ?? null);
      if (typeof figures.nextRoundAt === "number") options.onNextRoundAt(figures.nextRoundAt);
    } catch (error) {
      // Not due (any more): acknowledged already, from another tab; the check closes all the same.
      if (!(error instanceof ApiError && error.code === "reality_check_not_due")) {
        options.onError(error);
        return;
      }
      setDueAt(null);
    }
    setCheck(null);
  }, [api, decimals, options.onError, options.onNextRoundAt]);

  return { netPosition, playedSeconds, check, roundEnded, due, acknowledge };
}
