import { readFileSync } from "node:fs";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../../server/test/http/support.ts";
import { quickstart } from "../scripts/quickstart.ts";

let h: Harness;
let rgsUrl: string;

beforeAll(async () => {
  h = await createHarness();
  // The quick start signs with the real clock, as an operator's backend does.
  h.clock.set(Date.now());
  await h.app.listen({ port: 0, host: "127.0.0.1" });
  rgsUrl = `http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  h.app.server.closeAllConnections();
  await h.close();
});

async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

describe("the README's quick start", () => {
  it("is the script the README shows, verbatim", () => {
    const readme = readFileSync(new URL("../README.md", import.meta.url), "utf8");
    const script = readFileSync(new URL("../scripts/quickstart.ts", import.meta.url), "utf8");
    expect(readme).toContain(`\`\`\`ts\n${script}\`\`\``);
  });

  it("signs a demo launch, then verifies and answers the authenticate callback of a real launch", async () => {
    const walletPort = await freePort();
    const operator = await h.createOperator({
      name: "Quick start",
      callbackUrl: `http://127.0.0.1:${walletPort}/wallet/v2`,
    });
    const result = await quickstart({ rgsUrl, operatorId: operator.id, secret: operator.secret, walletPort });
    expect(result.demoUrl).toMatch(/^https:\/\/rgs\.test\//);
    expect(result.realUrl).toMatch(/^https:\/\/rgs\.test\//);
    expect(result.realUrl).not.toBe(result.demoUrl);
  });
});
