import type { RoundSearchResponse, TransactionSearchResponse } from "@rgs/protocol/operator-api";
import type {
  FreeRoundReportResponse,
  GgrReportPeriod,
  ReconciliationResponse,
} from "@rgs/protocol/operator-reports";
import type { RunningWallet } from "@rgs/reference-wallet";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../../src/clock.ts";
import { HistoryMover } from "../../src/rounds/history-mover.ts";
import { cents, DICE, gameRequest, ok, type RoundResult } from "../http/game/game-support.ts";
import { referenceWalletOperator } from "../http/reference-wallet.ts";
import { createHarness, DEMO_LAUNCH, errorOf, type Harness, type TestOperator } from "../http/support.ts";
import { flatRows } from "./ggr-flat-rows.ts";

/**
 * Paid and free rounds played against the reference wallet across Kathmandu's midnight (18:15Z) and UTC's:
 * the GGR report keeps GGR over paid play and puts free rounds' wins on their bonus line, the free-round
 * report gives each campaign's rounds and payouts per day, and the searches, the reconciliation and the
 * player's history mark the free rounds. Every figure is compared with sums over the rounds as played.
 */

const SECRET = "free-round-reports-reference-wallet-secret";
const INSTANTS = [
  "2030-03-30T17:40:00Z",
  "2030-03-30T18:20:00Z",
  "2030-03-30T23:55:00Z",
  "2030-03-31T00:05:00Z",
];

interface Played {
  roundId: string;
  at: number;
  playerId: string;
  currency: string;
  stake: bigint;
  payout: bigint;
  /** The campaign whose grant the round took; undefined for a paid round. */
  campaignId?: string;
}

let h: Harness;
let wallet: RunningWallet;
let operator: TestOperator;
const played: Played[] = [];
const campaigns: { id: string; reference: string }[] = [];

function signed(path: string, body: unknown, who: TestOperator = operator) {
  h.clock.advance(1000);
  return h.signed({ method: "POST", path, body, operator: who });
}

async function tokenOf(playerId: string, currency: string): Promise<string> {
  const response = await signed("/operator/launch", { ...DEMO_LAUNCH, demo: false, playerId, currency });
  return new URL(ok<{ launchUrl: string }>(response).launchUrl).searchParams.get("sessionToken") ?? "";
}

