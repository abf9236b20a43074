import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CertificationRepository } from "../../../src/operators/certification-repository.ts";
import { createHarness, errorOf, type Harness, START_MS, type TestOperator } from "../support.ts";

const DAY = 86_400_000;
const iso = (ms: number) => new Date(ms).toISOString();

let h: Harness;
let operator: TestOperator;
let references = 0;

const campaign = (overrides: Record<string, unknown> = {}) => ({
  reference: `promo-${++references}`,
  gameCodes: ["dice-alpha"],
  currency: "USD",
  bet: "0.20",
  params: { condition: "over", target: "50.50" },
  roundsPerPlayer: 5,
  endsAt: iso(START_MS + 7 * DAY),
  ...overrides,
});

/** Signed a second later than the last, so a resent body is not a replayed request. */
const post = (path: string, body: unknown, who: TestOperator = operator, on: Harness = h) => {
  on.clock.advance(1_000);
  return on.signed({ method: "POST", path, body, operator: who });
};

beforeAll(async () => {
  h = await createHarness();
  operator = await h.createOperator({ name: "Promoter", freeRounds: true });
});
afterAll(async () => h.close());

const campaignCount = async () =>
  Number(
    (
      await h.store.db
        .selectFrom("free_round_campaigns")
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

describe("POST /operator/campaigns", () => {
  it("creates a campaign once per reference: a resend answers the first, another body is a conflict", async () => {
    const body = campaign();
    const first = await post("/operator/campaigns", body);
    expect(first.statusCode).toBe(201);
    const created = first.json();
    expect(created).toMatchObject({
      reference: body.reference,
      gameCodes: ["dice-alpha"],
      bet: "0.20",
      status: "active",
      roundsPerPlayer: 5,
      players: 0,
      days: [],
    });
    const again = await post("/operator/campaigns", body);
    expect(again.statusCode).toBe(200);
    expect(again.json().campaignId).toBe(created.campaignId);
    const other = await post("/operator/campaigns", { ...body, bet: "0.50" });
    expect(errorOf(other)).toMatchObject({ status: 409, code: "campaign_reference_conflict" });
  });

  it("refuses each bad input with its own code and creates nothing", async () => {
    const before = await campaignCount();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ gameCodes: ["no-such-game"] }, 400, "unknown_game"],
      [{ gameCodes: ["blackjack-leo"], params: undefined }, 400, "campaign_game_not_eligible"],
      [{ packs: ["someone-elses-pack"] }, 403, "game_not_enabled"],
      [{ currency: "XXX" }, 400, "unknown_currency"],
      [{ bet: "100000.00" }, 400, "campaign_bet_not_allowed"],
      [{ bet: "0.001" }, 400, "campaign_bet_not_allowed"],
      [{ params: { condition: "sideways" } }, 400, "campaign_params_invalid"],
      [{ endsAt: iso(START_MS - DAY) }, 400, "invalid_campaign_window"],
      [{ startsAt: iso(START_MS + 2 * DAY), endsAt: iso(START_MS + DAY) }, 400, "invalid_campaign_window"],
      [{ endsAt: iso(START_MS + 91 * DAY) }, 400, "campaign_window_too_long"],
      [{ roundsPerPlayer: 0 }, 400, "invalid_request"],
    ];
    for (const [overrides, status, code] of cases) {
      const response = await post("/operator/campaigns", campaign(overrides));
      expect(errorOf(response), JSON.stringify(overrides)).toMatchObject({ status, code });
    }
    expect(await campaignCount()).toBe(before);
  });

  it("refuses an operator without the option", async () => {
    const plain = await h.createOperator({ name: "Plain" });
    const response = await post("/operator/campaigns", campaign(), plain);
    expect(errorOf(response)).toMatchObject({ status: 403, code: "free_rounds_not_enabled" });
  });
});

