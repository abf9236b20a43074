/**
 * Exact war maths.
 *
 * First deal, counted exactly over the 2^32 lattice: the player's card is card i0 of 416 and the dealer's the
 * i1-th of the 415 left, with 2^32 / 416 and 2^32 / 415 words each up to one word. Every (i0, i1) pair is
 * enumerated with its word counts, which gives the exact probabilities of player higher, dealer higher, tie and
 * coloured tie: hence the exact side bets and the exact return of the main bet when the player surrenders at the
 * first tie.
 *
 * Wars, in the ideal shoe (every order of the cards equally likely), by exact recursion over the ranks of the tied
 * pairs: with k raises made, war is worth -1/2 main bet net whatever k is (the two cards are exchangeable, so a
 * win of +(k+1) and a loss of -(k+2) are equally likely), while surrendering is worth -1/2 - k. At the first tie
 * both are worth -1/2, so the best strategy returns exactly 1 - P(tie)/2 = 799/830.
 *
 * Wars on the lattice: a strategy reads at most 2 + 2 MAX_WARS words; each word's distribution is within total
 * variation 416 / 2^33 of uniform, so any strategy's lattice return differs from its ideal return by at most
 * (2 + 2 MAX_WARS) x 416 / 2^33 x (1 + 2 MAX_WARS). The best return on the lattice therefore lies between the exact
 * lattice surrender figure and 799/830 plus that bound; both ends are in [96.265 %, 96.275 %).
 */
import { type ConfigurationReport, reportFromOutcomes } from "../../analysis/report.ts";
import { LATTICE_SIZE, latticeCount } from "../../fair/lattice.ts";
import { add, cmp, div, mul, ONE, type Rational, rat, sub, ZERO } from "../../math/rational.ts";
import { MAIN_WIN, MAX_WARS, SIDE_PAYS, SURRENDER } from "./rules.ts";
import { isRed, RANKS, SHOE, strengthOf } from "./shoe.ts";

export interface FirstDeal {
  playerHigher: Rational;
  dealerHigher: Rational;
  tie: Rational;
  colouredTie: Rational;
}

/** Exact first-deal probabilities over the 2^32 lattice (416 x 415 pairs of words). */
export function latticeFirstDeal(): FirstDeal {
  const first = Array.from({ length: SHOE }, (_, i) => latticeCount(SHOE, i));
  const second = Array.from({ length: SHOE - 1 }, (_, i) => latticeCount(SHOE - 1, i));
  let player = 0n;
  let dealer = 0n;
  let tie = 0n;
  let coloured = 0n;
  for (let c0 = 0; c0 < SHOE; c0++) {
    const w0 = first[c0] as bigint;
    for (let c1 = 0; c1 < SHOE; c1++) {
      if (c1 === c0) continue;
      const w = w0 * (second[c1 < c0 ? c1 : c1 - 1] as bigint);
      const d = strengthOf(c0) - strengthOf(c1);
      if (d > 0) player += w;
      else if (d < 0) dealer += w;
      else {
        tie += w;
        if (isRed(c0) === isRed(c1)) coloured += w;
      }
    }
  }
  const all = LATTICE_SIZE * LATTICE_SIZE;
  return {
    playerHigher: rat(player, all),
    dealerHigher: rat(dealer, all),
    tie: rat(tie, all),
    colouredTie: rat(coloured, all),
  };
}

/** The same probabilities in the ideal shoe: P(tie) = 31/415, P(coloured tie) = 15/415. */
export function idealFirstDeal(decks = 8): FirstDeal {
  const n = 52 * decks;
  const perRank = 4 * decks;
  const tie = rat(perRank - 1, n - 1);
  const higher = div(sub(ONE, tie), rat(2));
  return { playerHigher: higher, dealerHigher: higher, tie, colouredTie: rat(perRank / 2 - 1, n - 1) };
}

/** Return of the main bet when the player surrenders at the first tie (a best strategy). */
export const surrenderReturn = (deal: FirstDeal): Rational =>
  add(mul(deal.playerHigher, MAIN_WIN), mul(deal.tie, SURRENDER));

/** What happens on a tie in war: our rule, or the common casino bonus, for the documented search. */
export type TieInWar = "war_again" | "raise_bonus";

/**
 * Best net value (in main bets) at a tie decision with `raises` raises made, in the ideal shoe whose remaining
 * ranks are `counts`: the maximum of surrendering and going to war, recursively. `raise_bonus`: a tie in war pays
 * the raise 2 to 1 and returns the main bet (no further war).
 */
