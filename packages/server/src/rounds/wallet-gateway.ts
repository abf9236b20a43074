import type { GameSession } from "../store/sessions-repository.ts";
import type { RoundRow } from "./round-repository.ts";
import type { TransactionRow } from "./transaction-repository.ts";

/**
 * What one send of a debit came to. Whether to send it again, and what a failure means for the round,
 * is the debit policy's (debit-policy.ts).
 */
export type DebitResult =
  /** Balance after the debit, in minor units (read exactly, rounded down). */
  | { outcome: "ok"; balance: bigint; answer?: unknown; raw?: string }
  /** The wallet definitely did not apply the debit. */
  | { outcome: "refused"; status: string; customUserError?: string; answer?: unknown; raw?: string }
  /** Nobody knows whether the debit was applied; what arrived, if anything did. */
  | { outcome: "ambiguous"; reason: string; httpStatus?: number; raw?: string };

/**
 * How the round engine reaches the operator's wallet for real play. Demo play needs none: its virtual
 * balance moves inside the ledger's own transaction.
 */
export interface WalletGateway {
  /** Sends a stored, pending debit row once (the same bytes every time, signed afresh). */
  sendDebit(round: RoundRow, tx: TransactionRow): Promise<DebitResult>;
  balance(session: GameSession): Promise<{ balance: bigint } | { unavailable: string }>;
}
