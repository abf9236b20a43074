import { randomUUID } from "node:crypto";
import net from "node:net";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { redisAvailable, TEST_REDIS_URL } from "../../../../test-support/services.ts";
import { manualClock } from "../../src/clock.ts";
import { loadConfig } from "../../src/config.ts";
import { createReplayGuard } from "../../src/replay/from-config.ts";
import { createRedisReplayGuard } from "../../src/replay/redis.ts";
import { replayGuardBehaviour } from "./behaviour.ts";

const redisUp = await redisAvailable();

describe.skipIf(!redisUp)("redis replay guard", () => {
  const prefix = `test:replay:${randomUUID()}:`;
  let redis: Redis;
  let other: Redis;

  beforeAll(() => {
    redis = new Redis(TEST_REDIS_URL);
    other = new Redis(TEST_REDIS_URL);
  });
  afterEach(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
  });
  afterAll(async () => {
    await Promise.all([redis.quit(), other.quit()]);
  });

  replayGuardBehaviour((opts) => createRedisReplayGuard({ ...opts, redis, keyPrefix: prefix }));

  it("refuses on one instance a request first received by another", async () => {
    const clock = manualClock(1_700_000_000_000);
    const a = createRedisReplayGuard({ redis, clock, keyPrefix: prefix });
    const b = createRedisReplayGuard({ redis: other, clock, keyPrefix: prefix });
    expect(await a.firstUse("request", 1_700_000_031_000)).toBe(true);
    expect(await b.firstUse("request", 1_700_000_031_000)).toBe(false);
  });

  it("lets Redis drop an entry once its window has passed", async () => {
    const guard = createRedisReplayGuard({ redis, clock: manualClock(1_000_000), keyPrefix: prefix });
    await guard.firstUse("request", 1_031_000);
    const ttl = await redis.pttl(`${prefix}request`);
    expect(ttl).toBeGreaterThan(30_000);
    expect(ttl).toBeLessThanOrEqual(31_000);
  });
});

describe("createReplayGuard", () => {
  function config(env: Record<string, string> = {}) {
    const result = loadConfig(env);
    if (!result.ok) throw new Error(result.errors.join("; "));
    return result.config;
  }

  it("keeps requests in memory without REDIS_URL", async () => {
    const guard = await createReplayGuard({ config: config(), clock: manualClock(0) });
    expect(await guard.firstUse("request", 31_000)).toBe(true);
    expect(await guard.firstUse("request", 31_000)).toBe(false);
    await guard.close();
  });

  it("fails clearly when Redis is unreachable at start", async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as net.AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    await expect(
      createReplayGuard({
        config: config({ REDIS_URL: `redis://127.0.0.1:${port}` }),
        clock: manualClock(0),
      }),
    ).rejects.toThrow(/Cannot reach Redis at REDIS_URL/);
  });

  it.skipIf(!redisUp)(
    "shares what it saw between instances, and fails open to its own memory when Redis goes away",
    async () => {
      // A proxy in front of Redis lets the test cut the connection.
      const target = new URL(TEST_REDIS_URL);
      const sockets = new Set<net.Socket>();
      const proxy = net.createServer((client) => {
        const upstream = net.connect(Number(target.port || 6379), target.hostname);
        for (const s of [client, upstream]) {
          sockets.add(s);
          s.on("error", () => {});
        }
        client.pipe(upstream).pipe(client);
      });
      await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
      const { port } = proxy.address() as net.AddressInfo;
      const errors: Error[] = [];
      const cfg = config({ REDIS_URL: `redis://127.0.0.1:${port}` });
      const clock = manualClock(Date.now());
      const a = await createReplayGuard({ config: cfg, clock, onRedisError: (e) => errors.push(e) });
      const b = await createReplayGuard({ config: cfg, clock, onRedisError: (e) => errors.push(e) });
      const key = `test:${randomUUID()}`;
      const expiry = clock.now() + 31_000;
      expect(await a.firstUse(key, expiry)).toBe(true);
      expect(await b.firstUse(key, expiry)).toBe(false);

      proxy.close();
      for (const s of sockets) s.destroy();
      expect(await a.firstUse(key, expiry)).toBe(false);
      expect(await b.firstUse(`${key}:new`, expiry)).toBe(true);
      expect(await b.firstUse(`${key}:new`, expiry)).toBe(false);
      expect(errors.length).toBeGreaterThan(0);
      await Promise.all([a.close(), b.close()]);
      const cleanup = new Redis(TEST_REDIS_URL);
      await cleanup.del(`rgs:replay:${key}`);
      await cleanup.quit();
    },
  );
});
