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
import * as sessionLanguage from "./0013-session-language.ts";
import * as auditChain from "./0025-audit-chain.ts";
import * as cancelledRounds from "./0026-cancelled-rounds.ts";
import * as searchIndexes from "./0030-search-indexes.ts";
import * as reports from "./0032-reports.ts";
import * as privateNetwork from "./0033-private-network.ts";
import * as ggrDayTotals from "./0034-ggr-day-totals.ts";
import * as historyPerGame from "./0035-history-per-game.ts";
import * as jurisdictions from "./0036-jurisdictions.ts";
import * as playerProtection from "./0040-player-protection.ts";
import * as responsibleGamblingLinks from "./0041-responsible-gambling-links.ts";
import * as freeRoundCampaigns from "./0043-free-round-campaigns.ts";
import * as freeRoundGrants from "./0044-free-round-grants.ts";
import * as freeRoundPlays from "./0045-free-round-plays.ts";
import * as backofficeUsers from "./0047-backoffice-users.ts";
import * as backofficeSessions from "./0048-backoffice-sessions.ts";
import * as backofficeApprovals from "./0049-backoffice-approvals.ts";
import * as freeRoundReportLines from "./0053-free-round-report-lines.ts";
import * as backofficeDisabledPeople from "./0057-backoffice-disabled-people.ts";
import * as instances from "./0058-instances.ts";
import * as moneyActions from "./0059-money-actions.ts";
import * as callbackAttempts from "./0060-callback-attempts.ts";
import * as certificationRuns from "./0061-certification-runs.ts";

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
  "0013-session-language": sessionLanguage,
  "0025-audit-chain": auditChain,
  "0026-cancelled-rounds": cancelledRounds,
  "0030-search-indexes": searchIndexes,
  "0032-reports": reports,
  "0033-private-network": privateNetwork,
  "0034-ggr-day-totals": ggrDayTotals,
  "0035-history-per-game": historyPerGame,
  "0036-jurisdictions": jurisdictions,
  "0040-player-protection": playerProtection,
  "0041-responsible-gambling-links": responsibleGamblingLinks,
  "0043-free-round-campaigns": freeRoundCampaigns,
  "0044-free-round-grants": freeRoundGrants,
  "0045-free-round-plays": freeRoundPlays,
  "0047-backoffice-users": backofficeUsers,
  "0048-backoffice-sessions": backofficeSessions,
  "0049-backoffice-approvals": backofficeApprovals,
  "0053-free-round-report-lines": freeRoundReportLines,
  "0057-backoffice-disabled-people": backofficeDisabledPeople,
  "0058-instances": instances,
  "0059-money-actions": moneyActions,
  "0060-callback-attempts": callbackAttempts,
  "0061-certification-runs": certificationRuns,
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => MIGRATIONS,
};
