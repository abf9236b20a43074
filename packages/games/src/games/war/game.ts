/**
 * War as SPEC.md's flow: one debit of the main bet and side bets; on each tie the player goes to war (a debit of
 * the main bet again) or surrenders; exactly one credit, closing the round, with everything it pays.
 */
import { parseAmount } from "@rgs/protocol/money";
import { add, mul, payout, type Rational, rat, ZERO } from "../../math/rational.ts";
import type { GameDefinition, Parsed, Step, WalletOp } from "../../model.ts";
import type { ActionInput } from "../cash-out.ts";
import { accept, isRecord, refuse, unknownKey } from "../params.ts";
import { MAIN_WIN, MAX_WARS, SIDE_BETS, SIDE_PAYS, type SideBet, SURRENDER } from "./rules.ts";
import { dealNext, isRed, rankOf, strengthOf } from "./shoe.ts";

export interface WarParams {
  /** Minor units. */
  main: bigint;
  side: Partial<Record<SideBet, bigint>>;
}

export type WarAction = { action: "war" } | { action: "surrender" };

export type WarStatus =
  | "tie"
  | "won"
  | "lost"
  | "surrendered"
  | "war_won"
  | "war_lost"
  | "wars_exhausted"
  | "abandoned";

export interface WarState {
  main: string;
  side: Partial<Record<SideBet, string>>;
  maxWin: string;
  /** Dealt in order: player, dealer, then a pair per war. */
  cards: number[];
  raises: number;
  status: WarStatus;
  paid: string;
  randomPosition: number;
}

export interface WarCardView {
  card: number;
  rank: number;
  suit: number;
}

export interface WarView {
  status: WarStatus;
  /** The deals so far: the first, then one per war. */
  deals: { player: WarCardView; dealer: WarCardView }[];
  raises: number;
  main: string;
  side: Partial<Record<SideBet, string>>;
  /** What each side bet paid (known from the first deal). */
  sideResults: Partial<Record<SideBet, string>>;
  /** At a tie: what going to war costs, and whether it is allowed (wars left, maximum win). */
  decision: { warCost: string; warAllowed: boolean; surrenderPays: string } | null;
  staked: string;
  payout: string | null;
}

type WarStep = Step<WarState, WarView>;

const big = (s: string | undefined) => BigInt(s ?? "0");

function sideWins(state: Pick<WarState, "side" | "cards">): Partial<Record<SideBet, Rational>> {
  const [p, d] = state.cards as [number, number];
  const tie = rankOf(p) === rankOf(d);
  const wins: Partial<Record<SideBet, Rational>> = {};
  for (const bet of SIDE_BETS) {
    const amount = state.side[bet];
    if (amount === undefined) continue;
    const won = bet === "tie" ? tie : tie && isRed(p) === isRed(d);
    wins[bet] = won ? mul(rat(BigInt(amount)), SIDE_PAYS[bet]) : ZERO;
  }
  return wins;
}

const sideTotal = (state: WarState): Rational =>
  Object.values(sideWins(state)).reduce((t: Rational, r) => add(t, r as Rational), ZERO);

/** The credit a go-to-war could pay at most: the main bet back and every raise paid even money, with the side bets. */
const largestWarPayout = (state: WarState): bigint =>
  payout(1n, add(sideTotal(state), rat(big(state.main) * BigInt(1 + 2 * (state.raises + 1)))));

const warAllowed = (state: WarState) =>
  state.raises < MAX_WARS && largestWarPayout(state) <= big(state.maxWin);

function viewOf(state: WarState): WarView {
  const card = (c: number): WarCardView => ({ card: c, rank: rankOf(c), suit: c % 4 });
  const deals: WarView["deals"] = [];
  for (let i = 0; i + 1 < state.cards.length; i += 2)
    deals.push({ player: card(state.cards[i] as number), dealer: card(state.cards[i + 1] as number) });
  const sideResults: Partial<Record<SideBet, string>> = {};
  for (const [bet, won] of Object.entries(sideWins(state)))
    sideResults[bet as SideBet] = payout(1n, won as Rational).toString();
  const main = big(state.main);
  const staked = main * BigInt(1 + state.raises) + Object.values(state.side).reduce((t, s) => t + big(s), 0n);
  return {
    status: state.status,
    deals,
    raises: state.raises,
    main: state.main,
    side: state.side,
    sideResults,
    decision:
      state.status === "tie"
        ? {
            warCost: state.main,
            warAllowed: warAllowed(state),
            surrenderPays: payout(1n, add(sideTotal(state), mul(rat(main), SURRENDER))).toString(),
          }
        : null,
    staked: staked.toString(),
    payout: state.status === "tie" ? null : state.paid,
  };
}

const openStep = (state: WarState, ops: WalletOp[] = []): WarStep => ({
  state,
  view: viewOf(state),
  ops,
  closed: false,
});

/** Closes the round: the main bet's multiplier (of the main bet), plus the raises' return, plus the side bets. */
function close(
  state: WarState,
  status: WarStatus,
  mainAndRaises: Rational,
  ops: WalletOp[] = [],
  note?: string,
): WarStep {
  const paid = payout(1n, add(sideTotal(state), mainAndRaises));
  const closed: WarState = { ...state, status, paid: paid.toString() };
  return {
    state: closed,
    view: viewOf(closed),
    ops: [...ops, { kind: "credit", amount: paid, closesRound: true, reason: paid > 0n ? status : "loss" }],
    closed: true,
    ...(note && { note }),
  };
}

