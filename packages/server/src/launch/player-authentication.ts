import { resolveCurrency } from "@rgs/protocol/currencies";
import type { ErrorCode } from "@rgs/protocol/errors";
import type { WalletStatus } from "@rgs/protocol/wallet-status";
import type { AuditRecorder } from "../audit/audit-log.ts";
import type { SessionProfile } from "../store/sessions-repository.ts";
import type { RefusalStatus } from "../wallet/answer.ts";
import { newRequestId, type WalletClient } from "../wallet/wallet-client.ts";

export interface AuthenticationRequest {
  operatorId: string;
  playerId: string;
  /** Canonical currency code of the session (CNY for a launch in RMB). */
  currency: string;
  gameCode: string;
  /** The session's stable id, sent as `sessionToken`. */
  sessionId: string;
}

export type AuthenticationOutcome =
  | { ok: true; profile: SessionProfile }
  | { ok: false; code: ErrorCode; detail: string };

/** Refusals that say the integration is broken rather than anything about the player. */
const INTEGRATION_FAULTS: ReadonlySet<WalletStatus> = new Set([
  "ERROR_WRONG_SYNTAX",
  "ERROR_INVALID_GAME",
  "ERROR_DUPLICATE_TRANSACTION",
  "ERROR_TRANSACTION_DOES_NOT_EXIST",
]);

/**
 * A wallet refusing the RGS's signature is a configuration fault (typically a secret rotated on one side
 * only): retrying cannot help, so it is told apart from an unavailable wallet and points at the secret.
 */
function signatureRefused(how: string): AuthenticationOutcome {
  return {
    ok: false,
    code: "wallet_signature_refused",
    detail: `Your wallet refused the signature of the authenticate callback (${how}). The RGS signs callbacks with your operator's current callback secret: check that your wallet verifies X-HMAC-SHA256 with that secret over X-Timestamp + path + raw body, and after a rotation accepts the previous secret during the grace period (see /docs#signing). Retrying will not help until the secrets agree.`,
  };
}

function refusalOutcome(status: RefusalStatus, currency: string): AuthenticationOutcome {
  if (status === "ERROR_INVALID_SIGNATURE") return signatureRefused("status ERROR_INVALID_SIGNATURE");
  if (status === "ERROR_PLAYER_DISABLED") {
    return {
      ok: false,
      code: "player_disabled",
      detail: "Your wallet answered ERROR_PLAYER_DISABLED: the player is unknown, locked or disabled.",
    };
  }
  if (status === "ERROR_WRONG_CURRENCY") {
    return {
      ok: false,
      code: "currency_mismatch",
      detail: `Your wallet answered ERROR_WRONG_CURRENCY: the player's account is not in ${currency}.`,
    };
  }
  if (INTEGRATION_FAULTS.has(status)) {
    return {
      ok: false,
      code: "wallet_refused",
      detail: `Your wallet refused the authenticate callback with ${status}; check your callback implementation (see /docs#callbacks).`,
    };
  }
  return {
    ok: false,
    code: "player_refused",
    detail: `Your wallet refused the player with ${status}.`,
  };
}

/**
 * The authenticate callback of a real-money launch, read into a launch decision: the player may play
 * (with what the wallet told about them), or the launch fails with a specific code. A self-exclusion is
 * recorded in the audit trail. Nothing is stored about a refused launch except that audit event.
 */
export async function authenticatePlayer(
  wallet: WalletClient,
  audit: AuditRecorder,
  request: AuthenticationRequest,
): Promise<AuthenticationOutcome> {
  const { answer } = await wallet.authenticate({
    requestId: newRequestId(),
    playerId: request.playerId,
    currency: request.currency,
    gameCode: request.gameCode,
    sessionToken: request.sessionId,
  });
  if (answer.outcome === "ambiguous" && answer.reason === "signature_refused")
    return signatureRefused("HTTP 401");
  if (answer.outcome === "ambiguous") {
    return {
      ok: false,
      code: "wallet_unavailable",
      detail: `The authenticate callback to your wallet failed (${answer.reason}): ${answer.detail} Retry the launch; it is safe.`,
    };
  }
  if (answer.outcome === "refused") return refusalOutcome(answer.status, request.currency);

  const { profile } = answer;
  if (answer.exclusionUnreadable !== undefined) {
    await audit.record({
      operatorId: request.operatorId,
      kind: "wallet_answer_invalid",
      data: {
        operatorId: request.operatorId,
        playerId: request.playerId,
        gameCode: request.gameCode,
        field: "excluded",
        problem: answer.exclusionUnreadable,
      },
    });
    return {
      ok: false,
      code: "wallet_answer_invalid",
      detail: `Your wallet's authenticate answer cannot be trusted with the player's self-exclusion: ${answer.exclusionUnreadable} A responsible-gaming flag that cannot be read refuses the launch; the refusal is recorded.`,
    };
  }
  if (profile.accountCurrency !== undefined) {
    const account = resolveCurrency(profile.accountCurrency)?.code;
    if (account !== request.currency) {
      return {
        ok: false,
        code: "currency_mismatch",
        detail: `The player's account is in ${JSON.stringify(profile.accountCurrency)} (accountCurrency of your authenticate answer), not ${request.currency}; launch in the account's currency.`,
      };
    }
  }
  if (profile.excluded) {
    await audit.record({
      operatorId: request.operatorId,
      kind: "player_self_excluded",
      data: {
        operatorId: request.operatorId,
        playerId: request.playerId,
        gameCode: request.gameCode,
        excludedUntil: profile.excludedUntil ?? null,
      },
    });
    return {
      ok: false,
      code: "player_self_excluded",
      detail: `Your wallet reports the player as self-excluded${profile.excludedUntil ? ` until ${profile.excludedUntil}` : ""}; the launch is refused and recorded.`,
    };
  }
  const kept: SessionProfile = { launchBalance: answer.balanceMinor };
  if (profile.name !== undefined) kept.name = profile.name;
  if (profile.countryCode !== undefined) kept.countryCode = profile.countryCode;
  if (profile.languageCode !== undefined) kept.languageCode = profile.languageCode;
  return { ok: true, profile: kept };
}
