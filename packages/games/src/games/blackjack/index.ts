import type { ConfigurationReport } from "../../analysis/report.ts";
import type { Rational } from "../../math/rational.ts";
import { analyzeRules } from "./analysis.ts";
import { BLACKJACK_RULES } from "./rules.ts";

export * from "./analysis.ts";
export * from "./cards.ts";
export * from "./game.ts";
export * from "./rules.ts";
export * from "./side-bets.ts";
export * from "./strategy.ts";
export * from "./table.ts";

/** blackjack-leo: the main bet under optimal play, and insurance. */
export const analyze = (_rtp: Rational): ConfigurationReport[] => analyzeRules(BLACKJACK_RULES, false);
