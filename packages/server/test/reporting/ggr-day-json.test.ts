import { randomUUID } from "node:crypto";
import { formatAmount } from "@rgs/protocol/money";
import type { GgrReportRequest, GgrReportResponse } from "@rgs/protocol/operator-reports";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresAvailable } from "../../../../test-support/services.ts";
import { manualClock } from "../../src/clock.ts";
import { GgrReport } from "../../src/reporting/ggr-report.ts";
import type { Store } from "../../src/store/database.ts";
import { storeBackends } from "../store/store-backends.ts";
import { flatRows } from "./ggr-flat-rows.ts";

/**
 * The exact days' rows are written as JSON by the database: their amounts must read as the rest of the API
 * writes them (formatAmount), whatever the currency's decimals and the sign, on both stores.
 */

const backends = storeBackends(await postgresAvailable());

interface DayRow {
  day: string;
  game: string;
  currency: string;
  bets: bigint;
  wins: bigint;
  rounds: number;
  players: number;
  bonusWins?: bigint;
  bonusRounds?: number;
}

const DECIMALS: Record<string, number> = { USD: 2, JPY: 0, BTC: 8, EUR: 2, XTS: 0 };

const ROWS: DayRow[] = [
  { day: "2030-05-01", game: "dice-alpha", currency: "USD", bets: 0n, wins: 0n, rounds: 0, players: 0 },
  { day: "2030-05-01", game: "dice-alpha", currency: "JPY", bets: 500n, wins: 700n, rounds: 3, players: 2 },
  {
    day: "2030-05-01",
    game: "mines-alpha",
    currency: "USD",
    bets: 150n,
    wins: 1234n,
    rounds: 2,
    players: 1,
    // Free rounds' payouts on the bonus line, beside a GGR of paid play.
    bonusWins: 305n,
    bonusRounds: 3,
  },
  { day: "2030-05-01", game: "mines-alpha", currency: "BTC", bets: 1n, wins: 0n, rounds: 1, players: 1 },
  // Beyond 2^53: a float would round it.
  {
    day: "2030-05-02",
    game: "dice-alpha",
    currency: "EUR",
    bets: 9007199254740993n,
    wins: 7n,
    rounds: 9,
    players: 4,
  },
  // A currency outside the catalogue has no decimals; a code the database holds is escaped, not trusted.
  { day: "2030-05-02", game: 'odd"code\\', currency: "XTS", bets: 42n, wins: 40n, rounds: 1, players: 1 },
];

const DAYS: Record<string, { start: string; end: string }> = {
  "2030-05-01": { start: "2030-05-01T00:00:00.000Z", end: "2030-05-02T00:00:00.000Z" },
  "2030-05-02": { start: "2030-05-02T00:00:00.000Z", end: "2030-05-03T00:00:00.000Z" },
};

function expectedRow(row: Omit<DayRow, "game"> & { game?: string }, approximate: boolean) {
  const decimals = DECIMALS[row.currency] ?? 0;
  return {
    period: row.day,
    ...DAYS[row.day],
    ...(row.game !== undefined && { gameCode: row.game }),
    currency: row.currency,
    bets: formatAmount(row.bets, decimals),
    wins: formatAmount(row.wins, decimals),
    ggr: formatAmount(row.bets - row.wins, decimals),
    rounds: row.rounds,
    players: row.players,
    // The bonus line only where free rounds were played.
    ...((row.bonusWins ?? 0n) + BigInt(row.bonusRounds ?? 0) !== 0n && {
      bonusWins: formatAmount(row.bonusWins ?? 0n, decimals),
      bonusRounds: row.bonusRounds ?? 0,
    }),
    playersApproximate: approximate,
  };
}

const byKey = (row: { day: string; game?: string; currency: string }) =>
  `${row.day} ${row.game ?? ""} ${row.currency}`;

