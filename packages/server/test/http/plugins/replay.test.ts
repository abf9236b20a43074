import { randomUUID } from "node:crypto";
import { signRequest } from "@rgs/protocol/signing";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { redisAvailable, TEST_REDIS_URL } from "../../../../../test-support/services.ts";
import { createRedisReplayGuard } from "../../../src/replay/redis.ts";
import { replayExpiry, replayKey } from "../../../src/replay/replay-guard.ts";
import { createHarness, DEMO_LAUNCH, errorOf, type Harness } from "../support.ts";

/** The headers of one signed launch, fixed so the very same request can be sent again. */
function capturedLaunch(h: Harness, body: unknown = DEMO_LAUNCH) {
  const payload = JSON.stringify(body);
  const timestamp = String(Math.floor(h.clock.now() / 1000));
  const signature = signRequest(h.operator.secret, timestamp, "/operator/launch", payload);
  const headers = {
    "content-type": "application/json",
    "x-operator-id": h.operator.id,
    "x-timestamp": timestamp,
    "x-hmac-sha256": signature,
  };
  return {
    timestamp,
    signature,
    send: (overrides: Record<string, string> = {}) =>
      h.app.inject({
        method: "POST",
        url: "/operator/launch",
        headers: { ...headers, ...overrides },
        payload,
      }),
  };
}

describe("replayed operator requests", () => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness();
  });
  afterAll(async () => h.close());

  it("refuses an exact replay of a signed launch with 401 replayed_request, minting no second session", async () => {
    h.clock.advance(1000);
    const launch = capturedLaunch(h);
    const first = await launch.send();
    expect(first.statusCode).toBe(200);
    for (let i = 0; i < 3; i++) {
      const replay = await launch.send();
      expect(errorOf(replay)).toMatchObject({ status: 401, code: "replayed_request" });
      expect(replay.body).not.toContain("sessionToken");
    }
  });

  it("refuses a replay whose signature or operator ID is merely re-cased", async () => {
    h.clock.advance(1000);
    const launch = capturedLaunch(h);
    expect((await launch.send()).statusCode).toBe(200);
    const upper = await launch.send({ "x-hmac-sha256": launch.signature.toUpperCase() });
    expect(errorOf(upper).code).toBe("replayed_request");
    const upperId = await launch.send({ "x-operator-id": h.operator.id.toUpperCase() });
    expect(errorOf(upperId).code).toBe("replayed_request");
  });

  it("accepts the same launch re-signed a second later, as a retry must be", async () => {
    h.clock.advance(1000);
    expect((await capturedLaunch(h).send()).statusCode).toBe(200);
    h.clock.advance(1000);
    expect((await capturedLaunch(h).send()).statusCode).toBe(200);
  });

  it("keeps refusing the replay for the whole signature window, after which the timestamp is expired", async () => {
    h.clock.advance(1000);
    const launch = capturedLaunch(h);
    expect((await launch.send()).statusCode).toBe(200);
    h.clock.advance(30_000);
    expect(errorOf(await launch.send()).code).toBe("replayed_request");
    h.clock.advance(1000);
    expect(errorOf(await launch.send()).code).toBe("expired_timestamp");
  });

  it("does not record a request whose signature fails, so the genuine one still passes", async () => {
    h.clock.advance(1000);
    const launch = capturedLaunch(h);
    const forged = await launch.send({ "x-hmac-sha256": "0".repeat(64) });
    expect(errorOf(forged).code).toBe("bad_signature");
    expect((await launch.send()).statusCode).toBe(200);
  });

  it("lets identical signed GETs through: two equal reads in one second are honest", async () => {
    h.clock.advance(1000);
    for (let i = 0; i < 3; i++) {
      expect((await h.signed({ method: "GET", path: "/operator/games" })).statusCode).toBe(200);
    }
  });
});

const redisUp = await redisAvailable();

describe.skipIf(!redisUp)("replayed operator requests across instances (Redis)", () => {
  const prefix = `test:replay:${randomUUID()}:`;
  let redis: Redis;
  let other: Redis;
  let h: Harness;
  beforeAll(async () => {
    redis = new Redis(TEST_REDIS_URL);
    other = new Redis(TEST_REDIS_URL);
    h = await createHarness({
      replayGuard: createRedisReplayGuard({ redis, clock: { now: () => h.clock.now() }, keyPrefix: prefix }),
    });
  });
  afterAll(async () => {
    await h.close();
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await Promise.all([redis.quit(), other.quit()]);
  });

  it("refuses a request another instance already received", async () => {
    h.clock.advance(1000);
    const launch = capturedLaunch(h);
    const elsewhere = createRedisReplayGuard({ redis: other, clock: h.clock, keyPrefix: prefix });
    const received = await elsewhere.firstUse(
      replayKey(h.operator.id, launch.timestamp, launch.signature),
      replayExpiry(Number(launch.timestamp), h.config.signatureWindowSeconds),
    );
    expect(received).toBe(true);
    expect(errorOf(await launch.send())).toMatchObject({ status: 401, code: "replayed_request" });
  });

  it("records what it receives for the other instances", async () => {
    h.clock.advance(1000);
    const launch = capturedLaunch(h);
    expect((await launch.send()).statusCode).toBe(200);
    const elsewhere = createRedisReplayGuard({ redis: other, clock: h.clock, keyPrefix: prefix });
    const key = replayKey(h.operator.id, launch.timestamp, launch.signature);
    expect(await elsewhere.firstUse(key, replayExpiry(Number(launch.timestamp), 30))).toBe(false);
  });
});
