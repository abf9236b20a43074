import { randomUUID } from "node:crypto";
import type { Kysely, Selectable } from "kysely";
import type { AuditRecorder } from "../audit/audit-log.ts";
import type { Clock } from "../clock.ts";
import type { SecretBox } from "../crypto/secret-box.ts";
import type { Database, Store } from "../store/database.ts";
import { BackofficeError } from "./backoffice-error.ts";
import { checkPassword, DECOY_HASH, hashPassword, passwordMatches } from "./passwords.ts";
import { isRole, isUuid, ROLES, type Role, seesOperator } from "./roles.ts";
import { sessionDigest } from "./sessions.ts";
import { type BackofficeDb, type BackofficeUsersTable, backofficeDb } from "./tables.ts";
import { newTotpSecret, totpMatches, totpUri } from "./totp.ts";

/**
 * The people of the back office: creating them, signing them in (password, then the one-time code when they
 * enabled one) and locking them out after repeated failures. The failures are counted in the store, so
 * spreading guesses over several instances gains nothing. Every change is recorded in the audit trail.
 */

export interface BackofficeUser {
  id: string;
  username: string;
  role: Role;
  operatorId: string | null;
  totpEnabled: boolean;
  /** When the person was disabled (they cannot sign in, their sessions ended then), or null. */
  disabledAt: string | null;
}

/** Failed sign-ins in a row that lock an account, and for how long. */
export const LOCK_AFTER_FAILURES = 5;
export const LOCK_MINUTES = 15;

const USERNAME = /^[a-z0-9][a-z0-9._-]{2,63}$/;

export class BackofficeUsers {
  readonly #db: BackofficeDb;
  readonly #rawDb: Kysely<Database>;
  readonly #audit: AuditRecorder;
  readonly #clock: Clock;
  readonly #secretBox: SecretBox;

  constructor(deps: { store: Pick<Store, "db" | "audit">; clock: Clock; secretBox: SecretBox }) {
    this.#db = backofficeDb(deps.store);
    this.#rawDb = deps.store.db;
    this.#audit = deps.store.audit;
    this.#clock = deps.clock;
    this.#secretBox = deps.secretBox;
  }

