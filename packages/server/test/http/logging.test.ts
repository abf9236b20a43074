import { Writable } from "node:stream";
import { signRequest } from "@rgs/protocol/signing";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, DEMO_LAUNCH, type Harness } from "./support.ts";

const lines: string[] = [];
const capture = new Writable({
  write(chunk, _encoding, done) {
    lines.push(
      ...String(chunk)
        .split("\n")
        .filter((line) => line.trim() !== ""),
    );
    done();
  },
});

let h: Harness;
beforeAll(async () => {
  h = await createHarness({ config: { logLevel: "trace" }, logStream: capture });
});
afterAll(async () => h.close());

describe("logs", () => {
  it("never contain secrets, signatures or session tokens, and every line carries a request id", async () => {
    const signatures: string[] = [];
    const tokens: string[] = [];
    const timestamp = String(Math.floor(h.clock.now() / 1000));
    const body = JSON.stringify(DEMO_LAUNCH);
    signatures.push(signRequest(h.operator.secret, timestamp, "/operator/launch", body));

    const launched = await h.signed({ method: "POST", path: "/operator/launch", body: DEMO_LAUNCH });
    expect(launched.statusCode).toBe(200);
    const launchUrl = new URL((launched.json() as { launchUrl: string }).launchUrl);
    tokens.push(launchUrl.searchParams.get("sessionToken") ?? "");
    h.clock.advance(1000);
    const again = await h.signed({ method: "POST", path: "/operator/launch", body: DEMO_LAUNCH });
    tokens.push(
      new URL((again.json() as { launchUrl: string }).launchUrl).searchParams.get("sessionToken") ?? "",
    );

    const forged = "ab".repeat(32);
    signatures.push(forged);
    await h.signed({ method: "GET", path: "/operator/games", headers: { "x-hmac-sha256": forged } });
    await h.signed({ method: "GET", path: "/operator/currencies" });
    signatures.push(signRequest(h.operator.secret, timestamp, "/operator/currencies", ""));
    await h.signed({
      method: "POST",
      path: "/operator/launch",
      body: "{broken",
      headers: { "x-hmac-sha256": forged },
    });
    await h.app.inject({ method: "GET", url: `${launchUrl.pathname}${launchUrl.search}` });
    await h.app.inject({ method: "GET", url: `/operator/games?sessionToken=${tokens[0]}` });
    await h.app.inject({ method: "POST", url: "/operator/launch", payload: { secret: h.operator.secret } });

    // At least the line of each of the eight requests.
    expect(lines.length).toBeGreaterThanOrEqual(8);
    const all = lines.join("\n");
    expect(all).not.toContain(h.operator.secret);
    for (const signature of signatures) expect(all).not.toContain(signature);
    for (const token of tokens) {
      expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(all).not.toContain(token);
    }
    for (const line of lines) {
      const record = JSON.parse(line) as { reqId?: unknown };
      expect(typeof record.reqId, line).toBe("string");
    }
  });
});
