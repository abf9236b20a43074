import { resolveCurrency } from "@rgs/protocol/currencies";
import { formatAmount } from "@rgs/protocol/money";
import type {
  GgrReportPeriod,
  GgrReportRequest,
  GgrReportResponse,
  GgrReportRow,
} from "@rgs/protocol/operator-reports";
import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Database } from "../store/schema.ts";
import { exactDayPeriodsJson } from "./ggr-day-json.ts";
import {
  ReportInputError,
  reportCurrencies,
  reportGames,
  reportRange,
  reportTimeZone,
} from "./report-filters.ts";
import {
  alignedToBuckets,
  daysInZone,
  formatDate,
  hoursInZone,
  type Period,
  sameZone,
} from "./time-zones.ts";

const DAY = 86_400_000;

/** A report by game of this many days or more is worth a second connection (a month writes in a few ms). */
const SPLIT_FROM_DAYS = 62;

/** A period with its instants written once, for every row that falls in it. */
type Dated = Period & { start: string; end: string };

interface Totals {
  game_code: string;
  currency: string;
  bets: bigint;
  wins: bigint;
  rounds: bigint;
  players: number;
  bonus_wins: bigint;
  bonus_rounds: bigint;
}

interface Filters {
  operatorId: string;
  games: string[] | undefined;
  currencies: string[] | undefined;
  /** A row per game (and currency), or per currency totalled over the games. */
  byGame: boolean;
}

/**
 * The GGR report, read from the roll-up's tables: the days of UTC and of the operator's own zone straight
 * from `ggr_days` (players exact), or from `ggr_day_totals` when totalled over every game, their rows written
 * as JSON by the database (ggr-day-json.ts); any other zone's days and every zone's hours summed from the
 * 15-minute buckets (players estimated, and marked so). A year by day reads at most a row per day, game and
 * currency, or a row per day and currency totalled over games.
 */
export class GgrReport {
  readonly #db: Kysely<Database>;

  constructor(deps: { db: Kysely<Database> }) {
    this.#db = deps.db;
  }

