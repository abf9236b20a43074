import { resolveCurrency } from "@rgs/protocol/currencies";
import { formatAmount } from "@rgs/protocol/money";
import type {
  FreeRoundReportPeriod,
  FreeRoundReportRequest,
  FreeRoundReportResponse,
} from "@rgs/protocol/operator-reports";
import { type Kysely, sql } from "kysely";
import type { Database } from "../store/schema.ts";
import { ReportInputError, reportCurrencies, reportRange, reportTimeZone } from "./report-filters.ts";
import { daysInZone } from "./time-zones.ts";

interface Totals {
  period: number;
  campaign_id: string;
  reference: string;
  currency: string;
  rounds: bigint;
  paid: bigint;
  players: number;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Free rounds per campaign and day, in UTC or any IANA zone: the rounds whose opening `0` debit the wallet
 * confirmed that day and the payouts it confirmed that day, each callback counted at its confirmation as in
 * the GGR report, so a day's `paid` over every campaign equals that day's `bonusWins` there. Read from the
 * transactions of the operator's free rounds (`free_round_plays`, by operator and time), hot or archived,
 * rather than from the roll-up: free rounds are a small share of play, and their figures are then exact
 * at once.
 */
export class FreeRoundReport {
  readonly #db: Kysely<Database>;

  constructor(deps: { db: Kysely<Database> }) {
    this.#db = deps.db;
  }

  /** Throws ReportInputError for a filter it refuses, a campaign that is not the operator's included. */
  async report(
    operator: { id: string; timeZone: string },
    request: FreeRoundReportRequest,
  ): Promise<FreeRoundReportResponse> {
    const zone = reportTimeZone(request.timeZone ?? operator.timeZone);
    const { fromMs, toMs } = reportRange(request.from, request.to, "day");
    const currencies = reportCurrencies(request.currencies);
    const campaignIds = await this.#campaigns(operator.id, request.campaignIds);
    const days = daysInZone(zone, fromMs, toMs);
    const first = days[0];
    const last = days.at(-1);
    const periods: FreeRoundReportPeriod[] = [];
    if (first && last) {
      const rows = await this.#totals({
        operatorId: operator.id,
        starts: days.map((d) => new Date(d.startMs).toISOString()),
        from: new Date(first.startMs),
        to: new Date(last.endMs),
        campaignIds,
        currencies,
      });
      for (const row of rows) {
        const day = days[Number(row.period) - 1];
        if (!day) continue;
        let period = periods.at(-1);
        if (period?.period !== day.label) {
          period = {
            period: day.label,
            start: new Date(day.startMs).toISOString(),
            end: new Date(day.endMs).toISOString(),
            rows: [],
          };
          periods.push(period);
        }
        period.rows.push({
          campaignId: row.campaign_id,
          reference: row.reference,
          currency: row.currency,
          roundsPlayed: Number(row.rounds),
          paid: formatAmount(BigInt(row.paid), resolveCurrency(row.currency)?.decimals ?? 0),
          players: Number(row.players),
        });
      }
    }
    return { timeZone: zone, from: request.from, to: request.to, demo: "excluded", periods };
  }

  /** The IDs asked for, each one of the operator's campaigns; another operator's answers as unknown. */
  async #campaigns(operatorId: string, ids: string[] | undefined): Promise<string[] | undefined> {
    if (ids === undefined) return undefined;
    const unique = [...new Set(ids.map((id) => id.toLowerCase()))];
    const malformed = unique.find((id) => !UUID.test(id));
    if (malformed !== undefined) {
      throw new ReportInputError(
        "invalid_request",
        `campaignIds: ${JSON.stringify(malformed)} is not a UUID.`,
      );
    }
    const found = await this.#db
      .selectFrom("free_round_campaigns")
      .select("id")
      .where("operator_id", "=", operatorId)
      .where("id", "in", unique)
      .execute();
    const mine = new Set(found.map((row) => row.id));
    const unknown = unique.find((id) => !mine.has(id));
    if (unknown !== undefined) {
      throw new ReportInputError("campaign_not_found", `campaignIds: no campaign ${unknown} of yours.`);
    }
    return unique;
  }

  /**
   * One row per day (its index in `starts`, from 1), campaign and currency. Walks the operator's free rounds
   * opened before the range ends and reads each one's confirmed callbacks in the range by its round index,
   * hot and archived (a round is in one of the two at any instant a statement sees).
   */
  async #totals(q: {
    operatorId: string;
    starts: string[];
    from: Date;
    to: Date;
    campaignIds: string[] | undefined;
    currencies: string[] | undefined;
  }): Promise<Totals[]> {
    const campaigns = q.campaignIds ? sql`and p.campaign_id = any(${q.campaignIds}::uuid[])` : sql``;
    const currencies = q.currencies ? sql`and c.currency = any(${q.currencies}::text[])` : sql``;
    const result = await sql<Totals>`
      select width_bucket(t.completed_at, ${q.starts}::timestamptz[]) as period, p.campaign_id, c.reference,
        c.currency,
        count(*) filter (where t.kind = 'debit' and t.seq = 0) as rounds,
        coalesce(sum(t.amount) filter (where t.kind = 'credit'), 0) as paid,
        count(distinct g.player_id) filter (where t.kind = 'debit' and t.seq = 0)::int as players
      from free_round_plays p
        join free_round_campaigns c on c.id = p.campaign_id
        join free_round_grants g on g.id = p.grant_id
        cross join lateral (
          select h.kind, h.seq, h.amount, h.completed_at from wallet_transactions h
          where h.round_id = p.round_id and h.status = 'ok' and h.completed_at >= ${q.from}
            and h.completed_at < ${q.to}
          union all
          select h.kind, h.seq, h.amount, h.completed_at from wallet_transactions_history h
          where h.round_id = p.round_id and h.status = 'ok' and h.completed_at >= ${q.from}
            and h.completed_at < ${q.to} and h.round_finished_at >= ${q.from}
        ) t
      where p.operator_id = ${q.operatorId} and p.created_at < ${q.to} ${campaigns} ${currencies}
      group by 1, 2, 3, 4
      order by 1, 3, 2`.execute(this.#db);
    return result.rows;
  }
}
