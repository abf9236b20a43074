import type { ErrorCode } from "@rgs/protocol/errors";

/**
 * Why an onboarding request was refused; `message` says what to change. Status and title are the error
 * catalogue's (as the admin interface answers them).
 */
export type OperatorErrorCode = Extract<
  ErrorCode,
  | "unknown_operator"
  | "unknown_pack"
  | "unknown_game"
  | "unknown_currency"
  | "pack_exists"
  | "default_pack_read_only"
  | "invalid_request"
  | "invalid_name"
  | "invalid_callback_url"
  | "callback_url_private_network"
  | "invalid_lobby_url"
  | "invalid_responsible_gambling_url"
  | "invalid_limits_url"
  | "invalid_countries"
  | "invalid_frame_ancestors"
  | "invalid_time_zone"
  | "unknown_jurisdiction"
  | "invalid_bet_limits"
  | "invalid_packs"
  | "invalid_pack_id"
  | "invalid_games"
  | "invalid_secret"
  | "invalid_grace_period"
  | "sandbox_not_allowed"
  | "unknown_transaction"
  | "callback_not_dead"
  | "callback_not_credit"
  | "callback_in_delivery"
  | "callback_url_required"
  | "certification_in_progress"
  | "tester_busy"
  | "tester_stopped"
  | "tester_timed_out"
  | "unknown_certification"
  | "audit_chain_broken"
>;

export class OperatorError extends Error {
  override name = "OperatorError";

  constructor(
    readonly code: OperatorErrorCode,
    message: string,
  ) {
    super(message);
  }
}
