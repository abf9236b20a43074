/**
 * The blackjack table shared by both codes: one dealer hand against 1 to 5 seats (blackjack-leo plays one seat
 * without side bets), one infinite deck read from the round's float stream in the order cards are dealt.
 *
 * Deal: each seat's first card in seat order, the dealer's upcard, each seat's second card, the dealer's hole
 * card (words 0 to 2n+1). Later cards are read in the order they are dealt: a hit, a double's one card, a split
 * hand's second card (the first hand of a split gets its card at once, the next one when play reaches it), then
 * the dealer's cards. The hole card stays hidden until the dealer plays or the round ends.
 *
 * Under an ace the dealer offers insurance to each seat in turn, then peeks; under a ten-value card the dealer
 * peeks at once. A dealer blackjack ends the round: insurance pays 2:1, a player blackjack pushes, every other
 * hand loses its initial stake. Seats play one after another, their hands in order, the dealer last (S17).
 *
 * Money: every payout is an exact rational of the stakes; the round's total is rounded down once. The multi-seat
 * game credits at the deal what the deal already decided (winning side bets, player blackjacks when the upcard is
 * neither an ace nor a ten-value card), then closes with the rest. An abandoned round stands on every open hand,
 * declines insurance, and is played out by the dealer: no further debit is ever sent.
 */
import { add, cmp, mul, payout, type Rational, rat, ZERO } from "../../math/rational.ts";
import type { Step } from "../../model.ts";
import { cardValue, DECK, handTotal, RANK_NAMES, rankOf, SUIT_NAMES, suitOf } from "./cards.ts";
import { dealerBlackjack, playDealer, upcardSafe } from "./dealer.ts";
import { type BlackjackRules, blackjackReturns, doubleAllowed } from "./rules.ts";
import { perfectPairsHand, perfectPairsReturns, threeCardHand, threeCardReturns } from "./side-bets.ts";

export const MAX_SEATS = 5;

export interface SeatBets {
  /** Minor units. */
  bet: bigint;
  perfectPairs: bigint;
  threeCardPoker: bigint;
}

export type HandStatus = "playing" | "waiting" | "stood" | "bust" | "blackjack" | "doubled";

export interface HandState {
  cards: number[];
  /** Minor units staked on this hand (twice the seat's bet once doubled). */
  stake: string;
  doubled: boolean;
  /** A hand made by a split: its 21 is not a blackjack; split aces take one card. */
  split: boolean;
  splitAces: boolean;
  /** No more cards or decisions for this hand. */
  done: boolean;
}

export interface SeatState {
  /** The seat's first two cards as dealt, which the side bets are settled on. */
  dealt: [number, number];
  bet: string;
  perfectPairs: string;
  threeCardPoker: string;
  hands: HandState[];
  /** "pending" while the seat has not answered the insurance offer. */
  insurance: "none" | "pending" | "taken" | "declined";
}

export type Phase = "insurance" | "playing" | "settled";

export interface TableState {
  /** "single" (blackjack-leo) or "multi" (blackjack_multi-leo): which rules apply. */
  table: "single" | "multi";
  maxWin: string;
  seats: SeatState[];
  dealer: number[];
  phase: Phase;
  /** Seat and hand to act; null once every hand is done. */
  active: { seat: number; hand: number } | null;
  /** Minor units credited at the deal (multi-seat game), deducted from the closing credit. */
  dealPaid: string;
  /** Why the round closed. */
  ending: "completed" | "abandoned" | null;
  randomPosition: number;
}

export type TableAction =
  | { action: "hit" }
  | { action: "stand" }
  | { action: "double" }
  | { action: "split" }
  | { action: "insurance" }
  | { action: "decline_insurance" };

export const ACTIONS = ["hit", "stand", "double", "split", "insurance", "decline_insurance"] as const;

export interface CardView {
  card: number;
  rank: string;
  suit: string;
}

export interface HandView {
  cards: CardView[];
  total: number;
  soft: boolean;
  stake: string;
  doubled: boolean;
  split: boolean;
  /** While open: playing, waiting or done; once settled the hand's result. */
  status: "playing" | "waiting" | "done" | "win" | "blackjack" | "push" | "lose" | "bust";
  /** Minor units this hand returns, once settled (stake included, before the round's single rounding). */
  payout: string | null;
}

export interface SideBetView {
  amount: string;
  /** The winning hand ("perfect_pair", "straight"...) or null for a loss. */
  hand: string | null;
  returns: string;
  payout: string;
}

