import { mul, toFixedDown, toFraction } from "../../math/rational.ts";
import type { Parsed } from "../../model.ts";
import { fitsMaxWin, rtpOfState } from "../cash-out.ts";
import {
  type LadderState,
  type LadderStatus,
  ladderActionInput,
  ladderGame,
  parseCashOut,
} from "../ladder-family.ts";
import { accept, isRecord, refuse, unknownKey } from "../params.ts";
import {
  DIFFICULTIES,
  type Difficulty,
  factorOf,
  isDifficulty,
  LEVELS,
  maxFactor,
  maxMultiplier,
  multiplierOf,
  ORES,
  type Ore,
  OUTCOMES,
  SHAFTS,
  TABLES,
  type Tile,
  tileOf,
} from "./paytable.ts";

export interface MiningParams {
  difficulty: Difficulty;
}

export type MiningAction = { type: "dig"; shaft: number } | { type: "cash_out" };

export type MiningStatus = LadderStatus;

export interface Dig {
  level: number;
  shaft: number;
  tile: Tile;
}

export interface MiningState extends LadderState<Difficulty> {
  /** Hidden until the round closes: floor(float x 64) of every shaft, level by level (word level x 4 + shaft). */
  outcomes: number[][];
  digs: Dig[];
}

export interface MiningView {
  status: MiningStatus;
  difficulty: Difficulty;
  levels: number;
  shafts: number;
  /** The level the next dig reaches (0-based); equals `levels` once the bottom is dug. */
  level: number;
  digs: Dig[];
  /** What a dig can find: chance out of 64 and factor (public, per difficulty). */
  table: { tile: Tile; chance: number; factor: string | null }[];
  /** Cash-out value of the cart (null before the first dig), rounded down to 4 decimals; exact fraction beside it. */
  multiplier: string | null;
  multiplierExact: string | null;
  actions: ("dig" | "cash_out")[];
  /** Every shaft's tile, shown once the round is closed. */
  mine: Tile[][] | null;
  stake: string;
  payout: string | null;
}

const cartOf = (state: MiningState): Ore[] =>
  state.digs.flatMap((d) => (d.tile === "collapse" ? [] : [d.tile]));

const cartValue = (state: MiningState) => multiplierOf(cartOf(state), state.difficulty, rtpOfState(state));

/** What each difficulty's dig can find, as the view shows it (constant, built once). */
const TABLE_VIEWS = Object.fromEntries(
  DIFFICULTIES.map((difficulty) => [
    difficulty,
    [
      { tile: "collapse", chance: TABLES[difficulty].collapse, factor: null },
      ...ORES.map((ore) => ({
        tile: ore,
        chance: TABLES[difficulty].ores[ore].weight,
        factor: toFixedDown(factorOf(ore, difficulty), 2),
      })),
    ],
  ]),
) as Record<Difficulty, MiningView["table"]>;

function viewOf(state: MiningState): MiningView {
  const open = state.status === "open";
  const value = state.digs.length > 0 && state.status !== "lost" ? cartValue(state) : null;
  return {
    status: state.status,
    difficulty: state.difficulty,
    levels: LEVELS,
    shafts: SHAFTS,
    level: state.digs.length,
    digs: state.digs,
    table: TABLE_VIEWS[state.difficulty],
    multiplier: value && toFixedDown(value, 4),
    multiplierExact: value && toFraction(value),
    actions: open ? (state.digs.length > 0 ? ["dig", "cash_out"] : ["dig"]) : [],
    mine: open ? null : state.outcomes.map((row) => row.map((o) => tileOf(o, state.difficulty))),
    stake: state.stake,
    payout: state.payout ?? null,
  };
}

/** Whether the best possible next dig (a diamond) would still pay within the maximum win. */
const nextDigFits = (state: MiningState) =>
  fitsMaxWin(BigInt(state.stake), mul(cartValue(state), maxFactor(state.difficulty)), BigInt(state.maxWin));

function parseDig(params: unknown): Parsed<MiningAction> {
  const shaft = isRecord(params) ? params.shaft : undefined;
  if (
    !isRecord(params) ||
    unknownKey(params, ["shaft"]) ||
    typeof shaft !== "number" ||
    !Number.isInteger(shaft) ||
    shaft < 0 ||
    shaft >= SHAFTS
  )
    return refuse("invalid_shaft", `dig takes {"shaft": 0 to ${SHAFTS - 1}}.`);
  return accept({ type: "dig", shaft });
}

export const degenMiningGame = ladderGame<
  Difficulty,
  MiningState,
  { type: "dig"; shaft: number },
  MiningView
>({
  slug: "degen_mining",
  choice: {
    name: "Degen Mining",
    example: '{"difficulty":"hard"}',
    difficulties: DIFFICULTIES,
    isDifficulty,
  },
  topMultiplier: maxMultiplier,
  deal: (random) => ({
    outcomes: Array.from({ length: LEVELS }, () =>
      Array.from({ length: SHAFTS }, () => random.nextInt(OUTCOMES)),
    ),
    digs: [],
  }),
  viewOf,
  worth: cartValue,
  nextFits: nextDigFits,
  parseAction(input, state) {
    const parsed = ladderActionInput(input, state, '{"action":"dig","params":{"shaft":2}}');
    if (!parsed.ok) return parsed;
    const { action, params } = parsed.value;
    if (action === "dig") return parseDig(params);
    if (action === "cash_out")
      return parseCashOut(params, state.digs.length, "Dig at least one level before cashing out.");
    return refuse("unknown_action", `Unknown action "${action}": use "dig" or "cash_out".`);
  },
  climb(state, { shaft }) {
    const level = state.digs.length;
    const tile = tileOf(state.outcomes[level]?.[shaft] as number, state.difficulty);
    const next: MiningState = { ...state, digs: [...state.digs, { level, shaft, tile }] };
    if (tile === "collapse") return { next, outcome: "lost" };
    return { next, outcome: next.digs.length === LEVELS ? "top" : "safe" };
  },
});
