/**
 * Exact RTP of every wheel, over the 2^32 lattice: segment i is hit by latticeCount(segments, i) of the 2^32
 * words (floor or ceil of 2^32 / segments), so the exact RTP differs from the layout's average by less than
 * (largest multiplier) / 2^32.
 */
import { type ConfigurationReport, reportFromOutcomes } from "../../analysis/report.ts";
import { LATTICE_SIZE, latticeCount } from "../../fair/lattice.ts";
import { type Rational, rat } from "../../math/rational.ts";
import { RISKS } from "../risk.ts";
import { layoutOf, SEGMENT_COUNTS } from "./paytable.ts";

export function analyze(rtp: Rational): ConfigurationReport[] {
  return RISKS.flatMap((risk) =>
    SEGMENT_COUNTS.map((segments) =>
      reportFromOutcomes(
        `segments=${segments} risk=${risk}`,
        layoutOf(segments, risk, rtp).map((multiplier, i) => ({
          multiplier,
          probability: rat(latticeCount(segments, i), LATTICE_SIZE),
        })),
      ),
    ),
  );
}
