/**
 * How the shell follows a round across answers that may arrive out of order: which round to show, when a
 * round has just ended, what that ending is worth, and how to re-read a round from the server.
 */
import type { GameCategory } from "@rgs/protocol/catalog";
import type { CurrentState, RoundDetails, RoundSummary } from "../api/types.ts";
import type { RoundLike } from "../views/types.ts";

/** A round that blocks the next bet: still taking actions, or its payout still on its way to the wallet. */
export const inProgress = (round: RoundLike | null): boolean =>
  round?.status === "open" || round?.status === "settling";

const STAGE: Record<RoundLike["status"], number> = { open: 0, settling: 1, closed: 2, cancelled: 2 };

/**
 * The round to show once `incoming` arrives while `shown` is on screen. An answer that left the server before
 * a later one (a poll crossing a cash-out) never takes a round back to an earlier stage.
 */
export function nextShown(shown: RoundLike | null, incoming: RoundLike): RoundLike {
  if (shown && shown.id === incoming.id && STAGE[incoming.status] < STAGE[shown.status]) return shown;
  return incoming;
}

/** True when `next` is the end of the round that `previous` showed open: an action, or the server's clock, closed it. */
export function endsRound(previous: RoundLike | null, next: RoundLike): boolean {
  return previous?.id === next.id && previous.status === "open" && next.status !== "open";
}

/** Notes of a round's end the player is told about (the others are what the board already shows). */
const NOTE_KEYS: Record<string, string> = {
  max_win_reached: "shell.note.max_win_reached",
  abandoned: "shell.note.abandoned",
  bet_exceeds_max_win: "shell.note.bet_exceeds_max_win",
};

/** The message key for a round's note, when the player should read one. */
export const noteKey = (note: string | undefined): string | undefined =>
  note === undefined ? undefined : NOTE_KEYS[note];

export function roundLike(round: RoundSummary): RoundLike {
  return {
    id: round.id,
    gameCode: round.gameCode,
    status: round.status,
    stake: round.stake,
    payout: round.payout,
    view: round.view,
    ...(round.note !== undefined && { note: round.note }),
  };
}

/**
 * The server's state of the round on show: POST /game/current, and when the round is no longer the player's
 * unfinished one there, its record (GET /game/round/:id) with the outcome the server settled.
 */
export async function readRound(
  api: { current(): Promise<CurrentState>; round(id: string): Promise<RoundDetails> },
  shown: RoundLike | null,
): Promise<{ balance: string | null; round: RoundSummary | null }> {
  const current = await api.current();
  if (current.round) return { balance: current.balance, round: current.round };
  if (!shown || shown.status === "closed" || shown.status === "cancelled") {
    return { balance: current.balance, round: null };
  }
  return { balance: current.balance, round: await api.round(shown.id) };
}

/** Calls `run` once at a time: a call made while one is under way shares its promise. */
export function singleFlight(run: () => Promise<void>): () => Promise<void> {
  let running: Promise<void> | undefined;
  return () => {
    running ??= run().finally(() => {
      running = undefined;
    });
    return running;
  };
}

/**
 * Autobet plays rounds that end with their bet: the single-round games, and a cash-out game's params that
 * resolve a round in one call (the instant mode of Mines and Towers).
 */
export function autobetApplies(
  category: GameCategory,
  resolvesAtOnce: ((params: unknown) => boolean) | undefined,
  params: unknown,
): boolean {
  return category === "instant" || resolvesAtOnce?.(params) === true;
}
