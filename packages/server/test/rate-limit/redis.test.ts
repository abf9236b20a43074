import { randomUUID } from "node:crypto";
import net from "node:net";
import { Redis } from "ioredis";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { redisAvailable, TEST_REDIS_URL } from "../../../../test-support/services.ts";
import { manualClock } from "../../src/clock.ts";
import { loadConfig } from "../../src/config.ts";
import { createRateLimiter } from "../../src/rate-limit/from-config.ts";
import { createRedisRateLimiter } from "../../src/rate-limit/redis.ts";
import { rateLimiterBehaviour } from "./behaviour.ts";

const redisUp = await redisAvailable();

describe.skipIf(!redisUp)("redis rate limiter", () => {
  const prefix = `test:rate:${randomUUID()}:`;
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

  rateLimiterBehaviour((opts) => createRedisRateLimiter({ ...opts, redis, keyPrefix: prefix }));

  it("shares one budget between instances on different connections", async () => {
    const clock = manualClock(1_700_000_000_000);
    const a = createRedisRateLimiter({ redis, ratePerSecond: 50, burst: 20, clock, keyPrefix: prefix });
    const b = createRedisRateLimiter({
      redis: other,
      ratePerSecond: 50,
      burst: 20,
      clock,
      keyPrefix: prefix,
    });
    const decisions = await Promise.all(Array.from({ length: 100 }, (_, i) => (i % 2 ? a : b).take("ip")));
    expect(decisions.filter((d) => d.allowed)).toHaveLength(20);
    clock.advance(100);
    expect((await a.take("ip")).allowed).toBe(true);
    expect(await takeUntilRefused(b)).toBe(4);
  });

  it("lets idle buckets expire once they would be full again", async () => {
    const limiter = createRedisRateLimiter({
      redis,
      ratePerSecond: 50,
      burst: 20,
      clock: manualClock(0),
      keyPrefix: prefix,
    });
    await limiter.take("ip");
    const ttl = await redis.pttl(`${prefix}ip`);
    expect(ttl).toBeGreaterThan(0);
    expect(ttl).toBeLessThanOrEqual(400 + 1000);
  });

  it("reloads its script after Redis forgot it", async () => {
    const clock = manualClock(0);
    const limiter = createRedisRateLimiter({ redis, ratePerSecond: 1, burst: 2, clock, keyPrefix: prefix });
    expect((await limiter.take("ip")).allowed).toBe(true);
    await redis.script("FLUSH");
    expect(await limiter.take("ip")).toEqual({ allowed: true, remaining: 0, retryAfterSeconds: 0 });
    expect((await limiter.take("ip")).allowed).toBe(false);
  });

  async function takeUntilRefused(limiter: {
    take(k: string): Promise<{ allowed: boolean }>;
  }): Promise<number> {
    let n = 0;
    while ((await limiter.take("ip")).allowed) n++;
    return n;
  }
});

describe("createRateLimiter", () => {
  function config(env: Record<string, string> = {}) {
    const result = loadConfig({ RATE_LIMIT_BURST: "2", RATE_LIMIT_PER_SECOND: "1", ...env });
    if (!result.ok) throw new Error(result.errors.join("; "));
    return result.config;
  }

  it("keeps buckets in memory without REDIS_URL", async () => {
    const limiter = await createRateLimiter({ config: config(), clock: manualClock(0) });
    expect((await limiter.take("ip")).allowed).toBe(true);
    expect((await limiter.take("ip")).allowed).toBe(true);
    expect((await limiter.take("ip")).allowed).toBe(false);
    await limiter.close();
  });

  it("fails clearly when Redis is unreachable at start", async () => {
    const closed = net.createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const { port } = closed.address() as net.AddressInfo;
    await new Promise((resolve) => closed.close(resolve));
    await expect(
      createRateLimiter({
        config: config({ REDIS_URL: `redis://127.0.0.1:${port}` }),
        clock: manualClock(0),
      }),
    ).rejects.toThrow(/Cannot reach Redis at REDIS_URL/);
  });

  it.skipIf(!redisUp)(
    "shares the budget through Redis and falls back to memory when Redis goes away",
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
      const clock = manualClock(0);
      const a = await createRateLimiter({ config: cfg, clock, onRedisError: (e) => errors.push(e) });
      const b = await createRateLimiter({ config: cfg, clock, onRedisError: (e) => errors.push(e) });
      const key = `test:${randomUUID()}`;
      expect((await a.take(key)).allowed).toBe(true);
      expect((await b.take(key)).allowed).toBe(true);
      expect((await a.take(key)).allowed).toBe(false);

      proxy.close();
      for (const s of sockets) s.destroy();
      expect((await a.take(key)).allowed).toBe(true);
      expect(errors.length).toBeGreaterThan(0);
      await Promise.all([a.close(), b.close()]);
      const cleanup = new Redis(TEST_REDIS_URL);
      await cleanup.del(`rgs:rate:${key}`);
      await cleanup.quit();
    },
  );
});
