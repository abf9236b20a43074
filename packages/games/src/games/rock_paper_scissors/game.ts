import { payout, type Rational, rat, toFixedDown, toFraction } from "../../math/rational.ts";
import type { GameDefinition, Step } from "../../model.ts";
import { CLOSING_REASON, closingStep, fitsMaxWin, openStep } from "../cash-out.ts";
import { accept, isRecord, refuse, unknownKey } from "../params.ts";
import {
  HANDS,
  type Hand,
  houseHand,
  MAX_WINS,
  multiplierAfter,
  RESULT_OF_OUTCOME,
  type ThrowResult,
} from "./paytable.ts";

export type RpsParams = Record<string, never>;

export type RpsAction = { type: "throw"; hand: Hand } | { type: "cash_out" };

export interface RpsThrow {
  player: Hand;
  house: Hand;
  result: ThrowResult;
  /** Index of the round's random word this throw read. */
  word: number;
}

export type RpsStatus =
  | "open"
  | "lost"
  | "cashed_out"
  | "completed"
  | "max_win_reached"
  | "abandoned"
  | "bet_exceeds_max_win";

/** JSON-safe: amounts and the RTP are decimal strings. */
export interface RpsState {
  stake: string;
  maxWin: string;
  /** The declared RTP as "num/den". */
  rtp: string;
  wins: number;
  throws: RpsThrow[];
  /** Position of the random stream the next throw reads: the engine positions `ctx.random` here. */
  randomPosition: number;
  status: RpsStatus;
  /** Minor units paid when the round closed. */
  payout?: string;
}

export interface RpsView {
  status: RpsStatus;
  wins: number;
  maxWins: number;
  throws: { player: Hand; house: Hand; result: ThrowResult }[];
  /** Cash-out value now (null before the first win), rounded down to 4 decimals; exact fraction beside it. */
  multiplier: string | null;
  multiplierExact: string | null;
  /** Value after one more win (null when the round is closed or at the top). */
  nextMultiplier: string | null;
  nextMultiplierExact: string | null;
  actions: ("throw" | "cash_out")[];
  stake: string;
  payout: string | null;
}

const rtpOf = (state: RpsState): Rational => {
  const [num = "0", den = "1"] = state.rtp.split("/");
  return rat(BigInt(num), BigInt(den));
};

const shown = (m: Rational | null) => ({
  text: m ? toFixedDown(m, 4) : null,
  exact: m ? toFraction(m) : null,
});

function viewOf(state: RpsState): RpsView {
  const rtp = rtpOf(state);
  const open = state.status === "open";
  const current = shown(state.wins > 0 ? multiplierAfter(state.wins, rtp) : null);
  const next = shown(open && state.wins < MAX_WINS ? multiplierAfter(state.wins + 1, rtp) : null);
  return {
    status: state.status,
    wins: state.wins,
    maxWins: MAX_WINS,
    throws: state.throws.map(({ player, house, result }) => ({ player, house, result })),
    multiplier: current.text,
    multiplierExact: current.exact,
    nextMultiplier: next.text,
    nextMultiplierExact: next.exact,
    actions: open ? (state.wins > 0 ? ["throw", "cash_out"] : ["throw"]) : [],
    stake: state.stake,
    payout: state.payout ?? null,
  };
}

type Closing = Exclude<RpsStatus, "open" | "bet_exceeds_max_win">;
/** Closes the round at the streak's value (0 on a loss). */
function close(state: RpsState, status: Closing): Step<RpsState, RpsView> {
  const rtp = rtpOf(state);
  const multiplier = status === "lost" ? null : multiplierAfter(state.wins, rtp);
  const step = closingStep(state, viewOf(state), BigInt(state.stake), multiplier, CLOSING_REASON[status]);
  const credit = step.ops[0];
  const closed: RpsState = { ...state, status, payout: String(credit?.amount ?? 0n) };
  return { ...step, state: closed, view: viewOf(closed) };
}

