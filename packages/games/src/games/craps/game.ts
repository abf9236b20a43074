/**
 * Craps as one round that stays open while chips remain on the table (SPEC.md's craps flow):
 *   play  {bets}                 opening bets: one debit, then the first roll
 *   act   roll   {bets?}         bets added since the last roll: one debit, sent with the roll
 *   act   remove {bets}          bets taken down: one credit (closing the round if no chip remains)
 * A roll that pays anything is one credit of everything it pays, stakes of winning bets included; the roll
 * that leaves the table empty closes the round with its credit (0 when it pays nothing).
 */
import { parseAmount } from "@rgs/protocol/money";
import { add, cmp, mul, payout, type Rational, rat, ZERO } from "../../math/rational.ts";
import type { GameDefinition, Parsed, Step, WalletOp } from "../../model.ts";
import type { ActionInput } from "../cash-out.ts";
import { accept, isRecord, refuse, unknownKey } from "../params.ts";
import {
  BET_KINDS,
  type BetKind,
  type BetSpot,
  betKey,
  canTakeDown,
  flatOf,
  HARD_NUMBERS,
  isOdds,
  isPoint,
  maxOddsMultiple,
  NUMBERED,
  POINTS,
  resolve,
  rolledOnWhenAbandoned,
} from "./bets.ts";
import { type Dice, rollDice, rollDistribution, sumOf } from "./dice.ts";

export interface PlacedBet extends BetSpot {
  /** Minor units. */
  amount: bigint;
}

export interface CrapsParams {
  bets: PlacedBet[];
}

export type CrapsAction = { action: "roll"; bets: PlacedBet[] } | { action: "remove"; bets: BetSpot[] };

/** A bet on the table, its amount in minor units as a decimal string (the state is stored as JSON). */
export interface TableBet extends BetSpot {
  amount: string;
}

export type BetOutcome = "win" | "lose" | "move";

export interface CrapsRoll {
  dice: [number, number];
  /** The table's point before the roll (null: a come-out roll). */
  point: number | null;
  /** What the roll paid, minor units. */
  paid: string;
  /** The bets this roll settled or moved. */
  settled: { kind: BetKind; number: number | null; amount: string; outcome: BetOutcome; paid: string }[];
}

export type CrapsStatus = "open" | "closed";

export interface CrapsState {
  maxWin: string;
  point: number | null;
  bets: TableBet[];
  rolls: CrapsRoll[];
  staked: string;
  paid: string;
  status: CrapsStatus;
  /** Where the next roll's words are read. */
  randomPosition: number;
}

export interface LegalBet extends BetSpot {
  /** The most that may be added to this bet now (odds limits, the table maximum), minor units. */
  max: string;
}

export interface CrapsView {
  status: CrapsStatus;
  point: number | null;
  bets: (TableBet & { removable: boolean })[];
  /** The rolls so far, oldest first; the last is the one just rolled. */
  rolls: CrapsRoll[];
  /** The bets that may be added before the next roll. */
  legal: LegalBet[];
  onTable: string;
  staked: string;
  paid: string;
}

type CrapsStep = Step<CrapsState, CrapsView>;

const ORDER = new Map(BET_KINDS.map((kind, i) => [kind, i]));
const sortBets = <T extends BetSpot>(bets: T[]): T[] =>
  bets.sort(
    (a, b) => (ORDER.get(a.kind) ?? 0) - (ORDER.get(b.kind) ?? 0) || (a.number ?? 0) - (b.number ?? 0),
  );

/** Bets of which the table holds at most one, so they may be named without their number. */
const isLine = (kind: BetKind) =>
  kind === "pass" || kind === "dont_pass" || kind === "pass_odds" || kind === "dont_pass_odds";

const amountOf = (bet: TableBet) => BigInt(bet.amount);
const onTable = (bets: readonly TableBet[]) => bets.reduce((t, b) => t + amountOf(b), 0n);

/**
 * The most any one roll could pay with these bets, now or on any later roll while they stay up: each bet counts
 * with what it would pay in any state it can reach (a line or come bet not yet on a point as if on every point,
 * place bets and hardways as if working). A bet's states only narrow as the dice roll, so a table accepted under
 * the maximum win stays under it, and a roll that adds nothing is never refused.
 */
