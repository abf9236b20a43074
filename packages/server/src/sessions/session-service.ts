import { createHash, randomBytes, randomUUID } from "node:crypto";
import { BoundedMap } from "../bounded-map.ts";
import type { Clock } from "../clock.ts";
import type { GameSession, SessionProfile, SessionRepository } from "../store/sessions-repository.ts";
import { successorBox } from "./token-successor.ts";

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
  /** The launch's `languageCode`: not part of the launch key, a repeated launch may change it. */
  language?: string;
  /** The jurisdiction profile that applies; absent: `default`. */
  jurisdiction?: GameSession["jurisdiction"];
  /** Minutes between reality checks; absent or null: none. */
  realityCheckMinutes?: number | null;
}

/**
 * Identifies "the same launch": every field that shapes the session (the jurisdiction profile and reality-check
 * interval too), not the opaque details or language.
 */
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
  // Another profile or interval is another session; the default profile without reality checks adds nothing, so
  // sessions launched before profiles existed keep their key and are still reused.
  const jurisdiction = request.jurisdiction ?? "default";
  const realityCheck = request.realityCheckMinutes ?? null;
  if (jurisdiction !== "default" || realityCheck !== null) parts.push(jurisdiction, String(realityCheck));
  return createHash("sha256").update(JSON.stringify(parts), "utf8").digest("hex");
}

type FoundToken = { session: GameSession; validUntil: Date | null };

/** Entries each in-memory map keeps at most; the oldest is forgotten first. */
const REMEMBERED_MAX = 50_000;

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
  readonly #cacheMs: number;
  readonly #touchEveryMs: number;
  /** Tokens read recently, by hash: a hint kept `cacheMs` at most, so every instance honours a change within it. */
  readonly #tokens = new BoundedMap<string, { found: FoundToken; readAt: number }>(REMEMBERED_MAX);
  /** When this instance last wrote each session's expiry, and the expiry it wrote. */
  readonly #touched = new BoundedMap<string, { at: number; expiresAt: Date }>(REMEMBERED_MAX);

  constructor(deps: {
    sessions: SessionRepository;
    clock: Clock;
    ttlSeconds: number;
    /** How long a token replaced by `refresh` keeps working; default 30 s. */
    refreshGraceSeconds?: number;
    /**
     * How long a token read from the store is reused without reading it again (default 0: read every
     * time). A token limited by a refresh on another instance, or a session that expired there, is
     * honoured here at most this much later.
     */
    cacheSeconds?: number;
  }) {
    this.#sessions = deps.sessions;
    this.#clock = deps.clock;
    this.#ttlMs = deps.ttlSeconds * 1000;
    this.#refreshGraceMs = (deps.refreshGraceSeconds ?? 30) * 1000;
    this.#cacheMs = (deps.cacheSeconds ?? 0) * 1000;
    // Activity extends a session; writing that on every request would cost a statement per bet, so the
    // expiry is written again once it has moved by a sixtieth of the lifetime (a minute at one hour).
    this.#touchEveryMs = this.#cacheMs > 0 ? Math.floor(this.#ttlMs / 60) : 0;
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
      const language = request.language ?? live.language;
      if (language !== undefined && language !== live.language)
        await this.#sessions.setLanguage(live.id, language);
      const extended = live.expiresAt > expiresAt ? live.expiresAt : expiresAt;
      return {
        session: {
          ...live,
          lastSeenAt: now,
          expiresAt: extended,
          ...(language !== undefined && { language }),
        },
        token,
        reused: true,
      };
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
    const found = await this.#findToken(hashSessionToken(token), now.getTime());
    if (found === undefined) return { ok: false, reason: "invalid" };
    if (found.validUntil !== null && found.validUntil <= now) return { ok: false, reason: "invalid" };
    const touched = this.#touched.get(found.session.id);
    const expiresAt =
      touched !== undefined && touched.expiresAt > found.session.expiresAt
        ? touched.expiresAt
        : found.session.expiresAt;
    if (expiresAt <= now) return { ok: false, reason: "expired" };
    return {
      ok: true,
      session: expiresAt === found.session.expiresAt ? found.session : { ...found.session, expiresAt },
    };
  }

  async #findToken(tokenHash: string, nowMs: number): Promise<FoundToken | undefined> {
    if (this.#cacheMs <= 0) return this.#sessions.findToken(tokenHash);
    const cached = this.#tokens.get(tokenHash);
    if (cached !== undefined && nowMs - cached.readAt < this.#cacheMs) return cached.found;
    const found = await this.#sessions.findToken(tokenHash);
    if (found === undefined) {
      this.#tokens.delete(tokenHash);
      return undefined;
    }
    this.#tokens.set(tokenHash, { found, readAt: nowMs });
    return found;
  }

  /** Records player activity: the session lives another SESSION_TTL_SECONDS from now. */
  async touch(sessionId: string): Promise<void> {
    const now = this.#clock.now();
    const last = this.#touched.get(sessionId);
    if (last !== undefined && now - last.at < this.#touchEveryMs) return;
    const expiresAt = new Date(now + this.#ttlMs);
    await this.#sessions.touch(sessionId, expiresAt);
    this.#touched.set(sessionId, { at: now, expiresAt });
  }

  /**
   * Rotates the browser's token: a new token for the session, the presented one kept for the grace
   * period (requests already in flight, other tabs catching up), and the session extended. Refreshing the
   * same token again, while it still works, answers the same new token and the same end of its grace:
   * two tabs or a lost answer never multiply a session's tokens. Undefined when the store no longer
   * holds the presented token.
   */
  async refresh(
    session: GameSession,
    presentedToken: string,
  ): Promise<{ token: string; expiresAt: Date; previousValidUntil: Date } | undefined> {
    const now = this.#clock.now();
    const box = successorBox(presentedToken);
    const offered = newSessionToken();
    const presentedHash = hashSessionToken(presentedToken);
    const replaced = await this.#sessions.replaceToken({
      sessionId: session.id,
      tokenHash: presentedHash,
      validUntil: new Date(now + this.#refreshGraceMs),
      successorHash: hashSessionToken(offered),
      successorSealed: box.seal(offered),
    });
    // The token was authenticated a moment ago (or within CACHE_SECONDS), but its row is gone.
    if (!replaced.found) return undefined;
    this.#tokens.delete(presentedHash);
    const expiresAt = new Date(now + this.#ttlMs);
    await this.#sessions.touch(session.id, expiresAt);
    return {
      token: box.open(replaced.successorSealed),
      expiresAt: session.expiresAt > expiresAt ? session.expiresAt : expiresAt,
      previousValidUntil: replaced.validUntil,
    };
  }
}
