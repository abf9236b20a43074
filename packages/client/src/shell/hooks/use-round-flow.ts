/**
 * The round flow of a game screen: a bet (POST /game/play), its reveal by the view, its end told honestly
 * (outcome.ts), the moves of an open round (POST /game/action), a payout still being booked followed until it
 * is, and the server's state read again after a failure, so a round that did start is shown rather than bet
 * twice. Answers that cross never take the round on show back to an earlier stage (round-flow.ts).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from "preact/hooks";
import type { GameApi } from "../../api/client.ts";
import { ApiError } from "../../api/errors.ts";
import type { CurrentState } from "../../api/types.ts";
import type { Translate } from "../../i18n/index.ts";
import type { RoundLike } from "../../views/types.ts";
import { toMinor, toText } from "../bet-amount.ts";
import { playerOutcomeOf, type RoundOutcome, roundMultiplier } from "../outcome.ts";
import {
  endsRound,
  inProgress,
  nextShown,
  noteKey,
  readRound,
  roundLike,
  singleFlight,
} from "../round-flow.ts";
import type { SoundBoard } from "../sound.ts";
import type { Balance } from "./use-balance.ts";
import type { Notices } from "./use-notice.ts";

/** A view that never reports its reveal must not freeze the game. */
const REVEAL_TIMEOUT_MS = 12_000;
const SETTLE_POLL_MS = [1000, 2000, 3000, 5000, 8000];

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** What one bet came to: the round it opened, or its stake and payout once shown. */
export type PlayOutcome =
  | { open: true }
  | {
      open: false;
      stake: bigint;
      payout: bigint;
      /** Resolves once a payout still being delivered is booked. */
      settled: Promise<void>;
    };

export interface RoundFlowOptions {
  api: GameApi;
  t: Translate;
  decimals: number;
  initial: CurrentState;
  balance: Balance;
  notices: Notices;
  sound: SoundBoard;
  /** The maximum win as the player reads it, for the note of a round cashed out there. */
  maxWinText: string;
  multiplierOf?: (view: unknown) => string | undefined;
  /** Called when a bet is about to be sent, e.g. to bring the board into view. */
  onBet?: () => void;
  /** A bet was accepted: its round started at `sentAt` (the server's clock when it was sent). */
  onStarted?: (sentAt: number) => void;
  /**
   * A round ended with this stake and payout (a cancelled one is not counted); a free round's stake is 0, the
   * player staked nothing.
   */
  onEnded?: (stake: bigint, payout: bigint, freeRound: boolean) => void;
  /** A refusal the caller shows in its own way (not as an error); true when it took it. */
  onRefused?: (error: ApiError) => boolean;
}

export interface RoundFlow {
  round: RoundLike | null;
  /** A bet or a move is on its way. */
  busy: boolean;
  /** The view is animating a result. */
  revealing: boolean;
  /** The player asked to skip the animation running. */
  skipped: boolean;
  skip(): void;
  /** The last round that ended, as the result line tells it (null while a new one runs). */
  outcome: RoundOutcome | null;
  /** Changes whenever a round ends: the history reloads. */
  historyVersion: number;
  /** A round still taking moves, or its payout still being booked: no new bet. */
  inProgress: "open" | "settling" | null;
  /** A bet; with `freeRound`, one of the session's free rounds (nothing is taken from the balance). */
  play(amount: bigint, params: unknown, freeRound?: boolean): Promise<PlayOutcome | undefined>;
  act(action: string, params?: unknown): Promise<void>;
  refresh(): Promise<void>;
  resync(): Promise<CurrentState | undefined>;
  onRevealed(): void;
}