export function largestRollPayout(bets: readonly TableBet[]): bigint {
  let largest = 0n;
  for (const { dice } of rollDistribution(Array(6).fill(rat(1, 6)))) {
    let total: Rational = ZERO;
    for (const bet of bets) {
      let best: Rational = ZERO;
      for (const number of reachableNumbers(bet)) {
        const r = resolve({ kind: bet.kind, number }, dice, false);
        if (r.result === "win" && cmp(r.multiplier, best) > 0) best = r.multiplier;
      }
      total = add(total, mul(rat(amountOf(bet)), best));
    }
    const paid = payout(1n, total);
    if (paid > largest) largest = paid;
  }
  return largest;
}

const FLATS: readonly BetKind[] = ["pass", "dont_pass", "come", "dont_come"];
const reachableNumbers = (bet: BetSpot): (number | null)[] =>
  bet.number === null && FLATS.includes(bet.kind) ? [null, ...POINTS] : [bet.number];

/** The bets that may be added now; `max` is what the odds limits and the table maximum still allow. */
export function legalBets(state: Pick<CrapsState, "point" | "bets" | "maxWin">): LegalBet[] {
  const room = BigInt(state.maxWin) - onTable(state.bets);
  const legal: LegalBet[] = [];
  const push = (kind: BetKind, number: number | null, max = room) => {
    const capped = max < room ? max : room;
    if (capped > 0n) legal.push({ kind, number, max: capped.toString() });
  };
  if (state.point === null) {
    push("pass", null);
    push("dont_pass", null);
  } else {
    push("come", null);
    push("dont_come", null);
  }
  for (const flat of state.bets) {
    if (flat.number === null) continue;
    const odds = (
      {
        pass: "pass_odds",
        dont_pass: "dont_pass_odds",
        come: "come_odds",
        dont_come: "dont_come_odds",
      } as const
    )[flat.kind as "pass"];
    if (!odds) continue;
    const existing = state.bets.find((b) => b.kind === odds && b.number === flat.number);
    const max = maxOddsMultiple(odds, flat.number) * amountOf(flat) - (existing ? amountOf(existing) : 0n);
    push(odds, flat.number, max);
  }
  for (const number of POINTS) push("place", number);
  for (const number of HARD_NUMBERS) push("hard", number);
  for (const kind of ["field", "any_seven", "any_craps", "two", "three", "eleven", "twelve"] as const)
    push(kind, null);
  return sortBets(legal);
}

function viewOf(state: CrapsState): CrapsView {
  return {
    status: state.status,
    point: state.point,
    bets: state.bets.map((b) => ({ ...b, removable: state.status === "open" && canTakeDown(b) })),
    rolls: state.rolls,
    legal: state.status === "open" ? legalBets(state) : [],
    onTable: onTable(state.bets).toString(),
    staked: state.staked,
    paid: state.paid,
  };
}

const step = (state: CrapsState, ops: WalletOp[] = []): CrapsStep => ({
  state,
  view: viewOf(state),
  ops,
  closed: state.status === "closed",
});

/** Adds bets to the table, or says why one may not be made now. */
function placeBets(state: CrapsState, additions: readonly PlacedBet[]): Parsed<TableBet[]> {
  const bets = state.bets.map((b) => ({ ...b }));
  for (const [at, addition] of additions.entries()) {
    const where = `bets[${at}] (${addition.kind}${addition.number === null ? "" : ` ${addition.number}`})`;
    const legal = legalBets({ ...state, bets }).find(
      (l) =>
        l.kind === addition.kind &&
        (l.number === addition.number || (addition.number === null && isOdds(l.kind))),
    );
    if (!legal) return refuse("bet_not_allowed", `${where}: ${whyNot(addition)}`);
    if (addition.amount > BigInt(legal.max)) {
      return refuse(
        "bet_above_maximum",
        isOdds(addition.kind)
          ? `${where}: at most ${legal.max} (minor units) more may go on these odds.`
          : `${where}: the chips on the table may total at most the maximum win; at most ${legal.max} (minor units) more.`,
      );
    }
    const spot = { kind: addition.kind, number: legal.number };
    const existing = bets.find((b) => betKey(b) === betKey(spot));
    if (existing) existing.amount = (amountOf(existing) + addition.amount).toString();
    else bets.push({ ...spot, amount: addition.amount.toString() });
  }
  return accept(sortBets(bets));
}

