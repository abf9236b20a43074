export {
  type AuthenticateOkAnswer,
  type AuthenticateRequest,
  answerCallback,
  type BalanceRequest,
  type CallbackAnswers,
  type CallbackContext,
  type CallbackHandlers,
  type CallbackReply,
  type CallbackVerification,
  type CallbackVerifierOptions,
  type CreditRequest,
  type DebitRequest,
  type OkAnswer,
  type RawCallbackRequest,
  type RefusalAnswer,
  type RollbackRequest,
  verifyCallbackRequest,
  type WalletCallback,
} from "./callbacks.ts";
export {
  type CurrenciesResponse,
  type GamesResponse,
  type IntegrityResponse,
  type LaunchRequest,
  type LaunchResponse,
  OperatorClient,
  type OperatorClientOptions,
  RgsApiError,
  RgsTransportError,
} from "./client.ts";
export {
  type IdempotencyStore,
  type IdempotencyTx,
  idempotentHandlers,
  MemoryIdempotencyStore,
  type MoneyContext,
  type MoneyHandlers,
  type MoneyKind,
  PostgresIdempotencyStore,
  type SqlClient,
  type SqlPool,
  type TransactionRecord,
} from "./idempotency.ts";
export { createCallbackHandler, MAX_CALLBACK_BODY_BYTES } from "./node-handler.ts";
export {
  type AttemptOutcome,
  DEFAULT_RETRY_SCHEDULE,
  MIN_RETRY_DELAY_MS,
  type RequestKind,
  type RetrySchedule,
  retryDelayMs,
} from "./retry-policy.ts";
export { signOperatorRequest, signRequest, verifyRequest } from "./signing.ts";
