/** Why an onboarding request was refused; `message` says what to change. */
export type OperatorErrorCode =
  | "unknown_operator"
  | "unknown_pack"
  | "unknown_game"
  | "unknown_currency"
  | "pack_exists"
  | "default_pack_read_only"
  | "invalid_request"
  | "invalid_name"
  | "invalid_callback_url"
  | "invalid_lobby_url"
  | "invalid_countries"
  | "invalid_frame_ancestors"
  | "invalid_bet_limits"
  | "invalid_packs"
  | "invalid_pack_id"
  | "invalid_games"
  | "invalid_secret"
  | "invalid_grace_period"
  | "sandbox_not_allowed"
  | "unknown_transaction"
  | "callback_not_dead"
  | "callback_in_delivery"
  | "callback_url_required"
  | "certification_in_progress"
  | "unknown_certification"
  | "audit_chain_broken";

export class OperatorError extends Error {
  override name = "OperatorError";

  constructor(
    readonly code: OperatorErrorCode,
    message: string,
  ) {
    super(message);
  }
}

/** HTTP status of each code on the admin interface. */
export function operatorErrorStatus(code: OperatorErrorCode): number {
  switch (code) {
    case "unknown_operator":
    case "unknown_pack":
    case "unknown_transaction":
    case "unknown_certification":
      return 404;
    case "pack_exists":
    case "default_pack_read_only":
    case "callback_not_dead":
    case "callback_in_delivery":
    case "callback_url_required":
    case "certification_in_progress":
    case "audit_chain_broken":
      return 409;
    case "sandbox_not_allowed":
      return 403;
    default:
      return 400;
  }
}
