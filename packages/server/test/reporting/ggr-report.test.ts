import { mkdtemp, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { GgrReportPeriod } from "@rgs/protocol/operator-reports";
import type { RunningWallet } from "@rgs/reference-wallet";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { localOnboarding } from "../../src/operators/onboarding.ts";
import { PackService } from "../../src/operators/pack-service.ts";
import { Reconciliation } from "../../src/reporting/reconciliation.ts";
import { runCaptured } from "../cli/support.ts";
import { cents, DICE, gameRequest, launchDemo, ok, type RoundResult } from "../http/game/game-support.ts";
import { referenceWalletOperator } from "../http/reference-wallet.ts";
import { createHarness, DEMO_LAUNCH, errorOf, type Harness, type TestOperator } from "../http/support.ts";
import { flatRows } from "./ggr-flat-rows.ts";
import { insertRound, seedPairs } from "./search-fixture.ts";

/**
 * Real-money rounds against the reference wallet across the boundaries of 2030-03-30/31: Kathmandu's
 * midnight (18:15Z), Berlin's midnights (23:00Z, then 22:00Z after its DST change) and its DST change
 * (01:00Z), UTC's midnight. The report's figures are compared with sums over the rounds as played, each
 * instant placed in its day and hour by Intl, not by the server's code.
 */

const SECRET = "reports-reference-wallet-secret-for-tests";
const PLAYERS = [
  { id: "alice", currency: "USD" },
  { id: "bob", currency: "USD" },
  { id: "carol", currency: "EUR" },
] as const;
const INSTANTS = [
  "2030-03-30T17:40:00Z",
  "2030-03-30T18:10:00Z",
  "2030-03-30T18:20:00Z",
  "2030-03-30T22:50:00Z",
  "2030-03-30T23:05:00Z",
  "2030-03-30T23:55:00Z",
  "2030-03-31T00:05:00Z",
  "2030-03-31T00:59:00Z",
  "2030-03-31T01:01:00Z",
  "2030-03-31T18:14:00Z",
  "2030-03-31T21:55:00Z",
  "2030-03-31T22:05:00Z",
];

interface Played {
  at: number;
  playerId: string;
  currency: string;
  stake: bigint;
  payout: bigint;
}

let h: Harness;
let wallet: RunningWallet;
let operator: TestOperator;
const played: Played[] = [];

async function tokenOf(playerId: string, currency: string): Promise<string> {
  const response = await h.signed({
    method: "POST",
    path: "/operator/launch",
    body: { ...DEMO_LAUNCH, demo: false, playerId, currency },
    operator,
  });
  const launchUrl = ok<{ launchUrl: string }>(response).launchUrl;
  return new URL(launchUrl).searchParams.get("sessionToken") ?? "";
}

async function settled(): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const open = await sql<{
      n: number;
    }>`select count(*)::int as n from rounds where status <> 'closed'`.execute(h.store.db);
    if (open.rows[0]?.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error("rounds still open");
}

beforeAll(async () => {
  h = await createHarness();
  ({ wallet, operator } = await referenceWalletOperator(h, {
    name: "Reports operator",
    secret: SECRET,
    players: "alice:USD:1000.00,bob:USD:1000.00,carol:EUR:1000.00",
  }));
  await h.operators.update(operator.id, { timeZone: "Asia/Kathmandu" });
  for (const [i, iso] of INSTANTS.entries()) {
    h.clock.set(Date.parse(iso));
    for (const [j, player] of PLAYERS.entries()) {
      if ((i + j) % 4 === 3) continue;
      const token = await tokenOf(player.id, player.currency);
      const amount = `${1 + ((i * 3 + j) % 5)}.${String((i * 7 + j * 13) % 100).padStart(2, "0")}`;
      const { round } = ok<RoundResult>(
        await gameRequest(h, token, "POST", "/game/play", { amount, params: DICE }),
      );
      played.push({
        at: h.clock.now(),
        playerId: player.id,
        currency: player.currency,
        stake: cents(round.stake),
        payout: cents(round.payout),
      });
    }
    await settled();
  }
  // Demo play at the same instants is never counted.
  const demo = await launchDemo(h, {}, operator);
  ok(await gameRequest(h, demo.token, "POST", "/game/play", { amount: "50.00", params: DICE }));
  h.clock.set(Date.parse("2030-04-01T00:00:00Z"));
  await h.runtime.reports.rollup.catchUp();
}, 120_000);

afterAll(async () => {
  await h?.close();
  await wallet?.close();
});

function report(body: Record<string, unknown>, who: TestOperator = operator) {
  h.clock.advance(1000);
  return h.signed({ method: "POST", path: "/operator/reports/ggr", body, operator: who });
}

const dayIn = (zone: string, at: number) =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone: zone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(at);

function hourIn(zone: string, at: number): string {
  const parts = new Intl.DateTimeFormat("en-CA", {
    timeZone: zone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    timeZoneName: "longOffset",
  }).formatToParts(at);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? "";
  const offset = get("timeZoneName").replace("GMT", "") || "+00:00";
  return `${get("year")}-${get("month")}-${get("day")}T${get("hour")}:00${offset}`;
}

const money = (minor: bigint) => {
  if (minor === 0n) return "0";
  const sign = minor < 0n ? "-" : "";
  const abs = minor < 0n ? -minor : minor;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`;
};

/** The rows a report must give: sums over the rounds played, by period, game and currency. */
function expected(periodOf: (at: number) => string, withPlayers: boolean) {
  const rows = new Map<string, { bets: bigint; wins: bigint; rounds: number; players: Set<string> }>();
  for (const p of played) {
    const key = `${periodOf(p.at)}|dice-alpha|${p.currency}`;
    const row = rows.get(key) ?? { bets: 0n, wins: 0n, rounds: 0, players: new Set<string>() };
    row.bets += p.stake;
    row.wins += p.payout;
    row.rounds += 1;
    row.players.add(p.playerId);
    rows.set(key, row);
  }
  return [...rows.entries()]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, row]) => {
      const [period, gameCode, currency] = key.split("|");
      return {
        period,
        gameCode,
        currency,
        bets: money(row.bets),
        wins: money(row.wins),
        ggr: money(row.bets - row.wins),
        rounds: row.rounds,
        ...(withPlayers && { players: row.players.size }),
      };
    });
}

type Row = Record<string, unknown>;
const figures = (rows: Row[], withPlayers: boolean) =>
  rows.map(({ period, gameCode, currency, bets, wins, ggr, rounds, players }) => ({
    period,
    gameCode,
    currency,
    bets,
    wins,
    ggr,
    rounds,
    ...(withPlayers && { players }),
  }));

/** The rows a report totalled over games must give: sums over the rounds played, by period and currency. */
function expectedTotals(periodOf: (at: number) => string, withPlayers: boolean) {
  const byCurrency = new Map<string, Row & { players?: number }>();
  for (const row of expected(periodOf, false)) {
    const players = new Set(
      played
        .filter((p) => periodOf(p.at) === row.period && p.currency === row.currency)
        .map((p) => p.playerId),
    );
    const { gameCode: _game, ...total } = row;
    byCurrency.set(`${row.period}|${row.currency}`, {
      ...total,
      ...(withPlayers && { players: players.size }),
    });
  }
  return [...byCurrency.values()];
}

const totals = (rows: Row[], withPlayers: boolean) =>
  rows.map(({ period, gameCode, currency, bets, wins, ggr, rounds, players }) => ({
    period,
    currency,
    bets,
    wins,
    ggr,
    rounds,
    ...(gameCode !== undefined && { gameCode }),
    ...(withPlayers && { players }),
  }));

describe("POST /operator/reports/ggr against rounds played on the reference wallet", () => {
  it("played rounds on both sides of every boundary", () => {
    expect(played.length).toBeGreaterThan(20);
  });

  it.each([
    ["UTC", false],
    ["Asia/Kathmandu", false],
    ["Europe/Berlin", true],
  ])("sums each %s day exactly (players estimated: %s)", async (zone, approximate) => {
    const body = ok<{ periods: GgrReportPeriod[]; demo: string; through: string; timeZone: string }>(
      await report({ from: "2030-03-29", to: "2030-04-01", granularity: "day", timeZone: zone }),
    );
    expect(body.demo).toBe("excluded");
    expect(body.timeZone).toBe(zone);
    expect(Date.parse(body.through)).toBeGreaterThan(played.at(-1)?.at ?? 0);
    expect(figures(flatRows(body), !approximate)).toEqual(expected((at) => dayIn(zone, at), !approximate));
    expect(flatRows(body).every((row) => row.playersApproximate === approximate)).toBe(true);
    // The answer as declared: each period once, its rows under it, none repeating what the period says.
    expect(
      body.periods.flatMap((p) => p.rows).some((row) => "period" in row || "playersApproximate" in row),
    ).toBe(false);
    expect(new Set(body.periods.map((p) => p.period)).size).toBe(body.periods.length);
    expect(body.periods.every((p) => p.rows.length > 0)).toBe(true);
  });

  it.each([
    ["UTC", "day", false],
    ["Asia/Kathmandu", "day", false],
    ["Europe/Berlin", "day", true],
    ["Europe/Berlin", "hour", true],
  ] as const)(
    "totals each %s %s over the games, per currency (players estimated: %s)",
    async (zone, granularity, approximate) => {
      const body = ok<{ periods: GgrReportPeriod[]; groupBy: string }>(
        await report({
          from: "2030-03-30",
          to: "2030-03-31",
          granularity,
          timeZone: zone,
          groupBy: "currency",
        }),
      );
      expect(body.groupBy).toBe("currency");
      const periodOf = (at: number) => (granularity === "day" ? dayIn(zone, at) : hourIn(zone, at));
      expect(totals(flatRows(body), !approximate)).toEqual(
        expectedTotals(periodOf, !approximate).filter(
          (row) => String(row.period) >= "2030-03-30" && String(row.period) < "2030-04-01",
        ),
      );
      expect(flatRows(body).every((row) => row.playersApproximate === approximate)).toBe(true);
    },
  );

  it("marks players estimated when totalling over some games only", async () => {
    const body = ok<{ periods: GgrReportPeriod[] }>(
      await report({
        from: "2030-03-30",
        to: "2030-03-31",
        granularity: "day",
        timeZone: "UTC",
        groupBy: "currency",
        gameCodes: ["dice-alpha"],
      }),
    );
    expect(totals(flatRows(body), false)).toEqual(expectedTotals((at) => dayIn("UTC", at), false));
    expect(flatRows(body).every((row) => row.playersApproximate === true)).toBe(true);
  });

  it("reports the operator's own zone when none is named", async () => {
    const body = ok<{ periods: GgrReportPeriod[]; timeZone: string }>(
      await report({ from: "2030-03-30", to: "2030-03-31", granularity: "day" }),
    );
    expect(body.timeZone).toBe("Asia/Kathmandu");
    expect(figures(flatRows(body), true)).toEqual(
      expected((at) => dayIn("Asia/Kathmandu", at), true).filter((row) => (row.period ?? "") < "2030-04-01"),
    );
  });

  it("sums Berlin's hours across its DST change and Kathmandu's quarter-hour-offset hours", async () => {
    for (const zone of ["Europe/Berlin", "Asia/Kathmandu"]) {
      const body = ok<{ periods: GgrReportPeriod[] }>(
        await report({ from: "2030-03-30", to: "2030-03-31", granularity: "hour", timeZone: zone }),
      );
      expect(figures(flatRows(body), false)).toEqual(
        expected((at) => hourIn(zone, at), false).filter(
          (row) => (row.period ?? "") >= "2030-03-30" && (row.period ?? "") < "2030-04-01",
        ),
      );
      expect(flatRows(body).every((row) => row.playersApproximate === true)).toBe(true);
    }
  });

  it("narrows by currency and game", async () => {
    const body = ok<{ periods: GgrReportPeriod[] }>(
      await report({
        from: "2030-03-30",
        to: "2030-03-31",
        granularity: "day",
        timeZone: "UTC",
        currencies: ["EUR"],
      }),
    );
    expect(flatRows(body).length).toBeGreaterThan(0);
    expect(flatRows(body).every((row) => row.currency === "EUR")).toBe(true);
    const none = ok<{ periods: GgrReportPeriod[] }>(
      await report({ from: "2030-03-30", to: "2030-03-31", granularity: "day", gameCodes: ["plinko-alpha"] }),
    );
    expect(flatRows(none)).toEqual([]);
  });

  it("shows another operator none of these figures", async () => {
    const other = await h.createOperator({ name: "Other" });
    const body = ok<{ periods: GgrReportPeriod[] }>(
      await report({ from: "2030-03-30", to: "2030-03-31", granularity: "day", timeZone: "UTC" }, other),
    );
    expect(flatRows(body)).toEqual([]);
  });

  it.each([
    [{ from: "2030-02-30", to: "2030-03-01", granularity: "day" }, "invalid_report_date"],
    [{ from: "2030-03-02", to: "2030-03-01", granularity: "day" }, "invalid_report_date"],
    [{ from: "1999-12-31", to: "2000-01-01", granularity: "day" }, "invalid_report_date"],
    [{ from: "2030-01-01", to: "2031-01-02", granularity: "day" }, "report_range_too_long"],
    [{ from: "2030-01-01", to: "2030-02-01", granularity: "hour" }, "report_range_too_long"],
    [
      { from: "2030-01-01", to: "2030-01-01", granularity: "day", timeZone: "Mars/Olympus" },
      "unknown_time_zone",
    ],
    [{ from: "2030-01-01", to: "2030-01-01", granularity: "day", timeZone: "+05:45" }, "unknown_time_zone"],
    [{ from: "2030-01-01", to: "2030-01-01", granularity: "day", gameCodes: ["nope"] }, "unknown_game"],
    [{ from: "2030-01-01", to: "2030-01-01", granularity: "day", currencies: ["XXX"] }, "unknown_currency"],
    [{ from: "2030-01-01", to: "2030-01-01", granularity: "week" }, "invalid_request"],
    [{ from: "2030-01-01", to: "2030-01-01", granularity: "day", groupBy: "player" }, "invalid_request"],
    [{ from: "2030-01-01", to: "2030-01-01", granularity: "day", operatorId: "x" }, "invalid_request"],
    [{ from: "2030-01-01T00:00Z", to: "2030-01-01", granularity: "day" }, "invalid_request"],
  ])("refuses %j with %s", async (body, code) => {
    const response = await report(body);
    expect(response.statusCode).toBe(400);
    expect(errorOf(response).code).toBe(code);
  });
});

describe("reports rebuild", () => {
  it("recomputes the aggregates, says they matched, and repairs and names a tampered bucket", async () => {
    const rollup = h.runtime.reports.rollup;
    expect(await rollup.rebuild()).toMatchObject({ matched: true, differences: { ggr_buckets: 0 } });
    await sql`update ggr_buckets set bets = bets + 100 where bucket_start = ${new Date("2030-03-31T00:00:00Z")}`.execute(
      h.store.db,
    );
    await sql`delete from ggr_day_players where player_id = 'bob'`.execute(h.store.db);
    const rebuilt = await rollup.rebuild();
    expect(rebuilt.matched).toBe(false);
    expect(rebuilt.differences.ggr_buckets).toBeGreaterThan(0);
    expect(rebuilt.differences.ggr_day_players).toBeGreaterThan(0);
    const body = ok<{ periods: GgrReportPeriod[] }>(
      await report({ from: "2030-03-31", to: "2030-03-31", granularity: "day", timeZone: "UTC" }),
    );
    expect(figures(flatRows(body), true)).toEqual(
      expected((at) => dayIn("UTC", at), true).filter((row) => row.period === "2030-03-31"),
    );
  });
});

describe("POST /operator/reconciliation", () => {
  function reconcile(body: Record<string, unknown>) {
    h.clock.advance(1000);
    return h.signed({ method: "POST", path: "/operator/reconciliation", body, operator });
  }

  it("is not final while the day is not over", async () => {
    expect(ok<{ final: boolean }>(await reconcile({ date: "2030-04-01", currency: "USD" })).final).toBe(
      false,
    );
  });

  it("lists every callback of each of the operator's days once, entry for entry as the reference wallet's ledger has them", async () => {
    h.clock.set(Date.parse("2030-04-03T00:00:00Z"));
    const ours: { transactionId: string; kind: string; amount: string }[] = [];
    for (const date of ["2030-03-30", "2030-03-31", "2030-04-01"]) {
      const day = ok<{
        final: boolean;
        start: string;
        end: string;
        timeZone: string;
        totals: Record<string, unknown>;
        transactions: { transactionId: string; kind: string; amount: string; counted: string }[];
        unsettled: unknown[];
        digest: string;
      }>(await reconcile({ date, currency: "USD" }));
      expect(day).toMatchObject({ timeZone: "Asia/Kathmandu", final: true, unsettled: [] });
      const from = Date.parse(day.start);
      const to = Date.parse(day.end);
      expect(dayIn("Asia/Kathmandu", from)).toBe(date);
      expect(dayIn("Asia/Kathmandu", to - 1)).toBe(date);
      const usd = played.filter((p) => p.currency === "USD" && p.at >= from && p.at < to);
      const bets = usd.reduce((sum, p) => sum + p.stake, 0n);
      const wins = usd.reduce((sum, p) => sum + p.payout, 0n);
      expect(day.totals).toMatchObject({
        bets: money(bets),
        wins: money(wins),
        ggr: money(bets - wins),
        debits: usd.length,
        credits: usd.length,
      });
      expect(day.digest).toMatch(/^[0-9a-f]{64}$/);
      ours.push(
        ...day.transactions.map(({ transactionId, kind, amount }) => ({ transactionId, kind, amount })),
      );
    }
    const ledger = [];
    for (const player of ["alice", "bob"])
      ledger.push(...((await wallet.ledger.statement(player))?.entries ?? []));
    const byId = (a: { transactionId: string }, b: { transactionId: string }) =>
      a.transactionId.localeCompare(b.transactionId);
    expect(ours.sort(byId)).toEqual(
      ledger
        .map((e) => ({ transactionId: e.transactionId, kind: e.kind, amount: money(e.amount) }))
        .sort(byId),
    );
  });

  it.each([
    [{ date: "2030-13-01", currency: "USD" }, "invalid_report_date"],
    [{ date: "2030-03-31", currency: "XXX" }, "unknown_currency"],
    [{ date: "2030-03-31" }, "invalid_request"],
  ])("refuses %j with %s", async (body, code) => {
    expect(errorOf(await reconcile(body)).code).toBe(code);
  });
});

describe("the CLI's reports rebuild and reconciliation", () => {
  const cli = (...argv: string[]) =>
    runCaptured(argv, {
      api: localOnboarding({
        operators: h.operators,
        packs: new PackService({ store: h.store, clock: h.clock }),
        reports: {
          rollup: h.runtime.reports.rollup,
          reconciliation: new Reconciliation({ db: h.store.db }),
          clock: h.clock,
        },
      }),
      via: "store",
      close: async () => {},
    });

  it("says the aggregates matched, and exits 1 naming the table when they did not", async () => {
    const matched = await cli("reports", "rebuild");
    expect(matched.code).toBe(0);
    expect(matched.stdout).toMatch(/They matched the stored aggregates/);
    await sql`delete from ggr_days where time_zone = 'Asia/Kathmandu'`.execute(h.store.db);
    const broken = await cli("reports", "rebuild");
    expect(broken.code).toBe(1);
    expect(broken.stdout).toMatch(/did NOT match .*ggr_days: \d+ rows/);
  });

  it("writes the operator's day as CSV and JSON lines, every currency, the same callbacks the API lists", async () => {
    const dir = await mkdtemp(join(tmpdir(), "rgs-reconciliation-"));
    try {
      const run = await cli(
        "reconciliation",
        "--operator",
        operator.id,
        "--date",
        "2030-03-31",
        "--out-dir",
        dir,
      );
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/2030-03-31 \(Asia\/Kathmandu\) EUR: .* final; digest [0-9a-f]{64}/);
      expect(run.stdout).toMatch(/2030-03-31 \(Asia\/Kathmandu\) USD: /);
      const base = join(dir, `reconciliation-${operator.id}-2030-03-31`);
      const csv = (await readFile(`${base}.csv`, "utf8")).trimEnd().split("\r\n");
      const lines = (await readFile(`${base}.jsonl`, "utf8"))
        .trimEnd()
        .split("\n")
        .map((l) => JSON.parse(l));
      h.clock.advance(1000);
      const api = ok<{ digest: string; transactions: { transactionId: string }[] }>(
        await h.signed({
          method: "POST",
          path: "/operator/reconciliation",
          body: { date: "2030-03-31", currency: "USD" },
          operator,
        }),
      );
      expect(csv[0]).toBe(
        "date,timeZone,currency,transactionId,kind,amount,roundId,playerId,gameCode,confirmedAt,reverses,state,counted,walletStatus,freeRoundCampaignId,freeRoundGrantId",
      );
      const usdIds = csv
        .slice(1)
        .filter((line) => line.split(",")[2] === "USD")
        .map((line) => line.split(",")[3]);
      expect(usdIds).toEqual(api.transactions.map((t) => t.transactionId));
      expect(lines.filter((l) => l.type === "day").map((l) => [l.currency, l.final])).toEqual([
        ["EUR", true],
        ["USD", true],
      ]);
      expect(lines.find((l) => l.type === "day" && l.currency === "USD")?.digest).toBe(api.digest);
      expect(lines.filter((l) => l.type === "transaction")).toHaveLength(csv.length - 1);
      const again = await cli(
        "reconciliation",
        "--operator",
        operator.id,
        "--date",
        "2030-03-31",
        "--out-dir",
        dir,
      );
      expect(again.code).not.toBe(0);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("refuses a malformed date and an unknown operator", async () => {
    expect((await cli("reconciliation", "--operator", operator.id, "--date", "31.03.2030")).code).toBe(2);
    const unknown = await cli("reconciliation", "--operator", "nope", "--date", "2030-03-31");
    expect(unknown.code).not.toBe(0);
    expect(unknown.stderr).toMatch(/No operator/);
  });
});

describe("a day totalled over games", () => {
  it("counts a player of two games once, in UTC and in the operator's zone", async () => {
    const other = await h.createOperator({ name: "Two games" });
    await h.operators.update(other.id, { timeZone: "Asia/Kathmandu" });
    const pairs = await seedPairs(h, other.id);
    const at = Date.parse("2030-04-02T08:00:00Z");
    for (const [k, gameCode] of ["dice-alpha", "mines-alpha", "dice-alpha"].entries()) {
      await insertRound(h.store, {
        operatorId: other.id,
        playerId: k < 2 ? "dana" : "eve",
        mode: "real",
        gameCode,
        currency: "USD",
        status: "closed",
        createdAt: at + k * 60_000,
        seedPairId: pairs.active.id,
      });
    }
    h.clock.set(Date.parse("2030-04-03T00:00:00Z"));
    await h.runtime.reports.rollup.catchUp();
    for (const timeZone of ["UTC", "Asia/Kathmandu"]) {
      const byGame = ok<{ periods: GgrReportPeriod[] }>(
        await report({ from: "2030-04-02", to: "2030-04-02", granularity: "day", timeZone }, other),
      );
      expect(flatRows(byGame).map((row) => [row.gameCode, row.players])).toEqual([
        ["dice-alpha", 2],
        ["mines-alpha", 1],
      ]);
      const total = ok<{ periods: GgrReportPeriod[] }>(
        await report(
          { from: "2030-04-02", to: "2030-04-02", granularity: "day", timeZone, groupBy: "currency" },
          other,
        ),
      );
      expect(totals(flatRows(total), true)).toEqual([
        {
          period: "2030-04-02",
          currency: "USD",
          bets: "3.00",
          wins: "0",
          ggr: "3.00",
          rounds: 3,
          players: 2,
        },
      ]);
    }
    expect(await h.runtime.reports.rollup.rebuild()).toMatchObject({ matched: true });
  });
});
