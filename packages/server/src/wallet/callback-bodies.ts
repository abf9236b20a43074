import { resolveCurrency } from "@rgs/protocol/currencies";
import { formatAmount } from "@rgs/protocol/money";
import {
  type AuthenticateRequest,
  type BalanceRequest,
  type CreditRequest,
  callbackRequestText,
  type DebitRequest,
  type RollbackRequest,
  WALLET_CALLBACKS,
  type WalletCallback,
} from "@rgs/protocol/wallet-callbacks";

/**
 * The request bodies of the five wallet callbacks, written as the exact compact JSON text that is
 * signed, sent and stored for retries. The fields and their order are the contract's
 * (`@rgs/protocol/wallet-callbacks`: `requestId` first, optional fields last), so two builds of one
 * request are the same bytes.
 */

export const CALLBACK_KINDS = WALLET_CALLBACKS;

export type CallbackKind = WalletCallback;

export type {
  AuthenticateRequest,
  BalanceRequest,
  CallbackRequests,
  CreditRequest,
  DebitRequest,
  RollbackRequest,
} from "@rgs/protocol/wallet-callbacks";

export type JsonValue = string | number | boolean | null | readonly JsonValue[] | JsonObject;
export type JsonObject = { readonly [key: string]: JsonValue };

/**
 * The session's stable identifier, never the browser's rotating bearer token: a wallet may store it to
 * tie a bet to a launch, so it must not change within the session.
 */
type SessionToken = { sessionToken?: string };

export interface AuthenticateInput extends SessionToken {
  requestId: string;
  playerId: string;
  /** The session's currency code; an alias is sent as its canonical code (`RMB` goes out as `CNY`). */
  currency: string;
  gameCode: string;
}

export interface BalanceInput extends SessionToken {
  requestId: string;
  playerId: string;
}

/** An amount in minor units of the session currency, and that currency's number of decimals. */
interface Amount {
  amount: bigint;
  decimals: number;
}

export interface DebitInput extends SessionToken, Amount {
  requestId: string;
  playerId: string;
  transactionId: string;
  roundId: string;
  gameCode: string;
  metadata?: JsonObject;
}

/** Credits carry no session token, so payouts go through after the session has expired. */
export interface CreditInput extends Amount {
  requestId: string;
  playerId: string;
  transactionId: string;
  roundId: string;
  roundClosed: boolean;
  /** The game code, under the name the SPEC gives it on credits. */
  gameId: string;
  metadata?: JsonObject;
}

/** Rollbacks carry no session token, so reversals go through after the session has expired. */
export interface RollbackInput {
  requestId: string;
  playerId: string;
  /** This rollback's own idempotency key. */
  transactionId: string;
  /** The `transactionId` of the debit to reverse. */
  reverseTransactionId: string;
  roundId: string;
  roundClosed: boolean;
  gameId: string;
  metadata?: JsonObject;
}

/** Builders are fed by the RGS itself, so a bad input is a programming error and throws before anything is stored. */
function requireText(name: string, value: string): string {
  if (typeof value !== "string" || value.length === 0) {
    throw new TypeError(`${name} must be a non-empty string`);
  }
  return value;
}

function requireFlag(name: string, value: boolean): boolean {
  if (typeof value !== "boolean") throw new TypeError(`${name} must be a boolean`);
  return value;
}

function wireAmount(name: string, input: Amount, positive: boolean): string {
  if (typeof input.amount !== "bigint") throw new TypeError(`${name} must be a bigint of minor units`);
  if (input.amount < 0n || (positive && input.amount === 0n)) {
    throw new RangeError(
      `${name} must be ${positive ? "positive" : "zero or positive"}, got ${input.amount}`,
    );
  }
  return formatAmount(input.amount, input.decimals);
}

function wireCurrency(code: string): string {
  const currency = resolveCurrency(code);
  if (currency === undefined) throw new RangeError(`unknown currency ${JSON.stringify(code)}`);
  return currency.code;
}

