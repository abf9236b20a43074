import type { ConfigurationReport } from "../../analysis/report.ts";
import type { Rational } from "../../math/rational.ts";
import { analyzeRules } from "../blackjack/analysis.ts";
import { BLACKJACK_MULTI_RULES } from "../blackjack/rules.ts";

export * from "./game.ts";

/** blackjack_multi-leo: the main bet under optimal play, insurance, Perfect Pairs and 3 Card Poker. */
export const analyze = (_rtp: Rational): ConfigurationReport[] => analyzeRules(BLACKJACK_MULTI_RULES, true);
