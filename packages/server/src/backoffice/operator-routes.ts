import { resolveCurrency } from "@rgs/protocol/currencies";
import { formatAmount } from "@rgs/protocol/money";
import type { FastifyInstance } from "fastify";
import { CertificationRepository } from "../operators/certification-repository.ts";
import type { RunEnd } from "../operators/certification-runs.ts";
import type { CertificationService } from "../operators/certification-service.ts";
import type { Store } from "../store/database.ts";
import { BackofficeError } from "./backoffice-error.ts";
import { must, mustSee, userOf } from "./guard.ts";

/** The most recent tester runs listed with an operator. */
const RUNS_SHOWN = 10;

/**
 * An operator's settings as its admins read them: URLs, countries, zone, jurisdiction, bet limits, packs,
 * and where its certification stands (the latest tester run against its current callback URL decides).
 */
export function registerOperatorRoutes(
  scope: FastifyInstance,
  deps: { store: Pick<Store, "db">; certifications: Pick<CertificationService, "state"> },
): void {
  scope.get<{ Params: { operatorId: string } }>("/api/operators/:operatorId/settings", async (request) => {
    const user = userOf(request);
    must(user, "operators.read");
    const { operatorId } = request.params;
    mustSee(user, operatorId);
    const db = deps.store.db;
    const row = await db.selectFrom("operators").selectAll().where("id", "=", operatorId).executeTakeFirst();
    if (!row) throw new BackofficeError("unknown_operator", `No operator has the ID ${operatorId}.`);
    const [limits, packs, runs, state] = await Promise.all([
      db
        .selectFrom("operator_bet_limits")
        .selectAll()
        .where("operator_id", "=", operatorId)
        .orderBy("currency")
        .execute(),
      db
        .selectFrom("operator_packs as op")
        .innerJoin("packs as p", "p.id", "op.pack_id")
        .select(["p.id", "p.name"])
        .where("op.operator_id", "=", operatorId)
        .orderBy("p.name")
        .execute(),
      new CertificationRepository(db).list(operatorId, RUNS_SHOWN),
      deps.certifications.state(operatorId),
    ]);
    const latest =
      row.callback_url === null
        ? undefined
        : await new CertificationRepository(db).latestFor(operatorId, row.callback_url);
    return {
      operator: {
        id: row.id,
        name: row.name,
        callbackUrl: row.callback_url,
        lobbyUrl: row.lobby_url,
        allowedCountries: row.allowed_countries,
        timeZone: row.time_zone,
        jurisdiction: row.jurisdiction,
        responsibleGamblingUrl: row.responsible_gambling_url,
        limitsUrl: row.limits_url,
        freeRounds: row.free_rounds,
        createdAt: row.created_at.toISOString(),
      },
      betLimits: limits.map((limit) => {
        const decimals = resolveCurrency(limit.currency)?.decimals ?? 0;
        return {
          currency: limit.currency,
          minBet: formatAmount(BigInt(limit.min_bet), decimals),
          maxBet: formatAmount(BigInt(limit.max_bet), decimals),
          maxWin: formatAmount(BigInt(limit.max_win), decimals),
        };
      }),
      packs: packs.map((pack) => ({ id: pack.id, name: pack.name })),
      certification: {
        certified: latest?.passed === true,
        /** A run is going on, on any instance (its record arrives when it is over). */
        running: state.running !== null,
        runningOn: state.running && {
          instance: state.running.instanceId,
          since: state.running.since.toISOString(),
        },
        /** The last run that ended without a report (stopped or out of time): only the log said so before. */
        lastFailure: lastFailure(state.last),
        runs: runs.map((run) => ({
          id: run.id,
          callbackUrl: run.callbackUrl,
          finishedAt: run.finishedAt.toISOString(),
          passed: run.passed,
          failedChecks: run.failedChecks,
          testerVersion: run.testerVersion,
        })),
      },
    };
  });
}

function lastFailure(last: RunEnd | null) {
  if (last === null || (last.outcome !== "stopped" && last.outcome !== "timed_out")) return null;
  return {
    outcome: last.outcome,
    code: last.errorCode,
    detail: last.detail,
    at: last.finishedAt.toISOString(),
  };
}
