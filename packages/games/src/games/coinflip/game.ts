import { payout, type Rational, rat, toFixedDown, toFraction } from "../../math/rational.ts";
import type { GameDefinition, Parsed, Step } from "../../model.ts";
import { type ActionInput, closingStep, fitsMaxWin, openStep } from "../cash-out.ts";
import { accept, isRecord, refuse, unknownKey } from "../params.ts";
import { alreadySettled } from "../single-round.ts";
import { MAX_FLIPS, multiplierAt, SIDES, type Side, sideOf, WIN_CHANCE } from "./ladder.ts";

export type CoinflipParams = Record<string, never>;

export type CoinflipStatus =
  | "open"
  | "lost"
  | "cash_out"
  | "completed"
  | "max_win_reached"
  | "abandoned"
  /** The first correct call alone would pay more than the session's maximum win: no bet was taken. */
  | "bet_exceeds_max_win";

export interface Flip {
  call: Side;
  result: Side;
}

export interface CoinflipState {
  /** Minor units, decimal string. */
  stake: string;
  /** The declared RTP, "num/den". */
  rtp: string;
  maxWin: string;
  flips: Flip[];
  status: CoinflipStatus;
  /** Where the next flip's word is read; the engine positions the next step's reader here. */
  randomPosition: number;
}

export type CoinflipAction = { action: "flip"; side: Side } | { action: "cash_out" };

export interface CoinflipView {
  status: CoinflipStatus;
  flips: Flip[];
  /** Correct calls so far. */
  streak: number;
  maxFlips: number;
  /** What cashing out pays now (0 after a loss), rounded down to 4 decimals; `multiplierExact` is the fraction paid. */
  multiplier: string;
  multiplierExact: string;
  next: { multiplier: string; multiplierExact: string; winChance: string } | null;
  actions: CoinflipAction["action"][];
  stake: string;
  payout: string | null;
}

type CoinflipStep = Step<CoinflipState, CoinflipView>;

const moneyOf = (state: CoinflipState) => {
  const [num = "0", den = "1"] = state.rtp.split("/");
  return { stake: BigInt(state.stake), rtp: rat(BigInt(num), BigInt(den)), maxWin: BigInt(state.maxWin) };
};

const streakOf = (state: CoinflipState): number => state.flips.filter((f) => f.call === f.result).length;

function paidMultiplier(state: CoinflipState, rtp: Rational): Rational | null {
  if (state.status === "lost") return rat(0);
  if (state.status === "bet_exceeds_max_win") return null;
  return multiplierAt(rtp, streakOf(state));
}

function viewOf(state: CoinflipState): CoinflipView {
  const { stake, rtp } = moneyOf(state);
  const open = state.status === "open";
  const streak = streakOf(state);
  const paid = paidMultiplier(state, rtp);
  const shown = paid ?? rat(0);
  const next = open ? multiplierAt(rtp, streak + 1) : null;
  return {
    status: state.status,
    flips: state.flips.map((f) => ({ ...f })),
    streak,
    maxFlips: MAX_FLIPS,
    multiplier: toFixedDown(shown, 4),
    multiplierExact: toFraction(shown),
    next: next
      ? {
          multiplier: toFixedDown(next, 4),
          multiplierExact: toFraction(next),
          winChance: toFraction(WIN_CHANCE),
        }
      : null,
    actions: open ? (streak > 0 ? ["flip", "cash_out"] : ["flip"]) : [],
    stake: state.stake,
    payout: open || paid === null ? null : payout(stake, paid).toString(),
  };
}

function close(
  state: CoinflipState,
  status: Exclude<CoinflipStatus, "open" | "bet_exceeds_max_win">,
): CoinflipStep {
  const closed: CoinflipState = { ...state, status };
  const { stake, rtp } = moneyOf(closed);
  const multiplier = status === "lost" ? null : multiplierAt(rtp, streakOf(closed));
  return closingStep(closed, viewOf(closed), stake, multiplier, status === "lost" ? "loss" : status);
}

function parseCoinflipAction(input: unknown, state: CoinflipState): Parsed<CoinflipAction> {
  if (state.status !== "open") return refuse("round_closed", "This round is closed: start a new round.");
  if (!isRecord(input) || typeof input.action !== "string") {
    return refuse("invalid_action", 'An action is an object: {"action":"flip","params":{"side":"heads"}}.');
  }
  const { action, params } = input as unknown as ActionInput;
  if (action === "flip") {
    if (!isRecord(params) || unknownKey(params, ["side"]) || !SIDES.includes(params.side as Side)) {
      return refuse("invalid_side", 'flip takes {side}: "heads" or "tails".');
    }
    return accept({ action, side: params.side as Side });
  }
  if (action === "cash_out") {
    if (params !== undefined && !(isRecord(params) && Object.keys(params).length === 0)) {
      return refuse("invalid_action", "cash_out takes no params.");
    }
    if (streakOf(state) === 0) return refuse("no_step_taken", "Win at least one flip before cashing out.");
    return accept({ action });
  }
  return refuse("unknown_action", `Unknown coinflip action "${action}": use "flip" or "cash_out".`);
}

export const coinflipGame: GameDefinition<CoinflipParams, CoinflipState, CoinflipAction, CoinflipView> = {
  slug: "coinflip",
  kind: "cash-out",

  parseParams(input) {
    if (input !== undefined && input !== null && !(isRecord(input) && Object.keys(input).length === 0)) {
      return refuse("invalid_params", "Coinflip takes no params: call each flip as an action.");
    }
    return accept({});
  },

  stakeOf: (_params, amount) => amount,

  maxPayout: (_params, stake, rtp) => payout(stake, multiplierAt(rtp, MAX_FLIPS)),

  start({ stake, rtp, maxWin }, { random }) {
    const state: CoinflipState = {
      stake: stake.toString(),
      rtp: toFraction(rtp),
      maxWin: maxWin.toString(),
      flips: [],
      status: "open",
      randomPosition: random.position,
    };
    if (!fitsMaxWin(stake, multiplierAt(rtp, 1), maxWin)) {
      const refused: CoinflipState = { ...state, status: "bet_exceeds_max_win" };
      return { state: refused, view: viewOf(refused), ops: [], closed: true, note: "bet_exceeds_max_win" };
    }
    return openStep(state, viewOf(state), [{ kind: "debit", amount: stake, reason: "bet" }]);
  },

  parseAction: (input, state) => parseCoinflipAction(input, state),

  act(state, action, { random }) {
    if (action.action === "cash_out") return close(state, "cash_out");
    const result = sideOf(random.nextInt(2));
    const next: CoinflipState = {
      ...state,
      flips: [...state.flips, { call: action.side, result }],
      randomPosition: random.position,
    };
    if (result !== action.side) return close(next, "lost");
    const streak = streakOf(next);
    if (streak === MAX_FLIPS) return close(next, "completed");
    const { stake, rtp, maxWin } = moneyOf(next);
    if (!fitsMaxWin(stake, multiplierAt(rtp, streak + 1), maxWin)) return close(next, "max_win_reached");
    return openStep(next, viewOf(next));
  },

  abandon(state) {
    if (state.status !== "open") return alreadySettled(state, viewOf(state));
    return close(state, "abandoned");
  },

  reveal: (state) => ({ ...state, flips: state.flips.map((f) => ({ ...f })) }),
};
