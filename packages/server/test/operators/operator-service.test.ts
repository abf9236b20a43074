import { randomBytes } from "node:crypto";
import { GAMES } from "@rgs/protocol/catalog";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { asActor } from "../../src/audit/actor.ts";
import { manualClock } from "../../src/clock.ts";
import { createSecretBox } from "../../src/crypto/secret-box.ts";
import { OperatorError, type OperatorInput, OperatorService } from "../../src/operators/operator-service.ts";
import { openMemoryStore, type Store } from "../../src/store/database.ts";

const T0 = Date.UTC(2030, 0, 1);
const clock = manualClock(T0);
let store: Store;
let service: OperatorService;
let staging: OperatorService;

beforeAll(async () => {
  store = await openMemoryStore({ clock });
  const secretBox = createSecretBox(randomBytes(32));
  service = new OperatorService({
    store,
    secretBox,
    clock,
    rotationGraceSeconds: 3600,
    environment: "production",
  });
  staging = new OperatorService({
    store,
    secretBox,
    clock,
    rotationGraceSeconds: 3600,
    environment: "staging",
  });
  await store.packs.create({
    id: "slots",
    name: "Slots",
    games: ["dice-alpha", "limbo-beta"],
    now: new Date(T0),
  });
});
afterAll(async () => {
  await store?.close();
});

async function refusal(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(OperatorError);
  return { code: (error as OperatorError).code, message: (error as OperatorError).message };
}

