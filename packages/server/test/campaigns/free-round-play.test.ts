/** Playing free rounds: a grant's round is taken in the write that opens the round, once, and given back when the wallet refuses. */
import { formatAmount } from "@rgs/protocol/money";
import type { GgrReportResponse } from "@rgs/protocol/operator-reports";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresAvailable } from "../../../../test-support/services.ts";
import { CampaignRepository } from "../../src/campaigns/campaign-repository.ts";
import { manualClock } from "../../src/clock.ts";
import { FreeRoundReport } from "../../src/reporting/free-round-report.ts";
import { GgrReport } from "../../src/reporting/ggr-report.ts";
import { GgrRollup } from "../../src/reporting/ggr-rollup.ts";
import type { Store } from "../../src/store/database.ts";
import type { GameSession } from "../../src/store/sessions-repository.ts";
import { createWalletClientPool } from "../../src/wallet/wallet-client.ts";
import { engine, fakeWallet, newOperator, newSession, refusal } from "../rounds/support.ts";
import { storeBackends } from "../store/store-backends.ts";

const T0 = Date.UTC(2030, 0, 1);
const DICE = "dice-alpha";
const PARAMS = { condition: "over", target: "50.50" };

describe.each(storeBackends(await postgresAvailable()))("free rounds in play ($name)", (backend) => {
  const clock = manualClock(T0);
  let store: Store;
  let operatorId: string;
  let wallet: Awaited<ReturnType<typeof fakeWallet>>;
  let pool: ReturnType<typeof createWalletClientPool>;
  let rounds: ReturnType<typeof engine>["rounds"];
  let campaigns: CampaignRepository;

  beforeAll(async () => {
    store = await backend.open(clock);
    operatorId = await newOperator(store, new Date(T0));
    wallet = await fakeWallet();
    pool = createWalletClientPool({ timeoutMs: 2_000, clock });
    const wallets = async (id: string) =>
      pool.client({ operatorId: id, callbackBaseUrl: wallet.origin, callbackSecret: () => "s" });
    rounds = engine({ store, clock, wallets }).rounds;
    campaigns = new CampaignRepository(store.db);
  });
  afterAll(async () => {
    pool?.close();
    await wallet?.close();
    await store?.close();
    await backend.dispose();
  });

  /** A real-money dice session whose player holds `rounds` free rounds at 0.20. */
  async function granted(rounds: number, opts: { endsAt?: Date; operatorId?: string } = {}) {
    const owner = opts.operatorId ?? operatorId;
    const session = await newSession(store, {
      operatorId: owner,
      mode: "real",
      gameCode: DICE,
      now: new Date(T0),
    });
    const { campaign } = await campaigns.create({
      operatorId: owner,
      reference: `promo-${session.id}`,
      requestDigest: "d",
      gameCodes: [DICE],
      currency: "USD",
      bet: 20n,
      params: PARAMS,
      roundsPerPlayer: rounds,
      startsAt: new Date(T0 - 1000),
      endsAt: opts.endsAt ?? new Date(T0 + 86_400_000),
      createdAt: new Date(T0),
    });
    const [first] = await campaigns.grant(
      campaign,
      [{ playerId: session.playerId, reference: "g-1" }],
      new Date(T0),
    );
    if (!first) throw new Error("no grant");
    return { session, campaign, grant: first.grant };
  }

  const remaining = async (grantId: string) =>
    (
      await store.db
        .selectFrom("free_round_grants")
        .select("rounds_remaining")
        .where("id", "=", grantId)
        .executeTakeFirstOrThrow()
    ).rounds_remaining;

  it("plays at the campaign's bet whatever the client sends, asking the wallet for 0 with the campaign", async () => {
    const { session, campaign, grant } = await granted(2);
    wallet.calls.length = 0;
    const played = await rounds.play(session, {
      amount: "500.00",
      params: { condition: "under", target: "2.00" },
      freeRound: true,
    });
    expect(played.round.status).toBe("closed");
    expect(played.round.stake).toBe("0");
    const debit = wallet.calls.find((call) => call.kind === "debit");
    expect(debit?.body.amount).toBe("0");
    expect(JSON.parse(String(debit?.body.metadata))).toMatchObject({
      freeRound: { campaignId: campaign.id, grantId: grant.id, reference: "g-1", roundsRemaining: 1 },
    });
    const [row] = await store.db.selectFrom("rounds").selectAll().where("id", "=", played.round.id).execute();
    expect(row?.params).toEqual({ condition: "over", target: 5050 });
    expect(await remaining(grant.id)).toBe(1);
    expect(wallet.calls.filter((call) => call.kind === "credit")).toHaveLength(1);
  });

  it("plays the last free round from two tabs once", async () => {
    const { session, grant } = await granted(1);
    const tab = await newSession(store, { operatorId, mode: "real", gameCode: DICE, now: new Date(T0) });
    await sql`update sessions set player_id = ${session.playerId} where id = ${tab.id}`.execute(store.db);
    const other: GameSession = { ...tab, playerId: session.playerId };
    const outcomes = await Promise.allSettled([
      rounds.play(session, { amount: "0.20", params: PARAMS, freeRound: true }),
      rounds.play(other, { amount: "0.20", params: PARAMS, freeRound: true }),
    ]);
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(1);
    const plays = await store.db
      .selectFrom("free_round_plays")
      .selectAll()
      .where("grant_id", "=", grant.id)
      .execute();
    expect(plays).toHaveLength(1);
    expect(await remaining(grant.id)).toBe(0);
    const again = await refusal(rounds.play(session, { amount: "0.20", params: PARAMS, freeRound: true }));
    expect(again.code).toBe("no_free_rounds");
  });

  it("gives the round back to the grant when the wallet refuses or never confirms the 0 debit", async () => {
    const { session, grant } = await granted(3);
    wallet.script.push("ERROR_NOT_ENOUGH_MONEY");
    await refusal(rounds.play(session, { amount: "0.20", params: PARAMS, freeRound: true }));
    expect(await remaining(grant.id)).toBe(3);
    wallet.script.push("500", "500", "500");
    await refusal(rounds.play(session, { amount: "0.20", params: PARAMS, freeRound: true }));
    expect(await remaining(grant.id)).toBe(3);
    const plays = await store.db
      .selectFrom("free_round_plays")
      .selectAll()
      .where("grant_id", "=", grant.id)
      .execute();
    expect(plays.map((p) => p.returned)).toEqual([true, true]);
  });

  it("offers nothing once the campaign is cancelled or over, and nothing in a demo session", async () => {
    const { session, campaign } = await granted(2);
    await campaigns.cancel(operatorId, campaign.id, new Date(T0));
    expect(
      (await refusal(rounds.play(session, { amount: "0.20", params: PARAMS, freeRound: true }))).code,
    ).toBe("no_free_rounds");
    const ended = await granted(2, { endsAt: new Date(T0) });
    const late = await refusal(
      rounds.play(ended.session, { amount: "0.20", params: PARAMS, freeRound: true }),
    );
    expect(late.code).toBe("no_free_rounds");
    const demo = await newSession(store, { operatorId, mode: "demo", gameCode: DICE, now: new Date(T0) });
    expect((await refusal(rounds.play(demo, { amount: "0.20", params: PARAMS, freeRound: true }))).code).toBe(
      "no_free_rounds",
    );
  });
  it("reports the free rounds apart from paid play: on GGR's bonus line and per campaign", async () => {
    const promoter = await newOperator(store, new Date(T0));
    const { session, campaign } = await granted(3, { operatorId: promoter });
    const free = [];
    for (let i = 0; i < 2; i++) {
      free.push((await rounds.play(session, { amount: "0.20", params: PARAMS, freeRound: true })).round);
    }
    wallet.script.push("ERROR_NOT_ENOUGH_MONEY");
    await refusal(rounds.play(session, { amount: "0.20", params: PARAMS, freeRound: true }));
    const paid = (await rounds.play(session, { amount: "1.00", params: PARAMS })).round;
    const minor = (amount: string) => BigInt(amount.replace(".", ""));
    const bonus = free.reduce((sum, round) => sum + minor(round.payout), 0n);

    // Credits are confirmed by the outbox after the answer: the report counts them once they are.
    for (let i = 0; i < 500; i++) {
      const open = await sql<{ n: number }>`
        select count(*)::int as n from wallet_transactions t join rounds r on r.id = t.round_id
        where r.operator_id = ${promoter} and t.kind = 'credit' and t.status <> 'ok'`.execute(store.db);
      if (open.rows[0]?.n === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    await new GgrRollup({ store, clock: manualClock(T0 + 3_600_000) }).catchUp();
    const day = { from: "2030-01-01", to: "2030-01-01" };
    const ggr = JSON.parse(
      (
        await new GgrReport({ db: store.db }).report(
          { id: promoter, timeZone: "UTC" },
          { ...day, granularity: "day" },
        )
      ).join(""),
    ) as GgrReportResponse;
    expect(ggr.periods.flatMap((p) => p.rows)).toEqual([
      {
        gameCode: DICE,
        currency: "USD",
        bets: "1.00",
        wins: formatAmount(minor(paid.payout), 2),
        ggr: formatAmount(100n - minor(paid.payout), 2),
        rounds: 1,
        players: 1,
        bonusWins: formatAmount(bonus, 2),
        bonusRounds: 2,
      },
    ]);
    const perCampaign = await new FreeRoundReport({ db: store.db }).report(
      { id: promoter, timeZone: "UTC" },
      { ...day, campaignIds: [campaign.id] },
    );
    expect(perCampaign.periods.flatMap((p) => p.rows)).toEqual([
      {
        campaignId: campaign.id,
        reference: campaign.reference,
        currency: "USD",
        roundsPlayed: 2,
        paid: formatAmount(bonus, 2),
        players: 1,
      },
    ]);
  });
});
