/**
 * Verifies a finished round in the browser, independently of the server: the revealed server seed must
 * match the commitment shown before play, and replaying the round with the games package (the same
 * deterministic game, the seeds, the logged steps) must reproduce the stake, payout, view and final state
 * the server recorded. Loaded on demand: the game definitions are only downloaded when a player verifies.
 */
import { browserHmacSha256 } from "@rgs/games/fair/noble-hmac";
import { FairRandom, type HmacSha256 } from "@rgs/games/fair/random";
import { matchesCommitment } from "@rgs/games/fair/seeds";
import type { Step } from "@rgs/games/model";
import { gameForCode } from "@rgs/games/registry";
import { resolveCurrency } from "@rgs/protocol/currencies";
import { formatAmount, parseAmount } from "@rgs/protocol/money";
import type { RoundDetails } from "../api/types.ts";

export type CheckName = "commitment" | "stake" | "payout" | "view" | "outcome" | "closed";

export interface Check {
  name: CheckName;
  ok: boolean;
  /** What the replay computed, shown beside the server's record. */
  computed: string;
  recorded: string;
}

export type Verification =
  /** Cancelled before it was played (the wallet never confirmed the bet): there is no outcome to replay. */
  | { status: "cancelled" }
  | { status: "unrevealed" }
  | { status: "unsupported" }
  | { status: "failed"; reason: string }
  | { status: "verified"; match: boolean; checks: Check[] };

/**
 * The server stores a round's parsed parameters as JSON, amounts in minor units written as digit strings
 * (roulette and baccarat bets); the games take them as bigints.
 */
export function reviveMinorUnits(value: unknown): unknown {
  if (typeof value === "string" && /^[0-9]+$/.test(value)) return BigInt(value);
  if (Array.isArray(value)) return value.map(reviveMinorUnits);
  if (typeof value === "object" && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, entry]) => [key, reviveMinorUnits(entry)]));
  }
  return value;
}

/** JSON with sorted keys and bigints as strings: equal texts mean equal values. */
export function canonicalJson(value: unknown): string {
  return (
    JSON.stringify(value, (_key, entry: unknown) => {
      if (typeof entry === "bigint") return entry.toString();
      if (typeof entry === "object" && entry !== null && !Array.isArray(entry)) {
        return Object.fromEntries(Object.entries(entry).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)));
      }
      return entry;
    }) ?? "undefined"
  );
}

function check(name: CheckName, computed: string, recorded: string): Check {
  return { name, ok: computed === recorded, computed, recorded };
}

interface ReplayStep {
  type?: "act" | "tick" | "abandon";
  action?: string;
  params?: unknown;
  at?: string;
  /** The wallet refused the action's debit: the game put the round back as it was. */
  debitRefused?: boolean;
}

export function verifyRound(
  details: RoundDetails,
  options: { hmac?: HmacSha256; maxWin?: bigint } = {},
): Verification {
  if (details.status === "cancelled") return { status: "cancelled" };
  const { serverSeed, serverSeedHash, clientSeed, nonce } = details.fairness;
  if (serverSeed === undefined) return { status: "unrevealed" };
  const resolved = gameForCode(details.gameCode);
  const currency = resolveCurrency(details.currency);
  if (!resolved || !currency) return { status: "unsupported" };
  const { game, rtp } = resolved;
  const decimals = currency.decimals;
  const stake = parseAmount(details.stake, decimals, { allowZero: true });
  const payout = parseAmount(details.payout, decimals, { allowZero: true });
  if (!stake.ok || !payout.ok) return { status: "failed", reason: "amounts" };

  const random = new FairRandom(options.hmac ?? browserHmacSha256, { serverSeed, clientSeed, nonce });
  const parseContext = { rtp, decimals };
  const steps: Step<unknown, unknown>[] = [];
  try {
    const reader = random.reader(0);
    let step = game.start(
      {
        stake: stake.minor,
        params: reviveMinorUnits(details.params),
        rtp,
        // The round's own limit is not part of its record; cash-out games that stopped at it say so in `note`.
        maxWin: options.maxWin ?? 10n ** 30n,
      },
      { random: reader, now: Date.parse(details.createdAt) },
    ) as Step<unknown, unknown>;
    steps.push(step);
    let position = reader.position;
    for (const entry of details.actions as ReplayStep[]) {
      const context = { random: random.reader(position), now: Date.parse(entry.at ?? details.createdAt) };
      if (entry.type === "tick") {
        if (!game.tick) return { status: "failed", reason: "tick" };
        step = game.tick(step.state, context) as Step<unknown, unknown>;
      } else if (entry.type === "abandon") {
        step = game.abandon(step.state, context) as Step<unknown, unknown>;
      } else {
        if (!game.act || !game.parseAction) return { status: "failed", reason: "act" };
        const parsed = game.parseAction(
          { action: entry.action, params: entry.params },
          step.state,
          parseContext,
        );
        if (!parsed.ok) return { status: "failed", reason: "act" };
        if (entry.debitRefused) {
          if (!game.onDebitRefused) return { status: "failed", reason: "act" };
          step = game.onDebitRefused(step.state, parsed.value, context) as Step<unknown, unknown>;
        } else {
          step = game.act(step.state, parsed.value, context) as Step<unknown, unknown>;
        }
      }
      steps.push(step);
      position = context.random.position;
    }
  } catch {
    return { status: "failed", reason: "replay" };
  }

  const ops = steps.flatMap((entry) => entry.ops);
  const debited = ops.reduce((total, op) => (op.kind === "debit" ? total + op.amount : total), 0n);
  const credited = ops.reduce((total, op) => (op.kind === "credit" ? total + op.amount : total), 0n);
  const last = steps[steps.length - 1] as Step<unknown, unknown>;
  const checks: Check[] = [
    check("commitment", matchesCommitment(serverSeed, serverSeedHash) ? serverSeedHash : "-", serverSeedHash),
    check("stake", formatAmount(debited, decimals), formatAmount(stake.minor, decimals)),
    check("payout", formatAmount(credited, decimals), formatAmount(payout.minor, decimals)),
    check("view", canonicalJson(last.view), canonicalJson(details.view)),
    check("closed", String(last.closed), String(details.status !== "open")),
  ];
  if (details.reveal !== undefined) {
    checks.push(check("outcome", canonicalJson(game.reveal(last.state)), canonicalJson(details.reveal)));
  }
  return { status: "verified", match: checks.every((entry) => entry.ok), checks };
}
