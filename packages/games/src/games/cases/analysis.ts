/**
 * Exact RTP of every case over the 2^32 lattice: an item holding tickets [from, to) of 10,000 is opened by
 * latticeCountRange(10000, from, to) of the 2^32 words, within one word per ticket of weight / 10,000.
 */
import { type ConfigurationReport, reportFromOutcomes } from "../../analysis/report.ts";
import { LATTICE_SIZE, latticeCountRange } from "../../fair/lattice.ts";
import { type Rational, rat } from "../../math/rational.ts";
import { DIFFICULTIES, itemsOf, TOTAL_WEIGHT } from "./paytable.ts";

export function analyze(rtp: Rational): ConfigurationReport[] {
  return DIFFICULTIES.map((difficulty) => {
    const items = itemsOf(rtp, difficulty);
    if (!items) throw new RangeError("cases is not offered at this RTP");
    let from = 0;
    const outcomes = items.map(({ multiplier, weight }) => {
      const words = latticeCountRange(TOTAL_WEIGHT, from, from + weight);
      from += weight;
      return { multiplier, probability: rat(words, LATTICE_SIZE) };
    });
    return reportFromOutcomes(`difficulty=${difficulty}`, outcomes);
  });
}
