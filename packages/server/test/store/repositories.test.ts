import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresAvailable } from "../../../../test-support/services.ts";
import { manualClock } from "../../src/clock.ts";
import type { GameSession, Store } from "../../src/store/database.ts";
import { storeBackends } from "./store-backends.ts";

const T0 = Date.UTC(2030, 0, 1);
const at = (seconds: number) => new Date(T0 + seconds * 1000);
const backends = storeBackends(await postgresAvailable());

describe.each(backends)("repositories on $name", (backend) => {
  const clock = manualClock(T0);
  let store: Store;
  beforeAll(async () => {
    store = await backend.open(clock);
    await store.packs.create({ id: "table", name: "Table games", games: ["blackjack-leo"], now: at(0) });
  });
  afterAll(async () => {
    await store?.close();
    await backend.dispose();
  });

  async function newOperator(overrides: { name?: string; packs?: string[] } = {}) {
    return store.operators.create({
      id: randomUUID(),
      name: overrides.name ?? "Casino",
      callbackUrl: "https://wallet.example/rgs",
      lobbyUrl: null,
      allowedCountries: ["CA", "CA-ON"],
      frameAncestors: ["https://casino.example"],
      timeZone: "Europe/Berlin",
      responsibleGamblingUrl: "https://casino.example/safer-gambling",
      betLimits: [{ currency: "USD", minBet: 50n, maxBet: 50_000n, maxWin: 2n ** 60n }],
      packs: overrides.packs ?? ["default"],
      sealedSecret: "sealed-1",
      now: at(0),
    });
  }

  describe("operators", () => {
    it("stores and reads back every field", async () => {
      const created = await newOperator({ packs: ["default", "table"] });
      expect(await store.operators.find(created.id)).toEqual({
        id: created.id,
        name: "Casino",
        callbackUrl: "https://wallet.example/rgs",
        lobbyUrl: null,
        allowedCountries: ["CA", "CA-ON"],
        frameAncestors: ["https://casino.example"],
        timeZone: "Europe/Berlin",
        allowPrivateNetwork: false,
        freeRounds: false,
        jurisdiction: "default",
        responsibleGamblingUrl: "https://casino.example/safer-gambling",
        limitsUrl: null,
        betLimits: [{ currency: "USD", minBet: 50n, maxBet: 50_000n, maxWin: 2n ** 60n }],
        packs: ["default", "table"],
        createdAt: at(0),
        updatedAt: at(0),
      });
      expect((await store.operators.list()).map((o) => o.id)).toContain(created.id);
    });

    it("keeps the default jurisdiction profile it is given, and changes it", async () => {
      const created = await newOperator();
      expect(created.jurisdiction).toBe("default");
      const updated = await store.operators.update(created.id, { jurisdiction: "UKGC" }, at(1));
      expect(updated?.jurisdiction).toBe("UKGC");
      expect((await store.operators.find(created.id))?.jurisdiction).toBe("UKGC");
    });

    it("answers undefined for unknown and malformed IDs", async () => {
      expect(await store.operators.find(randomUUID())).toBeUndefined();
      expect(await store.operators.find("not-a-uuid' or 1=1 --")).toBeUndefined();
      expect(await store.operators.update("nope", { name: "x" }, at(1))).toBeUndefined();
    });

    it("updates only the given fields and replaces lists", async () => {
      const created = await newOperator();
      const updated = await store.operators.update(
        created.id,
        { allowedCountries: null, betLimits: [], packs: ["table"], lobbyUrl: "https://casino.example/lobby" },
        at(5),
      );
      expect(updated).toMatchObject({
        name: "Casino",
        callbackUrl: "https://wallet.example/rgs",
        lobbyUrl: "https://casino.example/lobby",
        allowedCountries: null,
        betLimits: [],
        packs: ["table"],
        createdAt: at(0),
        updatedAt: at(5),
      });
    });

    it("rotates secrets: the previous one lives until the grace end, older ones go at once", async () => {
      const { id } = await newOperator();
      expect(await store.operators.rotateSecret(id, "sealed-2", at(10), at(100))).toBe(true);
      const afterFirst = await store.operators.liveSecrets(id, at(10));
      expect(afterFirst.map((s) => [s.sealedSecret, s.validUntil, s.signsCallbacksFrom])).toEqual([
        ["sealed-2", null, at(100)],
        ["sealed-1", at(100), at(0)],
      ]);
      expect((await store.operators.liveSecrets(id, at(100))).map((s) => s.sealedSecret)).toEqual([
        "sealed-2",
      ]);

      await store.operators.rotateSecret(id, "sealed-3", at(20), at(200));
      const afterSecond = await store.operators.liveSecrets(id, at(20));
      expect(afterSecond.map((s) => [s.sealedSecret, s.validUntil, s.signsCallbacksFrom])).toEqual([
        ["sealed-3", null, at(200)],
        ["sealed-2", at(200), at(20)],
      ]);
      expect(await store.operators.rotateSecret(randomUUID(), "x", at(0), at(0))).toBe(false);
    });

    it("allows a single sandbox operator", async () => {
      const base = {
        name: "Sandbox",
        callbackUrl: null,
        lobbyUrl: null,
        allowedCountries: null,
        frameAncestors: [],
        betLimits: [],
        packs: ["default"],
        sealedSecret: "s",
        timeZone: "UTC",
        sandbox: true,
        now: at(0),
      };
      const sandbox = await store.operators.create({ ...base, id: randomUUID() });
      await expect(store.operators.create({ ...base, id: randomUUID() })).rejects.toThrow();
      expect((await store.operators.findSandbox())?.id).toBe(sandbox.id);
    });
  });

  describe("packs", () => {
    it("creates once, edits games and assignments", async () => {
      expect(await store.packs.create({ id: "p1", name: "One", games: ["dice-alpha"], now: at(0) })).toBe(
        true,
      );
      expect(await store.packs.create({ id: "p1", name: "Again", games: [], now: at(0) })).toBe(false);
      await store.packs.addGames("p1", ["limbo-alpha", "dice-alpha"]);
      await store.packs.removeGames("p1", ["dice-alpha"]);
      const operator = await newOperator();
      await store.packs.assign("p1", operator.id);
      await store.packs.assign("p1", operator.id);
      expect(await store.packs.find("p1")).toMatchObject({
        name: "One",
        games: ["limbo-alpha"],
        operators: [operator.id],
      });
      expect([...(await store.packs.gamesOf(["p1", "table"]))].sort()).toEqual([
        "blackjack-leo",
        "limbo-alpha",
      ]);
      await store.packs.unassign("p1", operator.id);
      expect((await store.operators.find(operator.id))?.packs).toEqual(["default"]);
      expect(await store.packs.existing(["p1", "missing", "table"])).toEqual(
        expect.arrayContaining(["p1", "table"]),
      );
    });

    it("syncs a pack to exactly the given games", async () => {
      await store.packs.sync({ id: "synced", name: "S", games: ["dice-alpha", "dice-beta"], now: at(0) });
      await store.packs.sync({ id: "synced", name: "S2", games: ["dice-beta", "keno-alpha"], now: at(1) });
      expect(await store.packs.find("synced")).toMatchObject({
        name: "S2",
        games: ["dice-beta", "keno-alpha"],
      });
    });
  });

  describe("sessions", () => {
    function session(operatorId: string, overrides: Partial<GameSession> = {}): GameSession {
      return {
        id: randomUUID(),
        operatorId,
        playerId: "player-1",
        gameCode: "dice-alpha",
        currency: "USD",
        countryCode: "CA",
        mode: "demo",
        betLimits: { minBet: 10n, maxBet: 100_000n, maxWin: 10_000_000n },
        launchKey: "key-1",
        details: { tableId: 7 },
        demoBalance: 100_000n,
        createdAt: at(0),
        lastSeenAt: at(0),
        expiresAt: at(3600),
        jurisdiction: "default",
        realityCheckMinutes: null,
        ...overrides,
      };
    }

    it("finds live sessions by launch key and by token, and not once expired", async () => {
      const { id: operatorId } = await newOperator();
      const created = session(operatorId);
      await store.sessions.create(created, "hash-1");
      expect(await store.sessions.findLiveByLaunchKey(operatorId, "key-1", at(10))).toEqual(created);
      expect(await store.sessions.findByTokenHash("hash-1", at(10))).toEqual(created);
      expect(await store.sessions.findLiveByLaunchKey(operatorId, "key-1", at(3600))).toBeUndefined();
      expect(await store.sessions.findByTokenHash("hash-1", at(3600))).toBeUndefined();
      expect(await store.sessions.findLiveByLaunchKey(operatorId, "key-2", at(10))).toBeUndefined();
    });

    it("stores the launch's language and changes it for a repeated launch", async () => {
      const { id: operatorId } = await newOperator();
      const created = session(operatorId, { language: "pt" });
      await store.sessions.create(created, "hash-lang");
      expect((await store.sessions.findByTokenHash("hash-lang", at(10)))?.language).toBe("pt");
      await store.sessions.setLanguage(created.id, "ko");
      expect(await store.sessions.findToken("hash-lang")).toMatchObject({ session: { language: "ko" } });
      const without = session(operatorId, { launchKey: "key-3" });
      await store.sessions.create(without, "hash-nolang");
      expect(await store.sessions.findByTokenHash("hash-nolang", at(10))).toEqual(without);
    });

    it("stores the session's jurisdiction profile and reality-check interval", async () => {
      const { id: operatorId } = await newOperator();
      const created = session(operatorId, {
        launchKey: "key-uk",
        jurisdiction: "UKGC",
        realityCheckMinutes: 30,
      });
      await store.sessions.create(created, "hash-uk");
      expect(await store.sessions.findByTokenHash("hash-uk", at(10))).toMatchObject({
        jurisdiction: "UKGC",
        realityCheckMinutes: 30,
      });
      const {
        jurisdiction: _profile,
        realityCheckMinutes: _minutes,
        ...unnamed
      } = session(operatorId, {
        launchKey: "key-unnamed",
      });
      await store.sessions.create(unnamed, "hash-unnamed");
      expect(await store.sessions.findByTokenHash("hash-unnamed", at(10))).toMatchObject({
        jurisdiction: "default",
        realityCheckMinutes: null,
      });
    });

    it("adds tokens with their own validity and extends sessions without shortening them", async () => {
      const { id: operatorId } = await newOperator();
      const created = session(operatorId, { details: null, demoBalance: null, mode: "real" });
      await store.sessions.create(created, "hash-a");
      await store.sessions.addToken(created.id, "hash-b", at(60));
      expect((await store.sessions.findByTokenHash("hash-b", at(59)))?.id).toBe(created.id);
      expect(await store.sessions.findByTokenHash("hash-b", at(60))).toBeUndefined();

      clock.set(T0 + 1000 * 1000);
      await store.sessions.touch(created.id, at(7200));
      await store.sessions.touch(created.id, at(5000));
      const touched = await store.sessions.findByTokenHash("hash-a", at(5000));
      expect(touched).toMatchObject({
        expiresAt: at(7200),
        lastSeenAt: at(1000),
        details: null,
        demoBalance: null,
      });
    });
  });

  describe("audit", () => {
    it("records events and lists them newest first with filters", async () => {
      const { id } = await newOperator();
      clock.set(T0 + 5000);
      await store.audit.record({ operatorId: id, kind: "test.one", data: { n: 1 } });
      await store.audit.record({ operatorId: id, kind: "test.two", data: { n: 2 } });
      await store.audit.record({ operatorId: null, kind: "test.one", data: null });
      const mine = await store.audit.list({ operatorId: id });
      expect(mine.map((e) => [e.kind, e.data])).toEqual([
        ["test.two", { n: 2 }],
        ["test.one", { n: 1 }],
      ]);
      expect(mine[0]?.at).toEqual(new Date(T0 + 5000));
      expect(BigInt(mine[0]?.id ?? 0) > BigInt(mine[1]?.id ?? 0)).toBe(true);
      expect((await store.audit.list({ kind: "test.one", limit: 1 })).map((e) => e.operatorId)).toEqual([
        null,
      ]);
    });
  });
});
