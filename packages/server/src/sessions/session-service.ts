import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Clock } from "../clock.ts";
import type { GameSession, SessionProfile, SessionRepository } from "../store/sessions-repository.ts";

/** 256 bits: a session token cannot be guessed; it is the only credential of the player's browser. */
const TOKEN_BYTES = 32;

export function newSessionToken(): string {
  return randomBytes(TOKEN_BYTES).toString("base64url");
}

/** Only this hash is stored, so a read of the database does not yield usable tokens. */
export function hashSessionToken(token: string): string {
  return createHash("sha256").update(token, "utf8").digest("hex");
}

export interface SessionRequest {
  operatorId: string;
  playerId: string;
  gameCode: string;
  currency: string;
  countryCode: string;
  mode: GameSession["mode"];
  betLimits: GameSession["betLimits"];
  details: unknown | null;
  demoBalance: bigint | null;
}

/** Identifies "the same launch": every field that shapes the session, not the opaque details. */
export function launchKeyOf(request: SessionRequest): string {
  const parts = [
    request.operatorId,
    request.playerId,
    request.gameCode,
    request.currency,
    request.countryCode,
    request.mode,
    request.betLimits.minBet.toString(),
    request.betLimits.maxBet.toString(),
    request.betLimits.maxWin.toString(),
  ];
  return createHash("sha256").update(JSON.stringify(parts), "utf8").digest("hex");
}

/** Why a token does not open a session. */
export type TokenRefusal = "invalid" | "expired";

export interface OpenedSession {
  session: GameSession;
  /** The new token (plaintext), to hand out once in the launch URL. */
  token: string;
  reused: boolean;
}

/**
 * Game sessions and their tokens. A session lives until SESSION_TTL_SECONDS pass without activity;
 * a repeated launch of the same player, game, currency, country, mode and limits while it lives gets
 * the same session with one more token (the earlier tab keeps working too). The browser's token can be
 * rotated (`refresh`); the session's id never changes, and is what wallet callbacks carry.
 */
export class SessionService {
  readonly #sessions: SessionRepository;
  readonly #clock: Clock;
  readonly #ttlMs: number;
  readonly #refreshGraceMs: number;

  constructor(deps: {
    sessions: SessionRepository;
    clock: Clock;
    ttlSeconds: number;
    /** How long a token replaced by `refresh` keeps working; default 30 s. */
    refreshGraceSeconds?: number;
  }) {
    this.#sessions = deps.sessions;
    this.#clock = deps.clock;
    this.#ttlMs = deps.ttlSeconds * 1000;
    this.#refreshGraceMs = (deps.refreshGraceSeconds ?? 30) * 1000;
  }

  /** The live session a repeated launch of `request` would reuse. */
  async findLive(request: SessionRequest): Promise<GameSession | undefined> {
    const now = new Date(this.#clock.now());
    return this.#sessions.findLiveByLaunchKey(request.operatorId, launchKeyOf(request), now);
  }

  /**
   * Opens the session of a launch, or adds a token to the live one of the same launch. `sessionId` is
   * the id a new session gets (chosen before the launch's authenticate callback, which carries it);
   * `profile` is what the wallet said about the player.
   */
  async open(
    request: SessionRequest,
    opts: { sessionId?: string; profile?: SessionProfile } = {},
  ): Promise<OpenedSession> {
    const now = new Date(this.#clock.now());
    const expiresAt = new Date(now.getTime() + this.#ttlMs);
    const launchKey = launchKeyOf(request);
    const token = newSessionToken();
    const tokenHash = hashSessionToken(token);

    const live = await this.#sessions.findLiveByLaunchKey(request.operatorId, launchKey, now);
    if (live !== undefined) {
      await this.#sessions.addToken(live.id, tokenHash, null);
      await this.#sessions.touch(live.id, expiresAt);
      const extended = live.expiresAt > expiresAt ? live.expiresAt : expiresAt;
      return { session: { ...live, lastSeenAt: now, expiresAt: extended }, token, reused: true };
    }

    const session: GameSession = {
      id: opts.sessionId ?? randomUUID(),
      ...request,
      launchKey,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
      ...(opts.profile ? { profile: opts.profile } : {}),
    };
    await this.#sessions.create(session, tokenHash);
    return { session, token, reused: false };
  }

  /** The live session a token belongs to, or undefined for an unknown, revoked or expired token. */
  async resolve(token: string): Promise<GameSession | undefined> {
    return this.#sessions.findByTokenHash(hashSessionToken(token), new Date(this.#clock.now()));
  }

  /**
   * Like `resolve`, but says why a token opens nothing: `expired` when it belongs to a session that
   * timed out, `invalid` when it is unknown or was replaced by a refresh more than the grace ago.
   */
  async authenticate(
    token: string,
  ): Promise<{ ok: true; session: GameSession } | { ok: false; reason: TokenRefusal }> {
    const now = new Date(this.#clock.now());
    const found = await this.#sessions.findToken(hashSessionToken(token));
    if (found === undefined) return { ok: false, reason: "invalid" };
    if (found.validUntil !== null && found.validUntil <= now) return { ok: false, reason: "invalid" };
    if (found.session.expiresAt <= now) return { ok: false, reason: "expired" };
    return { ok: true, session: found.session };
  }

  /** Records player activity: the session lives another SESSION_TTL_SECONDS from now. */
  async touch(sessionId: string): Promise<void> {
    await this.#sessions.touch(sessionId, new Date(this.#clock.now() + this.#ttlMs));
  }

  /**
   * Rotates the browser's token: a new token for the session, the presented one kept for the grace
   * period (requests already in flight, other tabs catching up), and the session extended.
   */
  async refresh(
    session: GameSession,
    presentedToken: string,
  ): Promise<{ token: string; expiresAt: Date; previousValidUntil: Date }> {
    const now = this.#clock.now();
    const token = newSessionToken();
    const previousValidUntil = new Date(now + this.#refreshGraceMs);
    await this.#sessions.addToken(session.id, hashSessionToken(token), null);
    await this.#sessions.limitToken(session.id, hashSessionToken(presentedToken), previousValidUntil);
    const expiresAt = new Date(now + this.#ttlMs);
    await this.#sessions.touch(session.id, expiresAt);
    return {
      token,
      expiresAt: session.expiresAt > expiresAt ? session.expiresAt : expiresAt,
      previousValidUntil,
    };
  }
}
