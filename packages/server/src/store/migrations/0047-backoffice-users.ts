import { type Kysely, sql } from "kysely";

/**
 * The people of the back office (docs/back-office.md): a login name, a role, the operator every role but the
 * platform admin's is tied to, an argon2id hash of the password, the failed sign-ins counted towards a
 * lock-out, and an optional TOTP secret (sealed with the secret key, like operator secrets).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("backoffice_users")
    .addColumn("id", "uuid", (c) => c.primaryKey())
    .addColumn("username", "text", (c) => c.notNull().unique())
    .addColumn("role", "text", (c) =>
      c.notNull().check(sql`role in ('platform_admin', 'operator_admin', 'support', 'finance')`),
    )
    .addColumn("operator_id", "uuid", (c) => c.references("operators.id"))
    .addColumn("password_hash", "text", (c) => c.notNull())
    .addColumn("failed_sign_ins", "integer", (c) => c.notNull().defaultTo(0))
    .addColumn("locked_until", "timestamptz")
    .addColumn("sealed_totp_secret", "text")
    .addColumn("totp_enabled", "boolean", (c) => c.notNull().defaultTo(false))
    .addColumn("created_at", "timestamptz", (c) => c.notNull())
    .addColumn("updated_at", "timestamptz", (c) => c.notNull())
    .addCheckConstraint(
      "backoffice_users_operator_scope",
      sql`(role = 'platform_admin') = (operator_id is null)`,
    )
    .execute();
}