function whyNot(bet: BetSpot): string {
  switch (bet.kind) {
    case "pass":
    case "dont_pass":
      return "line bets are made on a come-out roll only (no point on the table).";
    case "come":
    case "dont_come":
      return "come bets are made once a point is on; with no point, bet the pass line.";
    default: {
      const flat = flatOf(bet.kind);
      return flat
        ? `odds go behind a ${flat.replace("_", " ")} bet that has a point${bet.number === null ? "" : ` of ${bet.number}`}.`
        : "this bet is not on the table.";
    }
  }
}

/** Refuses additions whose worst roll would pay more than the session's maximum win. */
function exceedsMaxWin(state: CrapsState, bets: readonly TableBet[]): boolean {
  return largestRollPayout(bets) > BigInt(state.maxWin);
}

/** Rolls the dice and settles every bet; returns the next state and the roll's credit, if any. */
function roll(state: CrapsState, dice: Dice, position: number): { state: CrapsState; ops: WalletOp[] } {
  const comeOut = state.point === null;
  const sum = sumOf(dice);
  let total: Rational = ZERO;
  const kept: TableBet[] = [];
  const settled: CrapsRoll["settled"] = [];
  for (const bet of state.bets) {
    const r = resolve(bet, dice, comeOut);
    if (r.result === "stay") {
      kept.push(bet);
      continue;
    }
    const won = r.result === "win" ? mul(rat(amountOf(bet)), r.multiplier) : ZERO;
    total = add(total, won);
    settled.push({
      kind: bet.kind,
      number: bet.number,
      amount: bet.amount,
      outcome: r.result,
      paid: payout(1n, won).toString(),
    });
    if (r.result === "move") {
      const existing = kept.find((b) => b.kind === bet.kind && b.number === r.number);
      if (existing) existing.amount = (amountOf(existing) + amountOf(bet)).toString();
      else kept.push({ kind: bet.kind, number: r.number, amount: bet.amount });
    }
  }
  // One rounding per roll: the exact sum of everything the roll pays, rounded down once.
  const paid = payout(1n, total);
  const point = comeOut ? (isPoint(sum) ? sum : null) : sum === state.point || sum === 7 ? null : state.point;
  const empty = kept.length === 0;
  const next: CrapsState = {
    ...state,
    point,
    bets: sortBets(kept),
    rolls: [...state.rolls, { dice: [dice[0], dice[1]], point: state.point, paid: paid.toString(), settled }],
    paid: (BigInt(state.paid) + paid).toString(),
    status: empty ? "closed" : "open",
    randomPosition: position,
  };
  const ops: WalletOp[] =
    paid > 0n || empty
      ? [{ kind: "credit", amount: paid, closesRound: empty, reason: paid > 0n ? "roll_win" : "loss" }]
      : [];
  return { state: next, ops };
}

const example = '{"bets":[{"bet":"pass","amount":"5.00"},{"bet":"place","number":6,"amount":"6.00"}]}';

function parseBetList(input: unknown, decimals: number, what: string): Parsed<PlacedBet[]> {
  if (!Array.isArray(input)) return refuse("invalid_bets", `${what} must be an array of bets: ${example}.`);
  if (input.length > 64) return refuse("invalid_bets", `${what}: at most 64 bets at once.`);
  const bets: PlacedBet[] = [];
  for (const [at, raw] of input.entries()) {
    const where = `${what}[${at}]`;
    if (!isRecord(raw))
      return refuse("invalid_bet", `${where} must be an object such as {"bet":"field","amount":"1.00"}.`);
    const extra = unknownKey(raw, ["bet", "number", "amount"]);
    if (extra) return refuse("invalid_bet", `${where} has an unknown field "${extra}".`);
    const spot = parseSpot(raw, where);
    if (!spot.ok) return spot;
    const amount = parseAmount(raw.amount, decimals, { allowZero: false });
    if (!amount.ok) return refuse("invalid_amount", `${where}.amount: ${amount.detail}`);
    bets.push({ ...spot.value, amount: amount.minor });
  }
  return accept(bets);
}

