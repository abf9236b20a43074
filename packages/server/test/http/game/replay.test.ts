import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresAvailable } from "../../../../../test-support/services.ts";
import { manualClock } from "../../../src/clock.ts";
import { randomReplayLinks } from "../../../src/replay-links/replay-link.ts";
import { HistoryMover, MIN_AGE_MS } from "../../../src/rounds/history-mover.ts";
import { findRound } from "../../../src/rounds/round-repository.ts";
import type { Store } from "../../../src/store/database.ts";
import { storeBackends } from "../../store/store-backends.ts";
import { createHarness, errorOf, type Harness } from "../support.ts";
import { DICE, gameRequest, launchDemo, ok, type RoundResult } from "./game-support.ts";

interface Replay {
  status: "closed" | "cancelled";
  round: Record<string, unknown> & {
    id: string;
    fairness?: { serverSeed?: string; serverSeedHash: string; clientSeed: string; nonce: number };
  };
  maxWin?: string;
}

const PLAYER = "replay-player-7f3a";

function replayOf(h: Harness, url: string) {
  return h.app.inject({ method: "GET", url: `/game/replay/${url.slice(url.lastIndexOf("/") + 1)}` });
}

describe.each(storeBackends(await postgresAvailable()))("replay links on $name", (backend) => {
  let store: Store;
  let h: Harness;
  let token: string;
  let sessionId: string;
  let dice: RoundResult;
  let url: string;

  beforeAll(async () => {
    store = await backend.open(manualClock(Date.UTC(2030, 0, 1)));
    h = await createHarness({ store });
    ({ token, sessionId } = await launchDemo(h, { playerId: PLAYER }));
    dice = ok<RoundResult>(
      await gameRequest(h, token, "POST", "/game/play", { amount: "1.00", params: DICE }),
    );
    url = h.replayLinks.urlOf(dice.round.id);
  });
  afterAll(async () => {
    await h.close();
    await store.close();
    await backend.dispose();
  });

  it("shows a finished round without a session, without its player, and the server seed only once retired", async () => {
    const answer = await replayOf(h, url);
    expect(answer.statusCode, answer.body).toBe(200);
    const replay = answer.json() as Replay;
    expect(replay).toMatchObject({
      status: "closed",
      round: { id: dice.round.id, gameCode: "dice-alpha", stake: "1.00", payout: dice.round.payout },
    });
    expect(replay.round.view).toEqual(dice.round.view);
    expect(replay.round.fairness).not.toHaveProperty("serverSeed");
    expect(answer.body).not.toContain(PLAYER);
    expect(answer.body).not.toContain(sessionId);
    expect(answer.body).not.toContain(token);

    ok(await gameRequest(h, token, "POST", "/seed/rotate"));
    const revealed = ok<Replay>(await replayOf(h, url));
    const fairness = revealed.round.fairness;
    expect(fairness?.serverSeed).toMatch(/^[0-9a-f]{64}$/);

    // Anyone holding the link can check the round with the game's own code, still without a session.
    const verified = ok<{ payout: string; closed: boolean }>(
      await gameRequest(h, undefined, "POST", "/game/verify", {
        gameCode: revealed.round.gameCode,
        serverSeed: fairness?.serverSeed,
        clientSeed: fairness?.clientSeed,
        nonce: fairness?.nonce,
        params: DICE,
        amount: "1.00",
        currency: "USD",
        maxWin: revealed.maxWin,
        actions: revealed.round.actions,
      }),
    );
    expect(verified).toMatchObject({ closed: true, payout: dice.round.payout });
  });

  it("refuses a bare round ID, a token of another key and an altered token, naming no round", async () => {
    const mine = url.slice(url.lastIndexOf("/") + 1);
    const altered = `${mine.slice(0, 43)}${mine[43] === "A" ? "B" : "A"}`;
    const foreign = randomReplayLinks("https://rgs.test").tokenOf(dice.round.id);
    for (const bad of [dice.round.id, foreign, altered, "x".repeat(65)]) {
      const answer = await h.app.inject({ method: "GET", url: `/game/replay/${bad}` });
      expect([400, 404]).toContain(answer.statusCode);
      expect(answer.body).not.toContain('"view"');
    }
    expect(errorOf(await h.app.inject({ method: "GET", url: `/game/replay/${altered}` }))).toMatchObject({
      status: 404,
      code: "round_not_found",
    });
  });

  it("says a round still being played is not finished", async () => {
    const mines = await launchDemo(h, { gameCode: "mines-alpha" });
    const opened = ok<RoundResult>(
      await gameRequest(h, mines.token, "POST", "/game/play", { amount: "1.00", params: { mines: 3 } }),
    );
    expect(errorOf(await replayOf(h, h.replayLinks.urlOf(opened.round.id)))).toMatchObject({
      status: 409,
      code: "round_not_finished",
    });
  });

  it("shows a cancelled round as cancelled, with no outcome", async () => {
    const played = ok<RoundResult>(
      await gameRequest(h, token, "POST", "/game/play", { amount: "2.00", params: DICE }),
    );
    await sql`update rounds set status = 'cancelled', stake_total = 0, payout_total = 0, note = 'bet_cancelled' where id = ${played.round.id}`.execute(
      h.store.db,
    );
    const answer = await replayOf(h, h.replayLinks.urlOf(played.round.id));
    const replay = ok<Replay>(answer);
    expect(replay).toEqual({
      status: "cancelled",
      round: {
        id: played.round.id,
        gameCode: "dice-alpha",
        stake: "0",
        currency: "USD",
        note: "bet_cancelled",
        createdAt: played.round.createdAt,
        closedAt: played.round.closedAt,
      },
    });
  });

  it("shows a round whose rollback is still on its way as cancelled too, never as unfinished", async () => {
    const played = ok<RoundResult>(
      await gameRequest(h, token, "POST", "/game/play", { amount: "3.00", params: DICE }),
    );
    await sql`update rounds set status = 'settling', note = 'bet_cancelled' where id = ${played.round.id}`.execute(
      h.store.db,
    );
    const replay = ok<Replay>(await replayOf(h, h.replayLinks.urlOf(played.round.id)));
    expect(replay.status).toBe("cancelled");
    expect(replay.round).not.toHaveProperty("view");
    expect(replay.round).not.toHaveProperty("fairness");
  });

  it("keeps working once the round has moved to the history tables", async () => {
    const before = ok<Replay>(await replayOf(h, url));
    const later = manualClock(h.clock.now() + MIN_AGE_MS + 1_000);
    await new HistoryMover({ store: h.store, clock: later }).move({ before: new Date(h.clock.now() + 1) });
    expect(await findRound(h.store.db, dice.round.id)).toBeUndefined();
    expect(ok<Replay>(await replayOf(h, url))).toEqual(before);
    const page = await h.app.inject({ method: "GET", url: new URL(url).pathname });
    // The page itself is served (503 here, where the client is not built), not refused as unknown.
    expect([200, 503]).toContain(page.statusCode);
  });
});

describe("the replay link's rate limit", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness({ config: { gameRateLimit: { ratePerSecond: 1, burst: 3 } } });
  });
  afterAll(async () => h.close());

  it("refuses a fourth request from one address at once, and serves it again a second later", async () => {
    const { token } = await launchDemo(h);
    const played = ok<RoundResult>(
      await gameRequest(h, token, "POST", "/game/play", { amount: "1.00", params: DICE }),
    );
    const url = h.replayLinks.urlOf(played.round.id);
    const codes: number[] = [];
    for (let i = 0; i < 4; i++) codes.push((await replayOf(h, url)).statusCode);
    expect(codes).toEqual([200, 200, 200, 429]);
    h.clock.advance(1_000);
    expect((await replayOf(h, url)).statusCode).toBe(200);
  });
});
