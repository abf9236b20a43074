import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, errorOf, type Harness } from "../support.ts";
import { gameRequest, launchDemo } from "./game-support.ts";

let h: Harness;
let dice: string;
let mines: string;
beforeAll(async () => {
  h = await createHarness();
  dice = (await launchDemo(h)).token;
  mines = (await launchDemo(h, { gameCode: "mines-alpha" })).token;
});
afterAll(async () => h.close());

/** 200, or a 4xx in the error shape: never a server error. */
function assertHandled(response: LightMyRequestResponse): void {
  if (response.statusCode === 200) return;
  const error = errorOf(response);
  expect(error.status, response.body).toBeGreaterThanOrEqual(400);
  expect(error.status, response.body).toBeLessThan(500);
}

const anyText = fc.oneof(fc.string(), fc.string({ unit: "binary", maxLength: 100 }));
const amount = fc.oneof(
  anyText,
  fc.constantFrom("1", "1.00", "0.10", "1000", "1e2", "-1", "0", "00.1", "1.", ".5", "１"),
);
const uuidish = fc.oneof(fc.uuid(), anyText);
const anyJson = fc.jsonValue({ maxDepth: 3 });

/** Bodies near each endpoint's schema (the right fields with wrong values) and anywhere else. */
const BODIES: Record<string, fc.Arbitrary<unknown>> = {
  "/game/play": fc.oneof(
    fc.record({ amount, params: anyJson }, { requiredKeys: [] }),
    fc.record({
      amount,
      params: fc.record({ condition: fc.oneof(anyText, fc.constantFrom("over", "under")), target: anyJson }),
    }),
    fc.record({ amount, params: fc.record({ mines: anyJson, tiles: anyJson }, { requiredKeys: [] }) }),
    anyJson,
  ),
  "/game/action": fc.oneof(
    fc.record({
      roundId: uuidish,
      action: fc.oneof(anyText, fc.constantFrom("reveal", "cash_out")),
      params: anyJson,
    }),
    anyJson,
  ),
  "/game/current": anyJson,
  "/seed/current": anyJson,
  "/seed/client": fc.oneof(fc.record({ clientSeed: fc.oneof(anyText, anyJson) }), anyJson),
  "/seed/reveal": fc.oneof(fc.record({ seedPairId: fc.oneof(uuidish, anyJson) }), anyJson),
  "/game/verify": fc.oneof(
    fc.record(
      {
        roundId: uuidish,
        serverSeed: anyText,
        clientSeed: anyText,
        nonce: fc.oneof(fc.integer(), anyJson),
        gameCode: fc.oneof(anyText, fc.constantFrom("dice-alpha", "mines-alpha", "roulette-alpha-gemini")),
        params: anyJson,
        amount,
        currency: fc.oneof(anyText, fc.constantFrom("USD", "BTC", "JPY", "RMB")),
        maxWin: amount,
        startedAt: anyText,
        actions: fc.array(
          fc.record({ type: anyJson, action: anyText, params: anyJson, at: anyText }, { requiredKeys: [] }),
          { maxLength: 4 },
        ),
      },
      { requiredKeys: [] },
    ),
    anyJson,
  ),
};

describe("game API fuzzing", () => {
  for (const [path, body] of Object.entries(BODIES)) {
    it(`answers any body to ${path} with 200 or a 4xx in the error shape`, async () => {
      await fc.assert(
        fc.asyncProperty(body, fc.boolean(), async (value, useMines) => {
          const response = await gameRequest(h, useMines ? mines : dice, "POST", path, JSON.stringify(value));
          assertHandled(response);
        }),
        { numRuns: 60 },
      );
    });
  }

  it("answers any query string and round id on the GET endpoints without a server error", async () => {
    await fc.assert(
      fc.asyncProperty(anyText, anyText, async (query, id) => {
        assertHandled(
          await gameRequest(
            h,
            dice,
            "GET",
            `/game/history?${encodeURIComponent(query)}=${encodeURIComponent(id)}`,
          ),
        );
        assertHandled(
          await gameRequest(
            h,
            dice,
            "GET",
            `/game/history?limit=${encodeURIComponent(query)}&before=${encodeURIComponent(id)}`,
          ),
        );
        assertHandled(await gameRequest(h, dice, "GET", `/game/round/${encodeURIComponent(id)}`));
      }),
      { numRuns: 60 },
    );
  });

  it("answers any Authorization header without a server error", async () => {
    await fc.assert(
      fc.asyncProperty(fc.string({ maxLength: 200 }), async (header) => {
        const response = await h.app.inject({
          method: "POST",
          url: "/game/current",
          headers: { authorization: header.replace(/[\r\n]/g, "") },
        });
        assertHandled(response);
      }),
      { numRuns: 80 },
    );
  });
});
