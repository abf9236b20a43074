import type { RunningWallet } from "@rgs/reference-wallet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DICE, gameRequest, launchDemo, ok, type RoundResult } from "../http/game/game-support.ts";
import { referenceWalletOperator } from "../http/reference-wallet.ts";
import { createHarness, DEMO_LAUNCH, type Harness, type TestOperator } from "../http/support.ts";

const TOKEN = "scrape-token-0123456789abcdef";

let h: Harness;
let wallet: RunningWallet;
let operator: TestOperator;

beforeAll(async () => {
  h = await createHarness({ config: { metrics: { host: "127.0.0.1", token: TOKEN } } });
  ({ wallet, operator } = await referenceWalletOperator(h, {
    name: "Counted wallet",
    secret: "reference-wallet-secret-for-tests",
    players: "alice:USD:100.00",
  }));
});
afterAll(async () => {
  await h.close();
  await wallet.close();
});

async function scrape(): Promise<string> {
  const response = await h.app.inject({
    method: "GET",
    url: "/metrics",
    headers: { authorization: `Bearer ${TOKEN}` },
  });
  expect(response.statusCode).toBe(200);
  return response.body;
}

/** The sum of a counter's samples whose labels include every one of `labels`. */
function total(text: string, name: string, labels: string[]): number {
  return text
    .split("\n")
    .filter((line) => line.startsWith(`${name}{`) && labels.every((label) => line.includes(label)))
    .reduce((sum, line) => sum + Number(line.split(" ").pop()), 0);
}

describe("wallet and round metrics after a known sequence", () => {
  it("counts each wallet call once and each round opened", async () => {
    h.clock.advance(1000);
    const launched = await h.signed({
      method: "POST",
      path: "/operator/launch",
      body: { ...DEMO_LAUNCH, demo: false, playerId: "alice" },
      operator,
    });
    expect(launched.statusCode).toBe(200);
    const token =
      new URL((launched.json() as { launchUrl: string }).launchUrl).searchParams.get("sessionToken") ?? "";
    const before = await scrape();
    for (let i = 0; i < 2; i++) {
      ok<RoundResult>(await gameRequest(h, token, "POST", "/game/play", { amount: "1.00", params: DICE }));
    }
    const demo = await launchDemo(h);
    ok<RoundResult>(await gameRequest(h, demo.token, "POST", "/game/play", { amount: "1.00", params: DICE }));

    const after = await scrape();
    const calls = (callback: string, text: string) =>
      total(text, "wallet_call_outcomes_total", [`callback="${callback}"`, `operator="${operator.id}"`]);
    expect(calls("authenticate", before)).toBe(1);
    expect(calls("debit", after) - calls("debit", before)).toBe(2);
    expect(calls("credit", after) - calls("credit", before)).toBe(2);
    expect(
      total(after, "wallet_call_duration_seconds_count", [`callback="credit"`, `operator="${operator.id}"`]),
    ).toBe(2);
    expect(total(after, "wallet_call_retries_total", [`operator="${operator.id}"`])).toBe(0);
    expect(total(after, "rounds_opened_total", ['mode="real"'])).toBe(2);
    expect(total(after, "rounds_opened_total", ['mode="demo"'])).toBe(1);
  });
});
