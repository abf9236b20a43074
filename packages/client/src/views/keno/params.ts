/** Keno params ({picks, risk}), shared with Lightning Keno, and the pick editing the board does. */
import { BOARD, MAX_PICKS } from "@rgs/games/games/keno/odds";
import { RISKS, type Risk } from "@rgs/games/games/keno/paytable";
import type { GameDefinition } from "@rgs/games/model";
import { firstWithinMaxWin } from "../shared/payout.tsx";
import type { ViewContext } from "../types.ts";

export interface KenoChoice {
  picks: number[];
  risk: Risk;
}

/** A first board to play at once: five numbers spread over the board. */
export const DEFAULT_KENO: KenoChoice = { picks: [5, 14, 23, 41, 67], risk: "classic" };

/** The usual first board, then tamer ones for a session whose maximum win is small. */
const FIRST_BOARDS: readonly KenoChoice[] = [
  DEFAULT_KENO,
  { picks: DEFAULT_KENO.picks, risk: "low" },
  { picks: [23, 41], risk: "low" },
  { picks: [23], risk: "low" },
];

/** A Keno game's `defaultParams`: the first board whose largest win fits the session's maximum win. */
export const kenoDefaults =
  <P>(game: Pick<GameDefinition<P>, "parseParams" | "maxPayout">) =>
  (gameCode: string, context: ViewContext): KenoChoice => {
    const board = firstWithinMaxWin(game, gameCode, context, FIRST_BOARDS);
    return { picks: [...board.picks], risk: board.risk };
  };

export function readKeno(params: unknown): KenoChoice {
  const record = (params ?? {}) as { picks?: unknown; risk?: unknown };
  const picks = Array.isArray(record.picks)
    ? [
        ...new Set(record.picks.filter((n): n is number => Number.isInteger(n) && n >= 1 && n <= BOARD)),
      ].slice(0, MAX_PICKS)
    : DEFAULT_KENO.picks;
  const risk = RISKS.find((r) => r === record.risk) ?? DEFAULT_KENO.risk;
  return { picks, risk };
}

/** Adds a number, or removes it when already picked; a full board (10 picks) takes no more. */
export function togglePick(picks: readonly number[], n: number): number[] {
  if (picks.includes(n)) return picks.filter((p) => p !== n);
  return picks.length >= MAX_PICKS ? [...picks] : [...picks, n];
}

/** `count` distinct numbers of the board, chosen with `random` (a float source in [0, 1)). */
export function autoPick(count: number, random: () => number): number[] {
  const pool = Array.from({ length: BOARD }, (_, i) => i + 1);
  const picks: number[] = [];
  for (let i = 0; i < Math.min(count, MAX_PICKS); i++) {
    const j = i + Math.floor(random() * (pool.length - i));
    [pool[i], pool[j]] = [pool[j] as number, pool[i] as number];
    picks.push(pool[i] as number);
  }
  return picks;
}

export const samePicks = (a: readonly number[], b: readonly number[]): boolean =>
  a.length === b.length && a.every((n, i) => n === b[i]);

export const RISK_KEYS: Record<Risk, string> = {
  classic: "games.keno.risk.classic",
  low: "games.common.risk.low",
  medium: "games.common.risk.medium",
  high: "games.common.risk.high",
};