export interface SeatView {
  bet: string;
  hands: HandView[];
  insurance: { status: SeatState["insurance"]; amount: string; payout: string | null };
  perfectPairs: SideBetView | null;
  threeCardPoker: SideBetView | null;
}

export interface TableView {
  phase: Phase;
  dealer: { cards: CardView[]; hidden: number; total: number; soft: boolean; blackjack: boolean };
  seats: SeatView[];
  active: { seat: number; hand: number } | null;
  /** The actions allowed now, for the active seat and hand. */
  actions: TableAction["action"][];
  /** Minor units staked so far (bets, side bets, doubles, splits, insurance). */
  stake: string;
  /** Minor units credited at the deal. */
  dealPaid: string;
  /** Minor units the round pays in all, once settled. */
  payout: string | null;
}

export type TableStep = Step<TableState, TableView>;

const cardView = (card: number): CardView => ({
  card,
  rank: RANK_NAMES[rankOf(card)] as string,
  suit: SUIT_NAMES[suitOf(card)] as string,
});

const big = (s: string) => BigInt(s);
const isAce = (card: number) => rankOf(card) === 0;

export const isBlackjack = (hand: Pick<HandState, "cards" | "split">) =>
  !hand.split && hand.cards.length === 2 && handTotal(hand.cards).total === 21;

function seatSideReturns(seat: SeatState, up: number): Rational {
  const [a, b] = seat.dealt;
  return add(
    mul(rat(big(seat.perfectPairs)), perfectPairsReturns(a, b)),
    mul(rat(big(seat.threeCardPoker)), threeCardReturns([a, b, up])),
  );
}

const insuranceStake = (seat: SeatState) => big(seat.bet) / 2n;

/** What a hand returns against the dealer's final cards (stake included). */
function handReturns(rules: BlackjackRules, hand: HandState, dealer: readonly number[]): Rational {
  const stake = rat(big(hand.stake));
  const dealerHasBlackjack = dealerBlackjack(dealer);
  if (isBlackjack(hand)) {
    if (dealerHasBlackjack) return stake;
    return mul(stake, blackjackReturns(rules, hand.cards[0] as number, hand.cards[1] as number));
  }
  if (dealerHasBlackjack) return ZERO;
  const player = handTotal(hand.cards).total;
  if (player > 21) return ZERO;
  const dealerTotal = handTotal(dealer).total;
  if (dealerTotal > 21 || player > dealerTotal) return mul(stake, rat(2));
  return player === dealerTotal ? stake : ZERO;
}

function insuranceReturns(rules: BlackjackRules, seat: SeatState, dealer: readonly number[]): Rational {
  if (seat.insurance !== "taken" || !dealerBlackjack(dealer)) return ZERO;
  return mul(rat(insuranceStake(seat)), rules.insuranceReturns);
}

/** The exact total the round returns once settled. */
function totalReturns(rules: BlackjackRules, state: TableState): Rational {
  const up = state.dealer[0] as number;
  let total = ZERO;
  for (const seat of state.seats) {
    total = add(total, seatSideReturns(seat, up));
    total = add(total, insuranceReturns(rules, seat, state.dealer));
    for (const hand of seat.hands) total = add(total, handReturns(rules, hand, state.dealer));
  }
  return total;
}

/** Wins the deal decides at once in the multi-seat game: side bets, and blackjacks under a safe upcard. */
function dealReturns(rules: BlackjackRules, state: TableState): Rational {
  const up = state.dealer[0] as number;
  let total = ZERO;
  for (const seat of state.seats) {
    total = add(total, seatSideReturns(seat, up));
    const hand = seat.hands[0];
    if (hand && upcardSafe(state.dealer) && isBlackjack(hand)) {
      total = add(total, handReturns(rules, hand, state.dealer));
    }
  }
  return total;
}

export function staked(state: TableState): bigint {
  let total = 0n;
  for (const seat of state.seats) {
    total += big(seat.perfectPairs) + big(seat.threeCardPoker);
    if (seat.insurance === "taken") total += insuranceStake(seat);
    for (const hand of seat.hands) total += big(hand.stake);
  }
  return total;
}