function parseSpot(raw: Record<string, unknown>, where: string): Parsed<BetSpot> {
  const kind = raw.bet;
  if (typeof kind !== "string" || !(BET_KINDS as readonly string[]).includes(kind))
    return refuse("invalid_bet", `${where}.bet must be one of ${BET_KINDS.join(", ")}.`);
  const k = kind as BetKind;
  const number = raw.number;
  if (NUMBERED.includes(k)) {
    const allowed: readonly number[] = k === "hard" ? HARD_NUMBERS : POINTS;
    if (typeof number !== "number" || !allowed.includes(number))
      return refuse("invalid_bet", `${where}.number must be one of ${allowed.join(", ")} for a ${k} bet.`);
    return accept({ kind: k, number });
  }
  // Flat and line-odds bets are placed without a number; one with a point is named by it to take it down.
  if (["pass", "dont_pass", "come", "dont_come", "pass_odds", "dont_pass_odds"].includes(k)) {
    if (number !== undefined && (typeof number !== "number" || !isPoint(number)))
      return refuse("invalid_bet", `${where}.number, if given, must be the point (4, 5, 6, 8, 9 or 10).`);
    return accept({ kind: k, number: (number as number | undefined) ?? null });
  }
  if (number !== undefined) return refuse("invalid_bet", `${where}: a ${k} bet takes no number.`);
  return accept({ kind: k, number: null });
}

function parseCrapsAction(input: unknown, state: CrapsState, decimals: number): Parsed<CrapsAction> {
  if (state.status !== "open") return refuse("round_closed", "This round is closed: start a new round.");
  if (!isRecord(input) || typeof input.action !== "string")
    return refuse("invalid_action", 'An action is an object: {"action":"roll","params":{"bets":[...]}}.');
  const { action, params } = input as unknown as ActionInput;
  if (params !== undefined && !isRecord(params))
    return refuse("invalid_action", `${action} takes params as an object: {"bets":[...]}.`);
  const extra = params && unknownKey(params, ["bets"]);
  if (extra) return refuse("invalid_action", `Unknown ${action} parameter "${extra}".`);
  if (action === "roll") {
    const bets = params?.bets === undefined ? accept([]) : parseBetList(params.bets, decimals, "bets");
    if (!bets.ok) return bets;
    const table = placeBets(state, bets.value);
    if (!table.ok) return table;
    if (bets.value.length > 0 && exceedsMaxWin(state, table.value))
      return refuse(
        "max_win_exceeded",
        "With these bets one roll could pay more than the maximum win: bet less or take a bet down.",
      );
    return accept({ action, bets: bets.value });
  }
  if (action === "remove") {
    if (!Array.isArray(params?.bets) || params.bets.length === 0)
      return refuse("invalid_bets", 'remove takes {"bets":[{"bet":"place","number":6}]}.');
    const spots: BetSpot[] = [];
    for (const [at, raw] of params.bets.entries()) {
      const where = `bets[${at}]`;
      if (!isRecord(raw) || unknownKey(raw, ["bet", "number"]))
        return refuse("invalid_bet", `${where} names a bet on the table: {"bet":"place","number":6}.`);
      const spot = parseSpot(raw, where);
      if (!spot.ok) return spot;
      const onTheTable = state.bets.find(
        (b) =>
          b.kind === spot.value.kind &&
          (b.number === spot.value.number || (spot.value.number === null && isLine(b.kind))),
      );
      if (!onTheTable) return refuse("bet_not_on_table", `${where}: there is no such bet on the table.`);
      if (!canTakeDown(onTheTable))
        return refuse(
          "contract_bet",
          `${where}: a ${onTheTable.kind} bet with a point stays until it wins or loses.`,
        );
      spots.push({ kind: onTheTable.kind, number: onTheTable.number });
    }
    return accept({ action, bets: spots });
  }
  return refuse("unknown_action", `Unknown craps action "${action}": use "roll" or "remove".`);
}

/** Takes bets down (a don't bet takes its odds with it) and returns them in one credit. */
function removeBets(state: CrapsState, spots: readonly BetSpot[]): CrapsStep {
  const keys = new Set(spots.map(betKey));
  for (const spot of spots) {
    const odds = ({ dont_pass: "dont_pass_odds", dont_come: "dont_come_odds" } as const)[
      spot.kind as "dont_pass"
    ];
    if (odds) keys.add(betKey({ kind: odds, number: spot.number }));
  }
  const removed = state.bets.filter((b) => keys.has(betKey(b)));
  const kept = state.bets.filter((b) => !keys.has(betKey(b)));
  const refund = onTable(removed);
  const empty = kept.length === 0;
  const next: CrapsState = {
    ...state,
    bets: kept,
    paid: (BigInt(state.paid) + refund).toString(),
    status: empty ? "closed" : "open",
  };
  return step(next, [{ kind: "credit", amount: refund, closesRound: empty, reason: "bets_removed" }]);
}

