import { parseAmount } from "@rgs/protocol/money";
import { add, mul, payout, type Rational, rat, toFixedDown, toFraction, ZERO } from "../../math/rational.ts";
import type { GameDefinition } from "../../model.ts";
import { accept, isRecord, refuse, unknownKey } from "../params.ts";
import { alreadySettled, settledStep } from "../single-round.ts";
import { BET_TYPES, type BetType, PAYOUTS, PUSH } from "./paytable.ts";
import { DECK, deal, type Hand, rankOf, type Winner } from "./rules.ts";

export interface BaccaratParams {
  /** Minor units per bet type; at least one. */
  bets: Partial<Record<BetType, bigint>>;
}

export interface BaccaratOutcome {
  winner: Winner;
  playerPair: boolean;
  bankerPair: boolean;
}

export interface BaccaratView {
  /** Cards 0-51: rank = floor(card / 4) (0 ace ... 12 king), suit = card mod 4. */
  player: number[];
  banker: number[];
  playerTotal: number;
  bankerTotal: number;
  winner: Winner;
  playerPair: boolean;
  bankerPair: boolean;
  bets: { type: BetType; amount: string; multiplier: string; multiplierExact: string }[];
  stake: string;
  payout: string;
  win: boolean;
}

export interface BaccaratState {
  hand: Hand;
  view: BaccaratView;
}

export const isPair = (cards: readonly number[]) => rankOf(cards[0] as number) === rankOf(cards[1] as number);

export function multiplierFor(type: BetType, outcome: BaccaratOutcome): Rational {
  switch (type) {
    case "player":
    case "banker":
      return outcome.winner === type ? PAYOUTS[type] : outcome.winner === "tie" ? PUSH : ZERO;
    case "tie":
      return outcome.winner === "tie" ? PAYOUTS.tie : ZERO;
    case "player_pair":
      return outcome.playerPair ? PAYOUTS.player_pair : ZERO;
    case "banker_pair":
      return outcome.bankerPair ? PAYOUTS.banker_pair : ZERO;
  }
}

const placed = (params: BaccaratParams) =>
  BET_TYPES.flatMap((type) => {
    const amount = params.bets[type];
    return amount === undefined ? [] : [{ type, amount }];
  });

export const returnFor = (params: BaccaratParams, outcome: BaccaratOutcome): Rational =>
  placed(params).reduce(
    (total, { type, amount }) => add(total, mul(rat(amount), multiplierFor(type, outcome))),
    ZERO,
  );

const example = '{"bets":{"banker":"10.00","tie":"1.00"}}';

export const baccaratGame: GameDefinition<BaccaratParams, BaccaratState, never, BaccaratView> = {
  slug: "baccarat",
  kind: "single",

  parseParams(input, { decimals }) {
    if (!isRecord(input)) return refuse("invalid_params", `Baccarat params must be an object: ${example}.`);
    const extra = unknownKey(input, ["bets"]);
    if (extra) return refuse("invalid_params", `Unknown baccarat parameter "${extra}".`);
    const { bets } = input;
    if (!isRecord(bets))
      return refuse("invalid_bets", `bets must be an object of amounts per bet type: ${example}.`);
    const unknownType = unknownKey(bets, BET_TYPES);
    if (unknownType)
      return refuse("invalid_bets", `Unknown bet type "${unknownType}"; bet types: ${BET_TYPES.join(", ")}.`);
    const parsed: Partial<Record<BetType, bigint>> = {};
    for (const type of BET_TYPES) {
      if (bets[type] === undefined) continue;
      const amount = parseAmount(bets[type], decimals, { allowZero: false });
      if (!amount.ok) return refuse("invalid_amount", `bets.${type}: ${amount.detail}`);
      parsed[type] = amount.minor;
    }
    if (Object.keys(parsed).length === 0)
      return refuse("invalid_bets", `Place at least one bet: ${example}.`);
    return accept({ bets: parsed });
  },

  stakeOf: (params) => placed(params).reduce((total, bet) => total + bet.amount, 0n),

  maxPayout(params) {
    // Every winner is reachable together with both pairs (4-4 against K-K, K-K against K-K with a K each).
    let max = 0n;
    for (const winner of ["player", "banker", "tie"] as const) {
      const paid = payout(1n, returnFor(params, { winner, playerPair: true, bankerPair: true }));
      if (paid > max) max = paid;
    }
    return max;
  },

  start({ stake, params }, { random }) {
    const hand = deal(() => random.nextInt(DECK));
    const outcome = { winner: hand.winner, playerPair: isPair(hand.player), bankerPair: isPair(hand.banker) };
    const paid = payout(1n, returnFor(params, outcome));
    const view: BaccaratView = {
      player: hand.player,
      banker: hand.banker,
      playerTotal: hand.playerTotal,
      bankerTotal: hand.bankerTotal,
      ...outcome,
      bets: placed(params).map(({ type, amount }) => {
        const multiplier = multiplierFor(type, outcome);
        return {
          type,
          amount: amount.toString(),
          multiplier: toFixedDown(multiplier, 4),
          multiplierExact: toFraction(multiplier),
        };
      }),
      stake: stake.toString(),
      payout: paid.toString(),
      win: paid > 0n,
    };
    return settledStep({ hand, view }, view, stake, paid);
  },

  abandon: (state) => alreadySettled(state, state.view),
  reveal: (state) => ({ player: state.hand.player, banker: state.hand.banker }),
};
