import { Writable } from "node:stream";
import { signRequest } from "@rgs/protocol/signing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, DEMO_LAUNCH, type Harness } from "../support.ts";

let lines: Record<string, unknown>[] = [];
const capture = new Writable({
  write(chunk, _encoding, done) {
    for (const line of String(chunk).split("\n")) if (line.trim() !== "") lines.push(JSON.parse(line));
    done();
  },
});

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ config: { logLevel: "info" }, logStream: capture });
});
afterAll(async () => h.close());

/** Lines written while `act` ran. */
async function logged(act: () => Promise<unknown>): Promise<Record<string, unknown>[]> {
  lines = [];
  await act();
  return lines;
}

describe("the request log at info", () => {
  it("writes one line per request: request id, method, route, status and duration", async () => {
    const written = await logged(() =>
      h.signed({
        method: "POST",
        path: "/operator/launch",
        body: DEMO_LAUNCH,
        headers: { "x-request-id": "launch-1" },
      }),
    );
    expect(written).toHaveLength(1);
    expect(written[0]).toMatchObject({
      level: 30,
      reqId: "launch-1",
      method: "POST",
      route: "/operator/launch",
      status: 200,
      msg: "request completed",
    });
    expect(typeof written[0]?.durationMs).toBe("number");
  });

  it("names the route's pattern, never the URL with its session token, nor any header", async () => {
    h.clock.advance(1000);
    const launched = await h.signed({ method: "POST", path: "/operator/launch", body: DEMO_LAUNCH });
    const launchUrl = new URL((launched.json() as { launchUrl: string }).launchUrl);
    const token = launchUrl.searchParams.get("sessionToken") ?? "";
    const signature = signRequest(h.operator.secret, "1", "/operator/games", "");
    const written = await logged(async () => {
      await h.app.inject({ method: "GET", url: `${launchUrl.pathname}${launchUrl.search}` });
      await h.app.inject({
        method: "GET",
        url: "/operator/games",
        headers: { "x-operator-id": h.operator.id, "x-timestamp": "1", "x-hmac-sha256": signature },
      });
      await h.app.inject({ method: "GET", url: `/no/such/page?sessionToken=${token}` });
    });
    expect(written).toHaveLength(3);
    expect(written.map((line) => [line.route, line.status])).toEqual([
      [expect.not.stringContaining("?"), 200],
      ["/operator/games", 401],
      ["unmatched", 404],
    ]);
    expect(written[2]?.path).toBe("/no/such/page");
    const text = JSON.stringify(written);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(text).not.toContain(token);
    expect(text).not.toContain(signature);
    expect(text).not.toContain(h.operator.secret);
  });

  it("writes nothing for health checks", async () => {
    const written = await logged(async () => {
      expect((await h.app.inject({ method: "GET", url: "/healthz" })).statusCode).toBe(200);
      expect((await h.app.inject({ method: "GET", url: "/readyz" })).statusCode).toBe(200);
    });
    expect(written).toEqual([]);
  });
});
