/**
 * The few SQL capabilities the ledger needs, so the same repository runs on PGlite (one embedded
 * Postgres session) and on a PostgreSQL server. Parameters use Postgres `$1` placeholders.
 */
export interface SqlQueryable {
  query<R>(text: string, params?: readonly unknown[]): Promise<R[]>;
}

export interface SqlDatabase extends SqlQueryable {
  /** Runs `work` in one SQL transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: SqlQueryable) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  readonly backend: "pglite" | "postgres";
}

/** SQLSTATE of a unique-constraint violation (two writers raced for the same key). */
export const UNIQUE_VIOLATION = "23505";

export function isUniqueViolation(error: unknown): boolean {
  return (
    typeof error === "object" && error !== null && (error as { code?: unknown }).code === UNIQUE_VIOLATION
  );
}
