import type { JurisdictionName } from "@rgs/protocol/jurisdictions";
import type { Kysely, Selectable } from "kysely";
import type { Clock } from "../clock.ts";
import { storedJurisdiction } from "./operators-repository.ts";
import type { Database, SessionsTable } from "./schema.ts";

/** What the wallet's authenticate answer said about the player; fields it left out are absent. */
export interface SessionProfile {
  name?: string;
  /** ISO 3166-1 alpha-2. */
  countryCode?: string;
  /** ISO 639-1: the language the game client shows. */
  languageCode?: string;
  /** Minor units of the session currency, at launch. */
  launchBalance?: bigint;
}

export interface GameSession {
  id: string;
  operatorId: string;
  playerId: string;
  gameCode: string;
  /** Canonical code (CNY for RMB). */
  currency: string;
  countryCode: string;
  mode: "demo" | "real";
  betLimits: { minBet: bigint; maxBet: bigint; maxWin: bigint };
  /** Hash of (operator, player, game, currency, country, mode, limits): repeated launches reuse a live session. */
  launchKey: string;
  details: unknown | null;
  demoBalance: bigint | null;
  createdAt: Date;
  lastSeenAt: Date;
  expiresAt: Date;
  /** Real-money sessions: the player as the wallet described them at launch. */
  profile?: SessionProfile;
  /** The language the launch request named (ISO 639-1): before the wallet's, after the launch URL's `lang`. */
  language?: string;
  /** The jurisdiction profile that applies (docs/jurisdictions.md); absent: `default`. */
  jurisdiction?: JurisdictionName;
  /** Minutes between reality checks; absent or null: none. */
  realityCheckMinutes?: number | null;
  /** When the player last acknowledged a reality check; absent or null: never in this session. */
  realityCheckAckedAt?: Date | null;
}

export interface SessionRepository {
  create(session: GameSession, tokenHash: string): Promise<void>;
  findLiveByLaunchKey(operatorId: string, launchKey: string, now: Date): Promise<GameSession | undefined>;
  addToken(sessionId: string, tokenHash: string, validUntil: Date | null): Promise<void>;
  /** The live session of a token that is itself still valid at `now`. */
  findByTokenHash(tokenHash: string, now: Date): Promise<GameSession | undefined>;
  /** Records activity now and extends the session to `expiresAt` (never shortens it). */
  touch(sessionId: string, expiresAt: Date): Promise<void>;
  /** A repeated launch named another language: the session speaks it from now on. */
  setLanguage(sessionId: string, language: string): Promise<void>;
  /** A token's session and the token's own end, whatever their expiry (to tell expired from unknown). */
  findToken(tokenHash: string): Promise<{ session: GameSession; validUntil: Date | null } | undefined>;
  /**
   * Replaces a token of the session once: the first call records `successorSealed`, adds the new token
   * and ends the replaced one at `validUntil` (or earlier if it already ends sooner); every later call
   * changes nothing and answers the successor recorded first. Concurrent calls agree on one successor.
   */
  replaceToken(replacement: TokenReplacement): Promise<TokenReplaced>;
  /** Deletes up to `limit` replaced tokens whose grace ended before `before`; answers how many. */
  purgeReplacedTokens(before: Date, limit: number): Promise<number>;
}

export interface TokenReplacement {
  sessionId: string;
  tokenHash: string;
  validUntil: Date;
  successorHash: string;
  successorSealed: string;
}

/** The successor recorded first (this call's or an earlier one's), and when the replaced token ends. */
export type TokenReplaced = { found: false } | { found: true; successorSealed: string; validUntil: Date };

export class SqlSessionRepository implements SessionRepository {
  readonly #db: Kysely<Database>;
  readonly #clock: Clock;

  constructor(db: Kysely<Database>, clock: Clock) {
    this.#db = db;
    this.#clock = clock;
  }