/** The largest payout the round can still reach without any further double, split or insurance. */
export function worstCase(rules: BlackjackRules, state: TableState): bigint {
  const best = maxBlackjackReturns(rules);
  const up = state.dealer[0] as number;
  let total = ZERO;
  for (const seat of state.seats) {
    total = add(total, seatSideReturns(seat, up));
    if (seat.insurance === "taken")
      total = add(total, mul(rat(insuranceStake(seat)), rules.insuranceReturns));
    for (const hand of seat.hands) {
      const stake = rat(big(hand.stake));
      total = add(total, isBlackjack(hand) ? mul(stake, best) : mul(stake, rat(2)));
    }
  }
  return payout(1n, total);
}

export function maxBlackjackReturns(rules: BlackjackRules): Rational {
  let best = rules.blackjackReturns;
  for (let ace = 0; ace < 4; ace++) {
    for (let ten = 36; ten < DECK; ten++) {
      const r = blackjackReturns(rules, ace, ten);
      if (cmp(r, best) > 0) best = r;
    }
  }
  return best;
}

/** Largest payout of a bet before any card is dealt, with no double, split or insurance. */
export function openingWorstCase(rules: BlackjackRules, seats: readonly SeatBets[]): bigint {
  const bj = maxBlackjackReturns(rules);
  let total = ZERO;
  for (const seat of seats) {
    total = add(total, mul(rat(seat.bet), bj));
    total = add(total, mul(rat(seat.perfectPairs), rat(26)));
    total = add(total, mul(rat(seat.threeCardPoker), rat(101)));
  }
  return payout(1n, total);
}

const activeHand = (state: TableState): HandState | undefined =>
  state.active ? state.seats[state.active.seat]?.hands[state.active.hand] : undefined;

const activeSeat = (state: TableState): SeatState | undefined =>
  state.active ? state.seats[state.active.seat] : undefined;

function splitsUsed(seat: SeatState): number {
  return seat.hands.length - 1;
}

/** The actions allowed now. */
export function legalActions(rules: BlackjackRules, state: TableState): TableAction["action"][] {
  if (state.phase === "insurance") return ["insurance", "decline_insurance"];
  if (state.phase !== "playing") return [];
  const hand = activeHand(state);
  const seat = activeSeat(state);
  if (!hand || !seat || hand.done) return [];
  const actions: TableAction["action"][] = [];
  const { total, soft } = handTotal(hand.cards);
  const two = hand.cards.length === 2;
  if (!hand.splitAces) actions.push("hit");
  actions.push("stand");
  if (
    two &&
    !hand.splitAces &&
    doubleAllowed(rules, total, soft) &&
    (!hand.split || rules.doubleAfterSplit)
  ) {
    actions.push("double");
  }
  const pair = two && cardValue(hand.cards[0] as number) === cardValue(hand.cards[1] as number);
  const acesOk = !isAce(hand.cards[0] as number) || !hand.splitAces || rules.resplitAces;
  if (pair && acesOk && splitsUsed(seat) < rules.maxHands - 1) actions.push("split");
  return actions;
}

type Draw = () => number;

/** Gives a split hand its second card; marks split aces and 21s done. */
function completeSplitHand(hand: HandState, draw: Draw, rules: BlackjackRules, seat: SeatState): void {
  hand.cards.push(draw());
  const { total } = handTotal(hand.cards);
  if (total >= 21) hand.done = true;
  else if (hand.splitAces) {
    const canResplit =
      rules.resplitAces && isAce(hand.cards[1] as number) && splitsUsed(seat) < rules.maxHands - 1;
    if (!canResplit) hand.done = true;
  }
}

/** Moves play to the next hand that needs a decision, dealing split hands their second card on the way. */
function advance(state: TableState, rules: BlackjackRules, draw: Draw): void {
  let seatIndex = state.active?.seat ?? 0;
  let handIndex = state.active?.hand ?? 0;
  while (seatIndex < state.seats.length) {
    const seat = state.seats[seatIndex] as SeatState;
    while (handIndex < seat.hands.length) {
      const hand = seat.hands[handIndex] as HandState;
      if (!hand.done && hand.cards.length === 1) completeSplitHand(hand, draw, rules, seat);
      if (!hand.done) {
        state.active = { seat: seatIndex, hand: handIndex };
        return;
      }
      handIndex++;
    }
    seatIndex++;
    handIndex = 0;
  }
  state.active = null;
}

/** The dealer plays out (if any hand still needs comparing) and the round is settled. */
function finish(state: TableState, rules: BlackjackRules, draw: Draw): void {
  const live = state.seats.some((seat) =>
    seat.hands.some((h) => !isBlackjack(h) && handTotal(h.cards).total <= 21),
  );
  if (live && !dealerBlackjack(state.dealer)) playDealer(rules, state.dealer, draw);
  state.phase = "settled";
  state.active = null;
}