describe("grants, reads and cancelling", () => {
  it("grants in batches, idempotent by reference, and reads a player's rounds", async () => {
    const { campaignId } = (await post("/operator/campaigns", campaign())).json();
    const batch = {
      players: [
        { playerId: "p-1", reference: "g-1" },
        { playerId: "p-2", reference: "g-2" },
      ],
    };
    const granted = await post(`/operator/campaigns/${campaignId}/players`, batch);
    expect(granted.statusCode).toBe(200);
    expect(granted.json().grants).toMatchObject([
      { playerId: "p-1", rounds: 5, roundsRemaining: 5, created: true },
      { playerId: "p-2", created: true },
    ]);
    const again = await post(`/operator/campaigns/${campaignId}/players`, batch);
    expect(again.json().grants.map((g: { created: boolean }) => g.created)).toEqual([false, false]);
    const stolen = await post(`/operator/campaigns/${campaignId}/players`, {
      players: [{ playerId: "p-3", reference: "g-1" }],
    });
    expect(errorOf(stolen)).toMatchObject({ status: 409, code: "grant_reference_conflict" });
    const tooMany = await post(`/operator/campaigns/${campaignId}/players`, {
      players: Array.from({ length: 1001 }, (_, i) => ({ playerId: `p-${i}`, reference: `r-${i}` })),
    });
    expect(errorOf(tooMany)).toMatchObject({ status: 400, code: "invalid_request" });

    const read = await h.signed({ method: "GET", path: `/operator/campaigns/${campaignId}`, operator });
    expect(read.json()).toMatchObject({ players: 2, roundsGranted: 10, roundsRemaining: 10 });
    const player = await post("/operator/players/free-rounds", { playerId: "p-1" });
    expect(player.json().grants).toMatchObject([
      { campaignId, reference: "g-1", roundsRemaining: 5, campaignStatus: "active" },
    ]);
  });

  it("keeps another operator's campaign out of reach", async () => {
    const { campaignId } = (await post("/operator/campaigns", campaign())).json();
    const other = await h.createOperator({ name: "Other", freeRounds: true });
    const grant = await post(
      `/operator/campaigns/${campaignId}/players`,
      { players: [{ playerId: "p-1", reference: "x" }] },
      other,
    );
    expect(errorOf(grant)).toMatchObject({ status: 404, code: "campaign_not_found" });
    const read = await h.signed({
      method: "GET",
      path: `/operator/campaigns/${campaignId}`,
      operator: other,
    });
    expect(errorOf(read)).toMatchObject({ status: 404, code: "campaign_not_found" });
    const cancel = await post(`/operator/campaigns/${campaignId}/cancel`, {}, other);
    expect(errorOf(cancel)).toMatchObject({ status: 404, code: "campaign_not_found" });
  });

  it("cancels a campaign, which then takes no more players", async () => {
    const { campaignId } = (await post("/operator/campaigns", campaign())).json();
    const cancelled = await post(`/operator/campaigns/${campaignId}/cancel`, {});
    expect(cancelled.json().status).toBe("cancelled");
    const grant = await post(`/operator/campaigns/${campaignId}/players`, {
      players: [{ playerId: "p-1", reference: "late" }],
    });
    expect(errorOf(grant)).toMatchObject({ status: 409, code: "campaign_closed" });
  });
});

describe("campaigns in production", () => {
  let production: Harness;
  let certified: TestOperator;
  beforeAll(async () => {
    production = await createHarness({ shareStoreOf: h, config: { environment: "production" } });
    certified = await h.createOperator({
      name: "Certified",
      freeRounds: true,
      callbackUrl: "http://127.0.0.1:9/wallet",
    });
  });
  afterAll(async () => production.close());

  async function certify(freeRounds: { pass: number; fail: number } | undefined) {
    const now = new Date(START_MS);
    await new CertificationRepository(h.store.db).record({
      operatorId: certified.id,
      callbackUrl: "http://127.0.0.1:9/wallet",
      playerId: "test-player",
      secondPlayerId: null,
      currency: "USD",
      startedAt: now,
      finishedAt: now,
      passed: freeRounds === undefined || freeRounds.fail === 0,
      categories: [
        { category: "Happy Path", pass: 5, warn: 0, fail: 0, skip: 0 },
        ...(freeRounds ? [{ category: "Free Rounds" as const, warn: 0, skip: 0, ...freeRounds }] : []),
      ],
      totals: { pass: 5, warn: 0, fail: 0, skip: 0 },
      failedChecks: [],
      testerVersion: "test",
      report: {} as never,
    });
  }

  it("creates campaigns only once a certification of the callback URL passed the free-round checks", async () => {
    const uncertified = await post("/operator/campaigns", campaign(), certified, production);
    expect(errorOf(uncertified)).toMatchObject({ status: 403, code: "operator_not_certified" });
    await certify(undefined);
    const withoutChecks = await post("/operator/campaigns", campaign(), certified, production);
    expect(errorOf(withoutChecks)).toMatchObject({ status: 403, code: "operator_not_certified" });
    await certify({ pass: 2, fail: 0 });
    const created = await post("/operator/campaigns", campaign(), certified, production);
    expect(created.statusCode).toBe(201);
  });
});
