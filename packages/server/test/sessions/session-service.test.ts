import { createHash, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../../src/clock.ts";
import { createSecretBox } from "../../src/crypto/secret-box.ts";
import { OperatorService } from "../../src/operators/operator-service.ts";
import {
  hashSessionToken,
  launchKeyOf,
  newSessionToken,
  type SessionRequest,
  SessionService,
} from "../../src/sessions/session-service.ts";
import { type GameSession, openMemoryStore, type Store } from "../../src/store/database.ts";

const clock = manualClock(Date.UTC(2030, 0, 1));
let store: Store;
let service: SessionService;
let operatorId: string;

beforeAll(async () => {
  store = await openMemoryStore({ clock });
  const operators = new OperatorService({
    store,
    secretBox: createSecretBox(Buffer.alloc(32, 7)),
    clock,
    rotationGraceSeconds: 60,
  });
  operatorId = (await operators.create({ name: "Sessions" })).operator.id;
  service = new SessionService({ sessions: store.sessions, clock, ttlSeconds: 600 });
});
afterAll(async () => store.close());

const request = (overrides: Partial<SessionRequest> = {}): SessionRequest => ({
  operatorId,
  playerId: `player-${randomUUID()}`,
  gameCode: "dice-alpha",
  currency: "USD",
  countryCode: "DE",
  mode: "demo",
  betLimits: { minBet: 10n, maxBet: 100_000n, maxWin: 10_000_000n },
  details: { ref: 1 },
  demoBalance: 100_000n,
  ...overrides,
});

describe("session tokens", () => {
  it("are 32 random bytes in base64url, stored as their SHA-256", () => {
    const token = newSessionToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, "base64url")).toHaveLength(32);
    expect(newSessionToken()).not.toBe(token);
    expect(hashSessionToken(token)).toBe(createHash("sha256").update(token).digest("hex"));
  });
});

describe("launch key", () => {
  it("depends on every launch field except details and balance", () => {
    const base = request({ playerId: "p" });
    expect(launchKeyOf({ ...base, details: { other: true }, demoBalance: 1n })).toBe(launchKeyOf(base));
    for (const change of [
      { playerId: "q" },
      { gameCode: "dice-beta" },
      { currency: "EUR" },
      { countryCode: "FR" },
      { mode: "real" as const },
      { betLimits: { ...base.betLimits, maxWin: 1n } },
    ]) {
      expect(launchKeyOf({ ...base, ...change })).not.toBe(launchKeyOf(base));
    }
  });

  it("cannot be confused by field contents that look like separators", () => {
    expect(launchKeyOf(request({ playerId: "a", gameCode: "b|c" }))).not.toBe(
      launchKeyOf(request({ playerId: "a|b", gameCode: "c" })),
    );
  });
});

describe("SessionService", () => {
  it("opens a session that its token resolves to, until it expires", async () => {
    const opened = await service.open(request());
    expect(opened.reused).toBe(false);
    expect(opened.session.expiresAt.getTime()).toBe(clock.now() + 600_000);
    expect((await service.resolve(opened.token))?.id).toBe(opened.session.id);
    expect(await service.resolve(newSessionToken())).toBeUndefined();
    clock.advance(600_001);
    expect(await service.resolve(opened.token)).toBeUndefined();
  });

  it("reuses a live session for the same launch, adding a token and extending it", async () => {
    const same = request();
    const first = await service.open(same);
    clock.advance(300_000);
    const second = await service.open(same);
    expect(second.reused).toBe(true);
    expect(second.session.id).toBe(first.session.id);
    expect(second.token).not.toBe(first.token);
    expect(second.session.expiresAt.getTime()).toBe(clock.now() + 600_000);
    clock.advance(400_000);
    expect((await service.resolve(first.token))?.id).toBe(first.session.id);
  });

  it("touch keeps an active session alive", async () => {
    const opened = await service.open(request());
    clock.advance(500_000);
    await service.touch(opened.session.id);
    clock.advance(500_000);
    expect((await service.resolve(opened.token))?.id).toBe(opened.session.id);
  });
});

async function refreshed(service: SessionService, session: GameSession, token: string) {
  const answer = await service.refresh(session, token);
  if (answer === undefined) throw new Error("the store no longer holds the token");
  return answer;
}