/** Settles the last deal: first deal (raises 0) or a war. */
function settle(state: WarState, ops: WalletOp[]): WarStep {
  const p = state.cards.at(-2) as number;
  const d = state.cards.at(-1) as number;
  const main = rat(big(state.main));
  const raises = state.raises;
  if (strengthOf(p) > strengthOf(d))
    return close(
      state,
      raises === 0 ? "won" : "war_won",
      mul(main, raises === 0 ? MAIN_WIN : rat(1 + 2 * raises)),
      ops,
    );
  if (strengthOf(p) < strengthOf(d)) return close(state, raises === 0 ? "lost" : "war_lost", ZERO, ops);
  if (raises === MAX_WARS)
    return close(state, "wars_exhausted", add(mul(main, rat(raises)), mul(main, SURRENDER)), ops);
  return openStep({ ...state, status: "tie" }, ops);
}

const example = '{"main":"10.00","tie":"1.00","coloured_tie":"1.00"}';

function surrender(state: WarState, status: "surrendered" | "abandoned", note?: string): WarStep {
  return close(state, status, mul(rat(big(state.main)), SURRENDER), [], note);
}

function parseWarAction(input: unknown, state: WarState): Parsed<WarAction> {
  if (state.status !== "tie") return refuse("round_closed", "This round is closed: start a new round.");
  if (!isRecord(input) || typeof input.action !== "string")
    return refuse("invalid_action", 'An action is an object: {"action":"war"} or {"action":"surrender"}.');
  const { action, params } = input as unknown as ActionInput;
  if (params !== undefined && !(isRecord(params) && Object.keys(params).length === 0))
    return refuse("invalid_action", `${action} takes no params.`);
  if (action === "war") {
    if (state.raises >= MAX_WARS) return refuse("no_wars_left", `At most ${MAX_WARS} wars per round.`);
    if (!warAllowed(state))
      return refuse(
        "max_win_exceeded",
        "Winning this war would pay more than the maximum win: surrender instead.",
      );
    return accept({ action });
  }
  if (action === "surrender") return accept({ action });
  return refuse("unknown_action", `Unknown war action "${action}": use "war" or "surrender".`);
}

export const warGame: GameDefinition<WarParams, WarState, WarAction, WarView> = {
  slug: "war",
  kind: "table",

  parseParams(input, { decimals }) {
    if (!isRecord(input)) return refuse("invalid_params", `War params must be an object: ${example}.`);
    const extra = unknownKey(input, ["main", ...SIDE_BETS]);
    if (extra)
      return refuse("invalid_params", `Unknown war parameter "${extra}"; bets: main, tie, coloured_tie.`);
    const main = parseAmount(input.main, decimals, { allowZero: false });
    if (!main.ok) return refuse("invalid_amount", `main: ${main.detail}`);
    const side: Partial<Record<SideBet, bigint>> = {};
    for (const bet of SIDE_BETS) {
      if (input[bet] === undefined) continue;
      const amount = parseAmount(input[bet], decimals, { allowZero: false });
      if (!amount.ok) return refuse("invalid_amount", `${bet}: ${amount.detail}`);
      if (amount.minor > main.minor)
        return refuse("side_bet_above_main", `${bet} may be at most the main bet.`);
      side[bet] = amount.minor;
    }
    return accept({ main: main.minor, side });
  },

  stakeOf: (params) => params.main + Object.values(params.side).reduce((t, s) => t + (s ?? 0n), 0n),

  /** The first deal pays at most the main bet at even money, or the side bets on a coloured tie and a surrender. */
  maxPayout(params) {
    const tie = mul(rat(params.side.tie ?? 0n), SIDE_PAYS.tie);
    const coloured = mul(rat(params.side.coloured_tie ?? 0n), SIDE_PAYS.coloured_tie);
    const onTie = payout(1n, add(add(tie, coloured), mul(rat(params.main), SURRENDER)));
    const onWin = params.main * 2n;
    return onWin > onTie ? onWin : onTie;
  },

  start({ params, maxWin }, { random }) {
    const side: Partial<Record<SideBet, string>> = {};
    for (const bet of SIDE_BETS)
      if (params.side[bet] !== undefined) side[bet] = (params.side[bet] as bigint).toString();
    const empty: WarState = {
      main: params.main.toString(),
      side,
      maxWin: maxWin.toString(),
      cards: [],
      raises: 0,
      status: "tie",
      paid: "0",
      randomPosition: 0,
    };
    if (warGame.maxPayout(params, 0n, rat(1)) > maxWin) {
      const refused: WarState = { ...empty, status: "lost" };
      return { state: refused, view: viewOf(refused), ops: [], closed: true, note: "bet_exceeds_max_win" };
    }
    const cards = [dealNext([], random)];
    cards.push(dealNext(cards, random));
    const stake = warGame.stakeOf(params, 0n);
    return settle({ ...empty, cards, randomPosition: random.position }, [
      { kind: "debit", amount: stake, reason: "bet" },
    ]);
  },

  parseAction: (input, state) => parseWarAction(input, state),

  act(state, action, { random }) {
    if (action.action === "surrender") return surrender(state, "surrendered");
    const cards = [...state.cards, dealNext(state.cards, random)];
    cards.push(dealNext(cards, random));
    const next: WarState = { ...state, cards, raises: state.raises + 1, randomPosition: random.position };
    return settle(next, [{ kind: "debit", amount: big(state.main), reason: "war" }]);
  },

  /** The wallet refused the war's raise: the player is back at the same tie decision. */
  onDebitRefused: (stateBefore) => openStep(stateBefore),

  /** A round left at a tie decision is a surrender: no debit is made for the player. */
  abandon: (state) =>
    state.status === "tie"
      ? surrender(state, "abandoned", "abandoned")
      : { state, view: viewOf(state), ops: [], closed: true },

  reveal: (state) => ({ cards: state.cards }),
};
