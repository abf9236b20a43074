import { randomUUID } from "node:crypto";
import type { Currency } from "@rgs/protocol/currencies";
import {
  compareDecimal,
  decimalToMinor,
  type ExactDecimal,
  formatAmount,
  formatDecimal,
  minorToDecimal,
  parseAmount,
  parseDecimalExact,
} from "@rgs/protocol/money";
import { callbackRequestText } from "@rgs/protocol/wallet-callbacks";
import type { Reply, SendRequest, SigningVariant, WalletClient } from "../client/wallet-client.ts";
import type { TesterConfig } from "../config.ts";
import type { Category, Exchange, Finding, PlayerMoney } from "../model.ts";

export const DICE = "dice-alpha";
export const BLACKJACK = "blackjack-leo";

/** What every check of one run shares. */
export interface RunEnv {
  config: TesterConfig;
  currency: Currency;
  client: WalletClient;
  /** Prefix of every id the run sends, so a wallet's ledger shows which run sent what. */
  runTag: string;
  /** Every exchange of the run, in order. */
  exchanges: Exchange[];
  /** The test player's balance before the first movement, read by the Happy Path balance check. */
  startBalance?: bigint;
  /** Filled by the last check, which settles the test player's balance. */
  money?: PlayerMoney;
}

export interface CheckDefinition {
  id: string;
  category: Category;
  title: string;
  /** What the wallet must do, worded for the report. */
  requirement: string;
  /** "SPEC ..." or "Tester rule". */
  source: string;
  /** Needs the optional second test player; skipped with a notice without one. */
  needsSecondPlayer?: boolean;
  run(t: CheckRun): Promise<void>;
}

/** Stops a check early: its findings say why. */
export class CheckStopped extends Error {
  constructor() {
    super("check stopped");
    this.name = "CheckStopped";
  }
}

export type Amount = bigint | string;

interface FindingOptions {
  expected?: string;
  rule?: string;
  replies?: readonly (Reply | undefined)[];
}

export function isOk(reply: Reply): boolean {
  return reply.http === 200 && reply.status === "OK";
}

/** HTTP 200 with an error status, or a 4xx: the wallet looked at the request and said no. */
export function isCleanRefusal(reply: Reply): boolean {
  if (reply.http === 200) return reply.status !== undefined && reply.status !== "OK";
  return reply.http !== undefined && reply.http >= 400 && reply.http < 500;
}

/** A 401 or 403, or ERROR_INVALID_SIGNATURE: the wallet did not accept the request's signature. */
export function isSignatureRefusal(reply: Reply): boolean {
  return reply.http === 401 || reply.http === 403 || reply.status === "ERROR_INVALID_SIGNATURE";
}

export function describeReply(reply: Reply): string {
  if (reply.http === undefined) return `no HTTP answer (${reply.error ?? "unknown error"})`;
  if (reply.status !== undefined) return `HTTP ${reply.http} with status ${reply.status}`;
  const body = reply.exchange.response?.body ?? "";
  const shown = body.length > 120 ? `${body.slice(0, 120)}…` : body;
  return `HTTP ${reply.http} with body ${JSON.stringify(shown)}`;
}

export class CheckRun {
  readonly env: RunEnv;
  readonly def: CheckDefinition;
  readonly findings: Finding[] = [];
  readonly exchanges: Exchange[] = [];
  skipReason: string | undefined;
  /** Set by halt(): the run ends after this check, for this reason. */
  haltsRun: string | undefined;
  #ids = 0;

  constructor(env: RunEnv, def: CheckDefinition) {
    this.env = env;
    this.def = def;
  }

  get player(): string {
    return this.env.config.playerId;
  }

  get secondPlayer(): string | undefined {
    return this.env.config.secondPlayerId;
  }

  get decimals(): number {
    return this.env.currency.decimals;
  }

  /** The stake of every ordinary bet: the currency's default minimum bet. */
  get stake(): bigint {
    const parsed = parseAmount(this.env.currency.defaultLimits.minBet, this.decimals);
    return parsed.ok ? parsed.minor : 1n;
  }

  money(minor: bigint): string {
    return formatAmount(minor, this.decimals);
  }

  /** A fresh id for this run and check, e.g. `rgst-k3j9x2-idempotency-debit-replay-tx3`. */
  id(kind: "tx" | "rd" | "player"): string {
    this.#ids += 1;
    return `${this.env.runTag}-${this.def.id.replace(/[^a-z0-9]+/g, "-")}-${kind}${this.#ids}`;
  }

  // ---- findings