describe("refresh", () => {
  const refreshing = () =>
    new SessionService({ sessions: store.sessions, clock, ttlSeconds: 600, refreshGraceSeconds: 30 });

  it("answers the same new token and grace end when the same token is refreshed again within the grace", async () => {
    const service = refreshing();
    const { token, session } = await service.open(request());
    const first = await refreshed(service, session, token);
    clock.advance(10_000);
    const again = await refreshed(service, session, token);
    expect(again.token).toBe(first.token);
    expect(again.previousValidUntil).toEqual(first.previousValidUntil);
    // Another instance, sharing only the store, agrees.
    expect((await refreshed(refreshing(), session, token)).token).toBe(first.token);
    const tokens = await store.db
      .selectFrom("session_tokens")
      .select("token_hash")
      .where("session_id", "=", session.id)
      .execute();
    expect(tokens).toHaveLength(2);
    clock.advance(20_000);
    expect(await service.authenticate(token)).toEqual({ ok: false, reason: "invalid" });
    expect(await service.authenticate(first.token)).toMatchObject({ ok: true });
  });

  it("answers nothing for a token the store does not hold, so the route can refuse it", async () => {
    const service = refreshing();
    const { session } = await service.open(request());
    expect(await service.refresh(session, newSessionToken())).toBeUndefined();
  });

  it("rotates again when the new token is refreshed", async () => {
    const service = refreshing();
    const { token, session } = await service.open(request());
    const first = await refreshed(service, session, token);
    const second = await refreshed(service, session, first.token);
    expect(second.token).not.toBe(first.token);
    expect(second.token).not.toBe(token);
    expect(await service.authenticate(second.token)).toMatchObject({ ok: true });
  });

  it("stores no token in clear: only SHA-256 hashes, and the successor sealed under the old token", async () => {
    const service = refreshing();
    const { token, session } = await service.open(request());
    const { token: next } = await refreshed(service, session, token);
    const rows = await store.db
      .selectFrom("session_tokens")
      .selectAll()
      .where("session_id", "=", session.id)
      .execute();
    const stored = JSON.stringify(rows);
    for (const clear of [token, next]) {
      expect(stored).not.toContain(clear);
      expect(stored).not.toContain(Buffer.from(clear, "base64url").toString("hex"));
      expect(stored).not.toContain(Buffer.from(clear, "base64url").toString("base64"));
    }
    expect(rows.map((r) => r.token_hash).sort()).toEqual(
      [hashSessionToken(token), hashSessionToken(next)].sort(),
    );
    const sessionRow = JSON.stringify(
      await store.db.selectFrom("sessions").selectAll().where("id", "=", session.id).execute(),
      (_key, value) => (typeof value === "bigint" ? value.toString() : value),
    );
    expect(sessionRow).not.toContain(token);
    expect(sessionRow).not.toContain(next);
  });
});

describe("tokens cached by another instance", () => {
  it("honour a refresh made elsewhere within CACHE_SECONDS, and a local refresh at once", async () => {
    const a = new SessionService({
      sessions: store.sessions,
      clock,
      ttlSeconds: 600,
      refreshGraceSeconds: 1,
      cacheSeconds: 2,
    });
    const b = new SessionService({
      sessions: store.sessions,
      clock,
      ttlSeconds: 600,
      refreshGraceSeconds: 1,
      cacheSeconds: 2,
    });
    const { token, session } = await a.open(request());
    expect(await a.authenticate(token)).toMatchObject({ ok: true });
    await b.refresh(session, token);
    // On B, which refreshed, the old token keeps only its grace second; A read it before and reuses that.
    clock.advance(1_500);
    expect(await b.authenticate(token)).toEqual({ ok: false, reason: "invalid" });
    expect(await a.authenticate(token)).toMatchObject({ ok: true });
    clock.advance(500);
    expect(await a.authenticate(token)).toEqual({ ok: false, reason: "invalid" });
  });

  it("write a session's expiry again only once it has moved by a sixtieth of the lifetime", async () => {
    const service = new SessionService({ sessions: store.sessions, clock, ttlSeconds: 600, cacheSeconds: 2 });
    const { token, session } = await service.open(request());
    const stored = async () => (await store.sessions.findToken(hashSessionToken(token)))?.session.expiresAt;
    await service.touch(session.id);
    const first = await stored();
    clock.advance(9_000);
    await service.touch(session.id);
    expect(await stored()).toEqual(first);
    clock.advance(1_000);
    await service.touch(session.id);
    expect((await stored())?.getTime()).toBe(clock.now() + 600_000);
  });
});
