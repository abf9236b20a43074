import type { ErrorCode } from "@rgs/protocol/errors";

/** The codes a campaign request is refused with; status and title are the catalogue's. */
export type CampaignErrorCode = Extract<
  ErrorCode,
  | "free_rounds_not_enabled"
  | "operator_not_certified"
  | "unknown_game"
  | "unknown_currency"
  | "game_not_enabled"
  | "campaign_game_not_eligible"
  | "campaign_bet_not_allowed"
  | "campaign_params_invalid"
  | "invalid_campaign_window"
  | "campaign_window_too_long"
  | "campaign_reference_conflict"
  | "campaign_not_found"
  | "campaign_closed"
  | "grant_reference_conflict"
>;

/** A campaign request refused before anything was written. */
export class CampaignError extends Error {
  override name = "CampaignError";

  constructor(
    readonly code: CampaignErrorCode,
    detail: string,
  ) {
    super(detail);
  }
}
