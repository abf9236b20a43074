import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresAvailable } from "../../../../../test-support/services.ts";
import { manualClock } from "../../../src/clock.ts";
import { HistoryMover, MIN_AGE_MS } from "../../../src/rounds/history-mover.ts";
import type { Store } from "../../../src/store/database.ts";
import { storeBackends } from "../../store/store-backends.ts";
import { createHarness, errorOf, type Harness, START_MS, type TestOperator } from "../support.ts";
import { DICE, gameRequest, launchDemo, ok, type RoundResult, revealThenCashOut } from "./game-support.ts";

const backends = storeBackends(await postgresAvailable());

interface Protection {
  startedAt: string;
  netPosition?: string;
  realityCheckDueAt: string | null;
  nextRoundAt: string | null;
  links: { responsibleGambling?: string; limits?: string };
}

let players = 0;

describe.each(backends)("player protection of the jurisdiction profiles, on $name", (backend) => {
  let store: Store;
  let h: Harness;
  let ukgc: TestOperator;

  beforeAll(async () => {
    store = await backend.open(manualClock(START_MS));
    h = await createHarness({ store });
    ukgc = await h.createOperator({
      name: "UK casino",
      jurisdiction: "UKGC",
      responsibleGamblingUrl: "https://casino.example/safer-gambling",
      limitsUrl: "https://casino.example/account/limits",
    });
  }, 120_000);
  afterAll(async () => {
    await h?.close();
    await store?.close();
    await backend.dispose();
  });

  const play = (token: string, key?: string) =>
    gameRequest(
      h,
      token,
      "POST",
      "/game/play",
      { amount: "1.00", params: DICE },
      key === undefined ? {} : { "idempotency-key": key },
    );
  const current = async (token: string) =>
    ok<{ session: Protection }>(await gameRequest(h, token, "POST", "/game/current", {})).session;

  /**
   * Two sessions of one British player in a game the minimum round duration covers (another reality-check
   * interval opens another session).
   */
  async function britishPlayer() {
    const playerId = `protected-player-${++players}`;
    const launch = (realityCheckMinutes: number) =>
      launchDemo(h, { playerId, countryCode: "GB", realityCheckMinutes }, ukgc);
    return { dice: (await launch(60)).token, other: (await launch(30)).token };
  }

  it("refuses a UKGC round started 2.499 s after the previous one, with Retry-After rounded up, and accepts it at 2.5 s", async () => {
    const { dice } = await britishPlayer();
    ok(await play(dice));

    h.clock.advance(1000);
    const early = await play(dice);
    expect(errorOf(early)).toMatchObject({ status: 409, code: "round_too_soon", retryAfterMs: 1500 });
    expect(early.headers["retry-after"]).toBe("2");

    h.clock.advance(1499);
    const justEarly = await play(dice);
    expect(errorOf(justEarly)).toMatchObject({ code: "round_too_soon", retryAfterMs: 1 });
    expect(justEarly.headers["retry-after"]).toBe("1");

    h.clock.advance(1);
    ok(await play(dice));
  });

  it("counts from the player's previous round in any session, and tells the next start in the session data", async () => {
    const { dice, other } = await britishPlayer();
    ok(await play(dice));
    const startedAt = h.clock.now();
    expect((await current(other)).nextRoundAt).toBe(new Date(startedAt + 2500).toISOString());

    h.clock.advance(2000);
    expect(errorOf(await play(other))).toMatchObject({ code: "round_too_soon", retryAfterMs: 500 });
    h.clock.advance(500);
    ok(await play(other));
    h.clock.advance(2500);
    expect((await current(dice)).nextRoundAt).toBeNull();
  });

  it("lets one of two plays at the same moment from two sessions of the player through", async () => {
    const { dice, other } = await britishPlayer();
    const answers = await Promise.all([play(dice), play(other), play(dice), play(other)]);
    const codes = answers.map((a) => (a.statusCode === 200 ? "ok" : errorOf(a).code)).sort();
    expect(codes).toEqual(["ok", "round_too_soon", "round_too_soon", "round_too_soon"]);
  });

  it.runIf(backend.reopens)(
    "holds the minimum and the reality check across two instances sharing the database",
    async () => {
      const otherStore = await backend.open(manualClock(START_MS));
      // The second instance: its own connections, writer and caches, the first one's keys.
      const other = await createHarness({ store: otherStore, shareStoreOf: h });
      try {
        other.clock.set(h.clock.now());
        const { dice, other: second } = await britishPlayer();
        const plays = await Promise.all([
          play(dice),
          gameRequest(other, second, "POST", "/game/play", { amount: "1.00", params: DICE }),
        ]);
        const codes = plays.map((a) => (a.statusCode === 200 ? "ok" : errorOf(a).code)).sort();
        expect(codes).toEqual(["ok", "round_too_soon"]);

        const { token } = await launchDemo(
          h,
          { playerId: `protected-player-${++players}`, countryCode: "GB", realityCheckMinutes: 10 },
          ukgc,
        );
        h.clock.advance(600_000);
        other.clock.set(h.clock.now());
        const acks = await Promise.all([
          gameRequest(h, token, "POST", "/game/reality-check", {}),
          gameRequest(other, token, "POST", "/game/reality-check", {}),
        ]);
        expect(acks.map((a) => a.statusCode).sort()).toEqual([200, 409]);
        ok(await gameRequest(other, token, "POST", "/game/play", { amount: "1.00", params: DICE }));
      } finally {
        await other.close();
        await otherStore.close();
      }
    },
  );

  it("answers a resent bet with its round, not with round_too_soon", async () => {
    const { dice } = await britishPlayer();
    const first = ok<RoundResult>(await play(dice, "resent-bet-1"));
    h.clock.advance(100);
    const resent = ok<RoundResult>(await play(dice, "resent-bet-1"));
    expect(resent.round.id).toBe(first.round.id);
  });

  it("leaves the previous start in place when a bet is refused, so the player may bet again at once", async () => {
    const poor = await createHarness({ shareStoreOf: h, config: { demoBalance: "5.00" } });
    try {
      const { token } = await launchDemo(poor, { countryCode: "GB" }, ukgc);
      const bet = (amount: string) =>
        gameRequest(poor, token, "POST", "/game/play", { amount, params: DICE });
      ok(await bet("1.00"));
      poor.clock.advance(2500);
      expect(errorOf(await bet("10.00")).code).toBe("not_enough_money");
      ok(await bet("1.00"));
    } finally {
      await poor.close();
    }
  });

  it("blocks a new round at a due reality check until acknowledged, while an open round finishes", async () => {
    const playerId = `protected-player-${++players}`;
    const { token } = await launchDemo(
      h,
      { playerId, countryCode: "GB", gameCode: "mines-alpha", realityCheckMinutes: 10 },
      ukgc,
    );
    const launchedAt = h.clock.now();
    expect((await current(token)).realityCheckDueAt).toBe(new Date(launchedAt + 600_000).toISOString());
    const opened = ok<RoundResult>(
      await gameRequest(h, token, "POST", "/game/play", { amount: "1.00", params: { mines: 1 } }),
    );

    h.clock.advance(600_000);
    const finished = await revealThenCashOut(h, token, opened.round.id, 0);
    expect(finished.round.status).not.toBe("open");
    const due = await gameRequest(h, token, "POST", "/game/play", { amount: "1.00", params: { mines: 1 } });
    const body = errorOf(due) as ReturnType<typeof errorOf> & { playedSeconds: number; netPosition: string };
    expect(body).toMatchObject({ status: 409, code: "reality_check_due", playedSeconds: 600 });
    const data = await current(token);
    expect(body.netPosition).toBe(data.netPosition);

    const [first, second] = await Promise.all([
      gameRequest(h, token, "POST", "/game/reality-check", {}),
      gameRequest(h, token, "POST", "/game/reality-check", {}),
    ]);
    const acknowledged = [first, second].find((a) => a.statusCode === 200);
    const refused = [first, second].find((a) => a.statusCode !== 200);
    expect(refused && errorOf(refused).code).toBe("reality_check_not_due");
    expect(acknowledged?.json()).toMatchObject({
      session: {
        startedAt: new Date(launchedAt).toISOString(),
        realityCheckDueAt: new Date(h.clock.now() + 600_000).toISOString(),
        nextRoundAt: null,
        netPosition: data.netPosition,
      },
    });
    const recorded = await store.db
      .selectFrom("reality_checks")
      .selectAll()
      .where("player_id", "=", playerId)
      .execute();
    expect(recorded).toHaveLength(1);
    expect(recorded[0]).toMatchObject({ played_seconds: 600, currency: "USD" });
    ok(await gameRequest(h, token, "POST", "/game/play", { amount: "1.00", params: { mines: 1 } }));
  });

  it("serves the session's start, net position, checks and the operator's pages in the session data", async () => {
    const { dice } = await britishPlayer();
    const before = await current(dice);
    expect(before).toMatchObject({
      netPosition: "0",
      realityCheckDueAt: new Date(Date.parse(before.startedAt) + 3_600_000).toISOString(),
      links: {
        responsibleGambling: "https://casino.example/safer-gambling",
        limits: "https://casino.example/account/limits",
      },
    });
    const played = ok<RoundResult>(await play(dice));
    const net = Number(played.round.payout) - Number(played.round.stake);
    expect(Number((await current(dice)).netPosition)).toBeCloseTo(net, 2);
  });

  it("keeps the rounds moved to the history in the net position of a long session", async () => {
    const { dice } = await britishPlayer();
    // Each round nets +1.00 or -1.00: three of them never net zero, so a net position without them shows.
    let net = 0;
    for (let i = 0; i < 3; i++) {
      h.clock.advance(2_500);
      const played = ok<RoundResult>(await play(dice));
      net += Number(played.round.payout) - Number(played.round.stake);
    }
    expect(net).not.toBe(0);
    // The mover runs an hour later than the session's clock: the rounds are past its minimum age.
    const later = manualClock(h.clock.now() + MIN_AGE_MS + 1_000);
    const moved = await new HistoryMover({ store, clock: later }).move({
      before: new Date(h.clock.now() + 1),
    });
    expect(moved.rounds).toBeGreaterThanOrEqual(3);
    expect(Number((await current(dice)).netPosition)).toBeCloseTo(net, 2);

    h.clock.advance(2_500);
    const third = ok<RoundResult>(await play(dice));
    net += Number(third.round.payout) - Number(third.round.stake);
    expect(Number((await current(dice)).netPosition)).toBeCloseTo(net, 2);
  });

  it("plays a default session as today: no pause between rounds, no figures to show", async () => {
    const { token } = await launchDemo(h, { playerId: `default-player-${++players}` });
    ok(await play(token));
    ok(await play(token));
    const data = await current(token);
    expect(data).toMatchObject({ realityCheckDueAt: null, nextRoundAt: null, links: {} });
    expect(data.netPosition).toBeUndefined();
    expect(errorOf(await gameRequest(h, token, "POST", "/game/reality-check", {}))).toMatchObject({
      status: 409,
      code: "reality_check_not_due",
    });
  });
});
