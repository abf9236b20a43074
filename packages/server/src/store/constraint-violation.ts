/** PostgreSQL's SQLSTATE for a row that would break a unique index (PGlite reports the same code). */
const UNIQUE_VIOLATION = "23505";

/** A write refused because another row already holds its unique key: which index said so, when known. */
export interface UniqueViolation {
  constraint: string | undefined;
}

/**
 * Whether a write failed on a unique index, and on which: the one place that reads the database's codes,
 * so that the modules above the store reason about "this key is taken" and never about SQLSTATEs.
 */
export function uniqueViolationOf(error: unknown): UniqueViolation | undefined {
  if (typeof error !== "object" || error === null) return undefined;
  const { code, constraint } = error as { code?: unknown; constraint?: unknown };
  if (code !== UNIQUE_VIOLATION) return undefined;
  return { constraint: typeof constraint === "string" ? constraint : undefined };
}
