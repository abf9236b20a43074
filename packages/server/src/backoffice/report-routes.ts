import { Readable } from "node:stream";
import type { GgrReportResponse, ReconciliationResponse } from "@rgs/protocol/operator-reports";
import { type Static, Type } from "@sinclair/typebox";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { AuditRecorder } from "../audit/audit-log.ts";
import { reconciliationCsv } from "../cli/report-commands.ts";
import type { Clock } from "../clock.ts";
import { GgrReport } from "../reporting/ggr-report.ts";
import { Reconciliation } from "../reporting/reconciliation.ts";
import { type RtpReport, rtpReport } from "../reporting/rtp-report.ts";
import type { Store } from "../store/database.ts";
import { BackofficeError } from "./backoffice-error.ts";
import { recordView, refuseInvalid } from "./data-routes.ts";
import { must, mustSee, userOf } from "./guard.ts";
import { ggrCsv, rtpCsv } from "./report-csv.ts";
import { reporting } from "./reporting-refusals.ts";
import type { Permission } from "./roles.ts";

/**
 * The GGR report by day and the reconciliation of a day, as the operator API answers them (the same
 * services, on the reporting connections and their limits), as JSON for the pages and as CSV downloads.
 * A reconciliation lists player IDs: each one asked for is recorded as a view of player data.
 */

interface Deps {
  store: Pick<Store, "db" | "reporting">;
  audit: AuditRecorder;
  clock: Clock;
}

const Code = Type.String({ minLength: 1, maxLength: 64 });
const GgrQuery = Type.Object(
  { from: Type.String(), to: Type.String(), game: Type.Optional(Code), currency: Type.Optional(Code) },
  { additionalProperties: false },
);
type GgrQuery = Static<typeof GgrQuery>;
const DayQuery = Type.Object(
  { date: Type.String(), currency: Type.Optional(Code) },
  { additionalProperties: false },
);
type DayQuery = Static<typeof DayQuery>;
type Params = { operatorId: string };

export function registerReportRoutes(scope: FastifyInstance, deps: Deps): void {
  const options = (querystring: object) => ({ schema: { querystring }, attachValidation: true });

  scope.get<{ Params: Params; Querystring: GgrQuery }>(
    "/api/operators/:operatorId/reports/ggr",
    options(GgrQuery),
    async (request, reply) => {
      const parts = await ggrParts(deps, request);
      // Already JSON, in parts: a year by game is large, and need not be joined to be sent.
      return reply.type("application/json; charset=utf-8").send(Readable.from(parts));
    },
  );

  scope.get<{ Params: Params; Querystring: GgrQuery }>(
    "/api/operators/:operatorId/reports/ggr.csv",
    options(GgrQuery),
    async (request, reply) => {
      const report = JSON.parse((await ggrParts(deps, request)).join("")) as GgrReportResponse;
      const { from, to } = request.query;
      return download(reply, `ggr-${request.params.operatorId}-${from}-${to}.csv`, ggrCsv(report));
    },
  );

  scope.get<{ Params: Params; Querystring: GgrQuery }>(
    "/api/operators/:operatorId/reports/rtp",
    options(GgrQuery),
    async (request) => rtp(deps, request),
  );

  scope.get<{ Params: Params; Querystring: GgrQuery }>(
    "/api/operators/:operatorId/reports/rtp.csv",
    options(GgrQuery),
    async (request, reply) => {
      const report = await rtp(deps, request);
      const { from, to } = request.query;
      return download(reply, `rtp-${request.params.operatorId}-${from}-${to}.csv`, rtpCsv(report));
    },
  );

  scope.get<{ Params: Params; Querystring: DayQuery }>(
    "/api/operators/:operatorId/reconciliation",
    options(DayQuery),
    async (request) => ({ days: await reconciledDays(deps, request) }),
  );

  scope.get<{ Params: Params; Querystring: DayQuery }>(
    "/api/operators/:operatorId/reconciliation.csv",
    options(DayQuery),
    async (request, reply) => {
      const days = await reconciledDays(deps, request);
      const name = `reconciliation-${request.params.operatorId}-${request.query.date}.csv`;
      return download(reply, name, reconciliationCsv(days));
    },
  );
}

export function download(reply: FastifyReply, name: string, csv: string): FastifyReply {
  return reply
    .type("text/csv; charset=utf-8")
    .header("content-disposition", `attachment; filename="${name}"`)
    .send(csv);
}

/** The operator of the URL, for a person who may read its reports (404 for another operator's). */
export async function reportedOperator(
  deps: Pick<Deps, "store">,
  request: FastifyRequest<{ Params: Params }>,
  permission: Permission = "reports.read",
): Promise<{ id: string; timeZone: string }> {
  refuseInvalid(request, "querystring");
  const user = userOf(request);
  must(user, permission);
  mustSee(user, request.params.operatorId);
  const row = await deps.store.db
    .selectFrom("operators")
    .select(["id", "time_zone"])
    .where("id", "=", request.params.operatorId)
    .executeTakeFirst();
  if (!row)
    throw new BackofficeError("unknown_operator", `No operator has the ID ${request.params.operatorId}.`);
  return { id: row.id, timeZone: row.time_zone };
}

async function ggrParts(
  deps: Deps,
  request: FastifyRequest<{ Params: Params; Querystring: GgrQuery }>,
): Promise<string[]> {
  const operator = await reportedOperator(deps, request);
  const { from, to, game, currency } = request.query;
  return reporting(() =>
    deps.store.reporting.run(operator.id, (db) =>
      new GgrReport({ db }).report(operator, {
        from,
        to,
        granularity: "day",
        ...(game !== undefined && { gameCodes: [game] }),
        ...(currency !== undefined && { currencies: [currency] }),
      }),
    ),
  );
}

/** Observed beside declared RTP per game and currency, over the same filters as the GGR report. */
async function rtp(
  deps: Deps,
  request: FastifyRequest<{ Params: Params; Querystring: GgrQuery }>,
): Promise<RtpReport> {
  const operator = await reportedOperator(deps, request);
  const { from, to, game, currency } = request.query;
  return reporting(() =>
    deps.store.reporting.run(operator.id, (db) =>
      rtpReport(db, operator, {
        from,
        to,
        ...(game !== undefined && { gameCodes: [game] }),
        ...(currency !== undefined && { currencies: [currency] }),
      }),
    ),
  );
}

/** The day in one currency, or in every currency played that day. */
async function reconciledDays(
  deps: Deps,
  request: FastifyRequest<{ Params: Params; Querystring: DayQuery }>,
): Promise<ReconciliationResponse[]> {
  const operator = await reportedOperator(deps, request);
  const { date, currency } = request.query;
  const days = await reporting(() =>
    deps.store.reporting.run(operator.id, async (db) => {
      const reconciliation = new Reconciliation({ db });
      const currencies =
        currency !== undefined ? [currency] : await reconciliation.currenciesOf(operator, date);
      const answer: ReconciliationResponse[] = [];
      for (const code of currencies) {
        answer.push(await reconciliation.day(operator, { date, currency: code }, deps.clock.now()));
      }
      return answer;
    }),
  );
  await recordView(deps.audit, operator.id, "reconciliation", request.query);
  return days;
}
