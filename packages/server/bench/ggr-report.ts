/**
 * The GGR report (src/reporting/ggr-report.ts) at scale: aggregates the size the roll-up keeps for N
 * real-money rounds over a year, written set-based, and the report timed on them beside its floor (the same
 * statements alone, their rows received but not presented). Used by `npm run bench -- --only report` and by
 * scripts/explain-at-scale.ts.
 */
import { signedHeaders } from "@rgs/protocol/signing";
import { Kysely, PostgresDialect } from "kysely";
import type pg from "pg";
import { GgrReport } from "../src/reporting/ggr-report.ts";
import type { Database } from "../src/store/schema.ts";
import { request } from "./load.ts";
import { CpuWindow } from "./process-cpu.ts";

type Queryable = Pick<pg.Pool, "query"> | Pick<pg.Client, "query">;

const OTHER_OPERATORS = [2, 3, 4, 5].map((i) => `0f0f0f0f-0000-4000-8000-00000000000${i}`);

/**
 * The report's aggregates for `rounds` rounds spread evenly over 2029 between 5 operators, 73 codes and
 * 3 currencies: every day row in UTC and in each operator's zone (`operator`'s is Europe/Berlin), the day
 * totals over games, and for `operator` the 15-minute buckets of the 31 days the hourly report reads (as
 * many (game, currency) rows per bucket as rounds fall in it, at most 219).
 */
export async function fillReportAggregates(
  client: Queryable,
  operator: string,
  rounds: number,
  timed: (label: string, work: () => Promise<unknown>) => Promise<unknown> = (_, work) => work(),
): Promise<void> {
  const operators = [operator, ...OTHER_OPERATORS];
  const zones = ["Europe/Berlin", "Asia/Kathmandu", "Asia/Kolkata", "America/New_York", "UTC"];
  const perRow = Math.max(1, Math.round(rounds / (5 * 365 * 73 * 3)));
  await timed("day rows (UTC and each operator's zone)", () =>
    client.query(
      `insert into ggr_days (operator_id, time_zone, day, game_code, currency, bets, wins, rounds, players)
       select o.id::uuid, z.zone, d::date, 'game-' || g, c, $3 * 150, $3 * 145, $3, greatest(1, $3 * 4 / 5)
       from unnest($1::text[], $2::text[]) as o(id, tz)
         cross join lateral (select 'UTC' as zone union select o.tz) z
         cross join generate_series('2029-01-01'::date, '2029-12-31'::date, '1 day') d
         cross join generate_series(1, 73) g cross join unnest(array['USD', 'EUR', 'BTC']) c`,
      [operators, zones, perRow],
    ),
  );
  const perBucket = Math.min(219, Math.max(1, Math.round(rounds / 5 / (365 * 96))));
  await timed(`buckets of 31 days for one operator (${perBucket} rows each)`, () =>
    client.query(
      `insert into ggr_buckets (operator_id, bucket_start, game_code, currency, bets, wins, rounds, players)
       select $1::uuid, b, 'game-' || (1 + k % 73), (array['USD', 'EUR', 'BTC'])[1 + k / 73], 150, 145, 1, 1
       from generate_series('2029-03-01T00:00Z'::timestamptz, '2029-04-01T23:45Z', '15 minutes') b
         cross join generate_series(0, $2 - 1) k`,
      [operator, perBucket],
    ),
  );
  await timed("day totals over games (UTC and each operator's zone)", () =>
    client.query(
      `insert into ggr_day_totals (operator_id, time_zone, day, currency, bets, wins, rounds, players)
       select operator_id, time_zone, day, currency, sum(bets), sum(wins), sum(rounds), max(players) * 5
       from ggr_days group by 1, 2, 3, 4`,
    ),
  );
  for (const table of ["ggr_day_totals", "ggr_days", "ggr_buckets"]) await client.query(`analyze ${table}`);
}

export interface ReportTiming {
  label: string;
  rows: number;
  /** Each of three runs, the last one warm. */
  runsMs: number[];
  /** The last run's statements alone, warm. */
  sqlMs: number;
  jsonBytes: number;
  /** Parsing the answer, as an operator's client must. */
  parseMs: number;
  /** Each of three runs through the signed route of a running RGS, until the whole answer is received. */
  routeMs?: number[];
  /** The RGS process's CPU time in each of those runs (its own work: PostgreSQL's is not counted). */
  routeCpuMs?: number[];
}

