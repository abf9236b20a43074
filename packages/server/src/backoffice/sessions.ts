import { createHash, randomBytes } from "node:crypto";
import type { Clock } from "../clock.ts";
import type { Store } from "../store/database.ts";
import { type BackofficeDb, backofficeDb } from "./tables.ts";

/**
 * Signed-in sessions of the back office, in the store (every instance honours them, a restart keeps them).
 * The cookie carries a random token; the store keeps its SHA-256, so a copy of the table opens no session.
 * A session ends after IDLE_MINUTES without a request, and in any case ABSOLUTE_HOURS after sign-in.
 */

export const IDLE_MINUTES = 30;
export const ABSOLUTE_HOURS = 12;

export interface OpenedSession {
  token: string;
  csrfToken: string;
}

export type FoundSession =
  | { state: "active"; userId: string; csrfToken: string }
  | { state: "expired" }
  | { state: "unknown" };

/** What the store keeps of a session's token. */
export const sessionDigest = (token: string) => createHash("sha256").update(token).digest("hex");
const randomToken = () => randomBytes(32).toString("base64url");

export class BackofficeSessions {
  readonly #db: BackofficeDb;
  readonly #clock: Clock;

  constructor(deps: { store: Pick<Store, "db">; clock: Clock }) {
    this.#db = backofficeDb(deps.store);
    this.#clock = deps.clock;
  }

  async open(userId: string): Promise<OpenedSession> {
    const now = this.#clock.now();
    const session = { token: randomToken(), csrfToken: randomToken() };
    await this.#db
      .insertInto("backoffice_sessions")
      .values({
        token_hash: sessionDigest(session.token),
        user_id: userId,
        csrf_token: session.csrfToken,
        created_at: new Date(now),
        idle_until: new Date(now + IDLE_MINUTES * 60_000),
        expires_at: new Date(now + ABSOLUTE_HOURS * 3_600_000),
      })
      .execute();
    return session;
  }

  /** The session of a cookie's token, its idle deadline moved on; an ended one is deleted. */
  async find(token: string): Promise<FoundSession> {
    const now = this.#clock.now();
    const row = await this.#db
      .selectFrom("backoffice_sessions")
      .select(["token_hash", "user_id", "csrf_token", "idle_until", "expires_at"])
      .where("token_hash", "=", sessionDigest(token))
      .executeTakeFirst();
    if (!row) return { state: "unknown" };
    if (row.idle_until.getTime() <= now || row.expires_at.getTime() <= now) {
      await this.#db.deleteFrom("backoffice_sessions").where("token_hash", "=", row.token_hash).execute();
      return { state: "expired" };
    }
    await this.#db
      .updateTable("backoffice_sessions")
      .set({ idle_until: new Date(Math.min(now + IDLE_MINUTES * 60_000, row.expires_at.getTime())) })
      .where("token_hash", "=", row.token_hash)
      .execute();
    return { state: "active", userId: row.user_id, csrfToken: row.csrf_token };
  }

  async close(token: string): Promise<void> {
    await this.#db.deleteFrom("backoffice_sessions").where("token_hash", "=", sessionDigest(token)).execute();
  }
}
