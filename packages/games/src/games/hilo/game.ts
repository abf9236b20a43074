import { mul, payout, type Rational, rat, toFixedDown, toFraction } from "../../math/rational.ts";
import type { GameDefinition, Parsed, Step } from "../../model.ts";
import { type ActionInput, closingStep, fitsMaxWin, openStep } from "../cash-out.ts";
import { accept, isRecord, refuse, unknownKey } from "../params.ts";
import { alreadySettled } from "../single-round.ts";
import {
  CARDS,
  DIRECTIONS,
  type Direction,
  guessMeaning,
  MAX_GUESSES,
  MAX_SKIPS,
  multiplierFor,
  RANK_NAMES,
  rankOf,
  SUIT_NAMES,
  suitOf,
  topMultiplier,
  winChance,
  wins,
} from "./ladder.ts";

export type HiloParams = Record<string, never>;

export type HiloStatus =
  | "open"
  | "lost"
  | "cash_out"
  | "completed"
  | "max_win_reached"
  | "abandoned"
  /** Even the likelier guess on the first card would pay more than the session's maximum win: no bet was taken. */
  | "bet_exceeds_max_win";

/** One card of the round: how it came (the first card, a skip, or a guess on the card before) and the result. */
export interface HiloDraw {
  card: number;
  via: "start" | "skip" | Direction;
  /** For a guess: whether it won. */
  won?: boolean;
}

export interface HiloState {
  /** Minor units, decimal string. */
  stake: string;
  /** The declared RTP, "num/den". */
  rtp: string;
  maxWin: string;
  draws: HiloDraw[];
  status: HiloStatus;
  /** Where the next card's word is read; the engine positions the next step's reader here. */
  randomPosition: number;
}

export type HiloAction =
  | { action: "guess"; direction: Direction }
  | { action: "skip" }
  | { action: "cash_out" };

export interface HiloCardView {
  card: number;
  rank: string;
  suit: string;
}

export interface HiloOption {
  direction: Direction;
  /** "higher_or_same", or "higher" on an ace; "lower_or_same", or "lower" on a king. */
  wins: string;
  winChance: string;
  /** The multiplier if this guess wins. */
  multiplier: string;
  multiplierExact: string;
  /** False when winning would pay more than the session's maximum win: the guess is refused. */
  allowed: boolean;
}

export interface HiloView {
  status: HiloStatus;
  card: HiloCardView;
  history: (HiloCardView & { via: HiloDraw["via"]; won?: boolean })[];
  correctGuesses: number;
  guessesLeft: number;
  skipsLeft: number;
  /** What cashing out pays now (0 after a loss), rounded down to 4 decimals; `multiplierExact` is the fraction paid. */
  multiplier: string;
  multiplierExact: string;
  options: HiloOption[];
  actions: HiloAction["action"][];
  stake: string;
  payout: string | null;
}

type HiloStep = Step<HiloState, HiloView>;

const moneyOf = (state: HiloState) => {
  const [num = "0", den = "1"] = state.rtp.split("/");
  return { stake: BigInt(state.stake), rtp: rat(BigInt(num), BigInt(den)), maxWin: BigInt(state.maxWin) };
};

const currentCard = (state: HiloState): number => state.draws.at(-1)?.card ?? 0;

/** The chances of the guesses won so far, in order. */
function chancesWon(state: HiloState): Rational[] {
  const chances: Rational[] = [];
  state.draws.forEach((draw, i) => {
    const before = state.draws[i - 1];
    if (draw.won && before && draw.via !== "start" && draw.via !== "skip")
      chances.push(winChance(rankOf(before.card), draw.via));
  });
  return chances;
}

const skipsOf = (state: HiloState): number => state.draws.filter((d) => d.via === "skip").length;

const cardView = (card: number): HiloCardView => ({
  card,
  rank: RANK_NAMES[rankOf(card)] as string,
  suit: SUIT_NAMES[suitOf(card)] as string,
});

function optionsFor(state: HiloState): HiloOption[] {
  const { stake, rtp, maxWin } = moneyOf(state);
  const base = multiplierFor(rtp, chancesWon(state));
  const rank = rankOf(currentCard(state));
  return DIRECTIONS.map((direction) => {
    const p = winChance(rank, direction);
    const m = mul(base, rat(p.den, p.num));
    return {
      direction,
      wins: guessMeaning(rank, direction),
      winChance: toFraction(p),
      multiplier: toFixedDown(m, 4),
      multiplierExact: toFraction(m),
      allowed: fitsMaxWin(stake, m, maxWin),
    };
  });
}

function viewOf(state: HiloState): HiloView {
  const { stake, rtp } = moneyOf(state);
  const open = state.status === "open";
  const correct = chancesWon(state).length;
  const paid =
    state.status === "lost"
      ? rat(0)
      : state.status === "bet_exceeds_max_win"
        ? null
        : multiplierFor(rtp, chancesWon(state));
  const shown = paid ?? rat(0);
  const skipsLeft = MAX_SKIPS - skipsOf(state);
  const actions: HiloAction["action"][] = [];
  if (open) {
    actions.push("guess");
    if (skipsLeft > 0) actions.push("skip");
    if (correct > 0) actions.push("cash_out");
  }
  return {
    status: state.status,
    card: cardView(currentCard(state)),
    history: state.draws.map((d) => ({
      ...cardView(d.card),
      via: d.via,
      ...(d.won === undefined ? {} : { won: d.won }),
    })),
    correctGuesses: correct,
    guessesLeft: MAX_GUESSES - correct,
    skipsLeft,
    multiplier: toFixedDown(shown, 4),
    multiplierExact: toFraction(shown),
    options: open ? optionsFor(state) : [],
    actions,
    stake: state.stake,
    payout: open || paid === null ? null : payout(stake, paid).toString(),
  };
}

