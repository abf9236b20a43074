import type { Kysely, Selectable } from "kysely";
import type { Clock } from "../clock.ts";
import type { Database, SessionsTable } from "./schema.ts";

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
}

export interface SessionRepository {
  create(session: GameSession, tokenHash: string): Promise<void>;
  findLiveByLaunchKey(operatorId: string, launchKey: string, now: Date): Promise<GameSession | undefined>;
  addToken(sessionId: string, tokenHash: string, validUntil: Date | null): Promise<void>;
  /** The live session of a token that is itself still valid at `now`. */
  findByTokenHash(tokenHash: string, now: Date): Promise<GameSession | undefined>;
  /** Records activity now and extends the session to `expiresAt` (never shortens it). */
  touch(sessionId: string, expiresAt: Date): Promise<void>;
}

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
}

function toSession(row: Selectable<SessionsTable>): GameSession {
  return {
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
  };
}
