import { describe, expect, it } from "vitest";
import { ApiError } from "../../src/api/errors.ts";
import { fetchReplay } from "../../src/api/replay.ts";

const answering = (response: () => Response) => (async () => response()) as unknown as typeof fetch;

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const caught = await promise.then(
    () => undefined,
    (error: unknown) => error,
  );
  if (caught instanceof ApiError) return caught;
  throw new Error(`expected an ApiError, got ${String(caught)}`);
}

describe("fetchReplay", () => {
  it("tells a link that names no round, a busy server, a proxy's page and no answer apart", async () => {
    const missing = await failure(
      fetchReplay(
        "t",
        answering(() => Response.json({ status: 404, title: "x", code: "round_not_found" }, { status: 404 })),
      ),
    );
    expect(missing).toMatchObject({ kind: "api", code: "round_not_found" });
    expect(missing.retryable).toBe(false);

    const busy = await failure(
      fetchReplay(
        "t",
        answering(() =>
          Response.json(
            { status: 429, title: "x", code: "rate_limit_exceeded" },
            { status: 429, headers: { "retry-after": "2" } },
          ),
        ),
      ),
    );
    expect(busy).toMatchObject({ code: "rate_limit_exceeded", retryAfterSeconds: 2 });

    const proxy = await failure(
      fetchReplay(
        "t",
        answering(() => new Response("<html>", { status: 200 })),
      ),
    );
    expect(proxy).toMatchObject({ kind: "unexpected", status: 200 });

    const offline = (async () => {
      throw new TypeError("Failed to fetch");
    }) as unknown as typeof fetch;
    expect((await failure(fetchReplay("t", offline))).kind).toBe("network");
  });
});
