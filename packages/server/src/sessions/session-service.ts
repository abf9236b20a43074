import { createHash, randomBytes, randomUUID } from "node:crypto";
import type { Clock } from "../clock.ts";
import type { GameSession, SessionRepository } from "../store/sessions-repository.ts";

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

export interface OpenedSession {
  session: GameSession;
  /** The new token (plaintext), to hand out once in the launch URL. */
  token: string;
  reused: boolean;
}

/**
 * Game sessions and their tokens. A session lives until SESSION_TTL_SECONDS pass without activity;
 * a repeated launch of the same player, game, currency, country, mode and limits while it lives gets
 * the same session with one more token (the earlier tab keeps working too).
 */
export class SessionService {
  readonly #sessions: SessionRepository;
  readonly #clock: Clock;
  readonly #ttlMs: number;

  constructor(deps: { sessions: SessionRepository; clock: Clock; ttlSeconds: number }) {
    this.#sessions = deps.sessions;
    this.#clock = deps.clock;
    this.#ttlMs = deps.ttlSeconds * 1000;
  }

  async open(request: SessionRequest): Promise<OpenedSession> {
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
      id: randomUUID(),
      ...request,
      launchKey,
      createdAt: now,
      lastSeenAt: now,
      expiresAt,
    };
    await this.#sessions.create(session, tokenHash);
    return { session, token, reused: false };
  }

  /** The live session a token belongs to, or undefined for an unknown, revoked or expired token. */
  async resolve(token: string): Promise<GameSession | undefined> {
    return this.#sessions.findByTokenHash(hashSessionToken(token), new Date(this.#clock.now()));
  }

  /** Records player activity: the session lives another SESSION_TTL_SECONDS from now. */
  async touch(sessionId: string): Promise<void> {
    await this.#sessions.touch(sessionId, new Date(this.#clock.now() + this.#ttlMs));
  }
}
