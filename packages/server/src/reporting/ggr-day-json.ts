import { CURRENCIES, CURRENCY_ALIASES, resolveCurrency } from "@rgs/protocol/currencies";
import { type Kysely, type RawBuilder, sql } from "kysely";
import type { Database } from "../store/schema.ts";

/** The report's days, each with the instants written once at the head of its rows. */
export interface ReportDay {
  label: string;
  start: string;
  end: string;
}

export interface DayFilters {
  operatorId: string;
  games: string[] | undefined;
  currencies: string[] | undefined;
  byGame: boolean;
}

/**
 * The `periods` of a daily report in UTC or in the operator's zone, written as JSON by the database: a text per
 * day with rows, its period object (instants, `playersApproximate`, then its `rows`), in order. A year by game
 * is 80,000 rows: read into objects, their bigints converted and formatted, then serialised again, they cost
 * several times what the database takes to write them as text. So the database writes each day (one statement,
 * read by the primary key in its order) and the server sends the texts as they are. Amounts are formatted as
 * `formatAmount` does: "0" for zero, otherwise exactly the currency's decimals, "-" before a negative GGR; a
 * currency outside the catalogue has none. The bonus line (bonusWins, bonusRounds) is written on rows with
 * free-round play only, as the report's other path writes it. Totalled over every game it reads `ggr_day_totals` (a player of
 * several games counted once); over some games only it adds the games' rows and their players up, and says
 * the players are approximate.
 */
export async function exactDayPeriodsJson(
  db: Kysely<Database>,
  filters: DayFilters,
  zone: string,
  days: ReportDay[],
): Promise<string[]> {
  const approximate = !filters.byGame && filters.games !== undefined;
  const heads = days.map(
    (d) =>
      `${JSON.stringify({ period: d.label, start: d.start, end: d.end, playersApproximate: approximate }).slice(0, -1)},"rows":[`,
  );
  const result = await sql<{ period: string }>`
    select concat(p.head, x.rows, ']}') as period
    from unnest(${days.map((d) => d.label)}::date[], ${heads}::text[]) with ordinality as p(day, head, ord)
    cross join lateral (
      select string_agg(concat('{', ${filters.byGame ? sql`'"gameCode":', to_json(g.game_code)::text, ','` : sql``}
        '"currency":', to_json(g.currency)::text, ',"bets":"', ${amount(sql`g.bets`)}, '","wins":"',
        ${amount(sql`g.wins`)}, '","ggr":"', ${amount(sql`(g.bets - g.wins)`)}, '","rounds":', g.rounds,
        ',"players":', g.players, case when g.bonus_rounds <> 0 or g.bonus_wins <> 0 then concat(
          ',"bonusWins":"', ${amount(sql`g.bonus_wins`)}, '","bonusRounds":', g.bonus_rounds) end, '}'),
        ',' order by ${filters.byGame ? sql`g.game_code, ` : sql``}g.currency) as rows
      from (${oneDay(filters, zone)}) g
        left join unnest(${UNITS.codes}::text[], ${UNITS.decimals}::int[], ${UNITS.scales}::bigint[])
          as c(code, decimals, scale) on c.code = g.currency
    ) x
    where x.rows is not null
    order by p.ord`.execute(db);
  return result.rows.map((r) => r.period);
}

/** The rows of the day `p.day`: per game and currency, per currency over every game, or over some games. */
function oneDay(filters: DayFilters, zone: string): RawBuilder<unknown> {
  const games = filters.games ? sql`and game_code = any(${filters.games}::text[])` : sql``;
  const currencies = filters.currencies ? sql`and currency = any(${filters.currencies}::text[])` : sql``;
  const where = sql`where operator_id = ${filters.operatorId} and time_zone = ${zone} and day = p.day
    ${games} ${currencies}`;
  if (filters.byGame) {
    return sql`select game_code, currency, bets, wins, rounds, players, bonus_wins, bonus_rounds
      from ggr_days ${where}`;
  }
  if (filters.games === undefined) {
    return sql`select currency, bets, wins, rounds, players, bonus_wins, bonus_rounds
      from ggr_day_totals ${where}`;
  }
  return sql`select currency, sum(bets)::bigint as bets, sum(wins)::bigint as wins,
      sum(rounds)::bigint as rounds, sum(players)::int as players, sum(bonus_wins)::bigint as bonus_wins,
      sum(bonus_rounds)::bigint as bonus_rounds
    from ggr_days ${where} group by currency`;
}

/**
 * A bigint of minor units written as the currency's decimal string, with integer arithmetic (numeric
 * arithmetic costs the database several times more over 80,000 rows).
 */
function amount(units: RawBuilder<unknown>): RawBuilder<unknown> {
  return sql`case when ${units} = 0 or coalesce(c.decimals, 0) = 0 then ${units}::text
    else concat(case when ${units} < 0 then '-' end, abs(${units}) / c.scale, '.',
      lpad((abs(${units}) % c.scale)::text, c.decimals, '0')) end`;
}

/** Every code the catalogue resolves (aliases included), with its decimals and 10^decimals. */
const UNITS = (() => {
  const codes = [...CURRENCIES.map((c) => c.code), ...Object.keys(CURRENCY_ALIASES)];
  const decimals = codes.map((code) => resolveCurrency(code)?.decimals ?? 0);
  return { codes, decimals, scales: decimals.map((d) => (10n ** BigInt(d)).toString()) };
})();
