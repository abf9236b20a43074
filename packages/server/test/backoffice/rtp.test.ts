/**
 * Observed RTP in the back office: the exact sums of a hand-made set of rounds, their interval beside the
 * declared RTP, what is left out (open, cancelled and free rounds, demo play, other operators), the CSV,
 * and the refusals in the catalogue's codes, for the roles that may read reports only.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addRound } from "../outbox/support.ts";
import { as, type BackofficeWorld, backofficeWorld, type SignedIn, signIn } from "./support.ts";

let bo: BackofficeWorld;
let finance: SignedIn;
let admin: SignedIn;
const DAY = "2030-01-01";

/** A round of operator A started now and closed with these totals (or left as `status`). */
async function round(
  stake: bigint,
  payout: bigint,
  opts: {
    gameCode?: string;
    currency?: string;
    status?: "closed" | "cancelled" | "open";
    mode?: "demo";
  } = {},
): Promise<string> {
  const id = await addRound(bo.world, { status: "open", ...(opts.gameCode && { gameCode: opts.gameCode }) });
  await bo.store.db
    .updateTable("rounds")
    .set({
      status: opts.status ?? "closed",
      stake_total: stake,
      payout_total: payout,
      closed_at: new Date(bo.clock.now()),
      ...(opts.currency && { currency: opts.currency }),
      ...(opts.mode && { mode: opts.mode }),
    })
    .where("id", "=", id)
    .execute();
  return id;
}

beforeAll(async () => {
  bo = await backofficeWorld();
  // dice-alpha in USD: Σx = 500, Σy = 400, Σx² = 70 000, Σy² = 60 000, Σxy = 50 000 (rtp-interval.test.ts).
  await round(100n, 0n);
  await round(100n, 200n);
  await round(200n, 100n);
  await round(100n, 100n);
  // Left out: an open round, a cancelled one, demo play and a free round.
  await round(1000n, 0n, { status: "open" });
  await round(1000n, 0n, { status: "cancelled" });
  await round(1000n, 0n, { mode: "demo" });
  const campaign = await bo.campaign({ reference: "spring", players: ["p1"] });
  await bo.playedFree(campaign, 5000n);
  // One round of blackjack in EUR: an RTP but no interval.
  await round(1000n, 2500n, { gameCode: "blackjack-leo", currency: "EUR" });
  finance = await signIn(bo.app, "fay");
  admin = await signIn(bo.app, "alice");
}, 180_000);
afterAll(async () => {
  await bo?.close();
});

const rtp = (who: SignedIn, operatorId: string, query: string, csv = false) =>
  as(bo.app, who, "GET", `/api/operators/${operatorId}/reports/rtp${csv ? ".csv" : ""}?${query}`);

describe("the observed RTP", () => {
  it("gives finance payouts over stakes per game and currency, with the interval and the declared RTP", async () => {
    const response = await rtp(finance, bo.operatorA, `from=${DAY}&to=${DAY}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      timeZone: "UTC",
      from: DAY,
      to: DAY,
      rows: [
        {
          gameCode: "blackjack-leo",
          currency: "EUR",
          rounds: 1,
          stakes: "10.00",
          payouts: "25.00",
          observedRtp: "250.00",
          theoreticalRtp: "99.46",
          assumesOptimalPlay: true,
        },
        {
          gameCode: "dice-alpha",
          currency: "USD",
          rounds: 4,
          stakes: "5.00",
          payouts: "4.00",
          observedRtp: "80.00",
          low: "8.72",
          high: "151.28",
          theoreticalRtp: "99",
          assumesOptimalPlay: false,
        },
      ],
    });
  });

  it("lets a platform admin narrow it to a game and a currency, and finds nothing on another day", async () => {
    const narrowed = await rtp(admin, bo.operatorA, `from=${DAY}&to=${DAY}&game=dice-alpha&currency=USD`);
    expect(narrowed.json().rows.map((r: { gameCode: string }) => r.gameCode)).toEqual(["dice-alpha"]);
    const before = await rtp(admin, bo.operatorA, "from=2029-12-01&to=2029-12-31");
    expect(before.json().rows).toEqual([]);
  });

  it("downloads as CSV, a line per game and currency", async () => {
    const response = await rtp(finance, bo.operatorA, `from=${DAY}&to=${DAY}&currency=USD`, true);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-disposition"]).toBe(
      `attachment; filename="rtp-${bo.operatorA}-${DAY}-${DAY}.csv"`,
    );
    expect(response.body.split("\r\n")).toEqual([
      "from,to,timeZone,gameCode,currency,rounds,stakes,payouts,observedRtp,low95,high95,theoreticalRtp,assumesOptimalPlay",
      `${DAY},${DAY},UTC,dice-alpha,USD,4,5.00,4.00,80.00,8.72,151.28,99,false`,
      "",
    ]);
  });

  it.each([
    ["game=nope&from=2030-01-01&to=2030-01-01", "unknown_game"],
    ["currency=XYZ&from=2030-01-01&to=2030-01-01", "unknown_currency"],
    ["from=2030-01-02&to=2030-01-01", "invalid_report_date"],
    ["from=2030-01-01&to=2030-02-01", "report_range_too_long"],
    ["from=2030-01-01", "invalid_filter"],
    ["from=2030-01-01&to=2030-01-01&player=p1", "unknown_filter"],
  ])("refuses %s with 400 %s", async (query, code) => {
    const response = await rtp(finance, bo.operatorA, query);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe(code);
  });

  it("is refused to support, and answers another operator's finance as unknown", async () => {
    const support = await signIn(bo.app, "sam");
    const refused = await rtp(support, bo.operatorA, `from=${DAY}&to=${DAY}`);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe("permission_denied");
    const other = await rtp(finance, bo.operatorB, `from=${DAY}&to=${DAY}`);
    expect(other.statusCode).toBe(404);
    expect(other.json().code).toBe("unknown_operator");
  });
});
