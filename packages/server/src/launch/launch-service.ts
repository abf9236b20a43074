import { randomUUID } from "node:crypto";
import type { GameInfo } from "@rgs/protocol/catalog";
import { findGame } from "@rgs/protocol/catalog";
import { resolveCurrency } from "@rgs/protocol/currencies";
import type { ErrorCode } from "@rgs/protocol/errors";
import { jurisdictionInfo } from "@rgs/protocol/jurisdiction-schema";
import type { LaunchRequest, LaunchResponse } from "@rgs/protocol/operator-api";
import type { AuditRecorder } from "../audit/audit-log.ts";
import type { Config } from "../config.ts";
import type { SessionRequest, SessionService } from "../sessions/session-service.ts";
import type { Operator } from "../store/operators-repository.ts";
import type { GameSession, SessionProfile } from "../store/sessions-repository.ts";
import type { WalletClient } from "../wallet/wallet-client.ts";
import { applyRequestedLimits, currencyDefaultLimits, formatLimits, narrowLimits } from "./bet-limits.ts";
import { COUNTRY_CODES, countryOf, locationAllowed } from "./country-codes.ts";
import { demoBalanceFor } from "./demo-balance.ts";
import { checkDetails } from "./details.ts";
import { currencyFitsJurisdiction, decideJurisdiction } from "./jurisdiction-choice.ts";
import { LANGUAGE_CODES } from "./language-codes.ts";
import { buildLaunchUrl } from "./launch-url.ts";
import { authenticatePlayer } from "./player-authentication.ts";

export type LaunchOutcome =
  | { ok: true; response: LaunchResponse; reused: boolean }
  | { ok: false; code: ErrorCode; detail: string };

/** Whether the latest certification run against exactly this callback URL passed (CertificationRepository). */
export interface LaunchCertifications {
  isCertified(operatorId: string, callbackUrl: string): Promise<boolean>;
}

/** What a launch needs to know about operators (OperatorService provides it). */
export interface LaunchOperators {
  get(id: string): Promise<Operator | undefined>;
  games(operatorId: string): Promise<GameInfo[]>;
}

function refuse(code: ErrorCode, detail: string): LaunchOutcome {
  return { ok: false, code, detail };
}

function quote(text: string): string {
  return JSON.stringify(text.length > 64 ? `${text.slice(0, 64)}…` : text);
}

/**
 * POST /operator/launch after authentication and schema validation: every field is checked against
 * the catalog, the currency table and the operator's configuration before a session is opened. A
 * real-money launch then asks the operator's wallet (authenticate callback) whether the player may
 * play; the session is stored only when it says yes.
 */
export class LaunchService {
  readonly #config: Pick<Config, "environment" | "publicBaseUrl" | "launchDetailsMaxBytes" | "demoBalance">;
  readonly #operators: LaunchOperators;
  readonly #sessions: SessionService;
  readonly #wallets: (operatorId: string) => Promise<WalletClient>;
  readonly #audit: AuditRecorder;
  readonly #certifications: LaunchCertifications;
  readonly #freeRoundsOf: ((session: GameSession) => Promise<number>) | undefined;

  constructor(deps: {
    config: Pick<Config, "environment" | "publicBaseUrl" | "launchDetailsMaxBytes" | "demoBalance">;
    operators: LaunchOperators;
    sessions: SessionService;
    /** The wallet client of an operator with a callback base URL. */
    wallets: (operatorId: string) => Promise<WalletClient>;
    audit: AuditRecorder;
    /** Consulted in production only: real play there needs a certified callback URL. */
    certifications: LaunchCertifications;
    /** The free rounds a new session may play (docs/free-rounds.md); none when absent. */
    freeRoundsOf?: (session: GameSession) => Promise<number>;
  }) {
    this.#config = deps.config;
    this.#operators = deps.operators;
    this.#sessions = deps.sessions;
    this.#wallets = deps.wallets;
    this.#audit = deps.audit;
    this.#certifications = deps.certifications;
    this.#freeRoundsOf = deps.freeRoundsOf;
  }

