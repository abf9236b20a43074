import type { WalletStatus } from "@rgs/protocol/wallet-status";
import type { LedgerRepository } from "../store/ledger-repository.ts";

/** A callback answer without `requestId`, which the HTTP layer echoes from the request. */
export interface CallbackAnswer {
  status: WalletStatus;
  [field: string]: unknown;
}

export interface CallbackContext {
  ledger: LedgerRepository;
  /** Sent as `customUserError` with ERROR_NOT_ENOUGH_MONEY when configured. */
  notEnoughMoneyMessage: string | undefined;
}

export type CallbackHandler = (
  body: Record<string, unknown>,
  ctx: CallbackContext,
) => Promise<CallbackAnswer>;

export type CallbackName = "authenticate" | "debit" | "credit" | "balance" | "rollback";

export const CALLBACK_NAMES: readonly CallbackName[] = [
  "authenticate",
  "debit",
  "credit",
  "balance",
  "rollback",
];

/**
 * A definite refusal: thrown anywhere while handling a callback (inside a SQL transaction it also
 * rolls that transaction back, so nothing moves) and answered as HTTP 200 with `status`. `detail` is
 * for the wallet's log only.
 */
export class Refusal extends Error {
  readonly status: Exclude<WalletStatus, "OK">;
  readonly extra: Record<string, unknown>;

  constructor(status: Exclude<WalletStatus, "OK">, detail: string, extra: Record<string, unknown> = {}) {
    super(detail);
    this.name = "Refusal";
    this.status = status;
    this.extra = extra;
  }
}
