import { payout } from "../../math/rational.ts";
import type { GameDefinition, Step } from "../../model.ts";
import { closingStep, openStep } from "../cash-out.ts";
import { accept, formatHundredths, isRecord, parseFixed, refuse, unknownKey } from "../params.ts";
import { DOUBLING_MS, MAX_MULTIPLIER, multiplierAt, timeToReach } from "./curve.ts";
import { crashTime, drawCrash, MAX_AUTO_CASH_OUT, MIN_AUTO_CASH_OUT, multiplierOf } from "./paytable.ts";

export interface FlightParams {
  /** Hundredths (200 is 2.00x); absent: the flight is flown until the player cashes out or it crashes. */
  autoCashOut?: number;
}

export type FlightAction = { type: "cash_out" };

export type FlightStatus =
  | "flying"
  | "cashed_out"
  | "auto_cashed_out"
  | "max_win_reached"
  | "top_reached"
  | "crashed"
  | "bet_exceeds_max_win";

/** What sets the automatic cash-out: the player's target, the session's maximum win, or the top of the flight. */
export type TargetReason = "auto_cash_out" | "max_win" | "top";

/** JSON-safe: amounts and the RTP are decimal strings, times epoch milliseconds, multipliers hundredths. */
export interface FlightState {
  stake: string;
  maxWin: string;
  /** The declared RTP as "num/den". */
  rtp: string;
  autoCashOut: number | null;
  /** Where the flight cashes out by itself if it gets there: the lowest of the three limits. */
  target: number;
  targetReason: TargetReason;
  takeOffAt: number;
  /** Hidden until the round closes: the crash point in hundredths (below 100: at take-off). */
  crash: number;
  /** Words of the round's stream the crash point read. */
  crashWords: number;
  status: FlightStatus;
  /** Multiplier paid (hundredths) and when the round was settled (epoch ms of the event that settled it). */
  cashedOutAt?: number;
  settledAt?: number;
  payout?: string;
}

export interface FlightView {
  status: FlightStatus;
  takeOffAt: number;
  /** The server's clock when this view was made, to align the client's animation. */
  serverTime: number;
  /** The multiplier at `serverTime`. */
  multiplier: string;
  /** multiplier(e ms after take-off) = 100 x 2^j + floor(2^j x (e mod d) / 100) hundredths, j = floor(e / d). */
  curve: { doublingMs: number; startMultiplier: string; maxMultiplier: string };
  autoCashOut: string | null;
  cashOutTarget: string;
  cashOutTargetReason: TargetReason;
  actions: "cash_out"[];
  stake: string;
  /** Shown once the round is closed. */
  crashPoint: string | null;
  crashedAtTakeOff: boolean | null;
  cashedOutAt: string | null;
  payout: string | null;
}

function viewOf(state: FlightState, now: number): FlightView {
  const open = state.status === "flying";
  return {
    status: state.status,
    takeOffAt: state.takeOffAt,
    serverTime: now,
    multiplier: formatHundredths(
      open ? multiplierAt(now - state.takeOffAt) : (state.cashedOutAt ?? Math.max(100, state.crash)),
    ),
    curve: {
      doublingMs: DOUBLING_MS,
      startMultiplier: "1.00",
      maxMultiplier: formatHundredths(MAX_MULTIPLIER),
    },
    autoCashOut: state.autoCashOut === null ? null : formatHundredths(state.autoCashOut),
    cashOutTarget: formatHundredths(state.target),
    cashOutTargetReason: state.targetReason,
    actions: open ? ["cash_out"] : [],
    stake: state.stake,
    crashPoint: open ? null : formatHundredths(Math.max(100, state.crash)),
    crashedAtTakeOff: open ? null : state.crash < 100,
    cashedOutAt: state.cashedOutAt === undefined ? null : formatHundredths(state.cashedOutAt),
    payout: state.payout ?? null,
  };
}

/** Epoch ms of the flight's first event: its automatic cash-out or its crash, whichever comes first. */
export const eventAt = (state: FlightState): number =>
  state.takeOffAt + Math.min(timeToReach(state.target), crashTime(state.crash));

const SETTLED_BY_TARGET = {
  auto_cash_out: { status: "auto_cashed_out", reason: "cash_out", note: "auto_cash_out" },
  max_win: { status: "max_win_reached", reason: "max_win_reached", note: "max_win_reached" },
  top: { status: "top_reached", reason: "completed", note: "max_multiplier_reached" },
} as const;

function paid(state: FlightState, hundredths: number, at: number, status: FlightStatus) {
  return { ...state, status, cashedOutAt: hundredths, settledAt: at };
}

/** Settles the flight at its first event, which the crash point and the target alone decide. */
function settleAtEvent(state: FlightState, now: number): Step<FlightState, FlightView> {
  const at = eventAt(state);
  const stake = BigInt(state.stake);
  if (state.crash >= state.target) {
    const { status, reason, note } = SETTLED_BY_TARGET[state.targetReason];
    const settled = paid(state, state.target, at, status);
    const step = closingStep(settled, viewOf(settled, now), stake, multiplierOf(state.target), reason);
    return withPayout({ ...step, note }, now);
  }
  const crashed: FlightState = { ...state, status: "crashed", settledAt: at };
  return withPayout(
    { ...closingStep(crashed, viewOf(crashed, now), stake, null, "crashed"), note: "crashed" },
    now,
  );
}

