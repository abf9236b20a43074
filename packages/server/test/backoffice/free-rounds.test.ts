/**
 * The back office's free rounds: an operator's campaigns with what was played on them, and the free-round
 * report by day as the operator API gives it, as JSON and CSV, with its refusals in the catalogue's codes and
 * only for the roles and the operator that may see them.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Campaign } from "../../src/campaigns/campaign-repository.ts";
import { as, type BackofficeWorld, backofficeWorld, type SignedIn, signIn } from "./support.ts";

let bo: BackofficeWorld;
let finance: SignedIn;
let spring: Campaign;
let welcome: Campaign;
let otherOperators: Campaign;
const DAY1 = "2030-01-01";
const DAY2 = "2030-01-02";

beforeAll(async () => {
  bo = await backofficeWorld();
  spring = await bo.campaign({ reference: "spring-drops", players: ["p1", "p2"] });
  bo.clock.advance(1000);
  welcome = await bo.campaign({ reference: "welcome", players: ["p3"] });
  otherOperators = await bo.campaign({ reference: "b-promo", players: ["q1"], operatorId: bo.operatorB });
  await bo.playedFree(spring, 150n);
  await bo.playedFree(spring, 0n);
  bo.clock.set(Date.parse(`${DAY2}T09:00:00Z`));
  await bo.playedFree(spring, 40n);
  await bo.playedFree(welcome, 500n);
  // A paid round the same day: never among the free rounds.
  await bo.played({ bet: 1000n, win: 400n });
  await bo.store.db
    .updateTable("free_round_campaigns")
    .set({ cancelled_at: new Date(bo.clock.now()) })
    .where("id", "=", welcome.id)
    .execute();
  finance = await signIn(bo.app, "fay");
}, 180_000);
afterAll(async () => {
  await bo?.close();
});

const campaigns = (who: SignedIn, operatorId: string, query = "") =>
  as(bo.app, who, "GET", `/api/operators/${operatorId}/campaigns${query}`);
const report = (who: SignedIn, operatorId: string, query: string, csv = false) =>
  as(bo.app, who, "GET", `/api/operators/${operatorId}/reports/free-rounds${csv ? ".csv" : ""}?${query}`);

describe("the campaigns", () => {
  it("lists the operator's own, newest first, with grants, rounds played and total paid", async () => {
    const response = await campaigns(finance, bo.operatorA);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      more: false,
      campaigns: [
        expect.objectContaining({
          campaignId: welcome.id,
          reference: "welcome",
          gameCodes: ["dice-alpha"],
          currency: "USD",
          bet: "0.20",
          roundsPerPlayer: 5,
          status: "cancelled",
          grants: 1,
          roundsGranted: 5,
          roundsPlayed: 1,
          paid: "5.00",
        }),
        expect.objectContaining({
          campaignId: spring.id,
          reference: "spring-drops",
          startsAt: "2030-01-01T00:00:00.000Z",
          endsAt: "2030-01-31T00:00:00.000Z",
          status: "active",
          grants: 2,
          roundsGranted: 10,
          roundsPlayed: 3,
          paid: "1.90",
        }),
      ],
    });
  });

  it("refuses a query parameter it does not know", async () => {
    const response = await campaigns(finance, bo.operatorA, "?status=active");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: "unknown_filter" });
  });
});

describe("the free-round report", () => {
  it("gives each campaign's rounds played, paid and players per day", async () => {
    const response = await report(finance, bo.operatorA, `from=${DAY1}&to=${DAY2}`);
    expect(response.statusCode).toBe(200);
    const answer = response.json();
    expect(answer).toMatchObject({ timeZone: "UTC", from: DAY1, to: DAY2 });
    const row = (campaign: Campaign, roundsPlayed: number, paid: string) => ({
      campaignId: campaign.id,
      reference: campaign.reference,
      currency: "USD",
      roundsPlayed,
      paid,
      players: 1,
    });
    expect(answer.periods).toEqual([
      expect.objectContaining({ period: DAY1, rows: [row(spring, 2, "1.50")] }),
      expect.objectContaining({ period: DAY2, rows: [row(spring, 1, "0.40"), row(welcome, 1, "5.00")] }),
    ]);
  });

  it("narrows to one campaign and one currency, and answers nothing for another", async () => {
    const narrowed = await report(finance, bo.operatorA, `from=${DAY1}&to=${DAY2}&campaign=${welcome.id}`);
    expect(narrowed.json().periods).toEqual([
      expect.objectContaining({ period: DAY2, rows: [expect.objectContaining({ reference: "welcome" })] }),
    ]);
    const euro = await report(finance, bo.operatorA, `from=${DAY1}&to=${DAY2}&currency=EUR`);
    expect(euro.json().periods).toEqual([]);
  });

  it("downloads as CSV, a line per day and campaign", async () => {
    const response = await report(finance, bo.operatorA, `from=${DAY1}&to=${DAY2}`, true);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="free-rounds-${bo.operatorA}-${DAY1}-${DAY2}.csv"`,
    );
    expect(response.body.split("\r\n")).toEqual([
      "date,timeZone,campaignId,reference,currency,roundsPlayed,paid,players",
      `${DAY1},UTC,${spring.id},spring-drops,USD,2,1.50,1`,
      `${DAY2},UTC,${spring.id},spring-drops,USD,1,0.40,1`,
      `${DAY2},UTC,${welcome.id},welcome,USD,1,5.00,1`,
      "",
    ]);
  });

  it.each([
    ["campaign=not-a-campaign", 400, "invalid_request"],
    ["campaign=OTHER", 404, "campaign_not_found"],
    ["currency=XYZ", 400, "unknown_currency"],
    ["from=2030-01-02&to=2030-01-01", 400, "invalid_report_date"],
    ["from=2029-01-01&to=2030-12-31", 400, "report_range_too_long"],
    ["from=2030-01-01", 400, "invalid_filter"],
    ["player=p1", 400, "unknown_filter"],
  ])("refuses %s with %s %s", async (asked, status, code) => {
    const query = new URLSearchParams(asked.replace("OTHER", otherOperators.id));
    if (!query.has("from")) query.set("from", DAY1);
    if (!query.has("to") && !asked.startsWith("from=")) query.set("to", DAY2);
    for (const csv of [false, true]) {
      const response = await report(finance, bo.operatorA, query.toString(), csv);
      expect(response.statusCode).toBe(status);
      expect(response.json()).toMatchObject({ code });
    }
  });
});

describe("who may see free rounds", () => {
  const paths = (operatorId: string) => [
    `/api/operators/${operatorId}/campaigns`,
    `/api/operators/${operatorId}/reports/free-rounds?from=${DAY1}&to=${DAY2}`,
    `/api/operators/${operatorId}/reports/free-rounds.csv?from=${DAY1}&to=${DAY2}`,
  ];

  it("lets the operator admin and a platform admin read them, each operator its own campaigns", async () => {
    for (const who of [await signIn(bo.app, "olga"), await signIn(bo.app, "alice")]) {
      for (const url of paths(bo.operatorA)) {
        expect((await as(bo.app, who, "GET", url)).statusCode).toBe(200);
      }
    }
    const admin = await signIn(bo.app, "alice");
    const listed = (await campaigns(admin, bo.operatorB)).json();
    expect(listed.campaigns.map((c: { reference: string }) => c.reference)).toEqual(["b-promo"]);
  });

  it("refuses support (403) and no session (401), and answers another operator's as if it did not exist", async () => {
    const support = await signIn(bo.app, "sam");
    for (const url of paths(bo.operatorA)) {
      const refused = await as(bo.app, support, "GET", url);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ code: "permission_denied" });
      expect((await bo.app.inject({ method: "GET", url })).json()).toMatchObject({ code: "unauthorized" });
    }
    for (const url of paths(bo.operatorB)) {
      const response = await as(bo.app, finance, "GET", url);
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe("unknown_operator");
      expect(response.body).not.toContain("b-promo");
    }
  });
});
