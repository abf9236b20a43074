import { type Kysely, sql } from "kysely";
import type { Clock } from "../clock.ts";
import type { Store } from "../store/database.ts";
import type { Database } from "../store/schema.ts";
import { confirmedTransactions } from "./ggr-source.ts";
import { BUCKET_MS, dayInZone, sameZone } from "./time-zones.ts";

export interface RollupOptions {
  /**
   * How long after its confirmation a transaction is rolled up: longer than any write takes from taking
   * its time to committing, so nothing committed late falls behind the watermark.
   */
  settleMs: number;
  /** The most one step rolls up, so that a step (one transaction) stays short after a long stop. */
  maxWindowMs: number;
}

export const DEFAULT_ROLLUP_OPTIONS: RollupOptions = { settleMs: 60_000, maxWindowMs: 6 * 3_600_000 };

const DAY = 86_400_000;

type Executor = Kysely<Database>;

export interface RollupStep {
  from: Date;
  to: Date;
}

/**
 * Rolls the wallet's confirmations up into the report's tables behind a watermark: 15-minute UTC buckets,
 * then the days in UTC and in each operator's own zone, with their players one row each. Paid play makes
 * the bets, wins, rounds and players; free rounds make the bonus line beside them (bonus wins and rounds). Each step is one
 * transaction that holds the watermark's row (SKIP LOCKED, so one instance rolls up at a time and the others
 * skip), recomputes the buckets from the last one it touched and moves the watermark on. Recomputing whole
 * buckets and upserting makes a step safe to repeat; the bet path never waits for any of it.
 */
export class GgrRollup {
  readonly #db: Executor;
  readonly #clock: Clock;
  readonly #options: RollupOptions;

  constructor(deps: { store: Pick<Store, "db">; clock: Clock; options?: Partial<RollupOptions> }) {
    this.#db = deps.store.db;
    this.#clock = deps.clock;
    this.#options = { ...DEFAULT_ROLLUP_OPTIONS, ...deps.options };
  }

  /** Everything confirmed before this instant is in the report (null before the first step). */
  async watermark(db: Executor = this.#db): Promise<Date | null> {
    const row = await sql<{ watermark: Date | null }>`select watermark from ggr_rollup where id = 1`.execute(
      db,
    );
    return row.rows[0]?.watermark ?? null;
  }

  /** One step; undefined when there was nothing to do or another instance is stepping. */
  async step(cutoff: number = this.#cutoff()): Promise<RollupStep | undefined> {
    return this.#db.transaction().execute(async (trx) => {
      const held = await sql<{ watermark: Date | null }>`
        select watermark from ggr_rollup where id = 1 for update skip locked`.execute(trx);
      const row = held.rows[0];
      if (!row) return undefined;
      return stepFrom(trx, row.watermark, cutoff, this.#options.maxWindowMs);
    });
  }

  /**
   * Steps until the watermark reaches the cutoff taken when the pass began; returns the number of steps.
   * A cutoff read again at every step would move on by the step's own duration, so a pass on a live clock
   * would never end and would hold the store's connection step after step.
   */
  async catchUp(shouldStop: () => boolean = () => false): Promise<number> {
    const cutoff = this.#cutoff();
    let steps = 0;
    while (!shouldStop() && (await this.step(cutoff)) !== undefined) steps += 1;
    return steps;
  }

  #cutoff(): number {
    return this.#clock.now() - this.#options.settleMs;
  }

  /**
   * Recomputes every aggregate from the transactions up to the current watermark, in one transaction,
   * and says whether the stored ones were equal (the rows that differed, per table). Also fills the days
   * of an operator's zone changed since they were rolled up.
   */
  async rebuild(): Promise<RebuildResult> {
    return this.#db.transaction().execute(async (trx) => {
      const held = await sql<{ watermark: Date | null }>`
        select watermark from ggr_rollup where id = 1 for update`.execute(trx);
      const watermark = held.rows[0]?.watermark ?? null;
      for (const table of TABLES) {
        await sql`create temporary table ${sql.raw(`before_${table}`)} on commit drop as
          select * from ${sql.table(table)}`.execute(trx);
        await sql`delete from ${sql.table(table)}`.execute(trx);
      }
      let from: Date | null = null;
      if (watermark !== null) {
        for (;;) {
          const step = await stepFrom(trx, from, watermark.getTime(), this.#options.maxWindowMs);
          if (step === undefined) break;
          from = step.to;
        }
      }
      await sql`update ggr_rollup set watermark = ${watermark} where id = 1`.execute(trx);
      const differences: Record<string, number> = {};
      for (const table of TABLES) {
        const before = sql.table(`before_${table}`);
        const now = sql.table(table);
        const counted = await sql<{ n: number }>`
          select count(*)::int as n from (
            (select * from ${before} except all select * from ${now})
            union all
            (select * from ${now} except all select * from ${before})
          ) d`.execute(trx);
        differences[table] = counted.rows[0]?.n ?? 0;
      }
      const rows = await sql<{ n: number }>`select count(*)::int as n from ggr_buckets`.execute(trx);
      return {
        watermark: watermark?.toISOString() ?? null,
        matched: Object.values(differences).every((n) => n === 0),
        differences: differences as RebuildResult["differences"],
        buckets: rows.rows[0]?.n ?? 0,
      };
    });
  }
}