describe.each(backends)("the exact days' rows written by the database on $name", (backend) => {
  let store: Store;
  const operatorId = randomUUID();

  const report = async (request: Partial<GgrReportRequest>): Promise<GgrReportResponse> => {
    const body = { from: "2030-05-01", to: "2030-05-02", granularity: "day", ...request } as const;
    const answer = await new GgrReport({ db: store.db }).report({ id: operatorId, timeZone: "UTC" }, body);
    return JSON.parse(answer.join("")) as GgrReportResponse;
  };

  beforeAll(async () => {
    store = await backend.open(manualClock(Date.parse("2030-06-01T00:00:00Z")));
    for (const row of ROWS) {
      await sql`insert into ggr_days (operator_id, time_zone, day, game_code, currency, bets, wins, rounds, players,
          bonus_wins, bonus_rounds)
        values (${operatorId}, 'UTC', ${row.day}::date, ${row.game}, ${row.currency}, ${row.bets.toString()}::bigint,
          ${row.wins.toString()}::bigint, ${row.rounds}, ${row.players}, ${(row.bonusWins ?? 0n).toString()}::bigint,
          ${row.bonusRounds ?? 0})`.execute(store.db);
    }
    await sql`insert into ggr_day_totals (operator_id, time_zone, day, currency, bets, wins, rounds, players,
        bonus_wins, bonus_rounds)
      select operator_id, time_zone, day, currency, sum(bets), sum(wins), sum(rounds), max(players),
        sum(bonus_wins), sum(bonus_rounds)
      from ggr_days where operator_id = ${operatorId} group by 1, 2, 3, 4`.execute(store.db);
  });

  afterAll(async () => {
    await store?.close();
    await backend.dispose();
  });

  it("writes each row's amounts as formatAmount does, by day, game and currency in order", async () => {
    const answer = await report({ timeZone: "UTC" });
    const ordered = [...ROWS].sort((a, b) => (byKey(a) < byKey(b) ? -1 : 1));
    expect(flatRows(answer)).toEqual(ordered.map((row) => expectedRow(row, false)));
    expect(answer).toMatchObject({ timeZone: "UTC", groupBy: "game", demo: "excluded", through: null });
    // Each day once, what its rows share written once.
    const head = ["period", "start", "end", "playersApproximate", "rows"];
    expect(answer.periods.map((p) => [p.period, Object.keys(p), p.rows.length])).toEqual([
      ["2030-05-01", head, 4],
      ["2030-05-02", head, 2],
    ]);
    const keys = ["gameCode", "currency", "bets", "wins", "ggr", "rounds", "players"];
    expect(Object.keys(answer.periods[0]?.rows[0] ?? {})).toEqual(keys);
    const withBonus = answer.periods[0]?.rows.find((row) => row.bonusRounds !== undefined);
    expect(Object.keys(withBonus ?? {})).toEqual([...keys, "bonusWins", "bonusRounds"]);
  });

  it("totals the days over every game from the day totals, and over some games by adding theirs", async () => {
    const totals = new Map<string, DayRow>();
    for (const row of ROWS) {
      const key = byKey({ day: row.day, currency: row.currency });
      const total = totals.get(key);
      totals.set(
        key,
        total
          ? {
              ...total,
              bets: total.bets + row.bets,
              wins: total.wins + row.wins,
              rounds: total.rounds + row.rounds,
              players: Math.max(total.players, row.players),
              bonusWins: (total.bonusWins ?? 0n) + (row.bonusWins ?? 0n),
              bonusRounds: (total.bonusRounds ?? 0) + (row.bonusRounds ?? 0),
            }
          : row,
      );
    }
    const answer = await report({ groupBy: "currency" });
    const ordered = [...totals.entries()].sort(([a], [b]) => (a < b ? -1 : 1)).map(([, row]) => row);
    expect(flatRows(answer)).toEqual(ordered.map(({ game: _, ...row }) => expectedRow(row, false)));
    const some = await report({ groupBy: "currency", gameCodes: ["mines-alpha"] });
    expect(flatRows(some)).toEqual(
      ROWS.filter((row) => row.game === "mines-alpha")
        .sort((a, b) => (byKey(a) < byKey(b) ? -1 : 1))
        .map(({ game: _, ...row }) => expectedRow(row, true)),
    );
  });
  it("answers a year by game written on two connections exactly as on one, every day once and in order", async () => {
    const yearOperator = randomUUID();
    const days = ["2030-01-01", "2030-03-31", "2030-07-02", "2030-12-31"];
    for (const [i, day] of days.entries()) {
      for (const game of ["dice-alpha", "plinko-alpha"]) {
        await sql`insert into ggr_days (operator_id, time_zone, day, game_code, currency, bets, wins, rounds, players)
          values (${yearOperator}, 'UTC', ${day}::date, ${game}, 'USD', ${100 + i}, ${i}, 1, 1)`.execute(
          store.db,
        );
      }
    }
    const body = { from: "2030-01-01", to: "2030-12-31", granularity: "day", timeZone: "UTC" } as const;
    const run = (lanes: 1 | 2) =>
      new GgrReport({ db: store.db }).report({ id: yearOperator, timeZone: "UTC" }, body, lanes);
    const [one, two] = [await run(1), await run(2)];
    expect(two.join("")).toBe(one.join(""));
    const answer = JSON.parse(two.join("")) as GgrReportResponse;
    expect(answer.periods.map((p) => [p.period, p.rows.map((r) => r.gameCode)])).toEqual(
      days.map((day) => [day, ["dice-alpha", "plinko-alpha"]]),
    );
  });
});
