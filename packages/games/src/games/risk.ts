/**
 * The risk levels players choose in plinko (and its variants), wheel, darts and pinball: one set of keys, so a
 * client, a paytable and a parser agree on them. Each game's paytable maps them to its own multipliers.
 */
import type { Parsed } from "../model.ts";
import { accept, refuse } from "./params.ts";

export const RISKS = ["low", "medium", "high"] as const;
export type Risk = (typeof RISKS)[number];

export const isRisk = (value: unknown): value is Risk => RISKS.some((risk) => risk === value);

export const parseRisk = (value: unknown): Parsed<Risk> =>
  isRisk(value) ? accept(value) : refuse("invalid_risk", `risk must be one of ${RISKS.join(", ")}`);
