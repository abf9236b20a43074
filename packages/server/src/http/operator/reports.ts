import { Readable } from "node:stream";
import { ErrorBody } from "@rgs/protocol/operator-api";
import {
  FreeRoundReportRequest,
  FreeRoundReportResponse,
  GGR_DAILY_MAX_DAYS,
  GGR_HOURLY_MAX_DAYS,
  GgrReportRequest,
  GgrReportResponse,
  ReconciliationRequest,
  ReconciliationResponse,
} from "@rgs/protocol/operator-reports";
import type { FastifyInstance, FastifyReply } from "fastify";
import type { Clock } from "../../clock.ts";
import { FreeRoundReport } from "../../reporting/free-round-report.ts";
import { GgrReport } from "../../reporting/ggr-report.ts";
import {
  ReportingBusyError,
  type ReportingQueryPool,
  ReportingTimeoutError,
} from "../../reporting/query-pool.ts";
import { Reconciliation } from "../../reporting/reconciliation.ts";
import { ReportInputError } from "../../reporting/report-filters.ts";
import type { OperatorRepository } from "../../store/operators-repository.ts";
import { sendError } from "../error-reply.ts";
import { OPERATOR_ERROR_RESPONSES, OPERATOR_SECURITY } from "./route-schema.ts";

const error = (description: string) => ({ ...ErrorBody, description });

const BUSY_RESPONSES = {
  429: error(
    "rate_limit_exceeded, or reporting_busy: your earlier reporting queries are still running (Retry-After gives the seconds).",
  ),
  503: error(
    "reporting_timeout: the query ran past the reporting statement timeout; ask for a shorter range.",
  ),
};

export interface ReportRouteDeps {
  operators: Pick<OperatorRepository, "find">;
  /** The reporting connections, their statement timeout and per-operator cap. */
  reporting: ReportingQueryPool;
  clock: Clock;
}

/** A refused filter, a busy operator or a query cut off answer their own codes; anything else is the error handler's. */
async function answering<T>(reply: FastifyReply, work: () => Promise<T>): Promise<T | FastifyReply> {
  try {
    return await work();
  } catch (caught) {
    if (caught instanceof ReportInputError) return sendError(reply, caught.code, caught.message);
    if (caught instanceof ReportingBusyError) {
      reply.header("retry-after", String(caught.retryAfterSeconds));
      return sendError(
        reply,
        "reporting_busy",
        "Your previous reporting queries are still running; send this one once they have answered.",
      );
    }
    if (caught instanceof ReportingTimeoutError) {
      return sendError(
        reply,
        "reporting_timeout",
        `The query ran longer than ${caught.timeoutMs} ms and was cancelled: ask for a shorter range.`,
      );
    }
    throw caught;
  }
}