/** After the insurance offers (or at once under a ten): a dealer blackjack ends the round. */
function peekAndPlay(state: TableState, rules: BlackjackRules, draw: Draw): void {
  if (dealerBlackjack(state.dealer)) {
    finish(state, rules, draw);
    return;
  }
  state.phase = "playing";
  state.active = { seat: 0, hand: 0 };
  advance(state, rules, draw);
  if (!state.active) finish(state, rules, draw);
}

export function dealTable(
  table: TableState["table"],
  rules: BlackjackRules,
  seats: readonly SeatBets[],
  maxWin: bigint,
  draw: Draw,
): TableState {
  const first = seats.map(() => draw());
  const up = draw();
  const second = seats.map(() => draw());
  const hole = draw();
  const state: TableState = {
    table,
    maxWin: maxWin.toString(),
    seats: seats.map((s, i) => {
      const hand: HandState = {
        cards: [first[i] as number, second[i] as number],
        stake: s.bet.toString(),
        doubled: false,
        split: false,
        splitAces: false,
        done: false,
      };
      hand.done = handTotal(hand.cards).total === 21;
      return {
        dealt: [first[i] as number, second[i] as number],
        bet: s.bet.toString(),
        perfectPairs: s.perfectPairs.toString(),
        threeCardPoker: s.threeCardPoker.toString(),
        hands: [hand],
        insurance: isAce(up) ? "pending" : "none",
      };
    }),
    dealer: [up, hole],
    phase: "playing",
    active: null,
    dealPaid: "0",
    ending: null,
    randomPosition: 0,
  };
  if (isAce(up)) {
    state.phase = "insurance";
    state.active = { seat: 0, hand: 0 };
  } else peekAndPlay(state, rules, draw);
  return state;
}

const clone = (state: TableState): TableState => structuredClone(state);

/** Applies an action already checked against `legalActions`. */
export function applyAction(
  state: TableState,
  rules: BlackjackRules,
  action: TableAction,
  draw: Draw,
): TableState {
  const next = clone(state);
  if (next.phase === "insurance") {
    const seatIndex = next.active?.seat ?? 0;
    const seat = next.seats[seatIndex] as SeatState;
    seat.insurance = action.action === "insurance" ? "taken" : "declined";
    const pending = next.seats.findIndex((s) => s.insurance === "pending");
    if (pending >= 0) next.active = { seat: pending, hand: 0 };
    else peekAndPlay(next, rules, draw);
    return next;
  }
  const seat = activeSeat(next) as SeatState;
  const hand = activeHand(next) as HandState;
  const handIndex = next.active?.hand ?? 0;
  switch (action.action) {
    case "hit": {
      hand.cards.push(draw());
      if (handTotal(hand.cards).total >= 21) hand.done = true;
      break;
    }
    case "stand":
      hand.done = true;
      break;
    case "double": {
      hand.stake = (big(hand.stake) * 2n).toString();
      hand.doubled = true;
      hand.cards.push(draw());
      hand.done = true;
      break;
    }
    case "split": {
      const aces = isAce(hand.cards[0] as number);
      const moved = hand.cards.pop() as number;
      const sibling: HandState = {
        cards: [moved],
        stake: seat.bet,
        doubled: false,
        split: true,
        splitAces: aces,
        done: false,
      };
      hand.split = true;
      hand.splitAces = aces;
      seat.hands.splice(handIndex + 1, 0, sibling);
      completeSplitHand(hand, draw, rules, seat);
      break;
    }
    default:
      break;
  }
  if (hand.done) advance(next, rules, draw);
  if (!next.active) finish(next, rules, draw);
  return next;
}

/** Abandon: every pending insurance is declined and every open hand stands; the dealer plays out. */
export function abandonTable(state: TableState, rules: BlackjackRules, draw: Draw): TableState {
  const next = clone(state);
  if (next.phase === "insurance") {
    for (const seat of next.seats) if (seat.insurance === "pending") seat.insurance = "declined";
    if (dealerBlackjack(next.dealer)) {
      finish(next, rules, draw);
      next.ending = "abandoned";
      return next;
    }
  }
  for (const seat of next.seats) {
    for (const hand of seat.hands) {
      // A split hand still waiting for its second card gets it: a one-card hand cannot stand.
      if (hand.cards.length === 1) hand.cards.push(draw());
      hand.done = true;
    }
  }
  finish(next, rules, draw);
  next.ending = "abandoned";
  return next;
}

