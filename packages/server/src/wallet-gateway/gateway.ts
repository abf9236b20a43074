import type { RoundRow } from "../rounds/round-repository.ts";
import type { TransactionRow } from "../rounds/transaction-repository.ts";
import type { GameSession } from "../store/sessions-repository.ts";

/**
 * How the round engine moves money: the operator's wallet for real play, the session's virtual balance
 * for demo play. The engine writes every transaction row before asking the gateway to act on it.
 */
export type DebitResult =
  /** Balance after the debit, in minor units (read exactly, rounded down). */
  | { outcome: "ok"; balance: bigint; answer?: unknown }
  /** The wallet definitely did not apply the debit. */
  | { outcome: "refused"; status: string; customUserError?: string; answer?: unknown }
  /** Nobody knows whether the debit was applied, after the bounded quick retries: it must be rolled back. */
  | { outcome: "ambiguous"; reason: string };

export interface WalletGateway {
  mode: "demo" | "real";
  /** Sends a stored, pending debit row (retrying the same bytes while the outcome is ambiguous). */
  debit(round: RoundRow, tx: TransactionRow): Promise<DebitResult>;
  /** Demo: applies the round's pending credits and rollbacks at once. Real: nothing; the outbox delivers them. */
  settle(roundId: string): Promise<void>;
  balance(session: GameSession): Promise<{ balance: bigint } | { unavailable: string }>;
}