describe("create", () => {
  it("creates an operator with a fresh secret, the default pack and no restrictions", async () => {
    const { operator, secret } = await service.create({ name: "  Casino Royale " });
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(operator).toMatchObject({
      name: "Casino Royale",
      callbackUrl: null,
      lobbyUrl: null,
      allowedCountries: null,
      frameAncestors: [],
      betLimits: [],
      packs: ["default"],
    });
    expect(await service.credentials(operator.id)).toEqual({
      operatorId: operator.id,
      acceptedSecrets: [secret],
      callbackSecret: secret,
    });
    expect(await service.games(operator.id)).toEqual(GAMES);
  });

  it("never stores the secret in plaintext", async () => {
    const { operator, secret } = await service.create({ name: "Sealed" });
    const rows = await store.db
      .selectFrom("operator_secrets")
      .selectAll()
      .where("operator_id", "=", operator.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.sealed_secret).not.toContain(secret);
    const audit = await store.audit.list({ operatorId: operator.id });
    expect(JSON.stringify(audit)).not.toContain(secret);
  });

  it("keeps the default jurisdiction profile, `default` until set, and audits its change", async () => {
    const { operator } = await service.create({ name: "Profiled" });
    expect(operator.jurisdiction).toBe("default");
    const updated = await asActor("cli:bob", () => service.update(operator.id, { jurisdiction: "ONTARIO" }));
    expect(updated.jurisdiction).toBe("ONTARIO");
    const [change] = await store.audit.list({ operatorId: operator.id });
    expect(change).toMatchObject({
      kind: "operator.updated",
      actor: "cli:bob",
      data: {
        fields: ["jurisdiction"],
        before: { jurisdiction: "default" },
        after: { jurisdiction: "ONTARIO" },
      },
    });
  });

  it("audits who changed which setting, with its value before and after, never a secret", async () => {
    const { operator, secret } = await service.create({
      name: "Audited",
      callbackUrl: "https://w.example/a",
    });
    await asActor("cli:alice", () =>
      service.update(operator.id, {
        callbackUrl: "https://w.example/b",
        betLimits: [{ currency: "USD", minBet: 50n, maxBet: 50_000n, maxWin: 5_000_000n }],
      }),
    );
    await service.rotateSecret(operator.id);
    const [rotated, updated, created] = await store.audit.list({ operatorId: operator.id });
    expect(created).toMatchObject({
      kind: "operator.created",
      actor: "rgs",
      data: { after: { name: "Audited", callbackUrl: "https://w.example/a", packs: ["default"] } },
    });
    expect(updated).toMatchObject({
      kind: "operator.updated",
      actor: "cli:alice",
      data: {
        fields: ["callbackUrl", "betLimits"],
        before: { callbackUrl: "https://w.example/a", betLimits: [] },
        after: {
          callbackUrl: "https://w.example/b",
          betLimits: [{ currency: "USD", minBet: "0.50", maxBet: "500.00", maxWin: "50000.00" }],
        },
      },
    });
    expect(rotated?.kind).toBe("operator.secret_rotated");
    const current = (await service.credentials(operator.id))?.acceptedSecrets ?? [];
    expect(JSON.stringify(await store.audit.list({ operatorId: operator.id }))).not.toContain(current[0]);
    expect(JSON.stringify(await store.audit.list({ operatorId: operator.id }))).not.toContain(secret);
  });

  it("imports a given secret after checking it", async () => {
    const secret = "imported-secret-0123456789-abcdefghij";
    const { operator, secret: returned } = await service.create({ name: "Imported", secret });
    expect(returned).toBe(secret);
    expect((await service.credentials(operator.id))?.acceptedSecrets).toEqual([secret]);
    expect((await refusal(service.create({ name: "x", secret: "short" }))).code).toBe("invalid_secret");
    expect((await refusal(service.create({ name: "x", secret: `${"a".repeat(32)} b` }))).code).toBe(
      "invalid_secret",
    );
    expect((await refusal(service.create({ name: "x", secret: `${"a".repeat(32)}é` }))).code).toBe(
      "invalid_secret",
    );
  });

  it("normalises and keeps every field", async () => {
    const { operator } = await service.create({
      name: "Full",
      callbackUrl: "https://wallet.example/api/rgs",
      lobbyUrl: "https://casino.example/lobby?from=rgs",
      allowedCountries: ["CA-ON", "US", "US"],
      frameAncestors: ["https://Casino.Example", "https://*.skins.example:8443/"],
      betLimits: [{ currency: "RMB", minBet: 100n, maxBet: 1000n, maxWin: 100_000n }],
      packs: ["slots", "slots"],
    });
    expect(operator).toMatchObject({
      allowedCountries: ["CA-ON", "US"],
      frameAncestors: ["https://casino.example", "https://*.skins.example:8443"],
      betLimits: [{ currency: "CNY", minBet: 100n, maxBet: 1000n, maxWin: 100_000n }],
      packs: ["slots"],
    });
    expect((await service.games(operator.id)).map((g) => g.code)).toEqual(["dice-alpha", "limbo-beta"]);
  });

  const refusals: [string, Partial<OperatorInput>, string][] = [
    ["an empty name", { name: " " }, "invalid_name"],
    ["a 101-character name", { name: "n".repeat(101) }, "invalid_name"],
    ["a non-string name", { name: 42 as unknown as string }, "invalid_name"],
    ["a relative callback URL", { callbackUrl: "/wallet" }, "invalid_callback_url"],
    ["an ftp callback URL", { callbackUrl: "ftp://wallet.example" }, "invalid_callback_url"],
    ["a callback URL with a query", { callbackUrl: "https://wallet.example/?a=1" }, "invalid_callback_url"],
    ["a callback URL with a fragment", { callbackUrl: "https://wallet.example/#x" }, "invalid_callback_url"],
    [
      "a callback URL with credentials",
      { callbackUrl: "https://u:p@wallet.example/" },
      "invalid_callback_url",
    ],
    [
      "a plain-http callback URL in production",
      { callbackUrl: "http://wallet.example" },
      "invalid_callback_url",
    ],
    ["a javascript lobby URL", { lobbyUrl: "javascript:alert(1)" }, "invalid_lobby_url"],
    ["lower-case countries", { allowedCountries: ["ca"] }, "invalid_countries"],
    ["an unassigned country", { allowedCountries: ["UK"] }, "invalid_countries"],
    ["a region of an unassigned country", { allowedCountries: ["ZZ-ON"] }, "invalid_countries"],
    ["a four-character region", { allowedCountries: ["CA-ONTA"] }, "invalid_countries"],
    ["an empty country list", { allowedCountries: [] }, "invalid_countries"],
    [
      "a frame ancestor with a path",
      { frameAncestors: ["https://casino.example/lobby"] },
      "invalid_frame_ancestors",
    ],
    ["a frame ancestor without a scheme", { frameAncestors: ["casino.example"] }, "invalid_frame_ancestors"],
    [
      "a frame ancestor with a stray quote",
      { frameAncestors: ["https://a.example'"] },
      "invalid_frame_ancestors",
    ],
    [
      "a frame ancestor that would add a CSP directive",
      { frameAncestors: ["https://a.example;script-src"] },
      "invalid_frame_ancestors",
    ],
    [
      "a frame ancestor with a comma",
      { frameAncestors: ["https://a.example,b.example"] },
      "invalid_frame_ancestors",
    ],
    ["an unknown time zone", { timeZone: "Europe/Atlantis" }, "invalid_time_zone"],
    ["a UTC offset instead of a zone", { timeZone: "+05:45" }, "invalid_time_zone"],
    ["an unknown jurisdiction profile", { jurisdiction: "NJDGE" }, "unknown_jurisdiction"],
    ["a jurisdiction profile in the wrong case", { jurisdiction: "ukgc" }, "unknown_jurisdiction"],
    ["an unknown pack", { packs: ["default", "nope"] }, "unknown_pack"],
    ["a malformed pack id", { packs: ["Bad Pack"] }, "invalid_packs"],
    [
      "limits in an unknown currency",
      { betLimits: [{ currency: "XYZ", minBet: 1n, maxBet: 2n, maxWin: 3n }] },
      "unknown_currency",
    ],
    [
      "a minimum bet below the default",
      { betLimits: [{ currency: "USD", minBet: 9n, maxBet: 1000n, maxWin: 10_000n }] },
      "invalid_bet_limits",
    ],
    [
      "a maximum bet above the default",
      { betLimits: [{ currency: "USD", minBet: 10n, maxBet: 100_001n, maxWin: 1_000_000n }] },
      "invalid_bet_limits",
    ],
    [
      "a maximum win above the default",
      { betLimits: [{ currency: "USD", minBet: 10n, maxBet: 1000n, maxWin: 10_000_001n }] },
      "invalid_bet_limits",
    ],
    [
      "a minimum above the maximum",
      { betLimits: [{ currency: "USD", minBet: 2000n, maxBet: 1000n, maxWin: 10_000n }] },
      "invalid_bet_limits",
    ],
    [
      "a maximum bet above the maximum win",
      { betLimits: [{ currency: "USD", minBet: 10n, maxBet: 5000n, maxWin: 1000n }] },
      "invalid_bet_limits",
    ],
    [
      "limits given as numbers",
      { betLimits: [{ currency: "USD", minBet: 10, maxBet: 1000, maxWin: 10_000 } as never] },
      "invalid_bet_limits",
    ],
    [
      "two overrides of one currency",
      {
        betLimits: [
          { currency: "USD", minBet: 10n, maxBet: 1000n, maxWin: 10_000n },
          { currency: "USD", minBet: 20n, maxBet: 1000n, maxWin: 10_000n },
        ],
      },
      "invalid_bet_limits",
    ],
  ];
  it.each(refusals)("refuses %s", async (_, input, code) => {
    const before = (await service.list()).length;
    const refused = await refusal(service.create({ name: "Refused", ...input }));
    expect(refused.code).toBe(code);
    expect(refused.message.length).toBeGreaterThan(10);
    expect((await service.list()).length).toBe(before);
  });

  it("accepts plain-http callbacks to this machine in production when a private network is allowed, and anywhere in staging", async () => {
    await expect(
      service.create({
        name: "Local",
        callbackUrl: "http://127.0.0.1:9000/wallet",
        allowPrivateNetwork: true,
      }),
    ).resolves.toBeDefined();
    await expect(
      service.create({ name: "Local", callbackUrl: "http://localhost:9000", allowPrivateNetwork: true }),
    ).resolves.toBeDefined();
    await expect(
      staging.create({ name: "Staging", callbackUrl: "http://wallet.internal:8080" }),
    ).resolves.toBeDefined();
  });

  it("accepts limits equal to the currency defaults", async () => {
    const { operator } = await service.create({
      name: "Defaults",
      betLimits: [{ currency: "USD", minBet: 10n, maxBet: 100_000n, maxWin: 10_000_000n }],
    });
    expect(operator.betLimits).toHaveLength(1);
  });
});

