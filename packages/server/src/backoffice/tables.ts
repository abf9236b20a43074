import type { ColumnType } from "kysely";
import type { Store } from "../store/database.ts";
import type { Role } from "./roles.ts";

/** The back office's own tables (migrations 0047 to 0049, 0057), added to the store's types for its services. */

export interface BackofficeUsersTable {
  id: string;
  username: string;
  role: Role;
  operator_id: string | null;
  password_hash: string;
  failed_sign_ins: ColumnType<number, number | undefined, number>;
  locked_until: Date | null;
  sealed_totp_secret: string | null;
  totp_enabled: ColumnType<boolean, boolean | undefined, boolean>;
  disabled_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  disabled_by: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: Date;
  updated_at: Date;
}

export interface BackofficeSessionsTable {
  token_hash: string;
  user_id: string;
  csrf_token: string;
  created_at: Date;
  idle_until: Date;
  expires_at: Date;
}

export interface BackofficeApprovalsTable {
  id: string;
  action: string;
  operator_id: string;
  /** Null for a settlement of a stuck round, which acts on the round alone (migration 0059). */
  transaction_id: string | null;
  round_id: string;
  reason: string;
  requested_by: string;
  requested_at: Date;
  status: "pending" | "approved" | "rejected" | "failed";
  decided_by: string | null;
  decided_at: Date | null;
  outcome: string | null;
}

export function backofficeDb(store: Pick<Store, "db">) {
  return store.db.withTables<{
    backoffice_users: BackofficeUsersTable;
    backoffice_sessions: BackofficeSessionsTable;
    backoffice_approvals: BackofficeApprovalsTable;
  }>();
}

export type BackofficeDb = ReturnType<typeof backofficeDb>;
