import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, DEMO_LAUNCH, errorOf, type Harness } from "../support.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ config: { launchDetailsMaxBytes: 512 } });
});
afterAll(async () => h.close());

/** Any answer but a server failure: 200, or a 4xx in the error shape. */
function assertHandled(response: LightMyRequestResponse): void {
  if (response.statusCode === 200) return;
  const error = errorOf(response);
  expect(error.status, response.body).toBeGreaterThanOrEqual(400);
  expect(error.status, response.body).toBeLessThan(500);
}

const anyText = fc.oneof(
  fc.string(),
  fc.string({ unit: "binary", maxLength: 300 }),
  fc.string({ unit: "grapheme" }),
);
const anyJson = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }),
  anyText,
  fc.constantFrom("0", "1e3", "-1", "", "RMB", "CA-ON"),
);

const FIELDS = ["playerId", "currency", "gameCode", "countryCode", "demo", "betLimits", "details"] as const;

describe("launch fuzzing (signed requests)", () => {
  it("answers any value of any field without a server error", async () => {
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...FIELDS), anyJson, async (field, value) => {
        const body = { ...DEMO_LAUNCH, [field]: value };
        assertHandled(await h.signed({ method: "POST", path: "/operator/launch", body }));
      }),
      { numRuns: 250 },
    );
  });

  it("answers any bet limits without a server error", async () => {
    const amount = fc.oneof(
      anyText,
      fc.nat().map(String),
      fc.tuple(fc.nat(), fc.nat()).map(([a, b]) => `${a}.${b}`),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record({ minBet: amount, maxBet: amount, maxWin: amount }, { requiredKeys: [] }),
        async (betLimits) => {
          assertHandled(
            await h.signed({ method: "POST", path: "/operator/launch", body: { ...DEMO_LAUNCH, betLimits } }),
          );
        },
      ),
      { numRuns: 150 },
    );
  });

  it("answers arbitrary objects (unknown fields included) and arbitrary raw bodies", async () => {
    const bodies = fc.oneof(
      fc
        .dictionary(anyText, anyJson, { maxKeys: 8 })
        .map((extra) => JSON.stringify({ ...DEMO_LAUNCH, ...extra })),
      fc.jsonValue().map((value) => JSON.stringify(value) ?? "null"),
      anyText,
      fc.constantFrom(
        "[",
        "{",
        '{"__proto__":{"x":1}}',
        '{"constructor":{"prototype":{}}}',
        "\u0000",
        "{}".repeat(1000),
      ),
    );
    await fc.assert(
      fc.asyncProperty(bodies, async (body) => {
        assertHandled(await h.signed({ method: "POST", path: "/operator/launch", body }));
      }),
      { numRuns: 200 },
    );
  });

  it("accepts every well-formed demo launch", async () => {
    const playerId = fc
      .string({ unit: "grapheme", minLength: 1, maxLength: 40 })
      .filter((s) => !/[\p{Cc}\p{Cs}]/u.test(s));
    await fc.assert(
      fc.asyncProperty(
        playerId,
        fc.constantFrom("USD", "EUR", "RMB", "JPY", "BTC", "USDT"),
        fc.constantFrom("dice-alpha", "roulette-alpha-gemini", "blackjack-leo", "plinko_100-delta"),
        fc.constantFrom("DE", "CA-ON", "JP", "BR-SP"),
        async (id, currency, gameCode, countryCode) => {
          // Each launch is signed a second after the previous, as operators are told to: the generator
          // can draw the same launch twice, and the same signed request again is refused as a replay.
          h.clock.advance(1_000);
          const body = { playerId: id, currency, gameCode, countryCode, demo: true };
          const response = await h.signed({ method: "POST", path: "/operator/launch", body });
          expect(response.statusCode, response.body).toBe(200);
        },
      ),
      { numRuns: 60 },
    );
  });
});

describe("header fuzzing (unauthenticated requests)", () => {
  it("refuses arbitrary authentication headers with a 4xx in the error shape", async () => {
    const header = fc.option(
      fc.oneof(
        fc.string(),
        fc.uuid(),
        fc.nat().map(String),
        fc.string({ unit: fc.constantFrom(..."0123456789abcdef"), minLength: 64, maxLength: 64 }),
      ),
      { nil: undefined },
    );
    await fc.assert(
      fc.asyncProperty(
        header,
        header,
        header,
        fc.constantFrom("/operator/games", "/operator/currencies", "/operator/launch"),
        async (operatorId, timestamp, signature, path) => {
          const response = await h.app.inject({
            method: path === "/operator/launch" ? "POST" : "GET",
            url: path,
            headers: {
              "content-type": "application/json",
              ...(operatorId === undefined ? {} : { "x-operator-id": operatorId }),
              ...(timestamp === undefined ? {} : { "x-timestamp": timestamp }),
              ...(signature === undefined ? {} : { "x-hmac-sha256": signature }),
            },
            ...(path === "/operator/launch" ? { payload: JSON.stringify(DEMO_LAUNCH) } : {}),
          });
          const error = errorOf(response);
          expect([400, 401]).toContain(error.status);
        },
      ),
      { numRuns: 200 },
    );
  });
});
