/** The `status` values a wallet answers in every callback response (SPEC "Wallet callback status codes"). */
export const WALLET_STATUSES = [
  "OK",
  "ERROR_NOT_ENOUGH_MONEY",
  "ERROR_PLAYER_DISABLED",
  "ERROR_INVALID_SESSION",
  "ERROR_SESSION_EXPIRED",
  "ERROR_INVALID_GAME",
  "ERROR_WRONG_CURRENCY",
  "ERROR_DUPLICATE_TRANSACTION",
  "ERROR_TRANSACTION_DOES_NOT_EXIST",
  "ERROR_INVALID_SIGNATURE",
  "ERROR_WRONG_SYNTAX",
  "ERROR_UNKNOWN",
] as const;

export type WalletStatus = (typeof WALLET_STATUSES)[number];

export function isWalletStatus(value: unknown): value is WalletStatus {
  return typeof value === "string" && (WALLET_STATUSES as readonly string[]).includes(value);
}
