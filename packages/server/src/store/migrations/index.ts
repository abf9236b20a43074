import type { Migration, MigrationProvider } from "kysely";
import * as initial from "./0001-initial.ts";
import * as rounds from "./0002-rounds.ts";
import * as sessionProfile from "./0003-session-profile.ts";
import * as outbox from "./0004-outbox.ts";
import * as certifications from "./0005-certifications.ts";
import * as rawAnswers from "./0006-raw-answers.ts";
import * as tokenSuccessors from "./0007-token-successors.ts";
import * as requestKeys from "./0008-request-keys.ts";
import * as roundHistory from "./0009-round-history.ts";
import * as replacedTokenExpiry from "./0010-replaced-token-expiry.ts";
import * as auditChain from "./0025-audit-chain.ts";

/**
 * Every schema change, in order. Names sort in application order; a released migration is never
 * edited, a change is a new entry at the end.
 */
const MIGRATIONS: Record<string, Migration> = {
  "0001-initial": initial,
  "0002-rounds": rounds,
  "0003-session-profile": sessionProfile,
  "0004-outbox": outbox,
  "0005-certifications": certifications,
  "0006-raw-answers": rawAnswers,
  "0007-token-successors": tokenSuccessors,
  "0008-request-keys": requestKeys,
  "0009-round-history": roundHistory,
  "0010-replaced-token-expiry": replacedTokenExpiry,
  "0025-audit-chain": auditChain,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