async function settled(): Promise<void> {
  for (let i = 0; i < 300; i++) {
    const open = await sql<{
      n: number;
    }>`select count(*)::int as n from rounds where status <> 'closed'`.execute(h.store.db);
    if (open.rows[0]?.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error("rounds still open");
}

async function play(playerId: string, currency: string, free: boolean): Promise<void> {
  const token = await tokenOf(playerId, currency);
  const amount = `${1 + (played.length % 4)}.${String((played.length * 17) % 100).padStart(2, "0")}`;
  const { round } = ok<RoundResult>(
    await gameRequest(h, token, "POST", "/game/play", {
      amount,
      params: DICE,
      ...(free && { freeRound: true }),
    }),
  );
  await settled();
  const taken = await h.store.db
    .selectFrom("free_round_plays")
    .select("campaign_id")
    .where("round_id", "=", round.id)
    .executeTakeFirst();
  expect(taken !== undefined).toBe(free);
  played.push({
    roundId: round.id,
    at: h.clock.now(),
    playerId,
    currency,
    stake: cents(round.stake),
    payout: cents(round.payout),
    ...(taken && { campaignId: taken.campaign_id }),
  });
}

async function createCampaign(reference: string, endsAt: string, players: string[]) {
  const created = await signed("/operator/campaigns", {
    reference,
    gameCodes: ["dice-alpha"],
    currency: "USD",
    bet: reference === "spring" ? "0.50" : "1.00",
    params: DICE,
    roundsPerPlayer: 3,
    endsAt,
  });
  expect(created.statusCode).toBe(201);
  const campaignId = created.json<{ campaignId: string }>().campaignId;
  for (const playerId of players) {
    const granted = await signed(`/operator/campaigns/${campaignId}/players`, {
      players: [{ playerId, reference: `${reference}-${playerId}` }],
    });
    expect(granted.statusCode).toBe(200);
  }
  campaigns.push({ id: campaignId, reference });
}

beforeAll(async () => {
  h = await createHarness();
  ({ wallet, operator } = await referenceWalletOperator(h, {
    name: "Promotions operator",
    secret: SECRET,
    players: "alice:USD:1000.00,bob:USD:1000.00,carol:EUR:1000.00",
  }));
  await h.operators.update(operator.id, { timeZone: "Asia/Kathmandu", freeRounds: true });
  h.clock.set(Date.parse("2030-03-30T12:00:00Z"));
  // Alice holds both campaigns' rounds: the one that ends first is played first.
  await createCampaign("spring", "2030-04-10T00:00:00Z", ["alice", "bob"]);
  await createCampaign("welcome", "2030-04-20T00:00:00Z", ["alice"]);
  // Three rounds each campaign per player: alice plays her six and bob his three before the last instant.
  for (const [i, iso] of INSTANTS.entries()) {
    h.clock.set(Date.parse(iso));
    await play("alice", "USD", false);
    if (i < 3) {
      await play("alice", "USD", true);
      await play("alice", "USD", true);
      await play("bob", "USD", true);
    }
    await play("bob", "USD", false);
    await play("carol", "EUR", false);
  }
  h.clock.set(Date.parse("2030-04-01T00:00:00Z"));
  await h.runtime.reports.rollup.catchUp();
}, 180_000);

afterAll(async () => {
  await h?.close();
  await wallet?.close();
});

const dayIn = (zone: string, at: number) =>
  new Intl.DateTimeFormat("en-CA", {
    timeZone: zone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
  }).format(at);

const money = (minor: bigint, currency: string) => {
  if (minor === 0n) return "0";
  if (currency === "JPY") return String(minor);
  return `${minor / 100n}.${String(minor % 100n).padStart(2, "0")}`;
};

/** The GGR rows the rounds as played give: paid play in bets, wins, rounds and players, free rounds beside. */
function expectedGgr(zone: string) {
  const rows = new Map<string, Played[]>();
  for (const p of played) {
    const key = `${dayIn(zone, p.at)}|${p.currency}`;
    rows.set(key, [...(rows.get(key) ?? []), p]);
  }
  return [...rows.entries()]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([key, rounds]) => {
      const [period, currency = ""] = key.split("|");
      const paid = rounds.filter((p) => p.campaignId === undefined);
      const free = rounds.filter((p) => p.campaignId !== undefined);
      const bets = paid.reduce((sum, p) => sum + p.stake, 0n);
      const wins = paid.reduce((sum, p) => sum + p.payout, 0n);
      const bonusWins = free.reduce((sum, p) => sum + p.payout, 0n);
      return {
        period,
        gameCode: "dice-alpha",
        currency,
        bets: money(bets, currency),
        wins: money(wins, currency),
        ggr: signedMoney(bets - wins, currency),
        rounds: paid.length,
        players: new Set(paid.map((p) => p.playerId)).size,
        // The bonus line is written only on rows with free-round play.
        ...(free.length > 0 && { bonusWins: money(bonusWins, currency), bonusRounds: free.length }),
      };
    });
}

/** GGR as the API writes it: a negative amount with its sign. */
function signedMoney(minor: bigint, currency: string): string {
  return minor < 0n ? `-${money(-minor, currency)}` : money(minor, currency);
}

const withoutPeriodHead = (rows: Record<string, unknown>[]) =>
  rows.map(({ start: _s, end: _e, playersApproximate: _p, ...row }) => row);

describe("free rounds in the reports, against the reference wallet", () => {
  it("played free rounds of both campaigns beside paid ones, each free round staking nothing", () => {
    const free = played.filter((p) => p.campaignId !== undefined);
    expect(free).toHaveLength(9);
    expect(new Set(free.map((p) => p.campaignId)).size).toBe(2);
    expect(free.every((p) => p.stake === 0n)).toBe(true);
    expect(free.some((p) => p.payout > 0n)).toBe(true);
  });

  it.each(["UTC", "Asia/Kathmandu"])(
    "keeps GGR over paid play and puts free rounds' wins on the bonus line, each %s day exact",
    async (zone) => {
      const body = ok<{ periods: GgrReportPeriod[] }>(
        await signed("/operator/reports/ggr", {
          from: "2030-03-30",
          to: "2030-03-31",
          granularity: "day",
          timeZone: zone,
        }),
      );
      expect(withoutPeriodHead(flatRows(body))).toEqual(expectedGgr(zone));
    },
  );

  it("sums the bonus line from the buckets for another zone's hours too, and over the games", async () => {
    const hours = ok<{ periods: GgrReportPeriod[] }>(
      await signed("/operator/reports/ggr", {
        from: "2030-03-30",
        to: "2030-03-31",
        granularity: "hour",
        timeZone: "Europe/Berlin",
        currencies: ["USD"],
      }),
    );
    const free = played.filter((p) => p.campaignId !== undefined);
    const rows = flatRows(hours);
    expect(rows.reduce((sum, row) => sum + cents(String(row.bonusWins ?? "0")), 0n)).toBe(
      free.reduce((sum, p) => sum + p.payout, 0n),
    );
    expect(rows.reduce((sum, row) => sum + Number(row.bonusRounds ?? 0), 0)).toBe(free.length);
    expect(rows.some((row) => row.bonusRounds === undefined && row.bonusWins === undefined)).toBe(true);
    const totals = ok<{ periods: GgrReportPeriod[] }>(
      await signed("/operator/reports/ggr", {
        from: "2030-03-30",
        to: "2030-03-31",
        granularity: "day",
        timeZone: "UTC",
        groupBy: "currency",
      }),
    );
    expect(
      withoutPeriodHead(flatRows(totals)).map(({ period, currency, bonusWins, bonusRounds, rounds }) => ({
        period,
        currency,
        bonusWins,
        bonusRounds,
        rounds,
      })),
    ).toEqual(
      expectedGgr("UTC").map(({ period, currency, bonusWins, bonusRounds, rounds }) => ({
        period,
        currency,
        bonusWins,
        bonusRounds,
        rounds,
      })),
    );
  });

  it.each(["UTC", "Asia/Kathmandu"])(
    "gives each campaign's free rounds, payouts and players per %s day, adding up to the bonus line",
    async (zone) => {
      const body = ok<FreeRoundReportResponse>(
        await signed("/operator/reports/free-rounds", {
          from: "2030-03-29",
          to: "2030-04-01",
          timeZone: zone,
        }),
      );
      const expected = new Map<string, Played[]>();
      for (const p of played.filter((p) => p.campaignId !== undefined)) {
        const reference = campaigns.find((c) => c.id === p.campaignId)?.reference;
        const key = `${dayIn(zone, p.at)}|${reference}`;
        expected.set(key, [...(expected.get(key) ?? []), p]);
      }
      const rows = body.periods.flatMap((period) =>
        period.rows.map((row) => ({ period: period.period, ...row })),
      );
      expect(rows).toEqual(
        [...expected.entries()]
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([key, rounds]) => {
            const [period, reference] = key.split("|");
            return {
              period,
              campaignId: campaigns.find((c) => c.reference === reference)?.id,
              reference,
              currency: "USD",
              roundsPlayed: rounds.length,
              paid: money(
                rounds.reduce((sum, p) => sum + p.payout, 0n),
                "USD",
              ),
              players: new Set(rounds.map((p) => p.playerId)).size,
            };
          }),
      );
      expect(body).toMatchObject({ timeZone: zone, demo: "excluded" });
    },
  );

  it("narrows the free-round report to campaigns of yours, and refuses another operator's", async () => {
    const [spring, welcome] = campaigns;
    const only = ok<FreeRoundReportResponse>(
      await signed("/operator/reports/free-rounds", {
        from: "2030-03-30",
        to: "2030-03-31",
        timeZone: "UTC",
        campaignIds: [welcome?.id],
      }),
    );
    expect(only.periods.flatMap((p) => p.rows).every((row) => row.campaignId === welcome?.id)).toBe(true);
    expect(only.periods.length).toBeGreaterThan(0);
    const other = await h.createOperator({ name: "Another operator" });
    const refused = await signed(
      "/operator/reports/free-rounds",
      { from: "2030-03-30", to: "2030-03-31", campaignIds: [spring?.id] },
      other,
    );
    expect(errorOf(refused)).toMatchObject({ status: 404, code: "campaign_not_found" });
    const malformed = await signed("/operator/reports/free-rounds", {
      from: "2030-03-30",
      to: "2030-03-31",
      campaignIds: ["not-a-campaign-id-at-all-but-36-chars"],
    });
    expect(errorOf(malformed)).toMatchObject({ status: 400, code: "invalid_request" });
    const tooLong = await signed("/operator/reports/free-rounds", { from: "2030-01-01", to: "2031-01-02" });
    expect(errorOf(tooLong)).toMatchObject({ status: 400, code: "report_range_too_long" });
  });

  it("counts free rounds' credits as bonus wins in the reconciliation, each line marked", async () => {
    const day = ok<ReconciliationResponse>(
      await signed("/operator/reconciliation", { date: "2030-03-31", currency: "USD" }),
    );
    const ofDay = played.filter(
      (p) => dayIn("Asia/Kathmandu", p.at) === "2030-03-31" && p.currency === "USD",
    );
    const paid = ofDay.filter((p) => !p.campaignId);
    const free = ofDay.filter((p) => p.campaignId);
    expect(day.totals).toMatchObject({
      bets: money(
        paid.reduce((s, p) => s + p.stake, 0n),
        "USD",
      ),
      wins: money(
        paid.reduce((s, p) => s + p.payout, 0n),
        "USD",
      ),
      bonusWins: money(
        free.reduce((s, p) => s + p.payout, 0n),
        "USD",
      ),
    });
    for (const line of day.transactions) {
      const round = played.find((p) => p.roundId === line.roundId);
      expect(line.freeRound?.campaignId).toBe(round?.campaignId);
      if (line.kind === "credit") expect(line.counted).toBe(round?.campaignId ? "bonus_win" : "win");
    }
    expect(day.transactions.filter((line) => line.counted === "bonus_win").length).toBeGreaterThan(0);
  });

  it("marks free rounds in the round and transaction searches", async () => {
    const range = { from: "2030-03-30T00:00:00Z", to: "2030-03-31T12:00:00Z", playerId: "alice", limit: 500 };
    const rounds = ok<RoundSearchResponse>(await signed("/operator/rounds/search", range));
    expect(rounds.rounds).toHaveLength(played.filter((p) => p.playerId === "alice").length);
    for (const round of rounds.rounds) {
      const mine = played.find((p) => p.roundId === round.roundId);
      expect(round.freeRound?.campaignId).toBe(mine?.campaignId);
      expect(round.freeRound === undefined || round.freeRound.grantId.length === 36).toBe(true);
    }
    const transactions = ok<TransactionSearchResponse>(await signed("/operator/transactions/search", range));
    for (const tx of transactions.transactions) {
      expect(tx.freeRound?.campaignId).toBe(played.find((p) => p.roundId === tx.roundId)?.campaignId);
    }
  });

  it("marks free rounds in the player's history", async () => {
    const token = await tokenOf("alice", "USD");
    const history = ok<{ rounds: { id: string; freeRound?: true }[] }>(
      await gameRequest(h, token, "GET", "/game/history?limit=100"),
    );
    const alice = played.filter((p) => p.playerId === "alice");
    expect(history.rounds).toHaveLength(alice.length);
    for (const round of history.rounds) {
      const free = alice.find((p) => p.roundId === round.id)?.campaignId !== undefined;
      expect(round.freeRound === true).toBe(free);
    }
  });

  it("keeps each campaign's figures and the searches' marks once the rounds move to the history", async () => {
    const report = () =>
      signed("/operator/reports/free-rounds", { from: "2030-03-30", to: "2030-03-31", timeZone: "UTC" });
    const before = ok<FreeRoundReportResponse>(await report());
    const moved = await new HistoryMover({
      store: h.store,
      clock: manualClock(Date.parse("2030-05-01")),
    }).move({
      before: new Date("2030-04-01T00:00:00Z"),
    });
    expect(moved.rounds).toBe(played.length);
    expect(ok<FreeRoundReportResponse>(await report())).toEqual(before);
    for (const campaign of campaigns) {
      const read = ok<{ days: { day: string; roundsPlayed: number; paid: string }[] }>(
        await h.signed({ method: "GET", path: `/operator/campaigns/${campaign.id}`, operator }),
      );
      const free = played.filter((p) => p.campaignId === campaign.id);
      expect(read.days.reduce((sum, day) => sum + day.roundsPlayed, 0)).toBe(free.length);
      expect(read.days.reduce((sum, day) => sum + cents(day.paid), 0n)).toBe(
        free.reduce((sum, p) => sum + p.payout, 0n),
      );
    }
    const rounds = ok<RoundSearchResponse>(
      await signed("/operator/rounds/search", {
        from: "2030-03-30T00:00:00Z",
        to: "2030-03-31T12:00:00Z",
        playerId: "bob",
      }),
    );
    expect(rounds.rounds.filter((round) => round.freeRound !== undefined)).toHaveLength(
      played.filter((p) => p.playerId === "bob" && p.campaignId).length,
    );
  });

  it("rebuilds the aggregates with their bonus line and finds them equal", async () => {
    const rebuilt = await h.runtime.reports.rollup.rebuild();
    expect(rebuilt.matched).toBe(true);
    const stored = await sql<{ bonus: string }>`
      select coalesce(sum(bonus_wins), 0)::text as bonus from ggr_buckets
      where operator_id = ${operator.id}`.execute(h.store.db);
    expect(BigInt(stored.rows[0]?.bonus ?? "0")).toBe(
      played.filter((p) => p.campaignId).reduce((s, p) => s + p.payout, 0n),
    );
  });
});