export const crapsGame: GameDefinition<CrapsParams, CrapsState, CrapsAction, CrapsView> = {
  slug: "craps",
  kind: "table",

  parseParams(input, { decimals }) {
    if (!isRecord(input)) return refuse("invalid_params", `Craps params must be an object: ${example}.`);
    const extra = unknownKey(input, ["bets"]);
    if (extra) return refuse("invalid_params", `Unknown craps parameter "${extra}".`);
    const bets = parseBetList(input.bets, decimals, "bets");
    if (!bets.ok) return bets;
    if (bets.value.length === 0) return refuse("invalid_bets", `Place at least one bet: ${example}.`);
    const empty: CrapsState = { ...EMPTY, maxWin: (2n ** 255n).toString() };
    const table = placeBets(empty, bets.value);
    return table.ok ? accept({ bets: bets.value }) : table;
  },

  stakeOf: (params) => params.bets.reduce((t, b) => t + b.amount, 0n),

  maxPayout(params) {
    const table = placeBets({ ...EMPTY, maxWin: (2n ** 255n).toString() }, params.bets);
    return table.ok ? largestRollPayout(table.value) : 0n;
  },

  start({ params, maxWin }, { random }) {
    const stake = params.bets.reduce((t, b) => t + b.amount, 0n);
    const empty: CrapsState = { ...EMPTY, maxWin: maxWin.toString() };
    const table = placeBets(empty, params.bets);
    // A table over the maximum, or whose first roll could pay more than the maximum win: no bet is taken.
    if (!table.ok || exceedsMaxWin(empty, table.value))
      return {
        state: empty,
        view: viewOf({ ...empty, status: "closed" }),
        ops: [],
        closed: true,
        note: "bet_exceeds_max_win",
      };
    const placed: CrapsState = { ...empty, bets: table.value, staked: stake.toString() };
    const rolled = roll(placed, rollDice(random), random.position);
    return step(rolled.state, [{ kind: "debit", amount: stake, reason: "bet" }, ...rolled.ops]);
  },

  parseAction: (input, state, { decimals }) => parseCrapsAction(input, state, decimals),

  act(state, action, { random }) {
    if (action.action === "remove") return removeBets(state, action.bets);
    const table = placeBets(state, action.bets);
    if (!table.ok) throw new Error(table.detail);
    const added = action.bets.reduce((t, b) => t + b.amount, 0n);
    const placed: CrapsState = {
      ...state,
      bets: table.value,
      staked: (BigInt(state.staked) + added).toString(),
    };
    const rolled = roll(placed, rollDice(random), random.position);
    const debit: WalletOp[] = added > 0n ? [{ kind: "debit", amount: added, reason: "bets_added" }] : [];
    return step(rolled.state, [...debit, ...rolled.ops]);
  },

  /** The wallet refused the added bets: nothing was added and the dice were not rolled. */
  onDebitRefused: (stateBefore) => step(stateBefore),

  abandon(state, { random }) {
    if (state.status !== "open") return step(state);
    const rolledOn = state.bets.filter(rolledOnWhenAbandoned);
    const returned = onTable(state.bets.filter((b) => !rolledOnWhenAbandoned(b)));
    let current: CrapsState = {
      ...state,
      bets: rolledOn,
      paid: (BigInt(state.paid) + returned).toString(),
      status: rolledOn.length === 0 ? "closed" : "open",
    };
    const ops: WalletOp[] = [];
    if (returned > 0n || rolledOn.length === 0)
      ops.push({
        kind: "credit",
        amount: returned,
        closesRound: rolledOn.length === 0,
        reason: "bets_returned",
      });
    while (current.status === "open") {
      const rolled = roll(current, rollDice(random), random.position);
      current = rolled.state;
      ops.push(...rolled.ops);
    }
    return { ...step(current, ops), note: "abandoned" };
  },

  reveal: (state) => ({ rolls: state.rolls.map((r) => r.dice) }),
};

const EMPTY: CrapsState = {
  maxWin: "0",
  point: null,
  bets: [],
  rolls: [],
  staked: "0",
  paid: "0",
  status: "open",
  randomPosition: 0,
};
