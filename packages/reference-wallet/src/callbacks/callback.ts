import { type CallbackRequests, WALLET_CALLBACKS, type WalletCallback } from "@rgs/protocol/wallet-callbacks";
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

export type CallbackName = WalletCallback;

export const CALLBACK_NAMES: readonly CallbackName[] = WALLET_CALLBACKS;

/**
 * Handles one callback whose request already follows the contract (`checkCallbackRequest`). `body` is
 * the whole parsed body, for what the wallet reads beyond the contract (a `currency` it checks).
 */
export type CallbackHandler<K extends CallbackName> = (
  request: CallbackRequests[K],
  ctx: CallbackContext,
  body: Record<string, unknown>,
) => Promise<CallbackAnswer>;

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