  #add(level: Finding["level"], message: string, opts: FindingOptions): void {
    const finding: Finding = {
      level,
      message,
      exchanges: (opts.replies ?? []).flatMap((reply) => (reply === undefined ? [] : [reply.exchange.seq])),
    };
    if (opts.expected !== undefined) finding.expected = opts.expected;
    if (opts.rule !== undefined) finding.rule = opts.rule;
    this.findings.push(finding);
  }

  fail(message: string, opts: FindingOptions = {}): void {
    this.#add("fail", message, opts);
  }

  warn(message: string, opts: FindingOptions = {}): void {
    this.#add("warn", message, opts);
  }

  note(message: string, opts: FindingOptions = {}): void {
    this.#add("note", message, opts);
  }

  /** Records a failure and ends the check. */
  stop(message: string, opts: FindingOptions = {}): never {
    this.fail(message, opts);
    throw new CheckStopped();
  }

  /** Records a failure and ends the check and the whole run: nothing after it could tell anything more. */
  halt(reason: string, opts: FindingOptions = {}): never {
    this.haltsRun = reason;
    this.stop(reason, opts);
  }

  skip(reason: string): never {
    this.skipReason = reason;
    throw new CheckStopped();
  }

  get failed(): boolean {
    return this.findings.some((finding) => finding.level === "fail");
  }

  // ---- requests

  async send(request: SendRequest): Promise<Reply> {
    const reply = await this.env.client.send(request);
    this.exchanges.push(reply.exchange);
    return reply;
  }

  #amount(amount: Amount): string {
    return typeof amount === "string" ? amount : this.money(amount);
  }

  debit(
    p: {
      transactionId: string;
      roundId: string;
      amount: Amount;
      playerId?: string;
      gameCode?: string;
      requestId?: string;
      metadata?: string;
    },
    label: string,
    opts: { signing?: SigningVariant; concurrent?: boolean; rawBody?: string } = {},
  ): Promise<Reply> {
    const body = callbackRequestText("debit", {
      requestId: p.requestId ?? randomUUID(),
      playerId: p.playerId ?? this.player,
      transactionId: p.transactionId,
      roundId: p.roundId,
      gameCode: p.gameCode ?? DICE,
      amount: this.#amount(p.amount),
      metadata: p.metadata,
    });
    return this.send({ callback: "debit", body: opts.rawBody ?? body, label, ...this.#extra(opts) });
  }

  credit(
    p: {
      transactionId: string;
      roundId: string;
      amount: Amount;
      roundClosed: boolean;
      playerId?: string;
      gameId?: string;
      requestId?: string;
      metadata?: string;
    },
    label: string,
    opts: { signing?: SigningVariant; concurrent?: boolean } = {},
  ): Promise<Reply> {
    const body = callbackRequestText("credit", {
      requestId: p.requestId ?? randomUUID(),
      playerId: p.playerId ?? this.player,
      transactionId: p.transactionId,
      roundId: p.roundId,
      roundClosed: p.roundClosed,
      gameId: p.gameId ?? DICE,
      amount: this.#amount(p.amount),
      metadata: p.metadata,
    });
    return this.send({ callback: "credit", body, label, ...this.#extra(opts) });
  }

  rollback(
    p: {
      transactionId: string;
      reverseTransactionId: string;
      roundId: string;
      roundClosed: boolean;
      playerId?: string;
      gameId?: string;
      requestId?: string;
    },
    label: string,
    opts: { signing?: SigningVariant; concurrent?: boolean } = {},
  ): Promise<Reply> {
    const body = callbackRequestText("rollback", {
      requestId: p.requestId ?? randomUUID(),
      playerId: p.playerId ?? this.player,
      transactionId: p.transactionId,
      reverseTransactionId: p.reverseTransactionId,
      roundId: p.roundId,
      roundClosed: p.roundClosed,
      gameId: p.gameId ?? DICE,
    });
    return this.send({ callback: "rollback", body, label, ...this.#extra(opts) });
  }

  authenticate(
    p: { playerId?: string; currency?: string; gameCode?: string; requestId?: string },
    label: string,
    opts: { signing?: SigningVariant } = {},
  ): Promise<Reply> {
    const body = callbackRequestText("authenticate", {
      requestId: p.requestId ?? randomUUID(),
      playerId: p.playerId ?? this.player,
      currency: p.currency ?? this.env.config.currency,
      gameCode: p.gameCode ?? DICE,
    });
    return this.send({ callback: "authenticate", body, label, ...this.#extra(opts) });
  }

  balanceCall(
    p: { playerId?: string; requestId?: string },
    label: string,
    opts: { signing?: SigningVariant } = {},
  ): Promise<Reply> {
    const body = callbackRequestText("balance", {
      requestId: p.requestId ?? randomUUID(),
      playerId: p.playerId ?? this.player,
    });
    return this.send({ callback: "balance", body, label, ...this.#extra(opts) });
  }

  #extra(opts: { signing?: SigningVariant; concurrent?: boolean }): Partial<SendRequest> {
    const extra: Partial<SendRequest> = {};
    if (opts.signing !== undefined) extra.signing = opts.signing;
    if (opts.concurrent !== undefined) extra.concurrent = opts.concurrent;
    return extra;
  }

  // ---- balances

  /** The balance a reply carries, exactly; undefined when it is missing or not a decimal string. */
  exactBalance(reply: Reply): ExactDecimal | undefined {
    const parsed = parseDecimalExact(reply.balance);
    return parsed.ok ? { units: parsed.units, scale: parsed.scale } : undefined;
  }

  /** The balance a reply carries in minor units; undefined when unreadable or finer than the currency. */
  minorBalance(reply: Reply): bigint | undefined {
    const exact = this.exactBalance(reply);
    return exact === undefined ? undefined : decimalToMinor(exact, this.decimals, "exact");
  }

  /** Reads the balance through the balance callback; a wallet that cannot tell it ends the check. */
  async readBalance(label: string, playerId?: string): Promise<bigint> {
    const reply = await this.balanceCall(playerId === undefined ? {} : { playerId }, label);
    const minor = isOk(reply) ? this.minorBalance(reply) : undefined;
    if (minor === undefined) {
      this.stop(
        `The balance callback (${label}) was answered ${describeReply(reply)}${
          isOk(reply) ? ` with balance ${JSON.stringify(reply.balance)}` : ""
        }; the check cannot verify money without it.`,
        {
          expected: `HTTP 200, status OK and the balance as a decimal string with at most ${this.decimals} decimals`,
          rule: RULE_BALANCE,
          replies: [reply],
        },
      );
    }
    return minor;
  }

  /** Reads the balance through the balance callback and fails the check unless it is `expected`. */
  async expectBalance(expected: bigint, label: string, why: string, playerId?: string): Promise<bigint> {
    const reply = await this.balanceCall(playerId === undefined ? {} : { playerId }, `balance ${label}`);
    const minor = isOk(reply) ? this.minorBalance(reply) : undefined;
    if (minor === undefined) {
      this.stop(
        `The balance callback ${label} was answered ${describeReply(reply)}; the money cannot be verified.`,
        {
          expected: "HTTP 200, status OK and the balance as a decimal string",
          rule: RULE_BALANCE,
          replies: [reply],
        },
      );
    }
    if (minor !== expected) {
      this.fail(
        `The balance ${label} is ${this.money(minor)} but should be ${this.money(expected)} (${this.signed(minor - expected)}): ${why}.`,
        {
          expected: `balance ${this.money(expected)}`,
          rule: this.def.source,
          replies: [...this.#recentMovements(), reply],
        },
      );
    }
    return minor;
  }

  /** The last money callbacks of this check: the evidence next to a balance that came out wrong. */
  #recentMovements(): Reply[] {
    return this.exchanges
      .filter((exchange) => exchange.callback !== "balance" && exchange.callback !== "authenticate")
      .slice(-MOVEMENT_EVIDENCE)
      .map((exchange) => ({ exchange }));
  }

  /**
   * Checks the balance an OK answer carries against the tester's expectation; returns false (with a
   * failure) when it is missing, malformed or different.
   */
  expectAnswered(reply: Reply, expected: bigint, what: string): boolean {
    const exact = this.exactBalance(reply);
    if (exact === undefined) {
      this.fail(
        `${what} was answered OK without a decimal-string balance (got ${JSON.stringify(reply.balance)}).`,
        {
          expected: `"balance": "${this.money(expected)}"`,
          rule: RULES_DECIMAL,
          replies: [reply],
        },
      );
      return false;
    }
    if (compareDecimal(exact, minorToDecimal(expected, this.decimals)) !== 0) {
      this.fail(
        `${what} was answered with balance ${formatDecimal(exact)}, but the balance after it is ${this.money(expected)}.`,
        { expected: `"balance": "${this.money(expected)}"`, rule: RULE_BALANCE_AFTER, replies: [reply] },
      );
      return false;
    }
    return true;
  }

  /**
   * Requires HTTP 200 with status OK; otherwise records a failure under `rule` and returns false.
   */
  requireOk(reply: Reply, what: string, rule: string, expected = "HTTP 200 with status OK"): boolean {
    if (isOk(reply)) return true;
    this.fail(`${what} was answered ${describeReply(reply)}.`, { expected, rule, replies: [reply] });
    return false;
  }

  signed(minor: bigint): string {
    return minor >= 0n ? `+${this.money(minor)}` : `-${this.money(-minor)}`;
  }
}

const MOVEMENT_EVIDENCE = 3;
const RULE_BALANCE = 'SPEC "Wallet callback records": Balance response carries balance when status is OK';
const RULES_DECIMAL =
  'SPEC "Wallet callback records", general rules: balances are decimal strings, required when status is OK';
const RULE_BALANCE_AFTER =
  'SPEC "Wallet callback records": a debit, credit or rollback response carries the balance after it';
