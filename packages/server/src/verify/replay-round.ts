import { nodeHmacSha256 } from "@rgs/games/fair/node-hmac";
import { FairRandom } from "@rgs/games/fair/random";
import { commitment } from "@rgs/games/fair/seeds";
import type { Parsed, Step, WalletOp } from "@rgs/games/model";
import { gameForCode } from "@rgs/games/registry";
import { resolveCurrency } from "@rgs/protocol/currencies";
import { formatAmount, parseAmount } from "@rgs/protocol/money";
import { gameError, gameRefusal } from "../game-error.ts";
import { toPlainJson } from "../rounds/json-codec.ts";

/** One step of a round after its start, as the round's action log records it. */
export interface ReplayAction {
  type?: "act" | "tick" | "abandon";
  action?: string;
  params?: unknown;
  /** ISO time; time-driven games read it. */
  at?: string;
  /** The wallet refused the step's stake: the game's `onDebitRefused` replaces the action. */
  debitRefused?: boolean;
}

interface ReplayCommon {
  gameCode: string;
  serverSeed: string;
  clientSeed: string;
  nonce: number;
  /** Decimal amount of the opening stake in `currency`. */
  amount: string;
  currency: string;
  /** Decimal maximum win in `currency`; none when absent. */
  maxWin?: string;
  startedAt?: string;
  actions: readonly ReplayAction[];
}

/**
 * A round's parameters come in one of two forms. `params`: as a player sends them to POST /game/play
 * (`"target": "50.50"`), checked by the game's `parseParams`. `storedParams`: as the engine stored them
 * for the round, which is what `parseParams` returned when the bet was placed (`target: 5050`, bigint
 * amounts revived by `decodeJson`); the game's code reads them as they are, so a recorded round replays
 * from exactly the value it was played with.
 */
export type ReplayInput = ReplayCommon &
  ({ params: unknown; storedParams?: never } | { storedParams: unknown; params?: never });

export interface ReplayedStep {
  view: unknown;
  operations: { kind: "debit" | "credit"; amount: string; closesRound?: boolean }[];
  note?: string;
}

export interface ReplayResult {
  gameCode: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
  currency: string;
  stake: string;
  payout: string;
  closed: boolean;
  steps: ReplayedStep[];
  reveal?: unknown;
  /** The last step's view in the form stored for the round, for comparing with a recorded round. */
  finalView: unknown;
}

/** Larger than any payout: a replay without a maximum win never stops a cash-out game early. */
const NO_MAX_WIN = 2n ** 63n - 1n;

function timeOf(value: string | undefined, fallback: number, what: string): number {
  if (value === undefined) return fallback;
  const ms = Date.parse(value);
  if (Number.isNaN(ms)) throw gameError("invalid_params", `${what} is not an ISO 8601 time.`);
  return ms;
}

/**
 * Recomputes a round from its seeds, parameters and steps with the game's own code, exactly as the
 * engine played it: the start draws from position 0 of the stream HMAC-SHA256(serverSeed,
 * `clientSeed:nonce:cursor`), each later step continues where the previous one stopped. Pure: anyone
 * holding a revealed server seed gets the same outcome.
 */