/**
 * `metadata` travels as a string holding JSON (SPEC), so wallets that store it verbatim never have to
 * re-serialise it. Non-finite numbers would silently become `null`, so they are refused.
 */
function wireMetadata(metadata: JsonObject | undefined): string | undefined {
  if (metadata === undefined) return undefined;
  if (metadata === null || typeof metadata !== "object" || Array.isArray(metadata)) {
    throw new TypeError("metadata must be a JSON object");
  }
  return JSON.stringify(metadata, (_key, value: unknown) => {
    if (typeof value === "number" && !Number.isFinite(value)) {
      throw new RangeError("metadata must not contain NaN or Infinity");
    }
    return value;
  });
}

function withOptional<T extends object>(record: T, optional: Record<string, string | undefined>): T {
  const out = { ...record } as Record<string, unknown>;
  for (const [key, value] of Object.entries(optional)) {
    if (value !== undefined) out[key] = requireText(key, value);
  }
  return out as T;
}

function authenticateRequest(input: AuthenticateInput): AuthenticateRequest {
  return withOptional(
    {
      requestId: requireText("requestId", input.requestId),
      playerId: requireText("playerId", input.playerId),
      currency: wireCurrency(input.currency),
      gameCode: requireText("gameCode", input.gameCode),
    },
    { sessionToken: input.sessionToken },
  );
}

function balanceRequest(input: BalanceInput): BalanceRequest {
  return withOptional(
    {
      requestId: requireText("requestId", input.requestId),
      playerId: requireText("playerId", input.playerId),
    },
    { sessionToken: input.sessionToken },
  );
}

function debitRequest(input: DebitInput): DebitRequest {
  return withOptional(
    {
      requestId: requireText("requestId", input.requestId),
      playerId: requireText("playerId", input.playerId),
      transactionId: requireText("transactionId", input.transactionId),
      roundId: requireText("roundId", input.roundId),
      gameCode: requireText("gameCode", input.gameCode),
      // A free round's debit is "0", and says so in its metadata (@rgs/protocol/free-rounds).
      amount: wireAmount("a debit amount", input, input.metadata?.freeRound === undefined),
    },
    { sessionToken: input.sessionToken, metadata: wireMetadata(input.metadata) },
  );
}

function creditRequest(input: CreditInput): CreditRequest {
  return withOptional(
    {
      requestId: requireText("requestId", input.requestId),
      playerId: requireText("playerId", input.playerId),
      transactionId: requireText("transactionId", input.transactionId),
      roundId: requireText("roundId", input.roundId),
      roundClosed: requireFlag("roundClosed", input.roundClosed),
      gameId: requireText("gameId", input.gameId),
      amount: wireAmount("a credit amount", input, false),
    },
    { metadata: wireMetadata(input.metadata) },
  );
}

function rollbackRequest(input: RollbackInput): RollbackRequest {
  return withOptional(
    {
      requestId: requireText("requestId", input.requestId),
      playerId: requireText("playerId", input.playerId),
      transactionId: requireText("transactionId", input.transactionId),
      reverseTransactionId: requireText("reverseTransactionId", input.reverseTransactionId),
      roundId: requireText("roundId", input.roundId),
      roundClosed: requireFlag("roundClosed", input.roundClosed),
      gameId: requireText("gameId", input.gameId),
    },
    { metadata: wireMetadata(input.metadata) },
  );
}

/** The exact body text of each callback: compact JSON, UTF-8 on the wire. */
export function authenticateBody(input: AuthenticateInput): string {
  return callbackRequestText("authenticate", { ...authenticateRequest(input) });
}

export function balanceBody(input: BalanceInput): string {
  return callbackRequestText("balance", { ...balanceRequest(input) });
}

export function debitBody(input: DebitInput): string {
  return callbackRequestText("debit", { ...debitRequest(input) });
}

export function creditBody(input: CreditInput): string {
  return callbackRequestText("credit", { ...creditRequest(input) });
}

export function rollbackBody(input: RollbackInput): string {
  return callbackRequestText("rollback", { ...rollbackRequest(input) });
}