const TABLES = ["ggr_buckets", "ggr_days", "ggr_day_players", "ggr_day_totals"] as const;

export interface RebuildResult {
  /** The instant the aggregates run up to (null: nothing rolled up yet). */
  watermark: string | null;
  matched: boolean;
  /** Rows that were missing, extra or different before the rebuild, per table. */
  differences: Record<(typeof TABLES)[number], number>;
  buckets: number;
}

const floorToBucket = (ms: number) => Math.floor(ms / BUCKET_MS) * BUCKET_MS;

/** Rolls up [watermark, cutoff), at most `maxWindowMs` of it; undefined when there is nothing to do. */
async function stepFrom(
  db: Executor,
  watermark: Date | null,
  cutoff: number,
  maxWindowMs: number,
): Promise<RollupStep | undefined> {
  const start = watermark?.getTime() ?? (await firstConfirmation(db));
  if (start === undefined || start >= cutoff) {
    if (watermark === null)
      await sql`update ggr_rollup set watermark = ${new Date(cutoff)} where id = 1`.execute(db);
    return undefined;
  }
  const from = new Date(floorToBucket(start));
  const to = new Date(Math.min(cutoff, from.getTime() + maxWindowMs));
  const touched = await upsertBuckets(db, from, to);
  for (const operator of await zonesOf(db, touched)) {
    for (const zone of operator.zones) await refreshDays(db, operator.id, zone, from, to);
  }
  await sql`update ggr_rollup set watermark = ${to}, passed_at = now() where id = 1`.execute(db);
  return { from, to };
}

async function firstConfirmation(db: Executor): Promise<number | undefined> {
  const result = await sql<{ first: Date | null }>`
    select least(
      (select min(completed_at) from wallet_transactions where status = 'ok'),
      (select min(completed_at) from wallet_transactions_history where status = 'ok')
    ) as first`.execute(db);
  return result.rows[0]?.first?.getTime();
}

async function upsertBuckets(db: Executor, from: Date, to: Date): Promise<string[]> {
  const result = await sql<{ operator_id: string }>`
    insert into ggr_buckets (operator_id, bucket_start, game_code, currency, bets, wins, rounds, players,
      bonus_wins, bonus_rounds)
    select operator_id, to_timestamp(floor(extract(epoch from completed_at) / 900) * 900), game_code, currency,
      coalesce(sum(amount) filter (where kind = 'debit' and not free_round), 0)
        - coalesce(sum(amount) filter (where refund and not free_round), 0),
      coalesce(sum(amount) filter (where kind = 'credit' and not free_round), 0),
      count(*) filter (where kind = 'debit' and seq = 0 and not free_round),
      count(distinct player_id) filter (where kind = 'debit' and not free_round),
      coalesce(sum(amount) filter (where kind = 'credit' and free_round), 0),
      count(*) filter (where kind = 'debit' and seq = 0 and free_round)
    from (${confirmedTransactions({ from, to })}) s
    group by 1, 2, 3, 4
    on conflict (operator_id, bucket_start, game_code, currency) do update set
      bets = excluded.bets, wins = excluded.wins, rounds = excluded.rounds, players = excluded.players,
      bonus_wins = excluded.bonus_wins, bonus_rounds = excluded.bonus_rounds
    returning operator_id`.execute(db);
  return [...new Set(result.rows.map((r) => r.operator_id))];
}