function handStatus(
  rules: BlackjackRules,
  state: TableState,
  hand: HandState,
  active: boolean,
): HandView["status"] {
  if (state.phase !== "settled") return active ? "playing" : hand.done ? "done" : "waiting";
  const total = handTotal(hand.cards).total;
  if (total > 21) return "bust";
  const returned = handReturns(rules, hand, state.dealer);
  const stake = rat(big(hand.stake));
  if (isBlackjack(hand) && !dealerBlackjack(state.dealer)) return "blackjack";
  const c = cmp(returned, stake);
  return c > 0 ? "win" : c === 0 ? "push" : "lose";
}

function sideView(amount: string, hand: string | undefined, returns: Rational): SideBetView | null {
  if (big(amount) === 0n) return null;
  const paid = mul(rat(big(amount)), returns);
  return {
    amount,
    hand: hand ?? null,
    returns: `${returns.num}${returns.den === 1n ? "" : `/${returns.den}`}`,
    payout: payout(1n, paid).toString(),
  };
}

export function tableView(rules: BlackjackRules, state: TableState): TableView {
  const settled = state.phase === "settled";
  const up = state.dealer[0] as number;
  const shownDealer = settled ? state.dealer : [up];
  const dealerTotals = handTotal(shownDealer);
  return {
    phase: state.phase,
    dealer: {
      cards: shownDealer.map(cardView),
      hidden: state.dealer.length - shownDealer.length,
      total: dealerTotals.total,
      soft: dealerTotals.soft,
      blackjack: settled && dealerBlackjack(state.dealer),
    },
    seats: state.seats.map((seat, seatIndex) => {
      const [c1, c2] = seat.dealt;
      return {
        bet: seat.bet,
        hands: seat.hands.map((hand, handIndex) => {
          const { total, soft } = handTotal(hand.cards);
          const active = state.active?.seat === seatIndex && state.active.hand === handIndex;
          return {
            cards: hand.cards.map(cardView),
            total,
            soft,
            stake: hand.stake,
            doubled: hand.doubled,
            split: hand.split,
            status: handStatus(rules, state, hand, active && state.phase === "playing"),
            payout: settled ? payout(1n, handReturns(rules, hand, state.dealer)).toString() : null,
          };
        }),
        insurance: {
          status: seat.insurance,
          amount: seat.insurance === "taken" ? insuranceStake(seat).toString() : "0",
          payout: settled ? payout(1n, insuranceReturns(rules, seat, state.dealer)).toString() : null,
        },
        perfectPairs: sideView(seat.perfectPairs, perfectPairsHand(c1, c2), perfectPairsReturns(c1, c2)),
        threeCardPoker: sideView(
          seat.threeCardPoker,
          threeCardHand([c1, c2, up]),
          threeCardReturns([c1, c2, up]),
        ),
      };
    }),
    active: state.active,
    actions: legalActions(rules, state),
    stake: staked(state).toString(),
    dealPaid: state.dealPaid,
    payout: settled ? payout(1n, totalReturns(rules, state)).toString() : null,
  };
}

/** The step of a dealt or acted-on table: its debits first, then the credits the state calls for. */
export function tableStep(
  rules: BlackjackRules,
  before: TableState | undefined,
  state: TableState,
  debits: TableStep["ops"],
  dealCredits: boolean,
): TableStep {
  const ops: TableStep["ops"] = [...debits];
  if (state.phase === "settled") {
    const total = payout(1n, totalReturns(rules, state));
    const amount = total - big(state.dealPaid);
    ops.push({ kind: "credit", amount, closesRound: true, reason: closingReason(state, amount) });
    return { state, view: tableView(rules, state), ops, closed: true };
  }
  if (!before && dealCredits) {
    const dealt = payout(1n, dealReturns(rules, state));
    if (dealt > 0n) {
      state.dealPaid = dealt.toString();
      ops.push({ kind: "credit", amount: dealt, closesRound: false, reason: "deal_win" });
    }
  }
  return { state, view: tableView(rules, state), ops, closed: false };
}

function closingReason(state: TableState, amount: bigint): string {
  if (state.ending === "abandoned") return "abandoned";
  return amount > 0n ? "win" : "loss";
}