/** After a win: the top closes the round; so does a next win that would not fit the maximum win. */
function afterWin(state: RpsState): Step<RpsState, RpsView> {
  if (state.wins === MAX_WINS) return close(state, "completed");
  if (!fitsMaxWin(BigInt(state.stake), multiplierAfter(state.wins + 1, rtpOf(state)), BigInt(state.maxWin)))
    return close(state, "max_win_reached");
  return openStep(state, viewOf(state));
}

export const rockPaperScissorsGame: GameDefinition<RpsParams, RpsState, RpsAction, RpsView> = {
  slug: "rock_paper_scissors",
  kind: "cash-out",

  parseParams(input) {
    if (input === undefined || input === null) return accept({});
    if (!isRecord(input))
      return refuse("invalid_params", "Rock Paper Scissors params must be an empty object.");
    const extra = unknownKey(input, []);
    if (extra) return refuse("invalid_params", `Unknown Rock Paper Scissors parameter "${extra}".`);
    return accept({});
  },

  stakeOf: (_params, amount) => amount,

  maxPayout: (_params, stake, rtp) => payout(stake, multiplierAfter(MAX_WINS, rtp)),

  start({ stake, rtp, maxWin }, { random }) {
    const state: RpsState = {
      stake: stake.toString(),
      maxWin: maxWin.toString(),
      rtp: `${rtp.num}/${rtp.den}`,
      wins: 0,
      throws: [],
      randomPosition: random.position,
      status: "open",
    };
    if (!fitsMaxWin(stake, multiplierAfter(1, rtp), maxWin)) {
      const refused: RpsState = { ...state, status: "bet_exceeds_max_win" };
      return { state: refused, view: viewOf(refused), ops: [], closed: true, note: "bet_exceeds_max_win" };
    }
    return openStep(state, viewOf(state), [{ kind: "debit", amount: stake, reason: "bet" }]);
  },

  parseAction(input, state) {
    if (state.status !== "open") return refuse("round_closed", "This round is closed.");
    if (!isRecord(input) || typeof input.action !== "string")
      return refuse("invalid_action", 'An action looks like {"action":"throw","params":{"hand":"rock"}}.');
    const extra = unknownKey(input, ["action", "params"]);
    if (extra) return refuse("invalid_action", `Unknown action field "${extra}".`);
    const { params } = input;
    if (input.action === "throw") {
      const hand = isRecord(params) ? params.hand : undefined;
      if (!isRecord(params) || unknownKey(params, ["hand"]) || !HANDS.includes(hand as Hand))
        return refuse("invalid_hand", `throw takes {"hand": ${HANDS.map((h) => `"${h}"`).join(" | ")}}.`);
      return accept({ type: "throw", hand: hand as Hand });
    }
    if (input.action === "cash_out") {
      if (params !== undefined && !(isRecord(params) && Object.keys(params).length === 0))
        return refuse("invalid_params", "cash_out takes no parameters.");
      if (state.wins === 0) return refuse("no_step_taken", "Win at least one throw before cashing out.");
      return accept({ type: "cash_out" });
    }
    return refuse("unknown_action", `Unknown action "${input.action}": use "throw" or "cash_out".`);
  },

  act(state, action, { random }) {
    if (state.status !== "open") return { state, view: viewOf(state), ops: [], closed: true };
    if (action.type === "cash_out") return close(state, "cashed_out");
    const word = random.position;
    const outcome = random.nextInt(3);
    const result = RESULT_OF_OUTCOME[outcome] as ThrowResult;
    const next: RpsState = {
      ...state,
      wins: result === "win" ? state.wins + 1 : state.wins,
      throws: [
        ...state.throws,
        { player: action.hand, house: houseHand(action.hand, outcome), result, word },
      ],
      randomPosition: random.position,
    };
    if (result === "loss") return close(next, "lost");
    if (result === "win") return afterWin(next);
    return openStep(next, viewOf(next));
  },

  abandon(state) {
    if (state.status !== "open") return { state, view: viewOf(state), ops: [], closed: true };
    return close(state, "abandoned");
  },

  reveal: (state) => state,
};