export function bestTieValue(
  counts: readonly number[],
  raises: number,
  rule: TieInWar,
  memo = new Map<string, Rational>(),
): Rational {
  const key = `${counts.join(",")}|${raises}`;
  const known = memo.get(key);
  if (known) return known;
  const surrender = rat(-1 - 2 * raises, 2);
  const n = counts.reduce((a, b) => a + b, 0);
  const pairs = n * (n - 1);
  let higher = 0;
  for (let a = 0; a < RANKS; a++)
    for (let b = 0; b < RANKS; b++)
      if (warStrength(a) > warStrength(b)) higher += (counts[a] as number) * (counts[b] as number);
  const k = raises + 1;
  // Player higher wins k raises; dealer higher loses the main bet and k raises; both equally likely counted apart.
  let war = add(mul(rat(higher, pairs), rat(k)), mul(rat(higher, pairs), rat(-(k + 1))));
  for (let r = 0; r < RANKS; r++) {
    const c = counts[r] as number;
    if (c < 2) continue;
    const p = rat(c * (c - 1), pairs);
    let next: Rational;
    if (rule === "raise_bonus") next = rat(2);
    else if (k === MAX_WARS) next = SURRENDER_NET;
    else {
      const left = [...counts];
      left[r] = c - 2;
      next = bestTieValue(left, k, rule, memo);
    }
    war = add(war, mul(p, next));
  }
  const best = cmp(war, surrender) >= 0 ? war : surrender;
  memo.set(key, best);
  return best;
}

const SURRENDER_NET = rat(-1, 2);
const warStrength = (rank: number) => (rank === 0 ? 13 : rank);

/** The best strategy's return per unit of main bet in the ideal shoe of `decks` decks (Infinity: cards drawn independently). */
export function idealBestReturn(decks: number, rule: TieInWar): Rational {
  if (!Number.isFinite(decks)) {
    // Independent cards: every tie decision is the same, so war is worth its one-level value.
    const tie = rat(1, 13);
    const war =
      rule === "raise_bonus" ? add(mul(sub(ONE, tie), rat(-1, 2)), mul(tie, rat(2))) : SURRENDER_NET;
    const best = cmp(war, SURRENDER_NET) >= 0 ? war : SURRENDER_NET;
    return add(ONE, mul(tie, best));
  }
  const perRank = 4 * decks;
  const n = 52 * decks;
  const memo = new Map<string, Rational>();
  let total = ONE;
  for (let r = 0; r < RANKS; r++) {
    const counts = Array(RANKS).fill(perRank);
    counts[r] = perRank - 2;
    total = add(total, mul(rat(perRank * (perRank - 1), n * (n - 1)), bestTieValue(counts, 0, rule, memo)));
  }
  return total;
}

export interface SearchRow {
  decks: number;
  tieInWar: TieInWar;
  bestReturn: Rational;
  /** Rounds to the declared 96.27 %: in [96.265 %, 96.275 %). */
  matches: boolean;
}

/** The documented search: card models and tie-in-war rules, with surrender returning half the main bet. */
export function searchRules(): SearchRow[] {
  const rows: SearchRow[] = [];
  for (const decks of [1, 2, 4, 6, 7, 8, 9, Number.POSITIVE_INFINITY]) {
    for (const tieInWar of ["war_again", "raise_bonus"] as const) {
      const bestReturn = idealBestReturn(decks, tieInWar);
      const matches = cmp(bestReturn, rat(96_265, 100_000)) >= 0 && cmp(bestReturn, rat(96_275, 100_000)) < 0;
      rows.push({ decks, tieInWar, bestReturn, matches });
    }
  }
  return rows;
}

/** How far any strategy's lattice return can be from its ideal return (see the file comment). */
export const LATTICE_BOUND = rat(BigInt((2 + 2 * MAX_WARS) * SHOE * (1 + 2 * MAX_WARS)), 2n ** 33n);

export function mainReport(deal: FirstDeal): ConfigurationReport {
  return reportFromOutcomes("bet=main (best strategy)", [
    { probability: deal.playerHigher, multiplier: MAIN_WIN },
    { probability: deal.tie, multiplier: SURRENDER },
    { probability: deal.dealerHigher, multiplier: ZERO },
  ]);
}

export function sideReport(bet: "tie" | "coloured_tie", deal: FirstDeal): ConfigurationReport {
  const p = bet === "tie" ? deal.tie : deal.colouredTie;
  const report = reportFromOutcomes(`bet=${bet}`, [
    { probability: p, multiplier: SIDE_PAYS[bet] },
    { probability: sub(ONE, p), multiplier: ZERO },
  ]);
  const ideal = mul(bet === "tie" ? idealFirstDeal().tie : idealFirstDeal().colouredTie, SIDE_PAYS[bet]);
  return { ...report, declaredRtp: rat((ideal.num * 20_000n + ideal.den) / (2n * ideal.den), 10_000) };
}

export function analyze(_rtp: Rational): ConfigurationReport[] {
  const deal = latticeFirstDeal();
  return [mainReport(deal), sideReport("tie", deal), sideReport("coloured_tie", deal)];
}
