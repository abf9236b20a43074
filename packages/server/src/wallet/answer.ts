import {
  type AmbiguousAnswer,
  type AnswerAmbiguousReason,
  type AnswerRead,
  type AnswerInput as ContractAnswerInput,
  readWalletAnswer,
  type WalletOk,
  type WalletRefused,
  type WalletRollbackTargetUnknown,
} from "@rgs/protocol/wallet-callbacks";
import type { CallbackKind } from "./callback-bodies.ts";

/**
 * Reads a wallet's answer to one callback into one of three outcomes, by the contract's rules
 * (`@rgs/protocol/wallet-callbacks`). Money decisions rest on it, so anything the RGS cannot read with
 * certainty is "ambiguous", never taken as success or as refusal: the caller then rolls a debit back, or
 * keeps resending a credit or rollback. A call that got no answer at all is ambiguous for a transport
 * reason.
 */

export type {
  AuthenticateOk,
  PlayerProfile,
  RefusalStatus,
  WalletOk,
  WalletRefused,
  WalletRollbackTargetUnknown,
} from "@rgs/protocol/wallet-callbacks";

export type AmbiguousReason =
  | AnswerAmbiguousReason
  | "timeout"
  | "connection_refused"
  | "connection_reset"
  | "dns_failure"
  | "private_address"
  | "tls_failure"
  | "body_too_large"
  | "network_error";

export type WalletAmbiguous = AmbiguousAnswer<AmbiguousReason>;

export type WalletAnswer = WalletOk | WalletRollbackTargetUnknown | WalletRefused | WalletAmbiguous;

export type AnswerFor<K extends CallbackKind> = Exclude<AnswerRead<K>, AmbiguousAnswer> | WalletAmbiguous;

export type AnswerInput<K extends CallbackKind> = ContractAnswerInput<K>;

export function validateAnswer<K extends CallbackKind>(input: AnswerInput<K>): AnswerFor<K> {
  return readWalletAnswer(input) as AnswerFor<K>;
}
