import { resolveCurrency } from "@rgs/protocol/currencies";
import { formatAmount } from "@rgs/protocol/money";
import type { FreeRoundReportResponse } from "@rgs/protocol/operator-reports";
import { type Static, Type } from "@sinclair/typebox";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { CampaignRepository, type CampaignSummary } from "../campaigns/campaign-repository.ts";
import { statusOf } from "../campaigns/campaign-service.ts";
import type { Clock } from "../clock.ts";
import { FreeRoundReport } from "../reporting/free-round-report.ts";
import type { Store } from "../store/database.ts";
import { freeRoundCsv } from "./report-csv.ts";
import { download, reportedOperator } from "./report-routes.ts";
import { reporting } from "./reporting-refusals.ts";

/**
 * An operator's free-round campaigns with what was played on them, and the free-round report by day as the
 * operator API answers it (the same service, on the reporting connections and their limits), as JSON for
 * the page and as a CSV download. Neither lists players.
 */

interface Deps {
  store: Pick<Store, "db" | "reporting">;
  clock: Clock;
}

/** The page lists this many campaigns, newest first; the report covers every one. */
export const CAMPAIGNS_LISTED = 200;

const Code = Type.String({ minLength: 1, maxLength: 64 });
const NoQuery = Type.Object({}, { additionalProperties: false });
const ReportQuery = Type.Object(
  {
    from: Type.String(),
    to: Type.String(),
    campaign: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })),
    currency: Type.Optional(Code),
  },
  { additionalProperties: false },
);
type ReportQuery = Static<typeof ReportQuery>;
type Params = { operatorId: string };

export function registerFreeRoundRoutes(scope: FastifyInstance, deps: Deps): void {
  const options = (querystring: object) => ({ schema: { querystring }, attachValidation: true });

  scope.get<{ Params: Params }>("/api/operators/:operatorId/campaigns", options(NoQuery), async (request) => {
    const operator = await reportedOperator(deps, request, "campaigns.read");
    const summaries = await reporting(() =>
      deps.store.reporting.run(operator.id, (db) =>
        new CampaignRepository(db).list(operator.id, CAMPAIGNS_LISTED + 1),
      ),
    );
    const now = new Date(deps.clock.now());
    return {
      campaigns: summaries.slice(0, CAMPAIGNS_LISTED).map((summary) => campaignView(summary, now)),
      more: summaries.length > CAMPAIGNS_LISTED,
    };
  });

  scope.get<{ Params: Params; Querystring: ReportQuery }>(
    "/api/operators/:operatorId/reports/free-rounds",
    options(ReportQuery),
    async (request) => freeRoundReport(deps, request),
  );

  scope.get<{ Params: Params; Querystring: ReportQuery }>(
    "/api/operators/:operatorId/reports/free-rounds.csv",
    options(ReportQuery),
    async (request, reply) => {
      const report = await freeRoundReport(deps, request);
      const { from, to } = request.query;
      const name = `free-rounds-${request.params.operatorId}-${from}-${to}.csv`;
      return download(reply, name, freeRoundCsv(report));
    },
  );
}

function campaignView({ campaign, grants, roundsGranted, roundsPlayed, paid }: CampaignSummary, now: Date) {
  const decimals = resolveCurrency(campaign.currency)?.decimals ?? 2;
  return {
    campaignId: campaign.id,
    reference: campaign.reference,
    gameCodes: campaign.gameCodes,
    currency: campaign.currency,
    bet: formatAmount(campaign.bet, decimals),
    ...(campaign.params !== undefined && { params: campaign.params }),
    roundsPerPlayer: campaign.roundsPerPlayer,
    startsAt: campaign.startsAt.toISOString(),
    endsAt: campaign.endsAt.toISOString(),
    status: statusOf(campaign, now),
    grants,
    roundsGranted,
    roundsPlayed,
    paid: formatAmount(paid, decimals),
  };
}

/** The report in the operator's zone, for one campaign of the operator's or every one. */
async function freeRoundReport(
  deps: Deps,
  request: FastifyRequest<{ Params: Params; Querystring: ReportQuery }>,
): Promise<FreeRoundReportResponse> {
  const operator = await reportedOperator(deps, request, "campaigns.read");
  const { from, to, campaign, currency } = request.query;
  return reporting(() =>
    deps.store.reporting.run(operator.id, (db) =>
      new FreeRoundReport({ db }).report(operator, {
        from,
        to,
        ...(campaign !== undefined && { campaignIds: [campaign] }),
        ...(currency !== undefined && { currencies: [currency] }),
      }),
    ),
  );
}
