/** Rows and risk, the params of Plinko, Plinko 100 and Lightning Plinko ({rows: 16, risk: "medium"}). */
import type { PlinkoParams } from "@rgs/games/games/plinko/params";
import { MAX_ROWS, MIN_ROWS } from "@rgs/games/games/plinko/paytable";
import { RISKS, type Risk } from "@rgs/games/games/risk";
import type { GameDefinition } from "@rgs/games/model";
import { firstWithinMaxWin } from "../shared/payout.tsx";
import type { ViewContext } from "../types.ts";

export const DEFAULT_PLINKO: PlinkoParams = { rows: 16, risk: "medium" };

/** The usual first board, then tamer ones for a session whose maximum win is small. */
const FIRST_BOARDS: readonly PlinkoParams[] = [
  DEFAULT_PLINKO,
  { rows: 16, risk: "low" },
  { rows: 12, risk: "low" },
  { rows: 8, risk: "low" },
];

/** A Plinko game's `defaultParams`: the first board whose largest win fits the session's maximum win. */
export const plinkoDefaults =
  <P>(game: Pick<GameDefinition<P>, "parseParams" | "maxPayout">) =>
  (gameCode: string, context: ViewContext): PlinkoParams => ({
    ...firstWithinMaxWin(game, gameCode, context, FIRST_BOARDS),
  });

export const ROW_CHOICES: readonly number[] = Array.from(
  { length: MAX_ROWS - MIN_ROWS + 1 },
  (_, i) => MIN_ROWS + i,
);

export function readPlinko(params: unknown): PlinkoParams {
  const record = (params ?? {}) as { rows?: unknown; risk?: unknown };
  const rows =
    typeof record.rows === "number" && ROW_CHOICES.includes(record.rows) ? record.rows : DEFAULT_PLINKO.rows;
  const risk = RISKS.find((r) => r === record.risk) ?? DEFAULT_PLINKO.risk;
  return { rows, risk };
}

export const RISK_KEYS: Record<Risk, string> = {
  low: "games.common.risk.low",
  medium: "games.common.risk.medium",
  high: "games.common.risk.high",
};
