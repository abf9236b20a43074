/**
 * Exact baccarat RTP per bet type over the 2^32 lattice: card k of 52 has floor or ceil of 2^32 / 52 words
 * (48 cards have one word more), and the coup is enumerated exactly with those card probabilities.
 */
import { type ConfigurationReport, reportFromOutcomes } from "../../analysis/report.ts";
import { latticeProbability } from "../../fair/lattice.ts";
import { ONE, type Rational, rat, sub, ZERO } from "../../math/rational.ts";
import { BET_TYPES, type BetType, PAYOUTS, PUSH } from "./paytable.ts";
import { type CoupProbabilities, coupProbabilities, DECK } from "./rules.ts";

export const latticeCoup = (): CoupProbabilities =>
  coupProbabilities(Array.from({ length: DECK }, (_, card) => latticeProbability(DECK, card)));

export const idealCoup = (): CoupProbabilities => coupProbabilities(Array(DECK).fill(rat(1, DECK)));

export function reportFor(type: BetType, coup: CoupProbabilities): ConfigurationReport {
  const configuration = `bet=${type}`;
  switch (type) {
    case "player":
    case "banker": {
      const other = type === "player" ? coup.banker : coup.player;
      return reportFromOutcomes(configuration, [
        { probability: coup[type], multiplier: PAYOUTS[type] },
        { probability: coup.tie, multiplier: PUSH },
        { probability: other, multiplier: ZERO },
      ]);
    }
    case "tie":
      return reportFromOutcomes(configuration, [
        { probability: coup.tie, multiplier: PAYOUTS.tie },
        { probability: sub(ONE, coup.tie), multiplier: ZERO },
      ]);
    case "player_pair":
    case "banker_pair":
      return reportFromOutcomes(configuration, [
        { probability: coup.pair, multiplier: PAYOUTS[type] },
        { probability: sub(ONE, coup.pair), multiplier: ZERO },
      ]);
  }
}

export function analyze(_rtp: Rational): ConfigurationReport[] {
  const coup = latticeCoup();
  return BET_TYPES.map((type) => reportFor(type, coup));
}