  async launch(operatorId: string, request: LaunchRequest): Promise<LaunchOutcome> {
    const currency = resolveCurrency(request.currency);
    if (currency === undefined) {
      return refuse(
        "unknown_currency",
        `Currency ${quote(request.currency)} is not supported; GET /operator/currencies lists the codes (case-sensitive).`,
      );
    }
    const game = findGame(request.gameCode);
    if (game === undefined) {
      return refuse(
        "unknown_game",
        `Game code ${quote(request.gameCode)} does not exist; GET /operator/games lists the codes available to you.`,
      );
    }
    const operator = await this.#operators.get(operatorId);
    if (operator === undefined) throw new Error(`authenticated operator ${operatorId} has no record`);
    const enabled = (await this.#operators.games(operatorId)).some((entry) => entry.code === game.code);
    if (!enabled) {
      return refuse(
        "game_not_enabled",
        `Game ${quote(game.code)} is not in the packs assigned to your operator; GET /operator/games lists yours.`,
      );
    }

    const location = request.countryCode;
    if (!COUNTRY_CODES.has(countryOf(location))) {
      return refuse(
        "invalid_request",
        `Field "countryCode": ${quote(location)} does not start with an assigned ISO 3166-1 alpha-2 country code.`,
      );
    }
    if (!locationAllowed(operator.allowedCountries, location)) {
      return refuse(
        "country_not_allowed",
        `Players located in ${location} may not play with your operator; allowed: ${(operator.allowedCountries ?? []).join(", ") || "none"}.`,
      );
    }

    const language = request.languageCode;
    if (language !== undefined && !LANGUAGE_CODES.has(language)) {
      return refuse(
        "invalid_request",
        `Field "languageCode": ${quote(language)} is not an ISO 639-1 language code (two lower-case letters, such as "de").`,
      );
    }

    const jurisdiction = decideJurisdiction(operator, request);
    if (!jurisdiction.ok) return refuse(jurisdiction.code, jurisdiction.detail);
    const pairing = currencyFitsJurisdiction(currency, jurisdiction.applied);
    if (!pairing.ok) return refuse(pairing.code, pairing.detail);

    const override = operator.betLimits.find((entry) => entry.currency === currency.code);
    const allowed = narrowLimits(currencyDefaultLimits(currency), override);
    const limits = applyRequestedLimits(allowed, request.betLimits, currency);
    if (!limits.ok) return refuse(limits.code, limits.detail);

    const details = checkDetails(request.details, this.#config.launchDetailsMaxBytes);
    if (!details.ok) return refuse("invalid_request", details.detail);

    const demo = request.demo === true;
    const sessionRequest: SessionRequest = {
      operatorId,
      playerId: request.playerId,
      gameCode: game.code,
      currency: currency.code,
      countryCode: location,
      mode: demo ? "demo" : "real",
      betLimits: limits.limits,
      details: details.details,
      demoBalance: demo ? demoBalanceFor(currency, this.#config.demoBalance) : null,
      ...(language !== undefined && { language }),
      jurisdiction: jurisdiction.applied.profile,
      realityCheckMinutes: jurisdiction.applied.realityCheckMinutes,
    };
    let sessionId: string | undefined;
    let profile: SessionProfile | undefined;
    if (!demo) {
      if (!operator.callbackUrl) {
        return refuse(
          "callback_url_required",
          this.#config.environment === "production"
            ? "Real play needs your wallet callback base URL, and none is configured for your operator; send it to your RGS contact, or launch with demo true."
            : "Real play needs your wallet callback base URL, and none is configured for your operator; set it with `npm run rgs -- operator update <operator-id> --callback-url <url>`, or launch with demo true.",
        );
      }
      if (
        this.#config.environment === "production" &&
        !(await this.#certifications.isCertified(operatorId, operator.callbackUrl))
      ) {
        return refuse(
          "operator_not_certified",
          `Real play in production needs a passing integration-tester certification of your callback URL ${operator.callbackUrl}, and its latest run did not pass or there is none. Your RGS contact runs \`npm run rgs -- operator certify ${operatorId} --player <test-player-id>\` against your wallet; until it passes, launch with demo true.`,
        );
      }
      // The callback carries the session's stable id: the live session's on a repeated launch.
      sessionId = (await this.#sessions.findLive(sessionRequest))?.id ?? randomUUID();
      const authenticated = await authenticatePlayer(await this.#wallets(operatorId), this.#audit, {
        operatorId,
        playerId: request.playerId,
        currency: currency.code,
        gameCode: game.code,
        sessionId,
      });
      if (!authenticated.ok) return refuse(authenticated.code, authenticated.detail);
      profile = authenticated.profile;
    }

    const opened = await this.#sessions.open(sessionRequest, {
      ...(sessionId ? { sessionId } : {}),
      ...(profile ? { profile } : {}),
    });
    const { session, token } = opened;
    const freeRounds = demo || !this.#freeRoundsOf ? 0 : await this.#freeRoundsOf(session);
    return {
      ok: true,
      reused: opened.reused,
      response: {
        launchUrl: buildLaunchUrl({
          publicBaseUrl: this.#config.publicBaseUrl,
          slug: game.slug,
          gameCode: game.code,
          sessionToken: token,
        }),
        sessionId: session.id,
        expiresAt: session.expiresAt.toISOString(),
        currency: currency.code,
        demo,
        betLimits: formatLimits(session.betLimits, currency.decimals),
        jurisdiction: jurisdictionInfo(jurisdiction.applied, game.category),
        ...(freeRounds > 0 && { freeRounds }),
      },
    };
  }
}