  async create(session: GameSession, tokenHash: string): Promise<void> {
    await this.#db.transaction().execute(async (trx) => {
      await trx
        .insertInto("sessions")
        .values({
          id: session.id,
          operator_id: session.operatorId,
          player_id: session.playerId,
          game_code: session.gameCode,
          currency: session.currency,
          country_code: session.countryCode,
          mode: session.mode,
          min_bet: session.betLimits.minBet,
          max_bet: session.betLimits.maxBet,
          max_win: session.betLimits.maxWin,
          launch_key: session.launchKey,
          details: session.details === null ? null : JSON.stringify(session.details),
          demo_balance: session.demoBalance,
          created_at: session.createdAt,
          last_seen_at: session.lastSeenAt,
          expires_at: session.expiresAt,
          player_name: session.profile?.name ?? null,
          player_country: session.profile?.countryCode ?? null,
          player_language: session.profile?.languageCode ?? null,
          launch_balance: session.profile?.launchBalance ?? null,
          language: session.language ?? null,
          jurisdiction: session.jurisdiction ?? "default",
          reality_check_minutes: session.realityCheckMinutes ?? null,
        })
        .execute();
      await trx
        .insertInto("session_tokens")
        .values({ token_hash: tokenHash, session_id: session.id, valid_until: null })
        .execute();
    });
  }

  async findLiveByLaunchKey(
    operatorId: string,
    launchKey: string,
    now: Date,
  ): Promise<GameSession | undefined> {
    const row = await this.#db
      .selectFrom("sessions")
      .selectAll()
      .where("operator_id", "=", operatorId)
      .where("launch_key", "=", launchKey)
      .where("expires_at", ">", now)
      .orderBy("created_at", "desc")
      .executeTakeFirst();
    return row && toSession(row);
  }

  async addToken(sessionId: string, tokenHash: string, validUntil: Date | null): Promise<void> {
    await this.#db
      .insertInto("session_tokens")
      .values({ token_hash: tokenHash, session_id: sessionId, valid_until: validUntil })
      .execute();
  }

  async findByTokenHash(tokenHash: string, now: Date): Promise<GameSession | undefined> {
    const row = await this.#db
      .selectFrom("session_tokens")
      .innerJoin("sessions", "sessions.id", "session_tokens.session_id")
      .selectAll("sessions")
      .where("session_tokens.token_hash", "=", tokenHash)
      .where((eb) =>
        eb.or([eb("session_tokens.valid_until", "is", null), eb("session_tokens.valid_until", ">", now)]),
      )
      .where("sessions.expires_at", ">", now)
      .executeTakeFirst();
    return row && toSession(row);
  }

  async touch(sessionId: string, expiresAt: Date): Promise<void> {
    await this.#db
      .updateTable("sessions")
      .set((eb) => ({
        // A late, slower request must not undo a newer touch.
        expires_at: eb.fn<Date>("greatest", [eb.ref("expires_at"), eb.val(expiresAt)]),
        last_seen_at: eb.fn<Date>("greatest", [eb.ref("last_seen_at"), eb.val(new Date(this.#clock.now()))]),
      }))
      .where("id", "=", sessionId)
      .execute();
  }

  async setLanguage(sessionId: string, language: string): Promise<void> {
    await this.#db.updateTable("sessions").set({ language }).where("id", "=", sessionId).execute();
  }

  async findToken(tokenHash: string): Promise<{ session: GameSession; validUntil: Date | null } | undefined> {
    const row = await this.#db
      .selectFrom("session_tokens")
      .innerJoin("sessions", "sessions.id", "session_tokens.session_id")
      .selectAll("sessions")
      .select("session_tokens.valid_until as token_valid_until")
      .where("session_tokens.token_hash", "=", tokenHash)
      .executeTakeFirst();
    if (row === undefined) return undefined;
    const { token_valid_until, ...session } = row;
    return { session: toSession(session), validUntil: token_valid_until };
  }

  /**
   * Deletes up to `limit` replaced tokens whose grace ended before `before`: they no longer act and a refresh
   * of one answers `invalid_session`, and deleting them also deletes the sealed token that replaced them.
   */
  async purgeReplacedTokens(before: Date, limit: number): Promise<number> {
    const deleted = await this.#db
      .deleteFrom("session_tokens")
      .where(
        "token_hash",
        "in",
        this.#db
          .selectFrom("session_tokens")
          .select("token_hash")
          .where("valid_until", "is not", null)
          .where("valid_until", "<", before)
          .limit(limit),
      )
      .executeTakeFirst();
    return Number(deleted.numDeletedRows);
  }

  async replaceToken(replacement: TokenReplacement): Promise<TokenReplaced> {
    const { sessionId, tokenHash, validUntil } = replacement;
    return this.#db.transaction().execute(async (trx) => {
      // The row lock makes a concurrent replacement of the same token wait, then find the successor set.
      const claimed = await trx
        .updateTable("session_tokens")
        .set((eb) => ({
          successor_sealed: replacement.successorSealed,
          valid_until: eb.fn<Date>("least", [
            eb.fn<Date>("coalesce", [eb.ref("valid_until"), eb.val(validUntil)]),
            eb.val(validUntil),
          ]),
        }))
        .where("session_id", "=", sessionId)
        .where("token_hash", "=", tokenHash)
        .where("successor_sealed", "is", null)
        .returning("valid_until")
        .executeTakeFirst();
      if (claimed !== undefined) {
        await trx
          .insertInto("session_tokens")
          .values({ token_hash: replacement.successorHash, session_id: sessionId, valid_until: null })
          .execute();
        return {
          found: true,
          successorSealed: replacement.successorSealed,
          validUntil: claimed.valid_until ?? validUntil,
        };
      }
      const earlier = await trx
        .selectFrom("session_tokens")
        .select(["successor_sealed", "valid_until"])
        .where("session_id", "=", sessionId)
        .where("token_hash", "=", tokenHash)
        .executeTakeFirst();
      if (earlier === undefined || earlier.successor_sealed === null) return { found: false };
      return {
        found: true,
        successorSealed: earlier.successor_sealed,
        validUntil: earlier.valid_until ?? validUntil,
      };
    });
  }
}

function profileOf(row: Selectable<SessionsTable>): SessionProfile | undefined {
  const profile: SessionProfile = {};
  if (row.player_name !== null) profile.name = row.player_name;
  if (row.player_country !== null) profile.countryCode = row.player_country;
  if (row.player_language !== null) profile.languageCode = row.player_language;
  if (row.launch_balance !== null) profile.launchBalance = row.launch_balance;
  return Object.keys(profile).length > 0 ? profile : undefined;
}

function toSession(row: Selectable<SessionsTable>): GameSession {
  const profile = profileOf(row);
  return {
    ...(profile ? { profile } : {}),
    ...(row.language !== null ? { language: row.language } : {}),
    id: row.id,
    operatorId: row.operator_id,
    playerId: row.player_id,
    gameCode: row.game_code,
    currency: row.currency,
    countryCode: row.country_code,
    mode: row.mode,
    betLimits: { minBet: row.min_bet, maxBet: row.max_bet, maxWin: row.max_win },
    launchKey: row.launch_key,
    details: row.details ?? null,
    demoBalance: row.demo_balance,
    createdAt: row.created_at,
    lastSeenAt: row.last_seen_at,
    expiresAt: row.expires_at,
    jurisdiction: storedJurisdiction(row.jurisdiction),
    realityCheckMinutes: row.reality_check_minutes,
    ...(row.reality_check_acked_at !== null && { realityCheckAckedAt: row.reality_check_acked_at }),
  };
}
