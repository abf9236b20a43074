import { resolveCurrency } from "@rgs/protocol/currencies";
import type { RoundRow } from "../rounds/round-repository.ts";
import {
  findRollbackOf,
  findTransaction,
  recordAttempt,
  type TransactionRow,
} from "../rounds/transaction-repository.ts";
import type { Store } from "../store/database.ts";
import type { GameSession } from "../store/sessions-repository.ts";
import { newRequestId, type WalletClient } from "../wallet/wallet-client.ts";
import type { DebitResult, WalletGateway } from "./gateway.ts";

export const DEFAULT_DEBIT_RETRIES = 2;
export const DEFAULT_DEBIT_RETRY_DELAY_MS = 100;

export interface RemoteGatewayOptions {
  store: Store;
  /** The operator's wallet client (from the client pool, with the operator's current URL and secret). */
  wallets: (operatorId: string) => Promise<WalletClient>;
  /** Quick resends of an ambiguous debit before it is rolled back. Default 2. */
  debitRetries?: number;
  /** Pause before resend n (1-based) is `n x retryDelayMs`. Default 100 ms. */
  retryDelayMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

const realSleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Real play through the operator's wallet. A debit is sent inline (the player waits for it) from its stored
 * row: the same bytes every time, re-signed by the client on each send. Credits and rollbacks are left to
 * the outbox.
 */
export class RemoteWalletGateway implements WalletGateway {
  readonly mode = "real" as const;
  readonly #store: Store;
  readonly #wallets: RemoteGatewayOptions["wallets"];
  readonly #retries: number;
  readonly #delayMs: number;
  readonly #sleep: (ms: number) => Promise<void>;

  constructor(options: RemoteGatewayOptions) {
    this.#store = options.store;
    this.#wallets = options.wallets;
    this.#retries = options.debitRetries ?? DEFAULT_DEBIT_RETRIES;
    this.#delayMs = options.retryDelayMs ?? DEFAULT_DEBIT_RETRY_DELAY_MS;
    this.#sleep = options.sleep ?? realSleep;
  }

  async debit(round: RoundRow, tx: TransactionRow): Promise<DebitResult> {
    let client: WalletClient;
    try {
      client = await this.#wallets(round.operatorId);
    } catch (error) {
      // Nothing was sent, so the player's money certainly did not move.
      return { outcome: "refused", status: "WALLET_NOT_CONFIGURED", answer: { error: describe(error) } };
    }
    let reason = "not sent";
    for (let attempt = 0; attempt <= this.#retries; attempt++) {
      if (attempt > 0) {
        await this.#sleep(attempt * this.#delayMs);
        if (!(await this.#mayResend(tx.transactionId)))
          return { outcome: "ambiguous", reason: "rolled_back" };
      }
      const answer = await client.send("debit", tx.requestBody, tx.requestId, round.decimals);
      if (answer.outcome === "ambiguous") {
        reason = `${answer.reason}: ${answer.detail}`;
        await recordAttempt(this.#store.db, tx.transactionId, reason);
        continue;
      }
      await recordAttempt(this.#store.db, tx.transactionId, null);
      const body = parseAnswer(answer.raw);
      if (answer.outcome === "ok") return { outcome: "ok", balance: answer.balanceMinor, answer: body };
      return {
        outcome: "refused",
        status: answer.status,
        ...(answer.customUserError !== undefined && { customUserError: answer.customUserError }),
        answer: body,
      };
    }
    return { outcome: "ambiguous", reason };
  }

  async settle(): Promise<void> {}

  async balance(session: GameSession): Promise<{ balance: bigint } | { unavailable: string }> {
    const decimals = resolveCurrency(session.currency)?.decimals;
    if (decimals === undefined) return { unavailable: `unknown currency ${session.currency}` };
    let client: WalletClient;
    try {
      client = await this.#wallets(session.operatorId);
    } catch (error) {
      return { unavailable: describe(error) };
    }
    const { answer } = await client.balance({
      requestId: newRequestId(),
      playerId: session.playerId,
      sessionToken: session.id,
      decimals,
    });
    if (answer.outcome === "ok") return { balance: answer.balanceMinor };
    return { unavailable: answer.outcome === "refused" ? answer.status : answer.reason };
  }

  /** A debit is never sent again once its rollback exists, nor once its outcome is known. */
  async #mayResend(transactionId: string): Promise<boolean> {
    const row = await findTransaction(this.#store.db, transactionId);
    if (row?.status !== "pending") return false;
    return (await findRollbackOf(this.#store.db, transactionId)) === undefined;
  }
}

function parseAnswer(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