  async create(input: {
    username: unknown;
    password: unknown;
    role: unknown;
    operatorId?: unknown;
  }): Promise<BackofficeUser> {
    const username = typeof input.username === "string" ? input.username.trim().toLowerCase() : "";
    if (!USERNAME.test(username)) {
      throw new BackofficeError(
        "invalid_username",
        "A user name is 3 to 64 lower-case letters, digits, '.', '_' or '-', starting with a letter or digit.",
      );
    }
    if (!isRole(input.role)) {
      throw new BackofficeError("invalid_role", `A role is one of ${ROLES.join(", ")}.`);
    }
    const role = input.role;
    const operatorId = await this.#operatorOf(role, input.operatorId);
    const passwordHash = await hashPassword(checkPassword(input.password));
    const now = new Date(this.#clock.now());
    const id = randomUUID();
    return this.#rawDb.transaction().execute(async (raw) => {
      const trx = backofficeDb({ db: raw });
      const taken = await trx
        .selectFrom("backoffice_users")
        .select("id")
        .where("username", "=", username)
        .executeTakeFirst();
      if (taken) throw new BackofficeError("username_taken", `The user name ${username} is taken.`);
      await trx
        .insertInto("backoffice_users")
        .values({
          id,
          username,
          role,
          operator_id: operatorId,
          password_hash: passwordHash,
          created_at: now,
          updated_at: now,
        })
        .execute();
      const user = { id, username, role, operatorId, totpEnabled: false, disabledAt: null };
      await this.#audit.record(
        { operatorId, kind: "backoffice.user_created", at: now, before: null, after: user },
        { db: raw },
      );
      return user;
    });
  }

  async find(id: string): Promise<BackofficeUser | undefined> {
    const row = await this.#db
      .selectFrom("backoffice_users")
      .selectAll()
      .where("id", "=", id)
      .executeTakeFirst();
    return row && userOf(row);
  }

  /** The people of one operator, or every person; by user name. */
  async list(opts: { operatorId?: string } = {}): Promise<(BackofficeUser & { createdAt: string })[]> {
    let query = this.#db.selectFrom("backoffice_users").selectAll().orderBy("username");
    if (opts.operatorId !== undefined) query = query.where("operator_id", "=", opts.operatorId);
    const rows = await query.execute();
    return rows.map((row) => ({ ...userOf(row), createdAt: row.created_at.toISOString() }));
  }

  /**
   * The user whose password (and one-time code, when enabled) these are. A locked account is refused before
   * its password is even checked; an unknown name costs a hash like a known one.
   */
  async signIn(input: { username: unknown; password: unknown; totp?: unknown }): Promise<BackofficeUser> {
    const username = typeof input.username === "string" ? input.username.trim().toLowerCase() : "";
    const password = typeof input.password === "string" ? input.password : "";
    const row = await this.#db
      .selectFrom("backoffice_users")
      .selectAll()
      .where("username", "=", username)
      .executeTakeFirst();
    const nowMs = this.#clock.now();
    if (!row) {
      await passwordMatches(await DECOY_HASH, password);
      throw new BackofficeError("invalid_credentials", "The user name or the password is wrong.");
    }
    if (row.locked_until !== null && row.locked_until.getTime() > nowMs) {
      throw new BackofficeError(
        "account_locked",
        `Too many failed sign-ins: try again after ${row.locked_until.toISOString()}, or ask a platform admin.`,
      );
    }
    if (!(await passwordMatches(row.password_hash, password))) {
      await this.#failed(row, "password");
      throw new BackofficeError("invalid_credentials", "The user name or the password is wrong.");
    }
    // Said only to whoever knows the password, so a guesser learns nothing of the account.
    if (row.disabled_at !== null) {
      throw new BackofficeError(
        "account_disabled",
        "This account is disabled: ask an admin of your operator.",
      );
    }
    if (row.totp_enabled && row.sealed_totp_secret !== null) {
      if (input.totp === undefined || input.totp === "") {
        throw new BackofficeError("totp_required", "Enter the one-time code of your authenticator app.");
      }
      const secret = this.#secretBox.open(row.sealed_totp_secret);
      if (!totpMatches(secret, row.username, input.totp, nowMs)) {
        await this.#failed(row, "totp");
        throw new BackofficeError("invalid_totp", "The one-time code is wrong or too old.");
      }
    }
    await this.#db
      .updateTable("backoffice_users")
      .set({ failed_sign_ins: 0, locked_until: null })
      .where("id", "=", row.id)
      .execute();
    const user = userOf(row);
    await this.#audit.record({
      operatorId: row.operator_id,
      kind: "backoffice.signed_in",
      actor: actorOf(user),
      at: new Date(nowMs),
    });
    return user;
  }

  /**
   * The person's own new password, once the current one is proved: a wrong one counts towards the lock-out
   * as at sign-in, so a session left open does not let anyone guess it.
   */
  async changePassword(
    user: BackofficeUser,
    input: { current: unknown; next: unknown },
    keepSessionToken: string,
  ): Promise<void> {
    const row = await this.#db
      .selectFrom("backoffice_users")
      .selectAll()
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    const nowMs = this.#clock.now();
    if (row.locked_until !== null && row.locked_until.getTime() > nowMs) {
      throw new BackofficeError(
        "account_locked",
        `Too many failed attempts: try again after ${row.locked_until.toISOString()}.`,
      );
    }
    const current = typeof input.current === "string" ? input.current : "";
    if (!(await passwordMatches(row.password_hash, current))) {
      await this.#failed(row, "password");
      throw new BackofficeError("invalid_credentials", "Your current password is wrong.");
    }
    const next = checkPassword(input.next);
    if (next === current) {
      throw new BackofficeError("invalid_password", "The new password is the current one: choose another.");
    }
    const passwordHash = await hashPassword(next);
    await this.#rawDb.transaction().execute(async (raw) => {
      const trx = backofficeDb({ db: raw });
      await trx
        .updateTable("backoffice_users")
        .set({ password_hash: passwordHash, failed_sign_ins: 0, updated_at: new Date(nowMs) })
        .where("id", "=", row.id)
        .execute();
      // Whoever learned the old password may hold a session: only the one that proved it stays open.
      const ended = await trx
        .deleteFrom("backoffice_sessions")
        .where("user_id", "=", row.id)
        .where("token_hash", "!=", sessionDigest(keepSessionToken))
        .executeTakeFirst();
      await this.#audit.record(
        {
          operatorId: row.operator_id,
          kind: "backoffice.password_changed",
          actor: actorOf(user),
          at: new Date(nowMs),
          // The hashes stay out of the trail: that it changed, by whom and when is what it keeps.
          data: { changed: "password", otherSessionsEnded: Number(ended.numDeletedRows) },
        },
        { db: raw },
      );
    });
  }

  /**
   * Starts enrolling a one-time code: the secret is shown once, and enforced once a code confirms it. A person
   * whose codes are on gives the current code first: a session left open must not turn them off.
   */
  async startTotp(user: BackofficeUser, code?: unknown): Promise<{ secret: string; uri: string }> {
    const row = await this.#db
      .selectFrom("backoffice_users")
      .selectAll()
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    if (row.totp_enabled && row.sealed_totp_secret !== null) {
      if (code === undefined || code === "") {
        throw new BackofficeError("totp_required", "Enter the current code of your authenticator app first.");
      }
      const current = this.#secretBox.open(row.sealed_totp_secret);
      if (!totpMatches(current, row.username, code, this.#clock.now())) {
        await this.#failed(row, "totp");
        throw new BackofficeError("invalid_totp", "The one-time code is wrong or too old.");
      }
    }
    const secret = newTotpSecret();
    await this.#db
      .updateTable("backoffice_users")
      .set({ sealed_totp_secret: this.#secretBox.seal(secret), totp_enabled: false })
      .where("id", "=", user.id)
      .execute();
    return { secret, uri: totpUri(secret, user.username) };
  }

  async confirmTotp(user: BackofficeUser, code: unknown): Promise<BackofficeUser> {
    const row = await this.#db
      .selectFrom("backoffice_users")
      .selectAll()
      .where("id", "=", user.id)
      .executeTakeFirstOrThrow();
    const nowMs = this.#clock.now();
    if (
      row.sealed_totp_secret === null ||
      !totpMatches(this.#secretBox.open(row.sealed_totp_secret), row.username, code, nowMs)
    ) {
      throw new BackofficeError("invalid_totp", "The one-time code is wrong or too old.");
    }
    await this.#rawDb.transaction().execute(async (raw) => {
      const trx = backofficeDb({ db: raw });
      await trx
        .updateTable("backoffice_users")
        .set({ totp_enabled: true, updated_at: new Date(nowMs) })
        .where("id", "=", row.id)
        .execute();
      await this.#audit.record(
        {
          operatorId: row.operator_id,
          kind: "backoffice.totp_enabled",
          at: new Date(nowMs),
          before: { totpEnabled: row.totp_enabled },
          after: { totpEnabled: true },
        },
        { db: raw },
      );
    });
    return { ...userOf(row), totpEnabled: true };
  }

  /**
   * Disables a person (or enables them again): a disabled person cannot sign in and every session of theirs
   * ends in the same transaction, so no instance honours one a moment longer. An operator admin acts on its
   * operator's support and finance only; nobody on themselves, so the last admin cannot lock everyone out.
   */
  async setDisabled(actor: BackofficeUser, targetId: unknown, disabled: boolean): Promise<BackofficeUser> {
    const row = isUuid(targetId)
      ? await this.#db
          .selectFrom("backoffice_users")
          .selectAll()
          .where("id", "=", targetId)
          .executeTakeFirst()
      : undefined;
    if (
      !row ||
      (row.operator_id !== null ? !seesOperator(actor, row.operator_id) : actor.role !== "platform_admin")
    ) {
      throw new BackofficeError("unknown_user", `No person has the ID ${String(targetId)}.`);
    }
    if (row.id === actor.id) {
      throw new BackofficeError(
        "cannot_disable_self",
        "You cannot disable your own account: ask another admin.",
      );
    }
    if (actor.role !== "platform_admin" && row.role !== "support" && row.role !== "finance") {
      throw new BackofficeError(
        "permission_denied",
        "An operator admin disables its support and finance people.",
      );
    }
    const before = userOf(row);
    if ((row.disabled_at !== null) === disabled) return before;
    const now = new Date(this.#clock.now());
    return this.#rawDb.transaction().execute(async (raw) => {
      const trx = backofficeDb({ db: raw });
      const updated = await trx
        .updateTable("backoffice_users")
        .set({
          disabled_at: disabled ? now : null,
          disabled_by: disabled ? actorOf(actor) : null,
          failed_sign_ins: 0,
          locked_until: null,
          updated_at: now,
        })
        .where("id", "=", row.id)
        .returningAll()
        .executeTakeFirstOrThrow();
      if (disabled) await trx.deleteFrom("backoffice_sessions").where("user_id", "=", row.id).execute();
      const after = userOf(updated);
      await this.#audit.record(
        {
          operatorId: row.operator_id,
          kind: disabled ? "backoffice.user_disabled" : "backoffice.user_enabled",
          actor: actorOf(actor),
          at: now,
          before,
          after,
        },
        { db: raw },
      );
      return after;
    });
  }

  /** Counts a failure in the store; the one that reaches the limit locks the account and starts a new count. */
  async #failed(row: BackofficeUsersTableRow, what: "password" | "totp"): Promise<void> {
    const now = new Date(this.#clock.now());
    const updated = await this.#db
      .updateTable("backoffice_users")
      .set((eb) => ({ failed_sign_ins: eb("failed_sign_ins", "+", 1) }))
      .where("id", "=", row.id)
      .returning("failed_sign_ins")
      .executeTakeFirstOrThrow();
    const locks = updated.failed_sign_ins >= LOCK_AFTER_FAILURES;
    if (locks) {
      await this.#db
        .updateTable("backoffice_users")
        .set({ failed_sign_ins: 0, locked_until: new Date(now.getTime() + LOCK_MINUTES * 60_000) })
        .where("id", "=", row.id)
        .execute();
    }
    await this.#audit.record({
      operatorId: row.operator_id,
      kind: locks ? "backoffice.account_locked" : "backoffice.sign_in_failed",
      actor: `backoffice:${row.username}`,
      at: now,
      data: { failed: what, failuresInARow: updated.failed_sign_ins },
    });
  }

  async #operatorOf(role: Role, operatorId: unknown): Promise<string | null> {
    if (role === "platform_admin") {
      if (operatorId !== undefined && operatorId !== null) {
        throw new BackofficeError("invalid_request", "A platform admin is tied to no operator.");
      }
      return null;
    }
    if (typeof operatorId !== "string" || operatorId === "") {
      throw new BackofficeError("invalid_request", `A ${role} is tied to one operator: name it.`);
    }
    const known =
      isUuid(operatorId) &&
      (await this.#db.selectFrom("operators").select("id").where("id", "=", operatorId).executeTakeFirst());
    if (!known) throw new BackofficeError("unknown_operator", `No operator has the ID ${operatorId}.`);
    return operatorId;
  }
}

type BackofficeUsersTableRow = Selectable<BackofficeUsersTable>;

function userOf(row: BackofficeUsersTableRow): BackofficeUser {
  return {
    id: row.id,
    username: row.username,
    role: row.role,
    operatorId: row.operator_id,
    totpEnabled: row.totp_enabled,
    disabledAt: row.disabled_at?.toISOString() ?? null,
  };
}

/** How the audit trail names a person of the back office. */
export function actorOf(user: Pick<BackofficeUser, "username">): string {
  return `backoffice:${user.username}`;
}
