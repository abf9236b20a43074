/** Rows and risk, the choice shared by Plinko, Plinko 100 and Lightning Plinko. */
import { percent } from "../../analysis/report.ts";
import type { Rational } from "../../math/rational.ts";
import type { Parsed } from "../../model.ts";
import { accept, isRecord, refuse, unknownKey } from "../params.ts";
import { parseRisk, type Risk } from "../risk.ts";
import { MAX_ROWS, MIN_ROWS } from "./paytable.ts";

export interface PlinkoParams {
  rows: number;
  risk: Risk;
}

export function parseRowsAndRisk(input: unknown): Parsed<PlinkoParams> {
  if (!isRecord(input))
    return refuse("invalid_params", 'params must be an object: {"rows":16,"risk":"high"}');
  const extra = unknownKey(input, ["rows", "risk"]);
  if (extra !== undefined) return refuse("invalid_params", `unknown parameter "${extra}"`);
  const { rows, risk } = input;
  if (typeof rows !== "number" || !Number.isInteger(rows) || rows < MIN_ROWS || rows > MAX_ROWS) {
    return refuse("invalid_rows", `rows must be an integer from ${MIN_ROWS} to ${MAX_ROWS}`);
  }
  const parsedRisk = parseRisk(risk);
  if (!parsedRisk.ok) return parsedRisk;
  return accept({ rows, risk: parsedRisk.value });
}

export const rtpNotOffered = (game: string, rtp: Rational): Parsed<never> =>
  refuse("rtp_not_offered", `${game} is not offered at ${percent(rtp, 2)}% RTP`);
