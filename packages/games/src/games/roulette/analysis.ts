/**
 * Exact roulette RTP of every legal bet over the 2^32 lattice: pocket k has floor or ceil of 2^32 / 37 words
 * (7 pockets have one word more). The report gives, per kind of bet, the bet of lowest exact RTP; zero-covering
 * bets are reported apart, with their own declared RTP of 97.30%.
 */
import { type ConfigurationReport, reportFromOutcomes } from "../../analysis/report.ts";
import { latticeProbability } from "../../fair/lattice.ts";
import { cmp, type Rational, rat } from "../../math/rational.ts";
import { coversZero, LAYOUT, type LayoutBet, multiplierFor, POCKETS } from "./paytable.ts";

/** The RTP a zero-covering bet declares: 36/37 rounded, 97.30%. */
export const ZERO_BET_RTP = rat(9730, 10_000);

export const betLabel = (bet: LayoutBet) =>
  bet.index
    ? `${bet.kind} ${bet.index}`
    : bet.numbers.length > 6
      ? bet.kind
      : `${bet.kind} ${bet.numbers.join("-")}`;

export function reportForBet(bet: LayoutBet, label = betLabel(bet)): ConfigurationReport {
  const report = reportFromOutcomes(
    `bet=${label}`,
    Array.from({ length: POCKETS }, (_, pocket) => ({
      probability: latticeProbability(POCKETS, pocket),
      multiplier: multiplierFor(bet, pocket),
    })),
  );
  return coversZero(bet) ? { ...report, declaredRtp: ZERO_BET_RTP } : report;
}

/** Every legal bet, each with its exact report. */
export const allBetReports = () => LAYOUT.map((bet) => ({ bet, report: reportForBet(bet) }));

export function analyze(_rtp: Rational): ConfigurationReport[] {
  const groups = new Map<string, { count: number; worst: ConfigurationReport; worstBet: LayoutBet }>();
  for (const { bet, report } of allBetReports()) {
    const group = `${bet.kind}${coversZero(bet) && bet.kind !== "trio" && bet.kind !== "first_four" ? " with zero" : ""}`;
    const current = groups.get(group);
    if (!current) groups.set(group, { count: 1, worst: report, worstBet: bet });
    else {
      current.count++;
      if (cmp(report.rtp, current.worst.rtp) < 0) Object.assign(current, { worst: report, worstBet: bet });
    }
  }
  return [...groups.entries()].map(([group, { count, worst, worstBet }]) => ({
    ...worst,
    configuration:
      count === 1
        ? `bet=${group} (${betLabel(worstBet)})`
        : `bet=${group} (lowest of ${count}: ${betLabel(worstBet)})`,
  }));
}
