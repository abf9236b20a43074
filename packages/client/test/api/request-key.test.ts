import { describe, expect, it } from "vitest";
import { GameApi } from "../../src/api/client.ts";
import { ApiError } from "../../src/api/errors.ts";

type Call = { url: string; init: RequestInit };

const json = (status: number, body: unknown, headers: Record<string, string> = {}) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

const ROUND = { round: { id: "r1" }, balance: "9.00" };

/** A GameApi whose fetch answers from a script, one entry per call, and whose pauses are recorded. */
function scripted(answers: (() => Response)[]) {
  const calls: Call[] = [];
  const pauses: number[] = [];
  const api = new GameApi({
    token: "tok",
    fetch: (async (url: string, init: RequestInit) => {
      calls.push({ url, init });
      const next = answers[calls.length - 1];
      if (!next) throw new Error("no more answers scripted");
      return next();
    }) as unknown as typeof fetch,
    sleep: async (ms) => {
      pauses.push(ms);
    },
  });
  const keys = () => calls.map((call) => (call.init.headers as Record<string, string>)["idempotency-key"]);
  return { api, calls, pauses, keys };
}

const networkDown = () => {
  throw new TypeError("fetch failed");
};

describe("Idempotency-Key of bets and actions", () => {
  it("sends a fresh key with each bet and each action, and none with other requests", async () => {
    const s = scripted([
      () => json(200, ROUND),
      () => json(200, ROUND),
      () => json(200, ROUND),
      () => json(200, {}),
    ]);
    await s.api.play("1.00", {});
    await s.api.play("1.00", {});
    await s.api.act("r1", "reveal", { tile: 1 });
    await s.api.current();
    const [a, b, c, none] = s.keys();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(new Set([a, b, c]).size).toBe(3);
    expect(none).toBeUndefined();
  });

  it("resends a bet whose answer was lost with the same key until it is answered", async () => {
    const s = scripted([
      networkDown,
      () => json(502, "<html>bad gateway</html>"),
      () => json(503, { status: 503, title: "x", code: "shutting_down" }, { "retry-after": "3" }),
      () => json(409, { status: 409, title: "x", code: "request_in_progress" }, { "retry-after": "1" }),
      () => json(200, ROUND),
    ]);
    expect(await s.api.play("1.00", {})).toEqual(ROUND);
    expect(new Set(s.keys()).size).toBe(1);
    expect(s.calls).toHaveLength(5);
    expect(s.pauses).toEqual([500, 1000, 3000, 4000]);
  });

  it("does not resend an outcome: a refusal or a bet the wallet did not confirm", async () => {
    for (const answer of [
      json(402, { status: 402, title: "x", code: "not_enough_money" }),
      json(503, { status: 503, title: "x", code: "wallet_unavailable" }),
      json(422, { status: 422, title: "x", code: "idempotency_key_reused" }),
    ]) {
      const s = scripted([() => answer]);
      const error = await s.api.play("1.00", {}).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(s.calls).toHaveLength(1);
    }
  });

  it("gives up after its last resend with the last failure", async () => {
    const s = scripted(Array.from({ length: 5 }, () => networkDown));
    const error = (await s.api.act("r1", "cash_out").catch((e: unknown) => e)) as ApiError;
    expect(error.kind).toBe("network");
    expect(s.calls).toHaveLength(5);
    expect(new Set(s.keys()).size).toBe(1);
  });
});
