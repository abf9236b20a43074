import { type Kysely, sql } from "kysely";

/**
 * `ggr_day_totals`: each day of `ggr_days` (UTC and the operator's zone) totalled over every game, per
 * currency, with the day's distinct players over all games. A year's daily report totalled over games then
 * reads a row per day and currency (about 1,100) instead of summing a row per day, game and currency
 * (about 80,000 for 73 games and 3 currencies), and its players stay exact: a player of two games is one
 * player of the day, which no sum of the games' own counts can tell. Filled from the aggregates already
 * kept, so the report answers for past days at once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable("ggr_day_totals")
    .addColumn("operator_id", "uuid", (c) => c.notNull())
    .addColumn("time_zone", "text", (c) => c.notNull())
    .addColumn("day", "date", (c) => c.notNull())
    .addColumn("currency", "text", (c) => c.notNull())
    .addColumn("bets", "bigint", (c) => c.notNull())
    .addColumn("wins", "bigint", (c) => c.notNull())
    .addColumn("rounds", "bigint", (c) => c.notNull())
    .addColumn("players", "integer", (c) => c.notNull())
    .addPrimaryKeyConstraint("ggr_day_totals_pkey", ["operator_id", "time_zone", "day", "currency"])
    .execute();
  await sql`
    insert into ggr_day_totals (operator_id, time_zone, day, currency, bets, wins, rounds, players)
    select d.operator_id, d.time_zone, d.day, d.currency, sum(d.bets), sum(d.wins), sum(d.rounds),
      coalesce(max(p.players), 0)
    from ggr_days d
    left join (
      select operator_id, time_zone, day, currency, count(distinct player_id)::int as players
      from ggr_day_players group by 1, 2, 3, 4
    ) p on p.operator_id = d.operator_id and p.time_zone = d.time_zone and p.day = d.day
      and p.currency = d.currency
    group by d.operator_id, d.time_zone, d.day, d.currency`.execute(db);
}
