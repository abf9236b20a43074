/** Darts: one dart per bet; the zone it lands in pays that zone's multiplier for the chosen risk. */
import { percent } from "../../analysis/report.ts";
import { cmp, payout, type Rational, toFixedDown } from "../../math/rational.ts";
import type { GameDefinition, Parsed, Step } from "../../model.ts";
import { accept, isRecord, refuse, unknownKey } from "../params.ts";
import { parseRisk, type Risk } from "../risk.ts";
import { alreadySettled, settledStep } from "../single-round.ts";
import { GRID, paytableOf, ZONES, type Zone, zoneOf } from "./paytable.ts";

export interface DartsParams {
  risk: Risk;
}

export interface DartsView {
  risk: Risk;
  /** Each zone's multiplier as a decimal string. */
  paytable: Record<Zone, string>;
  /** The landing cell on the 1024 x 1024 grid; the board's centre is (511.5, 511.5). */
  x: number;
  y: number;
  zone: Zone;
  multiplier: string;
  payout: string;
}

export interface DartsState extends DartsView {
  stake: string;
}

function parseDartsParams(input: unknown): Parsed<DartsParams> {
  if (!isRecord(input)) return refuse("invalid_params", 'params must be an object: {"risk":"medium"}');
  const extra = unknownKey(input, ["risk"]);
  if (extra !== undefined) return refuse("invalid_params", `unknown parameter "${extra}"`);
  const parsedRisk = parseRisk(input.risk);
  if (!parsedRisk.ok) return parsedRisk;
  return accept({ risk: parsedRisk.value });
}

function tableFor(params: DartsParams, rtp: Rational): Record<Zone, Rational> {
  const table = paytableOf(rtp, params.risk);
  if (!table) throw new RangeError(`darts is not offered at ${percent(rtp, 2)}% RTP`);
  return table;
}

function viewOf(state: DartsState): DartsView {
  const { risk, paytable, x, y, zone, multiplier, payout } = state;
  return { risk, paytable, x, y, zone, multiplier, payout };
}

export const dartsGame: GameDefinition<DartsParams, DartsState, never, DartsView> = {
  slug: "darts",
  kind: "single",
  parseParams(input, ctx) {
    if (!paytableOf(ctx.rtp, "low"))
      return refuse("rtp_not_offered", `darts is not offered at ${percent(ctx.rtp, 2)}% RTP`);
    return parseDartsParams(input);
  },
  stakeOf: (_params, amount) => amount,
  maxPayout(params, stake, rtp) {
    const table = tableFor(params, rtp);
    return payout(
      stake,
      ZONES.map((zone) => table[zone]).reduce((a, b) => (cmp(a, b) >= 0 ? a : b)),
    );
  },
  start({ stake, params, rtp }, { random }) {
    const table = tableFor(params, rtp);
    const x = random.nextInt(GRID);
    const y = random.nextInt(GRID);
    const zone = zoneOf(x, y);
    const multiplier = table[zone];
    const win = payout(stake, multiplier);
    const state: DartsState = {
      risk: params.risk,
      paytable: Object.fromEntries(ZONES.map((z) => [z, toFixedDown(table[z], 2)])) as Record<Zone, string>,
      x,
      y,
      zone,
      multiplier: toFixedDown(multiplier, 4),
      payout: win.toString(),
      stake: stake.toString(),
    };
    return settledStep(state, viewOf(state), stake, win);
  },
  abandon: (state): Step<DartsState, DartsView> => alreadySettled(state, viewOf(state)),
  reveal: (state) => state,
};