const CASES = [
  {
    label: "a year by day, UTC",
    body: { from: "2029-01-01", to: "2029-12-31", granularity: "day", timeZone: "UTC" },
  },
  {
    label: "a year by day, the operator's zone",
    body: { from: "2029-01-01", to: "2029-12-31", granularity: "day" },
  },
  {
    label: "a year by day, UTC, totalled over games",
    body: { from: "2029-01-01", to: "2029-12-31", granularity: "day", timeZone: "UTC", groupBy: "currency" },
  },
  {
    label: "a year by day, the operator's zone, totalled over games",
    body: { from: "2029-01-01", to: "2029-12-31", granularity: "day", groupBy: "currency" },
  },
  {
    label: "31 days by hour, Asia/Kathmandu",
    body: { from: "2029-03-01", to: "2029-03-31", granularity: "hour", timeZone: "Asia/Kathmandu" },
  },
] as const;

/** Each case three times through GgrReport on `pool` (one connection, as a reporting query has). */
export async function timeReports(
  pool: pg.Pool,
  operator: { id: string; timeZone: string },
): Promise<ReportTiming[]> {
  const statements: { sql: string; parameters: unknown[] }[] = [];
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: { connect: () => pool.connect(), end: async () => {} } }),
    log(event) {
      if (event.level === "query")
        statements.push({ sql: event.query.sql, parameters: [...event.query.parameters] });
    },
  });
  const report = new GgrReport({ db });
  // As on the reporting connections (reportingConnectionOptions).
  await pool.query("set jit = off");
  const timings: ReportTiming[] = [];
  for (const { label, body } of CASES) {
    const runsMs: number[] = [];
    let answer: string[] = [];
    for (let run = 0; run < 3; run++) {
      statements.length = 0;
      const started = performance.now();
      answer = await report.report(operator, body);
      runsMs.push(performance.now() - started);
    }
    const parsing = performance.now();
    const { periods } = JSON.parse(answer.join("")) as { periods: { rows: unknown[] }[] };
    const rows = periods.reduce((sum, period) => sum + period.rows.length, 0);
    const parseMs = performance.now() - parsing;
    const sqlMs = await sqlFloor(pool, statements);
    timings.push({
      label,
      rows,
      runsMs,
      sqlMs,
      jsonBytes: answer.reduce((sum, part) => sum + part.length, 0),
      parseMs,
    });
  }
  return timings;
}

export function timingLine(t: ReportTiming): string {
  const route = t.routeMs
    ? `; through the signed route ${t.routeMs.map((ms) => ms.toFixed(1)).join(" ms, ")} ms`
    : "";
  return `${t.label}: ${t.rows} rows; ${t.runsMs.map((ms) => ms.toFixed(1)).join(" ms, ")} ms (the last warm); its SQL alone ${t.sqlMs.toFixed(1)} ms; JSON ${(t.jsonBytes / 1024).toFixed(0)} KiB, parsed in ${t.parseMs.toFixed(1)} ms${route}`;
}

/**
 * Each case three times through `POST /operator/reports/ggr` of a running RGS, signed as its operator
 * signs: from the request sent to the whole answer received (not parsed), the last run warm.
 */
export async function timeReportRoute(
  rgs: { baseUrl: string; operatorId: string; secret: string; pid: number },
  timings: ReportTiming[],
): Promise<void> {
  for (const { label, body } of CASES) {
    const timing = timings.find((t) => t.label === label);
    if (!timing) continue;
    timing.routeMs = [];
    timing.routeCpuMs = [];
    const text = JSON.stringify(body);
    for (let run = 0; run < 3; run++) {
      // A signature is accepted once: each request is signed in a second of its own.
      await new Promise((resolve) => setTimeout(resolve, 1000 - (Date.now() % 1000)));
      const headers = signedHeaders({
        operatorId: rgs.operatorId,
        secret: rgs.secret,
        path: "/operator/reports/ggr",
        body: text,
        nowSeconds: Date.now() / 1000,
      });
      const cpu = new CpuWindow({ server: rgs.pid });
      cpu.start();
      const started = performance.now();
      const answer = await request(`${rgs.baseUrl}/operator/reports/ggr`, {
        method: "POST",
        body: text,
        headers,
      });
      timing.routeMs.push(performance.now() - started);
      cpu.end();
      timing.routeCpuMs.push(cpu.delta?.serverMs ?? 0);
      if (answer.status !== 200) throw new Error(`${label}: ${answer.status} ${answer.body.slice(0, 300)}`);
    }
  }
}

/**
 * The floor under a report: its statements alone, sent again with their parameters and their rows received
 * (three times, the last one timed), without the rows being turned into the report's.
 */
async function sqlFloor(
  pool: pg.Pool,
  statements: { sql: string; parameters: unknown[] }[],
): Promise<number> {
  let last = 0;
  for (let run = 0; run < 3; run++) {
    const started = performance.now();
    for (const statement of statements) await pool.query(statement.sql, statement.parameters);
    last = performance.now() - started;
  }
  return last;
}
