/** Rows and risk, the params of Plinko, Plinko 100 and Lightning Plinko ({rows: 16, risk: "medium"}). */
import type { PlinkoParams } from "@rgs/games/games/plinko/params";
import { MAX_ROWS, MIN_ROWS, RISKS, type Risk } from "@rgs/games/games/plinko/paytable";

export const DEFAULT_PLINKO: PlinkoParams = { rows: 16, risk: "medium" };

export const defaultParams = (_gameCode: string): PlinkoParams => ({ ...DEFAULT_PLINKO });

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
