import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresAvailable } from "../../../../test-support/services.ts";
import { manualClock } from "../../src/clock.ts";
import { createSecretBox } from "../../src/crypto/secret-box.ts";
import { OperatorService } from "../../src/operators/operator-service.ts";
import { hashSessionToken, SessionService } from "../../src/sessions/session-service.ts";
import { TokenPurger } from "../../src/sessions/token-purger.ts";
import type { Store } from "../../src/store/database.ts";
import { storeBackends } from "../store/store-backends.ts";

const backends = storeBackends(await postgresAvailable());
const GRACE_SECONDS = 30;

/**
 * Refreshes of one token on several instances at once, on every store (PostgreSQL locks the row), and the
 * purge of replaced tokens once their grace is over.
 */
describe.each(backends)("refreshing and purging session tokens ($name)", (backend) => {
  const clock = manualClock(Date.UTC(2030, 0, 1));
  let store: Store;
  let operatorId: string;
  beforeAll(async () => {
    store = await backend.open(clock);
    const operators = new OperatorService({
      store,
      secretBox: createSecretBox(Buffer.alloc(32, 7)),
      clock,
      rotationGraceSeconds: 60,
    });
    operatorId = (await operators.create({ name: "Refreshes" })).operator.id;
  });
  afterAll(async () => {
    await store?.close();
    await backend.dispose();
  });

  const instance = () =>
    new SessionService({
      sessions: store.sessions,
      clock,
      ttlSeconds: 600,
      refreshGraceSeconds: GRACE_SECONDS,
    });

  const open = () =>
    instance().open({
      operatorId,
      playerId: `player-${randomUUID()}`,
      gameCode: "dice-alpha",
      currency: "USD",
      countryCode: "DE",
      mode: "demo",
      betLimits: { minBet: 10n, maxBet: 100_000n, maxWin: 10_000_000n },
      details: null,
      demoBalance: 100_000n,
    });
  const stored = async (sessionId: string) =>
    (
      await store.db
        .selectFrom("session_tokens")
        .select("token_hash")
        .where("session_id", "=", sessionId)
        .execute()
    )
      .map((r) => r.token_hash)
      .sort();

  it("answer every instance the same new token and store one token more", async () => {
    const { token, session } = await open();
    const answers = await Promise.all(Array.from({ length: 6 }, () => instance().refresh(session, token)));
    expect(new Set(answers.map((a) => a?.token)).size).toBe(1);
    expect(new Set(answers.map((a) => a?.previousValidUntil.getTime())).size).toBe(1);
    const rows = await store.db
      .selectFrom("session_tokens")
      .select(["token_hash", "successor_sealed"])
      .where("session_id", "=", session.id)
      .execute();
    expect(rows.map((r) => r.token_hash).sort()).toEqual(
      [hashSessionToken(token), hashSessionToken(answers[0]?.token ?? "")].sort(),
    );
    expect(JSON.stringify(rows)).not.toContain(answers[0]?.token);
  });

  it("purges a replaced token and its sealed successor once the grace is over, and only then", async () => {
    const { token, session } = await open();
    const refreshed = await instance().refresh(session, token);
    if (!refreshed) throw new Error("the refresh found no token");
    const purger = new TokenPurger({ sessions: store.sessions, clock, options: { batchSize: 1 } });

    clock.advance(GRACE_SECONDS * 1000 - 1);
    expect(await purger.runOnce()).toBe(0);
    expect(await instance().refresh(session, token)).toMatchObject({ token: refreshed.token });

    clock.advance(2);
    const untouched = await open();
    expect(await purger.runOnce()).toBeGreaterThanOrEqual(1);
    expect(await stored(session.id)).toEqual([hashSessionToken(refreshed.token)]);
    expect(await stored(untouched.session.id)).toEqual([hashSessionToken(untouched.token)]);
    expect(await instance().refresh(session, token)).toBeUndefined();
    expect(await instance().authenticate(refreshed.token)).toMatchObject({
      ok: true,
      session: { id: session.id },
    });
  });

  it("purges in batches until no replaced token past its grace is left", async () => {
    const replaced: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { token, session } = await open();
      await instance().refresh(session, token);
      replaced.push(session.id);
    }
    clock.advance(GRACE_SECONDS * 1000 + 1);
    const purger = new TokenPurger({ sessions: store.sessions, clock, options: { batchSize: 1 } });
    expect(await purger.runOnce()).toBe(3);
    for (const id of replaced) expect(await stored(id)).toHaveLength(1);
  });
});