function close(state: HiloState, status: Exclude<HiloStatus, "open" | "bet_exceeds_max_win">): HiloStep {
  const closed: HiloState = { ...state, status };
  const { stake, rtp } = moneyOf(closed);
  const multiplier = status === "lost" ? null : multiplierFor(rtp, chancesWon(closed));
  return closingStep(closed, viewOf(closed), stake, multiplier, status === "lost" ? "loss" : status);
}

/** The round cannot go on when even the likelier guess on the card shown would pay more than the maximum win. */
const noGuessFits = (state: HiloState): boolean => optionsFor(state).every((o) => !o.allowed);

function parseHiloAction(input: unknown, state: HiloState): Parsed<HiloAction> {
  if (state.status !== "open") return refuse("round_closed", "This round is closed: start a new round.");
  if (!isRecord(input) || typeof input.action !== "string") {
    return refuse(
      "invalid_action",
      'An action is an object: {"action":"guess","params":{"direction":"higher"}}.',
    );
  }
  const { action, params } = input as unknown as ActionInput;
  const noParams = params === undefined || (isRecord(params) && Object.keys(params).length === 0);
  if (action === "guess") {
    if (
      !isRecord(params) ||
      unknownKey(params, ["direction"]) ||
      !DIRECTIONS.includes(params.direction as Direction)
    ) {
      return refuse("invalid_direction", 'guess takes {direction}: "higher" or "lower".');
    }
    const direction = params.direction as Direction;
    if (!optionsFor(state).find((o) => o.direction === direction)?.allowed) {
      return refuse(
        "max_win_exceeded",
        `Winning "${direction}" would pay more than the maximum win: guess the other way or cash out.`,
      );
    }
    return accept({ action, direction });
  }
  if (action === "skip") {
    if (!noParams) return refuse("invalid_action", "skip takes no params.");
    if (skipsOf(state) >= MAX_SKIPS)
      return refuse("no_skips_left", `Only ${MAX_SKIPS} skips are allowed per round.`);
    return accept({ action });
  }
  if (action === "cash_out") {
    if (!noParams) return refuse("invalid_action", "cash_out takes no params.");
    if (chancesWon(state).length === 0)
      return refuse("no_step_taken", "Win at least one guess before cashing out.");
    return accept({ action });
  }
  return refuse("unknown_action", `Unknown hilo action "${action}": use "guess", "skip" or "cash_out".`);
}

export const hiloGame: GameDefinition<HiloParams, HiloState, HiloAction, HiloView> = {
  slug: "hilo",
  kind: "cash-out",

  parseParams(input) {
    if (input !== undefined && input !== null && !(isRecord(input) && Object.keys(input).length === 0)) {
      return refuse("invalid_params", "HiLo takes no params: guess each card as an action.");
    }
    return accept({});
  },

  stakeOf: (_params, amount) => amount,

  maxPayout: (_params, stake, rtp) => payout(stake, topMultiplier(rtp)),

  start({ stake, rtp, maxWin }, { random }) {
    const card = random.nextInt(CARDS);
    const state: HiloState = {
      stake: stake.toString(),
      rtp: toFraction(rtp),
      maxWin: maxWin.toString(),
      draws: [{ card, via: "start" }],
      status: "open",
      randomPosition: random.position,
    };
    if (noGuessFits(state)) {
      const refused: HiloState = { ...state, status: "bet_exceeds_max_win" };
      return { state: refused, view: viewOf(refused), ops: [], closed: true, note: "bet_exceeds_max_win" };
    }
    return openStep(state, viewOf(state), [{ kind: "debit", amount: stake, reason: "bet" }]);
  },

  parseAction: (input, state) => parseHiloAction(input, state),

  act(state, action, { random }) {
    if (action.action === "cash_out") return close(state, "cash_out");
    const card = random.nextInt(CARDS);
    const draw: HiloDraw =
      action.action === "skip"
        ? { card, via: "skip" }
        : {
            card,
            via: action.direction,
            won: wins(rankOf(currentCard(state)), action.direction, rankOf(card)),
          };
    const next: HiloState = { ...state, draws: [...state.draws, draw], randomPosition: random.position };
    if (draw.won === false) return close(next, "lost");
    if (chancesWon(next).length === MAX_GUESSES) return close(next, "completed");
    if (noGuessFits(next)) return close(next, "max_win_reached");
    return openStep(next, viewOf(next));
  },

  abandon(state) {
    if (state.status !== "open") return alreadySettled(state, viewOf(state));
    return close(state, "abandoned");
  },

  reveal: (state) => ({ ...state, draws: state.draws.map((d) => ({ ...d })) }),
};