export function useRoundFlow(options: RoundFlowOptions): RoundFlow {
  const { api, t, decimals, balance, notices, sound } = options;
  const [round, setRound] = useState<RoundLike | null>(() =>
    options.initial.round ? roundLike(options.initial.round) : null,
  );
  // The round on show as the latest answer left it, for answers that arrive while a render is pending.
  const roundRef = useRef(round);
  const [busy, setBusy] = useState(false);
  const [revealing, setRevealing] = useState(false);
  const [skipped, setSkipped] = useState(false);
  const [outcome, setOutcome] = useState<RoundOutcome | null>(null);
  const [historyVersion, setHistoryVersion] = useState(0);
  const revealed = useRef<(() => void) | null>(null);
  const watching = useRef(new Map<string, Promise<void>>());
  // Rounds this page opened (or found open after a reload) as free rounds: told as such when they end.
  const freeRounds = useRef(
    new Set<string>(options.initial.round?.freeRound ? [options.initial.round.id] : []),
  );
  const latest = useRef(options);
  latest.current = options;

  /** Waits for the view to finish showing the round (or the safety time-out). */
  const waitForReveal = useCallback(
    () =>
      new Promise<void>((resolve) => {
        const timer = setTimeout(done, REVEAL_TIMEOUT_MS);
        function done() {
          clearTimeout(timer);
          revealed.current = null;
          resolve();
        }
        revealed.current = done;
      }),
    [],
  );

  // The steps below call each other back (a round that ends may still be settling, which ends in a round to
  // show): each reads the others through this ref, so every call sees the latest render's values.
  const flow = useRef({
    showRound: (incoming: RoundLike): RoundLike => incoming,
    announceEnd: (_ended: RoundLike): Promise<void> => Promise.resolve(),
    watchSettling: (_roundId: string): Promise<void> => Promise.resolve(),
  });

  /** Tells the player how a round ended: the sound, the result line, a note, and the payout's delivery. */
  const announceEnd = (ended: RoundLike): Promise<void> => {
    const free = freeRounds.current.has(ended.id);
    const stake = free ? 0n : (toMinor(ended.stake, decimals) ?? 0n);
    const payout = toMinor(ended.payout, decimals) ?? 0n;
    const kind = playerOutcomeOf(stake, payout, free);
    if (ended.status !== "cancelled") latest.current.onEnded?.(stake, payout, free);
    sound.play(kind === "win" ? "win" : kind === "push" ? "push" : "lose");
    setOutcome({
      kind,
      stake,
      payout,
      multiplier: roundMultiplier({ stake, payout, view: ended.view }, latest.current.multiplierOf),
      ...(free && { free: true as const }),
    });
    const key = noteKey(ended.note);
    if (key) notices.show({ text: t(key, { maxWin: latest.current.maxWinText }), tone: "info" });
    setHistoryVersion((v) => v + 1);
    return ended.status === "settling" ? flow.current.watchSettling(ended.id) : Promise.resolve();
  };

  /** Shows a round the server sent; announces its end when it closes the round on show. */
  const showRound = (incoming: RoundLike): RoundLike => {
    const previous = roundRef.current;
    const next = nextShown(previous, incoming);
    roundRef.current = next;
    setRound(next);
    if (endsRound(previous, next)) void announceEnd(next);
    return next;
  };

  /**
   * A round whose payout or refund is still on its way to the wallet: its outcome is shown already; poll
   * until the server has settled it, then show the final record and balance.
   */
  const watchSettling = (roundId: string): Promise<void> => {
    const running = watching.current.get(roundId);
    if (running) return running;
    const watch = (async () => {
      notices.show({ text: t("shell.notice.settling"), tone: "info" });
      for (let attempt = 0; ; attempt++) {
        await sleep(SETTLE_POLL_MS[Math.min(attempt, SETTLE_POLL_MS.length - 1)] as number);
        let current: CurrentState;
        try {
          current = await api.current();
        } catch (error) {
          if (error instanceof ApiError && error.sessionEnded) return notices.showError(error);
          continue;
        }
        if (current.round?.id === roundId && current.round.status !== "closed") continue;
        balance.setText(current.balance);
        try {
          flow.current.showRound(roundLike(await api.round(roundId)));
        } catch {
          // The outcome shown stays; the history has the final record.
        }
        notices.show(null);
        setHistoryVersion((v) => v + 1);
        return;
      }
    })().finally(() => watching.current.delete(roundId));
    watching.current.set(roundId, watch);
    return watch;
  };
  flow.current = { showRound, announceEnd, watchSettling };

  /** Re-reads the server's state: the balance, and the round on show (or one that started unseen). */
  const resync = useCallback(async (): Promise<CurrentState | undefined> => {
    try {
      const current = await api.current();
      balance.setText(current.balance);
      if (current.round) flow.current.showRound(roundLike(current.round));
      return current;
    } catch (error) {
      notices.showError(error);
      return undefined;
    }
  }, [api, balance.setText, notices.showError]);

  // A stable function for the views: a flight polls it every second while it is in the air.
  const refresh = useMemo(
    () =>
      singleFlight(async () => {
        try {
          const read = await readRound(api, roundRef.current);
          latest.current.balance.setText(read.balance);
          if (read.round) flow.current.showRound(roundLike(read.round));
        } catch (error) {
          // A poll that fails is followed by the next one; only a session that ended needs saying.
          if (error instanceof ApiError && error.sessionEnded) latest.current.notices.showError(error);
        }
      }),
    [api],
  );

  useEffect(() => {
    const initial = options.initial.round;
    if (initial?.status === "settling") void flow.current.watchSettling(initial.id);
    if (initial?.status === "open") notices.show({ text: t("shell.notice.resumed"), tone: "info" });
    if (options.initial.balance === null)
      notices.show({ text: t("shell.notice.balanceUnavailable"), tone: "info" });
  }, []);

  const play = useCallback(
    async (amount: bigint, params: unknown, freeRound = false): Promise<PlayOutcome | undefined> => {
      notices.show(null);
      setOutcome(null);
      setBusy(true);
      setSkipped(false);
      latest.current.onBet?.();
      sound.play("bet");
      const before = balance.current();
      const taken = freeRound ? 0n : amount;
      if (before !== null) balance.set(before - taken);
      const sentAt = api.clock.now();
      try {
        const result = await api.play(toText(amount, decimals), params, freeRound);
        if (freeRound) freeRounds.current.add(result.round.id);
        latest.current.onStarted?.(sentAt);
        const reveal = waitForReveal();
        setRevealing(true);
        const shown = flow.current.showRound(roundLike(result.round));
        await reveal;
        setRevealing(false);
        const stake = freeRound ? 0n : (toMinor(result.round.stake, decimals) ?? amount);
        const payout = toMinor(result.round.payout, decimals) ?? 0n;
        const after = toMinor(result.balance, decimals);
        if (after !== undefined) balance.set(after);
        else if (before !== null) balance.set(before - stake + payout);
        if (shown.status === "open") return { open: true };
        return { open: false, stake, payout, settled: flow.current.announceEnd(shown) };
      } catch (error) {
        setRevealing(false);
        if (before !== null) balance.set(before);
        if (error instanceof ApiError && latest.current.onRefused?.(error)) return undefined;
        notices.showError(error);
        if (
          error instanceof ApiError &&
          (error.code === "wallet_unavailable" ||
            error.code === "round_initializing" ||
            error.code === "active_round_exists")
        ) {
          const current = await resync();
          if (current?.round && current.round.status !== "open")
            void flow.current.watchSettling(current.round.id);
        } else if (error instanceof ApiError && error.kind === "network") {
          await resync();
        }
        return undefined;
      } finally {
        setBusy(false);
      }
    },
    [api, balance, decimals, notices, resync, sound, waitForReveal],
  );

  const act = useCallback(
    async (action: string, params?: unknown) => {
      const shown = roundRef.current;
      if (shown?.status !== "open") return;
      setBusy(true);
      try {
        const result = await api.act(shown.id, action, params);
        balance.setText(result.balance);
        if (flow.current.showRound(roundLike(result.round)).status === "open") sound.play("tick");
      } catch (error) {
        // The server's clock may have ended the round first (a flight that crashed): show how it ended.
        if (error instanceof ApiError && error.code === "round_closed") await refresh();
        else notices.showError(error);
      } finally {
        setBusy(false);
      }
    },
    [api, balance, notices, refresh, sound],
  );

  const onRevealed = useCallback(() => revealed.current?.(), []);
  const skip = useCallback(() => setSkipped(true), []);
  const status = round && inProgress(round) ? (round.status as "open" | "settling") : null;

  return {
    round,
    busy,
    revealing,
    skipped,
    skip,
    outcome,
    historyVersion,
    inProgress: status,
    play,
    act,
    refresh,
    resync,
    onRevealed,
  };
}