function withPayout(step: Step<FlightState, FlightView>, now: number): Step<FlightState, FlightView> {
  const state: FlightState = { ...step.state, payout: String(step.ops[0]?.amount ?? 0n) };
  return { ...step, state, view: viewOf(state, now) };
}

const flying = (state: FlightState, now: number): Step<FlightState, FlightView> => ({
  ...openStep(state, viewOf(state, now)),
  deadline: eventAt(state),
});

const unchanged = (state: FlightState, now: number): Step<FlightState, FlightView> =>
  state.status === "flying" ? flying(state, now) : { state, view: viewOf(state, now), ops: [], closed: true };

/** The highest multiplier (hundredths) whose payout on `stake` fits the maximum win. */
function highestFitting(stake: bigint, maxWin: bigint): number {
  if (stake <= 0n) return MAX_MULTIPLIER;
  const fits = (100n * (maxWin + 1n) - 1n) / stake;
  return fits > BigInt(MAX_MULTIPLIER) ? MAX_MULTIPLIER : Number(fits);
}

export const flightDeckGame: GameDefinition<FlightParams, FlightState, FlightAction, FlightView> = {
  slug: "flight_deck",
  kind: "cash-out",

  parseParams(input) {
    if (input === undefined || input === null) return accept({});
    if (!isRecord(input))
      return refuse("invalid_params", 'Flight Deck params must be an object: {"autoCashOut":"2.00"} or {}.');
    const extra = unknownKey(input, ["autoCashOut"]);
    if (extra) return refuse("invalid_params", `Unknown Flight Deck parameter "${extra}".`);
    if (input.autoCashOut === undefined || input.autoCashOut === null) return accept({});
    const target = parseFixed(input.autoCashOut, 2, 7);
    if (target === undefined || target < MIN_AUTO_CASH_OUT || target > MAX_AUTO_CASH_OUT)
      return refuse(
        "invalid_auto_cash_out",
        `autoCashOut must be a multiplier with at most 2 decimals from ${formatHundredths(MIN_AUTO_CASH_OUT)} to ${formatHundredths(MAX_AUTO_CASH_OUT)}.`,
      );
    return accept({ autoCashOut: target });
  },

  stakeOf: (_params, amount) => amount,

  maxPayout: (params, stake) => payout(stake, multiplierOf(params.autoCashOut ?? MAX_MULTIPLIER)),

  start({ stake, params, rtp, maxWin }, { random, now }) {
    const { crash, words } = drawCrash(random, rtp);
    const requested = params.autoCashOut ?? MAX_MULTIPLIER;
    const fitting = highestFitting(stake, maxWin);
    const state: FlightState = {
      stake: stake.toString(),
      maxWin: maxWin.toString(),
      rtp: `${rtp.num}/${rtp.den}`,
      autoCashOut: params.autoCashOut ?? null,
      target: Math.min(requested, fitting),
      targetReason:
        fitting < requested ? "max_win" : params.autoCashOut === undefined ? "top" : "auto_cash_out",
      takeOffAt: now,
      crash,
      crashWords: words,
      status: "flying",
    };
    if (fitting < 100) {
      const refused: FlightState = { ...state, status: "bet_exceeds_max_win" };
      return {
        state: refused,
        view: viewOf(refused, now),
        ops: [],
        closed: true,
        note: "bet_exceeds_max_win",
      };
    }
    return { ...flying(state, now), ops: [{ kind: "debit", amount: stake, reason: "bet" }] };
  },

  parseAction(input, state) {
    if (state.status !== "flying") return refuse("round_closed", "This flight is over.");
    if (!isRecord(input) || typeof input.action !== "string")
      return refuse("invalid_action", 'An action looks like {"action":"cash_out"}.');
    const extra = unknownKey(input, ["action", "params"]);
    if (extra) return refuse("invalid_action", `Unknown action field "${extra}".`);
    if (input.action !== "cash_out")
      return refuse("unknown_action", `Unknown action "${input.action}": the only action is "cash_out".`);
    const { params } = input;
    if (params !== undefined && !(isRecord(params) && Object.keys(params).length === 0))
      return refuse(
        "invalid_params",
        "cash_out takes no parameters: the server's clock sets the multiplier.",
      );
    return accept({ type: "cash_out" });
  },

  /** A cash-out at the server's `now`: too late if the flight's first event (crash or auto cash-out) has passed. */
  act(state, _action, { now }) {
    if (state.status !== "flying") return unchanged(state, now);
    if (now >= eventAt(state)) return settleAtEvent(state, now);
    const reached = multiplierAt(now - state.takeOffAt);
    const cashed = paid(state, reached, now, "cashed_out");
    return withPayout(
      closingStep(cashed, viewOf(cashed, now), BigInt(state.stake), multiplierOf(reached), "cash_out"),
      now,
    );
  },

  tick(state, { now }) {
    if (state.status !== "flying" || now < eventAt(state)) return unchanged(state, now);
    return settleAtEvent(state, now);
  },

  /** The flight ends by itself: settled at its first event whatever the time, never by the player's absence. */
  abandon(state, { now }) {
    if (state.status !== "flying") return unchanged(state, now);
    return settleAtEvent(state, now);
  },

  reveal: (state) => ({
    ...state,
    crashPoint: formatHundredths(Math.max(100, state.crash)),
    crashedAtTakeOff: state.crash < 100,
    /** Epoch ms of the crash; null for a flight that reaches the top. */
    crashAt: state.crash >= MAX_MULTIPLIER ? null : state.takeOffAt + crashTime(state.crash),
  }),
};