describe("update", () => {
  it("changes the given fields only, and clears with null", async () => {
    const { operator } = await service.create({
      name: "Before",
      callbackUrl: "https://wallet.example",
      allowedCountries: ["CA"],
    });
    clock.advance(1000);
    const updated = await service.update(operator.id, {
      name: "After",
      allowedCountries: null,
      packs: ["slots"],
    });
    expect(updated).toMatchObject({
      name: "After",
      callbackUrl: "https://wallet.example",
      allowedCountries: null,
      packs: ["slots"],
      createdAt: operator.createdAt,
      updatedAt: new Date(clock.now()),
    });
    expect((await refusal(service.update(operator.id, { callbackUrl: "nope" }))).code).toBe(
      "invalid_callback_url",
    );
    expect((await service.get(operator.id))?.callbackUrl).toBe("https://wallet.example");
  });

  it("refuses unknown operators", async () => {
    expect((await refusal(service.update("6d3c6a1e-0000-4000-8000-000000000000", { name: "x" }))).code).toBe(
      "unknown_operator",
    );
    expect((await refusal(service.games("nope"))).code).toBe("unknown_operator");
    expect(await service.credentials("nope")).toBeUndefined();
  });
});

describe("secret rotation", () => {
  it("accepts the previous secret until exactly the grace end, and switches callbacks at that moment", async () => {
    const { operator, secret: first } = await service.create({ name: "Rotating" });
    const rotatedAt = clock.now();
    const rotation = await service.rotateSecret(operator.id, { graceSeconds: 600 });
    const graceEnd = new Date(rotatedAt + 600_000);
    expect(rotation.previousValidUntil).toEqual(graceEnd);
    expect(rotation.callbackSigningSwitchAt).toEqual(graceEnd);
    expect(rotation.secret).not.toBe(first);

    expect(await service.credentials(operator.id)).toEqual({
      operatorId: operator.id,
      acceptedSecrets: [rotation.secret, first],
      callbackSecret: first,
    });
    clock.set(graceEnd.getTime() - 1);
    expect(await service.credentials(operator.id)).toEqual({
      operatorId: operator.id,
      acceptedSecrets: [rotation.secret, first],
      callbackSecret: first,
    });
    clock.set(graceEnd.getTime());
    expect(await service.credentials(operator.id)).toEqual({
      operatorId: operator.id,
      acceptedSecrets: [rotation.secret],
      callbackSecret: rotation.secret,
    });
  });

  it("uses the configured grace period by default", async () => {
    const { operator } = await service.create({ name: "Default grace" });
    const rotation = await service.rotateSecret(operator.id);
    expect(rotation.previousValidUntil.getTime()).toBe(clock.now() + 3600_000);
  });

  it("drops the oldest secret when rotating again during a grace period", async () => {
    const { operator, secret: first } = await service.create({ name: "Twice" });
    const second = await service.rotateSecret(operator.id, { graceSeconds: 600 });
    clock.advance(60_000);
    const third = await service.rotateSecret(operator.id, { graceSeconds: 600 });
    expect(third.previousValidUntil.getTime()).toBe(clock.now() + 600_000);
    const credentials = await service.credentials(operator.id);
    expect(credentials?.acceptedSecrets).toEqual([third.secret, second.secret]);
    expect(credentials?.acceptedSecrets).not.toContain(first);
    expect(credentials?.callbackSecret).toBe(second.secret);
    clock.advance(600_000);
    expect(await service.credentials(operator.id)).toMatchObject({
      acceptedSecrets: [third.secret],
      callbackSecret: third.secret,
    });
  });

  it("revokes the previous secret at once with a zero grace period", async () => {
    const { operator } = await service.create({ name: "Revoked" });
    const rotation = await service.rotateSecret(operator.id, { graceSeconds: 0 });
    expect(await service.credentials(operator.id)).toMatchObject({
      acceptedSecrets: [rotation.secret],
      callbackSecret: rotation.secret,
    });
  });

  it("refuses bad grace periods and unknown operators", async () => {
    const { operator } = await service.create({ name: "Bad grace" });
    expect((await refusal(service.rotateSecret(operator.id, { graceSeconds: -1 }))).code).toBe(
      "invalid_grace_period",
    );
    expect((await refusal(service.rotateSecret(operator.id, { graceSeconds: 1.5 }))).code).toBe(
      "invalid_grace_period",
    );
    expect((await refusal(service.rotateSecret("nope"))).code).toBe("unknown_operator");
  });
});

describe("sandbox operator", () => {
  it("is created once in staging and refused in production", async () => {
    const first = await staging.ensureSandboxOperator();
    expect(first.created).toBe(true);
    expect(first.secret).toBeDefined();
    expect(first.operator).toMatchObject({
      name: "Sandbox",
      callbackUrl: null,
      lobbyUrl: null,
      packs: ["default"],
    });
    const second = await staging.ensureSandboxOperator();
    expect(second).toEqual({ created: false, operator: first.operator });
    expect((await service.credentials(first.operator.id))?.acceptedSecrets).toEqual([first.secret]);
    expect((await refusal(service.ensureSandboxOperator())).code).toBe("sandbox_not_allowed");
  });
});
