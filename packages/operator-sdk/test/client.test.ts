import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, DEMO_LAUNCH, type Harness } from "../../server/test/http/support.ts";
import { insertRound, seedPairs } from "../../server/test/reporting/search-fixture.ts";
import { OperatorClient, type OperatorClientOptions, RgsApiError, RgsTransportError } from "../src/index.ts";

let h: Harness;
let rgsUrl: string;

beforeAll(async () => {
  h = await createHarness({ config: { rateLimit: { ratePerSecond: 1, burst: 2 } } });
  await h.app.listen({ port: 0, host: "127.0.0.1" });
  rgsUrl = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  h.app.server.closeAllConnections();
  await h.close();
});

/** A client on the harness's clock whose waits advance that clock instead of sleeping. */
function clientFor(baseUrl: string, overrides: Partial<OperatorClientOptions> = {}) {
  const waits: number[] = [];
  const client = new OperatorClient({
    baseUrl,
    operatorId: h.operator.id,
    secret: h.operator.secret,
    now: () => h.clock.now(),
    sleep: async (ms) => {
      waits.push(ms);
      h.clock.advance(ms);
    },
    random: () => 0.5,
    ...overrides,
  });
  return { client, waits };
}

describe("OperatorClient against the RGS", () => {
  it("lists games and currencies and launches a demo session, signed", async () => {
    h.clock.advance(10_000);
    const { client } = clientFor(rgsUrl);
    const games = await client.listGames();
    expect(games.games.map((g) => g.code)).toContain("dice-alpha");
    h.clock.advance(10_000);
    const currencies = await client.listCurrencies();
    expect(currencies.currencies.map((c) => c.code)).toContain("USD");
    h.clock.advance(10_000);
    const launched = await client.launch({ ...DEMO_LAUNCH, playerId: "sdk-player" });
    expect(launched.launchUrl).toMatch(/^https:\/\/rgs\.test\//);
  });

  it("pages through a search with an async iterator, every round once", async () => {
    const pair = await seedPairs(h, h.operator.id);
    const start = h.clock.now();
    const played: string[] = [];
    for (let i = 0; i < 5; i++) {
      const round = await insertRound(h.store, {
        operatorId: h.operator.id,
        playerId: "sdk-searcher",
        mode: "real",
        gameCode: "dice-alpha",
        currency: "USD",
        status: "closed",
        createdAt: start - 60_000 + i * 1000,
        seedPairId: pair.retired.id,
      });
      played.push(round.id);
    }
    const { client } = clientFor(rgsUrl);
    const pages: string[][] = [];
    for await (const page of client.searchRounds({
      playerId: "sdk-searcher",
      from: new Date(start - 3_600_000).toISOString(),
      to: new Date(start + 3_600_000).toISOString(),
      limit: 2,
    })) {
      expect(page.demoExcluded).toBe(true);
      pages.push(page.rounds.map((r) => r.roundId));
      h.clock.advance(1000);
    }
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    expect(pages.flat().sort()).toEqual([...played].sort());
  });

  it("reads the digests of the software the RGS runs and its audit trail's key", async () => {
    h.clock.advance(10_000);
    const integrity = await clientFor(rgsUrl).client.getIntegrity();
    expect(integrity.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(integrity.parts.find((part) => part.kind === "game" && part.name === "dice")?.digest).toMatch(
      /^[0-9a-f]{64}$/,
    );
    expect(integrity.auditKey).toMatchObject({
      algorithm: "Ed25519",
      keyId: h.store.auditKeys.current.keyId,
    });
  });

  it("waits out a 429's Retry-After, re-signing each attempt, and gets through", async () => {
    h.clock.advance(10_000);
    const { client, waits } = clientFor(rgsUrl);
    const launches = [1, 2, 3, 4].map((n) => client.launch({ ...DEMO_LAUNCH, playerId: `sdk-burst-${n}` }));
    const sessions = await Promise.all(launches);
    expect(new Set(sessions.map((s) => s.sessionId)).size).toBe(4);
    expect(waits.length).toBeGreaterThan(0);
    expect(Math.min(...waits)).toBeGreaterThanOrEqual(1000);
  });

  it("answers the RGS's error as an RgsApiError with its code, without retrying a refusal", async () => {
    h.clock.advance(10_000);
    const { client, waits } = clientFor(rgsUrl, { secret: "not-the-secret" });
    const error = await client.listGames().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RgsApiError);
    expect(error).toMatchObject({ status: 401, code: "bad_signature", attempts: 1 });
    expect(waits).toEqual([]);
  });
});

describe("OperatorClient when the connection fails", () => {
  let hanging: Server;
  let breaking: Server;
  let hangingUrl: string;
  let breakingUrl: string;
  let received = 0;

  beforeAll(async () => {
    hanging = createServer(() => {
      received++;
    });
    breaking = createServer((request) => {
      received++;
      request.socket.destroy();
    });
    for (const server of [hanging, breaking]) {
      await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    }
    hangingUrl = `http://127.0.0.1:${(hanging.address() as AddressInfo).port}`;
    breakingUrl = `http://127.0.0.1:${(breaking.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    for (const server of [hanging, breaking]) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it("retries any request refused before it was sent, then reports not_sent", async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, "127.0.0.1", resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const { client, waits } = clientFor(`http://127.0.0.1:${port}`);
    const error = await client.launch({ ...DEMO_LAUNCH }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(RgsTransportError);
    expect(error).toMatchObject({ reason: "not_sent", attempts: 4 });
    expect(waits).toEqual([1000, 1500, 3000]);
  });

  it("retries a launch that timed out (a repeated launch is the same session)", async () => {
    received = 0;
    const { client } = clientFor(hangingUrl, { timeoutMs: 100, retry: { maxAttempts: 2 } });
    const error = await client.launch({ ...DEMO_LAUNCH }).catch((e: unknown) => e);
    expect(error).toMatchObject({ reason: "timeout", attempts: 2 });
    expect(received).toBe(2);
  });

  it("retries a GET whose connection broke after sending, but never a launch", async () => {
    received = 0;
    const read = clientFor(breakingUrl, { retry: { maxAttempts: 3 } });
    expect(await read.client.listGames().catch((e: unknown) => e)).toMatchObject({
      reason: "broken",
      attempts: 3,
    });
    expect(received).toBe(3);
    received = 0;
    const launch = clientFor(breakingUrl, { retry: { maxAttempts: 3 } });
    expect(await launch.client.launch({ ...DEMO_LAUNCH }).catch((e: unknown) => e)).toMatchObject({
      reason: "broken",
      attempts: 1,
    });
    expect(received).toBe(1);
  });
});
