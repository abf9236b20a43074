import { parseAmount } from "@rgs/protocol/money";
import { add, mul, payout, type Rational, rat, toFixedDown, ZERO } from "../../math/rational.ts";
import type { GameDefinition, Parsed } from "../../model.ts";
import { accept, isRecord, refuse, unknownKey } from "../params.ts";
import { alreadySettled, settledStep } from "../single-round.ts";
import {
  BET_KINDS,
  type BetKind,
  findBet,
  INDEXED_KINDS,
  LAYOUT,
  type LayoutBet,
  multiplierFor,
  NAMED_KINDS,
  POCKETS,
  RED,
} from "./paytable.ts";

export interface RouletteBet {
  bet: LayoutBet;
  /** Minor units. */
  amount: bigint;
}

export interface RouletteParams {
  bets: RouletteBet[];
}

export interface RouletteBetResult {
  kind: BetKind;
  numbers: number[];
  index?: number;
  amount: string;
  /** Multiplier this spin, e.g. "36.0000", "0.5000" (half back on zero) or "0.0000". */
  multiplier: string;
}

export interface RouletteView {
  pocket: number;
  color: "green" | "red" | "black";
  bets: RouletteBetResult[];
  stake: string;
  payout: string;
  win: boolean;
}

export interface RouletteState {
  pocket: number;
  view: RouletteView;
}

const example =
  '{"bets":[{"kind":"straight","numbers":[17],"amount":"1.00"},{"kind":"dozen","index":2,"amount":"5"}]}';

function parseBet(input: unknown, at: number, decimals: number): Parsed<RouletteBet> {
  const where = `bets[${at}]`;
  if (!isRecord(input))
    return refuse("invalid_bet", `${where} must be an object such as {"kind":"red","amount":"1.00"}.`);
  const extra = unknownKey(input, ["kind", "numbers", "index", "amount"]);
  if (extra) return refuse("invalid_bet", `${where} has an unknown field "${extra}".`);
  const { kind } = input;
  if (typeof kind !== "string" || !(BET_KINDS as readonly string[]).includes(kind)) {
    return refuse("invalid_bet", `${where}.kind must be one of ${BET_KINDS.join(", ")}.`);
  }
  const amount = parseAmount(input.amount, decimals, { allowZero: false });
  if (!amount.ok) return refuse("invalid_amount", `${where}.amount: ${amount.detail}`);
  let bet: LayoutBet | undefined;
  if (INDEXED_KINDS.includes(kind as BetKind)) {
    if (input.numbers !== undefined)
      return refuse("invalid_bet", `${where}: a ${kind} bet is named by "index" (1-3), not numbers.`);
    bet = LAYOUT.find((b) => b.kind === kind && b.index === input.index);
    if (!bet) return refuse("invalid_bet", `${where}.index must be 1, 2 or 3 for a ${kind} bet.`);
  } else if (NAMED_KINDS.includes(kind as BetKind)) {
    if (input.numbers !== undefined || input.index !== undefined) {
      return refuse("invalid_bet", `${where}: a ${kind} bet takes no numbers or index.`);
    }
    bet = LAYOUT.find((b) => b.kind === kind);
  } else {
    const { numbers } = input;
    if (input.index !== undefined)
      return refuse("invalid_bet", `${where}: a ${kind} bet is named by its numbers, not an index.`);
    if (!Array.isArray(numbers) || !numbers.every((n) => Number.isInteger(n) && n >= 0 && n <= 36)) {
      return refuse("invalid_bet", `${where}.numbers must be an array of pockets 0-36.`);
    }
    bet = findBet(kind as BetKind, numbers as number[]);
    if (!bet)
      return refuse("invalid_bet", `${where}: [${numbers.join(", ")}] is not a ${kind} on the layout.`);
  }
  return accept({ bet: bet as LayoutBet, amount: amount.minor });
}

/** Exact total return of every bet when `pocket` wins, in minor units (a rational: halves on zero). */
export function returnFor(bets: readonly RouletteBet[], pocket: number): Rational {
  return bets.reduce(
    (total, { bet, amount }) => add(total, mul(rat(amount), multiplierFor(bet, pocket))),
    ZERO,
  );
}

const colorOf = (pocket: number) => (pocket === 0 ? "green" : RED.has(pocket) ? "red" : "black");

export const rouletteGame: GameDefinition<RouletteParams, RouletteState, never, RouletteView> = {
  slug: "roulette",
  kind: "single",

  parseParams(input, { decimals }) {
    if (!isRecord(input)) return refuse("invalid_params", `Roulette params must be an object: ${example}.`);
    const extra = unknownKey(input, ["bets"]);
    if (extra) return refuse("invalid_params", `Unknown roulette parameter "${extra}".`);
    const { bets } = input;
    if (!Array.isArray(bets) || bets.length === 0)
      return refuse("invalid_bets", `bets must be a non-empty array: ${example}.`);
    if (bets.length > LAYOUT.length) return refuse("invalid_bets", `at most ${LAYOUT.length} bets per spin.`);
    const parsed: RouletteBet[] = [];
    const seen = new Set<LayoutBet>();
    for (const [at, raw] of bets.entries()) {
      const bet = parseBet(raw, at, decimals);
      if (!bet.ok) return bet;
      if (seen.has(bet.value.bet))
        return refuse("invalid_bets", `bets[${at}] repeats an earlier bet; put the whole amount on one.`);
      seen.add(bet.value.bet);
      parsed.push(bet.value);
    }
    return accept({ bets: parsed });
  },

  stakeOf: (params) => params.bets.reduce((total, bet) => total + bet.amount, 0n),

  maxPayout(params) {
    let max = 0n;
    for (let pocket = 0; pocket < POCKETS; pocket++) {
      const paid = payout(1n, returnFor(params.bets, pocket));
      if (paid > max) max = paid;
    }
    return max;
  },

  start({ stake, params }, { random }) {
    const pocket = random.nextInt(POCKETS);
    // One rounding per spin: the exact sum of every bet's return, rounded down once.
    const paid = payout(1n, returnFor(params.bets, pocket));
    const view: RouletteView = {
      pocket,
      color: colorOf(pocket),
      bets: params.bets.map(({ bet, amount }) => ({
        kind: bet.kind,
        numbers: [...bet.numbers],
        ...(bet.index ? { index: bet.index } : {}),
        amount: amount.toString(),
        multiplier: toFixedDown(multiplierFor(bet, pocket), 4),
      })),
      stake: stake.toString(),
      payout: paid.toString(),
      win: paid > 0n,
    };
    return settledStep({ pocket, view }, view, stake, paid);
  },

  abandon: (state) => alreadySettled(state, state.view),
  reveal: (state) => ({ pocket: state.pocket }),
};