export function replayRound(input: ReplayInput): ReplayResult {
  const resolved = gameForCode(input.gameCode);
  if (!resolved) {
    throw gameError("unknown_game", `There is no game ${JSON.stringify(input.gameCode.slice(0, 64))}.`);
  }
  const currency = resolveCurrency(input.currency);
  if (!currency) {
    throw gameError("invalid_params", `Unknown currency ${JSON.stringify(input.currency.slice(0, 16))}.`);
  }
  const { game, rtp } = resolved;
  const amount = parseAmount(input.amount, currency.decimals);
  if (!amount.ok) throw gameError("invalid_amount", `amount: ${amount.detail}`);
  let maxWin = NO_MAX_WIN;
  if (input.maxWin !== undefined) {
    const parsedMax = parseAmount(input.maxWin, currency.decimals);
    if (!parsedMax.ok) throw gameError("invalid_amount", `maxWin: ${parsedMax.detail}`);
    maxWin = parsedMax.minor;
  }
  const parseContext = { rtp, decimals: currency.decimals };
  const params = paramsOf(input, (sent) => game.parseParams(sent, parseContext));
  const stakeOpened = game.stakeOf(params, amount.minor);

  const random = new FairRandom(nodeHmacSha256, {
    serverSeed: input.serverSeed,
    clientSeed: input.clientSeed,
    nonce: input.nonce,
  }).reader(0);
  const startedAt = timeOf(input.startedAt, 0, "startedAt");
  let step = game.start({ stake: stakeOpened, params, rtp, maxWin }, { random, now: startedAt }) as Step<
    unknown,
    unknown
  >;
  const steps: ReplayedStep[] = [describe(step, currency.decimals)];
  let stake = 0n;
  let payout = 0n;
  const account = (ops: WalletOp[]) => {
    for (const op of ops) {
      if (op.kind === "debit") stake += op.amount;
      else payout += op.amount;
    }
  };
  account(step.ops);

  input.actions.forEach((entry, index) => {
    const where = `actions[${index}]`;
    if (step.closed) throw gameError("invalid_action", `${where}: the round was already over.`);
    const ctx = { random, now: timeOf(entry.at, startedAt, `${where}.at`) };
    const type = entry.type ?? "act";
    if (type === "abandon") {
      step = game.abandon(step.state, ctx) as Step<unknown, unknown>;
    } else if (type === "tick") {
      if (!game.tick) throw gameError("invalid_action", `${where}: this game has no time-driven steps.`);
      step = game.tick(step.state, ctx) as Step<unknown, unknown>;
    } else {
      if (!game.act || !game.parseAction) {
        throw gameError("invalid_action", `${where}: this game takes no actions.`);
      }
      const action = game.parseAction(
        { action: entry.action, params: entry.params },
        step.state,
        parseContext,
      );
      if (!action.ok)
        throw gameRefusal("invalid_action", { ...action, detail: `${where}: ${action.detail}` });
      if (entry.debitRefused === true) {
        if (!game.onDebitRefused)
          throw gameError("invalid_action", `${where}: this game takes no extra stakes.`);
        step = game.onDebitRefused(step.state, action.value, ctx) as Step<unknown, unknown>;
      } else {
        step = game.act(step.state, action.value, ctx) as Step<unknown, unknown>;
      }
    }
    account(step.ops);
    steps.push(describe(step, currency.decimals));
  });

  return {
    gameCode: resolved.info.code,
    serverSeedHash: commitment(input.serverSeed),
    clientSeed: input.clientSeed,
    nonce: input.nonce,
    currency: currency.code,
    stake: formatAmount(stake, currency.decimals),
    payout: formatAmount(payout, currency.decimals),
    closed: step.closed,
    steps,
    ...(step.closed ? { reveal: toPlainJson(game.reveal(step.state)) } : {}),
    finalView: toPlainJson(step.view),
  };
}

function paramsOf(input: ReplayInput, parse: (sent: unknown) => Parsed<unknown>): unknown {
  if ("storedParams" in input && input.storedParams !== undefined) return input.storedParams;
  const parsed = parse(input.params ?? {});
  if (!parsed.ok) throw gameRefusal("invalid_params", parsed);
  return parsed.value;
}

function describe(step: Step<unknown, unknown>, decimals: number): ReplayedStep {
  return {
    view: toPlainJson(step.view),
    operations: step.ops.map((op) =>
      op.kind === "debit"
        ? { kind: "debit", amount: formatAmount(op.amount, decimals) }
        : { kind: "credit", amount: formatAmount(op.amount, decimals), closesRound: op.closesRound },
    ),
    ...(step.note !== undefined ? { note: step.note } : {}),
  };
}