  /**
   * The answer: the JSON text of a GgrReportResponse in parts, to be sent one after the other (a year by game
   * is 18 MB: joined into one string, then encoded whole, it costs more than sent a day at a time). Throws
   * ReportInputError for a filter it refuses.
   */
  async report(
    operator: { id: string; timeZone: string },
    request: GgrReportRequest,
    lanes: 1 | 2 = 1,
  ): Promise<string[]> {
    const zone = reportTimeZone(request.timeZone ?? operator.timeZone);
    const { fromMs, toMs } = reportRange(request.from, request.to, request.granularity);
    const groupBy = request.groupBy ?? "game";
    const filters = {
      operatorId: operator.id,
      games: reportGames(request.gameCodes),
      currencies: reportCurrencies(request.currencies),
      byGame: groupBy === "game",
    };
    const periods = (
      request.granularity === "day" ? daysInZone(zone, fromMs, toMs) : hoursInZone(zone, fromMs, toMs)
    ).map((p) => ({ ...p, start: new Date(p.startMs).toISOString(), end: new Date(p.endMs).toISOString() }));
    if (!alignedToBuckets(periods)) {
      throw new ReportInputError(
        "unknown_time_zone",
        `${zone} has an offset that is not a whole number of quarter hours in that range, so it cannot be reported.`,
      );
    }
    const exactZone =
      request.granularity !== "day"
        ? undefined
        : sameZone(zone, "UTC")
          ? "UTC"
          : sameZone(zone, operator.timeZone)
            ? operator.timeZone
            : undefined;
    const parts =
      exactZone !== undefined
        ? await this.#exactDays(filters, exactZone, periods, lanes)
        : [JSON.stringify(await this.#fromBuckets(filters, periods, request.granularity)).slice(1, -1)];
    const through = await sql<{
      watermark: Date | null;
    }>`select watermark from ggr_rollup where id = 1`.execute(this.#db);
    const head: Omit<GgrReportResponse, "periods"> = {
      timeZone: zone,
      granularity: request.granularity,
      groupBy,
      from: request.from,
      to: request.to,
      through: through.rows[0]?.watermark?.toISOString() ?? null,
      demo: "excluded",
    };
    const listed = parts.filter((part) => part !== "").flatMap((part, i) => (i === 0 ? [part] : [",", part]));
    return [`${JSON.stringify(head).slice(0, -1)},"periods":[`, ...listed, "]}"];
  }

  /**
   * The exact days' texts, a long range by game written on two connections at once when there are two: the
   * database writes them row by row on one core each, so a year's 80,000 rows take half the time.
   */
  async #exactDays(filters: Filters, zone: string, periods: Dated[], lanes: 1 | 2): Promise<string[]> {
    if (lanes === 1 || !filters.byGame || periods.length < SPLIT_FROM_DAYS) {
      return exactDayPeriodsJson(this.#db, filters, zone, periods);
    }
    const half = Math.ceil(periods.length / 2);
    const [first, second] = await Promise.all([
      exactDayPeriodsJson(this.#db, filters, zone, periods.slice(0, half)),
      exactDayPeriodsJson(this.#db, filters, zone, periods.slice(half)),
    ]);
    return [...first, ...second];
  }

  async #fromBuckets(
    filters: Filters,
    periods: Dated[],
    granularity: "day" | "hour",
  ): Promise<GgrReportPeriod[]> {
    const first = periods[0];
    const last = periods.at(-1);
    if (!first || !last) return [];
    const starts = periods.map((p) => p.start);
    const grouped = filters.byGame
      ? sql`group by 1, 2, 3 order by 1, 2, 3`
      : sql`group by 1, 3 order by 1, 3`;
    const result = await sql<Totals & { period: number }>`
      select width_bucket(bucket_start, ${starts}::timestamptz[]) as period, ${gameColumn(filters)}, currency,
        sum(bets)::bigint as bets, sum(wins)::bigint as wins, sum(rounds)::bigint as rounds,
        sum(players)::int as players, sum(bonus_wins)::bigint as bonus_wins,
        sum(bonus_rounds)::bigint as bonus_rounds
      from ggr_buckets
      where operator_id = ${filters.operatorId} and bucket_start >= ${new Date(first.startMs)}
        and bucket_start < ${new Date(last.endMs)} ${narrowed(filters)}
      ${grouped}`.execute(this.#db);
    const estimate = granularity === "day" ? await this.#prorated(filters, periods) : undefined;
    // Rows come ordered by period, so a period's rows follow one another.
    const answer: GgrReportPeriod[] = [];
    for (const row of result.rows) {
      const period = periods[Number(row.period) - 1];
      if (!period) continue;
      const players = estimate
        ? (estimate.get(`${period.label}\0${row.game_code}\0${row.currency}`) ?? 0)
        : row.players;
      let last = answer.at(-1);
      if (last?.period !== period.label) {
        last = {
          period: period.label,
          start: period.start,
          end: period.end,
          playersApproximate: true,
          rows: [],
        };
        answer.push(last);
      }
      last.rows.push(reportRow(row, players, filters.byGame));
    }
    return answer;
  }

  /** Each day's players estimated from the exact UTC days it overlaps, in proportion to the overlap. */
  async #prorated(filters: Filters, periods: Dated[]): Promise<Map<string, number>> {
    const first = periods[0] as Dated;
    const last = periods.at(-1) as Dated;
    const result = await utcDayPlayers(filters, formatDate(first.startMs), formatDate(last.endMs)).execute(
      this.#db,
    );
    const sums = new Map<string, number>();
    for (const row of result.rows) {
      const dayStart = Date.parse(`${row.day}T00:00:00Z`);
      for (const period of periods) {
        const overlap = Math.min(period.endMs, dayStart + DAY) - Math.max(period.startMs, dayStart);
        if (overlap <= 0) continue;
        const key = `${period.label}\0${row.game_code}\0${row.currency}`;
        sums.set(key, (sums.get(key) ?? 0) + (row.players * overlap) / DAY);
      }
    }
    return new Map([...sums].map(([key, value]) => [key, Math.round(value)]));
  }
}

/**
 * The players of each UTC day from `first` to `last` (both included), per game and currency or per currency.
 * Totalled over every game it reads `ggr_day_totals`, which counts a player of several games once; totalled
 * over some games only it adds the games' players up.
 */
function utcDayPlayers(
  filters: Filters,
  first: string,
  last: string,
): RawBuilder<{ day: string; game_code: string; currency: string; players: number }> {
  const where = sql`where operator_id = ${filters.operatorId} and time_zone = 'UTC'
    and day >= ${first}::date and day <= ${last}::date ${narrowed(filters)}`;
  if (filters.byGame) {
    return sql`select day::text as day, game_code, currency, players from ggr_days ${where}`;
  }
  if (filters.games === undefined) {
    return sql`select day::text as day, '' as game_code, currency, players from ggr_day_totals ${where}`;
  }
  return sql`select day::text as day, '' as game_code, currency, sum(players)::int as players
    from ggr_days ${where} group by day, currency`;
}

/** The game column of a grouped query: the game's code, or one empty code for the total over games. */
function gameColumn(filters: Filters): RawBuilder<unknown> {
  return filters.byGame ? sql`game_code` : sql`'' as game_code`;
}

function narrowed(filters: Filters): RawBuilder<unknown> {
  const games = filters.games ? sql`and game_code = any(${filters.games}::text[])` : sql``;
  const currencies = filters.currencies ? sql`and currency = any(${filters.currencies}::text[])` : sql``;
  return sql`${games} ${currencies}`;
}

const decimalsByCurrency = new Map<string, number>();

function decimalsOf(currency: string): number {
  let decimals = decimalsByCurrency.get(currency);
  if (decimals === undefined) {
    decimals = resolveCurrency(currency)?.decimals ?? 0;
    decimalsByCurrency.set(currency, decimals);
  }
  return decimals;
}

function reportRow(totals: Totals, players: number, byGame: boolean): GgrReportRow {
  const decimals = decimalsOf(totals.currency);
  const bets = BigInt(totals.bets);
  const wins = BigInt(totals.wins);
  return {
    ...(byGame && { gameCode: totals.game_code }),
    currency: totals.currency,
    bets: formatAmount(bets, decimals),
    wins: formatAmount(wins, decimals),
    ggr: formatAmount(bets - wins, decimals),
    rounds: Number(totals.rounds),
    players: Number(players),
    ...(hasBonus(totals) && {
      bonusWins: formatAmount(BigInt(totals.bonus_wins), decimals),
      bonusRounds: Number(totals.bonus_rounds),
    }),
  };
}

/**
 * Whether a row had free-round play: only those carry the bonus line, a year by game being 80,000 rows of
 * which few are of campaigns' games (two fields on every row made the answer a quarter larger).
 */
function hasBonus(totals: Pick<Totals, "bonus_wins" | "bonus_rounds">): boolean {
  return BigInt(totals.bonus_rounds) !== 0n || BigInt(totals.bonus_wins) !== 0n;
}
