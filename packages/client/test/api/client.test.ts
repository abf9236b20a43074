import { describe, expect, it } from "vitest";
import { GameApi } from "../../src/api/client.ts";
import { ApiError } from "../../src/api/errors.ts";

type Call = { url: string; init: RequestInit };

function fakeFetch(answer: (call: Call) => Response | Promise<Response>): {
  fetch: typeof fetch;
  calls: Call[];
} {
  const calls: Call[] = [];
  return {
    calls,
    fetch: (async (url: string, init: RequestInit) => {
      const call = { url, init };
      calls.push(call);
      return answer(call);
    }) as unknown as typeof fetch,
  };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("expected a failure");
}

describe("GameApi", () => {
  it("sends JSON with the bearer token and no cookies or referrer", async () => {
    const fake = fakeFetch(() => json(200, { round: { id: "r" }, balance: "9.00" }));
    const api = new GameApi({ token: "tok", fetch: fake.fetch, baseUrl: "https://rgs.test/" });
    await api.play("1.00", { target: 5050 });
    const [call] = fake.calls;
    expect(call?.url).toBe("https://rgs.test/game/play");
    expect(call?.init.method).toBe("POST");
    expect(call?.init.headers).toMatchObject({
      authorization: "Bearer tok",
      "content-type": "application/json",
    });
    expect(JSON.parse(String(call?.init.body))).toEqual({ amount: "1.00", params: { target: 5050 } });
    expect(call?.init.credentials).toBe("omit");
    expect(call?.init.referrerPolicy).toBe("no-referrer");
  });

  it("pages the history and reads rounds by id through the query and path", async () => {
    const fake = fakeFetch(() => json(200, { rounds: [] }));
    const api = new GameApi({ token: "tok", fetch: fake.fetch });
    await api.history(10, "cur/sor");
    await api.round("a/b");
    expect(fake.calls.map((call) => [call.init.method, call.url])).toEqual([
      ["GET", "/game/history?limit=10&before=cur%2Fsor"],
      ["GET", "/game/round/a%2Fb"],
    ]);
    expect(fake.calls[0]?.init.body).toBeUndefined();
  });

  it("uses the new token after a refresh", async () => {
    const fake = fakeFetch((call) =>
      call.url === "/session/refresh"
        ? json(200, {
            sessionToken: "new",
            expiresAt: "2030-01-01T01:00:00Z",
            previousTokenValidUntil: "2030-01-01T00:00:30Z",
          })
        : json(200, { balance: "1", round: null }),
    );
    const api = new GameApi({ token: "old", fetch: fake.fetch });
    await api.refresh();
    await api.current();
    expect(fake.calls.map((call) => (call.init.headers as Record<string, string>).authorization)).toEqual([
      "Bearer old",
      "Bearer new",
    ]);
  });

  it("maps the error shape to a catalog key, keeping the wallet's message for the player", async () => {
    const api = (response: Response) => new GameApi({ token: "t", fetch: fakeFetch(() => response).fetch });
    const poor = await failure(
      api(
        json(402, {
          status: 402,
          title: "Not enough money",
          code: "not_enough_money",
          customUserError: "Top up first",
        }),
      ).play("1", {}),
    );
    expect(poor).toMatchObject({
      kind: "api",
      code: "not_enough_money",
      status: 402,
      customUserError: "Top up first",
    });
    expect(poor.messageKey).toBe("shell.error.not_enough_money");
    expect(poor.retryable).toBe(false);

    const expired = await failure(
      api(json(401, { status: 401, title: "x", code: "session_expired" })).current(),
    );
    expect(expired.sessionEnded).toBe(true);
    expect(expired.messageKey).toBe("shell.error.session_expired");

    const wallet = await failure(
      api(json(503, { status: 503, title: "x", code: "wallet_unavailable" })).play("1", {}),
    );
    expect(wallet.retryable).toBe(true);

    const odd = await failure(api(json(418, { status: 418, title: "x", code: "teapot_mode" })).current());
    expect(odd.messageKey).toBe("shell.error.generic");

    const html = await failure(api(new Response("<html>Bad gateway</html>", { status: 502 })).current());
    expect(html).toMatchObject({ kind: "unexpected", status: 502 });
    expect(html.messageKey).toBe("shell.error.generic");
  });

  it("reports a network failure and a time-out as a network error", async () => {
    const offline = new GameApi({
      token: "t",
      fetch: (async () => {
        throw new TypeError("Failed to fetch");
      }) as unknown as typeof fetch,
    });
    const lost = await failure(offline.current());
    expect(lost.kind).toBe("network");
    expect(lost.messageKey).toBe("shell.error.network");
    expect(lost.retryable).toBe(true);

    const hanging = new GameApi({
      token: "t",
      timeoutMs: 20,
      fetch: ((_url: string, init: RequestInit) =>
        new Promise((_resolve, reject) => {
          init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
        })) as unknown as typeof fetch,
    });
    expect((await failure(hanging.current())).kind).toBe("network");
  });
});
