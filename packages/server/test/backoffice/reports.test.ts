/**
 * The back office's GGR report and reconciliation: the figures the operator API gives, as JSON and CSV, with
 * the reports' refusals in the catalogue's codes, and only for the roles and the operator that may see them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { as, type BackofficeWorld, backofficeWorld, type SignedIn, signIn } from "./support.ts";

let bo: BackofficeWorld;
let finance: SignedIn;
let roundId: string;
const DAY = "2030-01-01";

beforeAll(async () => {
  bo = await backofficeWorld();
  ({ roundId } = await bo.played({ bet: 1000n, win: 400n }));
  await bo.played({ bet: 250n, win: 0n, gameCode: "dice-alpha" });
  finance = await signIn(bo.app, "fay");
}, 180_000);
afterAll(async () => {
  await bo?.close();
});

const ggr = (who: SignedIn, operatorId: string, query: string, csv = false) =>
  as(bo.app, who, "GET", `/api/operators/${operatorId}/reports/ggr${csv ? ".csv" : ""}?${query}`);

describe("the GGR report", () => {
  it("gives finance its operator's bets, wins and GGR by day, game and currency", async () => {
    const response = await ggr(finance, bo.operatorA, `from=${DAY}&to=2030-01-02`);
    expect(response.statusCode).toBe(200);
    const report = response.json();
    expect(report).toMatchObject({ timeZone: "UTC", granularity: "day", from: DAY, to: "2030-01-02" });
    expect(report.periods).toEqual([
      expect.objectContaining({
        period: DAY,
        playersApproximate: false,
        rows: [
          {
            gameCode: "dice-alpha",
            currency: "USD",
            bets: "12.50",
            wins: "4.00",
            ggr: "8.50",
            rounds: 2,
            players: 2,
          },
        ],
      }),
    ]);
  });

  it("narrows to a game and a currency, and answers nothing for another", async () => {
    const narrowed = await ggr(finance, bo.operatorA, `from=${DAY}&to=${DAY}&game=dice-alpha&currency=USD`);
    expect(narrowed.json().periods).toHaveLength(1);
    const other = await ggr(finance, bo.operatorA, `from=${DAY}&to=${DAY}&currency=EUR`);
    expect(other.json().periods).toEqual([]);
  });

  it("downloads as CSV, a line per day, game and currency", async () => {
    const response = await ggr(finance, bo.operatorA, `from=${DAY}&to=${DAY}`, true);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="ggr-${bo.operatorA}-${DAY}-${DAY}.csv"`,
    );
    expect(response.body.split("\r\n")).toEqual([
      "date,timeZone,gameCode,currency,bets,wins,ggr,bonusWins,bonusRounds,rounds,players,playersApproximate",
      `${DAY},UTC,dice-alpha,USD,12.50,4.00,8.50,0,0,2,2,false`,
      "",
    ]);
  });

  it.each([
    ["game=nope&from=2030-01-01&to=2030-01-01", 400, "unknown_game"],
    ["currency=XYZ&from=2030-01-01&to=2030-01-01", 400, "unknown_currency"],
    ["from=2030-01-02&to=2030-01-01", 400, "invalid_report_date"],
    ["from=2030-02-30&to=2030-03-01", 400, "invalid_report_date"],
    ["from=2029-01-01&to=2030-12-31", 400, "report_range_too_long"],
    ["from=2030-01-01", 400, "invalid_filter"],
    ["from=2030-01-01&to=2030-01-01&player=p1", 400, "unknown_filter"],
  ])("refuses %s with %s %s", async (query, status, code) => {
    for (const csv of [false, true]) {
      const response = await ggr(finance, bo.operatorA, query, csv);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({ code });
    }
  });
});

describe("the reconciliation of a day", () => {
  it("lists every callback the wallet confirmed, with the totals, and records the view", async () => {
    const response = await as(
      bo.app,
      finance,
      "GET",
      `/api/operators/${bo.operatorA}/reconciliation?date=${DAY}`,
    );
    expect(response.statusCode).toBe(200);
    const [day, ...others] = response.json().days;
    expect(others).toEqual([]);
    expect(day).toMatchObject({
      date: DAY,
      currency: "USD",
      final: false,
      totals: { bets: "12.50", wins: "4.00", ggr: "8.50", debits: 2, credits: 2 },
      unsettled: [],
    });
    expect(day.transactions.map((t: { roundId: string }) => t.roundId)).toContain(roundId);
    const views = (await bo.store.audit.list({ operatorId: bo.operatorA, limit: 100 })).filter(
      (e) => e.kind === "backoffice.player_data_viewed",
    );
    expect(views.at(-1)).toMatchObject({
      actor: expect.stringContaining("fay"),
      data: { what: "reconciliation", filters: { date: DAY } },
    });
  });

  it("downloads as CSV, and refuses a date that is not one", async () => {
    const csv = await as(
      bo.app,
      finance,
      "GET",
      `/api/operators/${bo.operatorA}/reconciliation.csv?date=${DAY}&currency=USD`,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers["content-disposition"]).toContain(`reconciliation-${bo.operatorA}-${DAY}.csv`);
    expect(csv.body.split("\r\n").filter((line) => line.includes(",debit,"))).toHaveLength(2);
    const bad = await as(
      bo.app,
      finance,
      "GET",
      `/api/operators/${bo.operatorA}/reconciliation?date=yesterday`,
    );
    expect(bad.json()).toMatchObject({ status: 400, code: "invalid_report_date" });
  });
});

describe("who may see reports", () => {
  const paths = (operatorId: string) => [
    `/api/operators/${operatorId}/reports/ggr?from=${DAY}&to=${DAY}`,
    `/api/operators/${operatorId}/reports/ggr.csv?from=${DAY}&to=${DAY}`,
    `/api/operators/${operatorId}/reconciliation?date=${DAY}`,
    `/api/operators/${operatorId}/reconciliation.csv?date=${DAY}`,
  ];

  it("lets the operator admin and a platform admin read them", async () => {
    for (const who of [await signIn(bo.app, "olga"), await signIn(bo.app, "alice")]) {
      for (const url of paths(bo.operatorA)) {
        expect((await as(bo.app, who, "GET", url)).statusCode).toBe(200);
      }
    }
  });

  it("refuses support (403), and answers another operator's as if it did not exist (404)", async () => {
    const support = await signIn(bo.app, "sam");
    for (const url of paths(bo.operatorA)) {
      expect((await as(bo.app, support, "GET", url)).json()).toMatchObject({ code: "permission_denied" });
      expect((await bo.app.inject({ method: "GET", url })).statusCode).toBe(401);
    }
    for (const url of paths(bo.operatorB)) {
      const response = await as(bo.app, finance, "GET", url);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe("unknown_operator");
      expect(response.body).not.toContain("Other Casino");
    }
  });
});