/** UTC and each operator's own zone (once when they are the same zone). */
async function zonesOf(db: Executor, operatorIds: string[]): Promise<{ id: string; zones: string[] }[]> {
  if (operatorIds.length === 0) return [];
  const rows = await db
    .selectFrom("operators")
    .select(["id", "time_zone"])
    .where("id", "in", operatorIds)
    .orderBy("id")
    .execute();
  return rows.map((row) => ({
    id: row.id,
    zones: sameZone(row.time_zone, "UTC") ? ["UTC"] : ["UTC", row.time_zone],
  }));
}

/** The days of `zone` that [from, to) touches: their players added, their totals summed again. */
async function refreshDays(
  db: Executor,
  operatorId: string,
  zone: string,
  from: Date,
  to: Date,
): Promise<void> {
  const firstDate = Date.parse(new Date(from.getTime() - DAY).toISOString().slice(0, 10));
  for (let date = firstDate; date <= to.getTime() + DAY; date += DAY) {
    const day = dayInZone(zone, date);
    const start = Math.max(day.startMs, from.getTime());
    const end = Math.min(day.endMs, to.getTime());
    if (start >= end) continue;
    await sql`
      insert into ggr_day_players (operator_id, time_zone, day, game_code, currency, player_id)
      select distinct operator_id, ${zone}, ${day.label}::date, game_code, currency, player_id
      from (${confirmedTransactions({ from: new Date(start), to: new Date(end), operatorId })}) s
      where kind = 'debit' and not free_round
      on conflict do nothing`.execute(db);
    await sql`delete from ggr_days where operator_id = ${operatorId} and time_zone = ${zone} and day = ${day.label}::date`.execute(
      db,
    );
    await sql`
      insert into ggr_days (operator_id, time_zone, day, game_code, currency, bets, wins, rounds, players,
        bonus_wins, bonus_rounds)
      select ${operatorId}, ${zone}, ${day.label}::date, b.game_code, b.currency,
        sum(b.bets), sum(b.wins), sum(b.rounds), coalesce(max(p.players), 0), sum(b.bonus_wins),
        sum(b.bonus_rounds)
      from ggr_buckets b
      left join (
        select game_code, currency, count(*)::int as players from ggr_day_players
        where operator_id = ${operatorId} and time_zone = ${zone} and day = ${day.label}::date
        group by game_code, currency
      ) p on p.game_code = b.game_code and p.currency = b.currency
      where b.operator_id = ${operatorId} and b.bucket_start >= ${new Date(day.startMs)}
        and b.bucket_start < ${new Date(day.endMs)}
      group by b.game_code, b.currency`.execute(db);
    await refreshDayTotals(db, operatorId, zone, day.label);
  }
}

/** The day totalled over its games, per currency, with its distinct players over every game. */
async function refreshDayTotals(db: Executor, operatorId: string, zone: string, day: string): Promise<void> {
  await sql`delete from ggr_day_totals where operator_id = ${operatorId} and time_zone = ${zone} and day = ${day}::date`.execute(
    db,
  );
  await sql`
    insert into ggr_day_totals (operator_id, time_zone, day, currency, bets, wins, rounds, players,
      bonus_wins, bonus_rounds)
    select ${operatorId}, ${zone}, ${day}::date, d.currency, sum(d.bets), sum(d.wins), sum(d.rounds),
      coalesce(max(p.players), 0), sum(d.bonus_wins), sum(d.bonus_rounds)
    from ggr_days d
    left join (
      select currency, count(distinct player_id)::int as players from ggr_day_players
      where operator_id = ${operatorId} and time_zone = ${zone} and day = ${day}::date
      group by currency
    ) p on p.currency = d.currency
    where d.operator_id = ${operatorId} and d.time_zone = ${zone} and d.day = ${day}::date
    group by d.currency`.execute(db);
}
