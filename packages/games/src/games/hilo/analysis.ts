/**
 * Exact HiLo RTP on the 2^32 lattice. card = floor(float x 52) gives 48 cards one word more than the other 4, so a
 * rank's chance is its 4 cards' words / 2^32, not exactly 1/13; the multipliers use the ideal 1/13 per rank. The
 * strategy "one guess, then cash out" is counted exactly, first card and next card both over the lattice.
 */
import { type ConfigurationReport, reportFromOutcomes, type WeightedOutcome } from "../../analysis/report.ts";
import { LATTICE_SIZE, latticeCountRange } from "../../fair/lattice.ts";
import { add, cmp, div, mul, ONE, type Rational, rat, sub, ZERO } from "../../math/rational.ts";
import {
  CARDS,
  DIRECTIONS,
  type Direction,
  RANK_NAMES,
  RANKS,
  topMultiplier,
  winChance,
  winningRanks,
} from "./ladder.ts";

/** P(rank) over the lattice: the words of its 4 cards. */
export const latticeRankChance = (rank: number): Rational =>
  rat(latticeCountRange(CARDS, 4 * rank, 4 * rank + 4), LATTICE_SIZE);

export const latticeWinChance = (rank: number, direction: Direction): Rational =>
  winningRanks(rank, direction).reduce((total, r) => add(total, latticeRankChance(r)), ZERO);

type Policy = (rank: number) => Direction;

/** Guess once by `policy` on the first card, then cash out. */
function oneGuessReport(rtp: Rational, label: string, ranks: number[], policy: Policy): ConfigurationReport {
  const firstChance = ranks.length === RANKS ? latticeRankChance : () => ONE;
  const outcomes: WeightedOutcome[] = [];
  let lost = ZERO;
  for (const rank of ranks) {
    const direction = policy(rank);
    const win = mul(firstChance(rank), latticeWinChance(rank, direction));
    outcomes.push({ probability: win, multiplier: div(rtp, winChance(rank, direction)) });
    lost = add(lost, sub(firstChance(rank), win));
  }
  outcomes.push({ probability: lost, multiplier: ZERO });
  return { ...reportFromOutcomes(label, outcomes), maxMultiplier: topMultiplier(rtp) };
}

const likelier: Policy = (rank) =>
  cmp(winChance(rank, "higher"), winChance(rank, "lower")) >= 0 ? "higher" : "lower";
const unlikelier: Policy = (rank) => (likelier(rank) === "higher" ? "lower" : "higher");

/** Every first rank and direction on its own (first card given), for the extremes of the lattice's effect. */
export function perCardReports(rtp: Rational): ConfigurationReport[] {
  return Array.from({ length: RANKS }, (_, rank) =>
    DIRECTIONS.map((direction) =>
      oneGuessReport(
        rtp,
        `card ${RANK_NAMES[rank]}, guess ${direction} (cash out after 1 guess)`,
        [rank],
        () => direction,
      ),
    ),
  ).flat();
}

export function analyze(rtp: Rational): ConfigurationReport[] {
  const all = Array.from({ length: RANKS }, (_, r) => r);
  const cards = perCardReports(rtp);
  const byRtp = [...cards].sort((a, b) => cmp(a.rtp, b.rtp));
  const relabel = (r: ConfigurationReport | undefined, what: string) =>
    r ? [{ ...r, configuration: `${r.configuration} (${what} of ${cards.length})` }] : [];
  return [
    oneGuessReport(rtp, "guess the likelier side once, then cash out", all, likelier),
    oneGuessReport(rtp, "guess the unlikelier side once, then cash out", all, unlikelier),
    ...relabel(byRtp[0], "lowest RTP"),
    ...relabel(byRtp.at(-1), "highest RTP"),
  ];
}