export function registerReportRoutes(scope: FastifyInstance, deps: ReportRouteDeps): void {
  const operatorOf = async (id: string) => {
    const operator = await deps.operators.find(id);
    // Authentication found it a moment ago; an operator is never deleted.
    if (!operator) throw new Error(`operator ${id} vanished after its authentication`);
    return operator;
  };

  scope.post<{ Body: GgrReportRequest }>(
    "/operator/reports/ggr",
    {
      schema: {
        summary: "Bets, wins, GGR, rounds and players by day or hour, game and currency",
        description: `Your real-money play by day or local hour, game and currency, in UTC or any IANA time zone (days of 23 or 25 hours on DST changes, offsets such as +05:45). Each callback counts at the moment your wallet confirmed it. Days in UTC and in your operator's zone carry exact unique players; hours and other zones' days estimate them and say so. A report covers at most ${GGR_DAILY_MAX_DAYS} days by day and ${GGR_HOURLY_MAX_DAYS} by hour. Demo rounds are never counted. Figures run up to \`through\`, a minute or two behind the present. Since 1.3.0.`,
        operationId: "reportGgr",
        tags: ["operator"],
        security: OPERATOR_SECURITY,
        body: GgrReportRequest,
        response: {
          200: { ...GgrReportResponse, description: "The report's periods, each with its rows." },
          ...OPERATOR_ERROR_RESPONSES,
          400: error(
            "query_not_allowed, malformed_json, invalid_request (the detail names the field), invalid_report_date (not a calendar date from 2000 to 2099, or to before from), report_range_too_long, unknown_time_zone, unknown_game or unknown_currency.",
          ),
          ...BUSY_RESPONSES,
        },
      },
    },
    async (request, reply) =>
      answering(reply, async () => {
        const operator = await operatorOf(request.operatorId);
        const answer = await deps.reporting.runWide(operator.id, (db, lanes) =>
          new GgrReport({ db }).report(operator, request.body, lanes),
        );
        // Already JSON: sent part after part as it is, not serialised again from the response schema.
        return reply.type("application/json; charset=utf-8").send(Readable.from(answer));
      }),
  );

  scope.post<{ Body: FreeRoundReportRequest }>(
    "/operator/reports/free-rounds",
    {
      schema: {
        summary: "Free rounds played and what they paid, per campaign and day",
        description: `Your campaigns' free rounds by day of UTC or any IANA time zone: per campaign, the rounds whose opening (0) debit your wallet confirmed that day, the payouts it confirmed that day and the players. Each callback counts at the moment your wallet confirmed it, as in the GGR report, whose bonusWins a day's \`paid\` adds up to over every campaign. At most ${GGR_DAILY_MAX_DAYS} days; exact at once (read from the free rounds' callbacks, not from the roll-up). Demo sessions never play free rounds. Since 1.3.0.`,
        operationId: "reportFreeRounds",
        tags: ["operator"],
        security: OPERATOR_SECURITY,
        body: FreeRoundReportRequest,
        response: {
          200: {
            ...FreeRoundReportResponse,
            description: "The report's days, each with a row per campaign.",
          },
          ...OPERATOR_ERROR_RESPONSES,
          400: error(
            "query_not_allowed, malformed_json, invalid_request (the detail names the field), invalid_report_date (not a calendar date from 2000 to 2099, or to before from), report_range_too_long, unknown_time_zone or unknown_currency.",
          ),
          404: error("campaign_not_found: a campaignIds entry that is not one of your campaigns."),
          ...BUSY_RESPONSES,
        },
      },
    },
    async (request, reply) =>
      answering(reply, async () => {
        const operator = await operatorOf(request.operatorId);
        return deps.reporting.run(operator.id, (db) =>
          new FreeRoundReport({ db }).report(operator, request.body),
        );
      }),
  );

  scope.post<{ Body: ReconciliationRequest }>(
    "/operator/reconciliation",
    {
      schema: {
        summary: "One day's callbacks in one currency, to reconcile with your wallet's ledger",
        description:
          "Every real-money callback your wallet confirmed on one day of your operator's time zone, in one currency, with how each is counted, the day's totals and a digest; the day's callbacks still pending, ambiguous or dead letters (while any is left, `final` is false); those a person resolved by hand; and rollbacks answered ERROR_TRANSACTION_DOES_NOT_EXIST (counted as not applied). Demo rounds are never included. Since 1.3.0.",
        operationId: "reconcileDay",
        tags: ["operator"],
        security: OPERATOR_SECURITY,
        body: ReconciliationRequest,
        response: {
          200: { ...ReconciliationResponse, description: "The day." },
          ...OPERATOR_ERROR_RESPONSES,
          400: error(
            "query_not_allowed, malformed_json, invalid_request (the detail names the field), invalid_report_date or unknown_currency.",
          ),
          ...BUSY_RESPONSES,
        },
      },
    },
    async (request, reply) =>
      answering(reply, async () => {
        const operator = await operatorOf(request.operatorId);
        return deps.reporting.run(operator.id, (db) =>
          new Reconciliation({ db }).day(operator, request.body, deps.clock.now()),
        );
      }),
  );
}
