/** Exact RTP of darts per risk: zone z has probability (its grid cells) / 2^20 and pays its multiplier. */
import { type ConfigurationReport, reportFromOutcomes } from "../../analysis/report.ts";
import { type Rational, rat } from "../../math/rational.ts";
import { RISKS } from "../risk.ts";
import { cellsPerZone, GRID, paytableOf, ZONES } from "./paytable.ts";

export function analyze(rtp: Rational): ConfigurationReport[] {
  const cells = cellsPerZone();
  return RISKS.map((risk) => {
    const table = paytableOf(rtp, risk);
    if (!table) throw new RangeError("darts is not offered at this RTP");
    return reportFromOutcomes(
      `risk=${risk}`,
      ZONES.map((zone) => ({ multiplier: table[zone], probability: rat(cells[zone], GRID * GRID) })),
    );
  });
}
