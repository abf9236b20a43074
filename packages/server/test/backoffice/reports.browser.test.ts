/**
 * The Reports page in Chromium at 1280 and 375 px, under the back office's Content-Security-Policy: the GGR
 * chart drawn by its charting library (a canvas with bars, no policy violation), the exact figures in the
 * table, the observed RTP beside the declared one with its interval and the optimal-play note, and the RTP
 * CSV; for finance and a platform admin, and refused to support. Screenshots go to artifacts/screenshots/;
 * with UPDATE_DOCS_SCREENSHOTS=1 also to docs/back-office/ for docs/back-office.md.
 */
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { BACKOFFICE_ROOT, ensureBackofficeBuilt } from "../../../backoffice/scripts/backoffice-build.ts";
import { type Chromium, openChromium, recordingPage } from "../../../client/test/browser/chromium.ts";
import { GgrRollup } from "../../src/reporting/ggr-rollup.ts";
import { addCallback, addRound } from "../outbox/support.ts";
import { fitsWidth, prepareDocsScreenshots, shot, signInAt, WIDTHS } from "./browser-support.ts";
import { type BackofficeWorld, backofficeWorld } from "./support.ts";

vi.setConfig({ testTimeout: 120_000 });

let bo: BackofficeWorld;
let base: string;

/** A round the wallet confirmed (in the GGR report) and closed by play with the same totals (in the RTP). */
async function played(bet: bigint, win: bigint, gameCode = "dice-alpha", currency = "USD"): Promise<void> {
  const roundId = await addRound(bo.world, { status: "open", gameCode });
  const now = new Date(bo.clock.now());
  await bo.store.db
    .updateTable("rounds")
    .set({ status: "closed", stake_total: bet, payout_total: win, closed_at: now, currency })
    .where("id", "=", roundId)
    .execute();
  const callbacks = [
    await addCallback(bo.world, roundId, { seq: 0, kind: "debit", roundClosed: false, amount: bet }),
    await addCallback(bo.world, roundId, { seq: 1, kind: "credit", roundClosed: true, amount: win }),
  ];
  await bo.store.db
    .updateTable("wallet_transactions")
    .set({ status: "ok", completed_at: now, answer: JSON.stringify({ status: "OK" }) })
    .where(
      "transaction_id",
      "in",
      callbacks.map((c) => c.transactionId),
    )
    .execute();
  // The roll-up reads what was confirmed more than its settling minute ago.
  bo.clock.advance(61_000);
  await new GgrRollup({ store: bo.store, clock: bo.clock }).catchUp();
}

beforeAll(async () => {
  await ensureBackofficeBuilt();
  prepareDocsScreenshots();
  // The page's range defaults to the browser's last seven days: the server's clock starts just before now.
  bo = await backofficeWorld({ distDir: path.join(BACKOFFICE_ROOT, "dist"), startMs: Date.now() - 600_000 });
  for (const [bet, win] of [
    [5000n, 1500n],
    [1200n, 0n],
    [800n, 2400n],
    [2000n, 1900n],
  ] as const) {
    await played(bet, win);
  }
  await played(1000n, 2000n, "blackjack-leo");
  await played(1000n, 0n, "blackjack-leo");
  // A day lost in EUR: its bar below the line, in the lost colour.
  await played(1000n, 3000n, "dice-alpha", "EUR");
  await bo.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://localhost:${(bo.app.server.address() as AddressInfo).port}`;
}, 240_000);
afterAll(async () => {
  await bo?.close();
});

/** The chart's canvas: its width, and how many of its pixels are the won and the lost colour. */
async function drawn(
  page: Page,
  currency = "USD",
): Promise<{ width: number; frame: number; won: number; lost: number }> {
  return page.evaluate((currency) => {
    const frame = document.querySelector<HTMLElement>(
      `.chart .plot[aria-label^="GGR per day in ${currency}:"]`,
    );
    const canvas = frame?.querySelector("canvas");
    const context = canvas?.getContext("2d");
    if (!frame || !canvas || !context) return { width: 0, frame: 0, won: 0, lost: 0 };
    const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
    let won = 0;
    let lost = 0;
    for (let i = 0; i < pixels.length; i += 4) {
      const [r = 0, g = 0, b = 0, a = 0] = pixels.subarray(i, i + 4);
      if (a < 200) continue;
      // --good is #1a7f37, --bad #b42318.
      if (Math.abs(r - 0x1a) < 8 && Math.abs(g - 0x7f) < 8 && Math.abs(b - 0x37) < 8) won += 1;
      if (Math.abs(r - 0xb4) < 8 && Math.abs(g - 0x23) < 8 && Math.abs(b - 0x18) < 8) lost += 1;
    }
    return { width: canvas.getBoundingClientRect().width, frame: frame.clientWidth, won, lost };
  }, currency);
}

/** Signs `username` in on the Rounds page, the back office's first page. */
async function signIn(page: Page, username: string): Promise<void> {
  await signInAt(page, base, username);
  await page.getByRole("heading", { name: "Rounds" }).waitFor();
}

describe.each(WIDTHS)("the Reports page at $width px", (viewport) => {
  let chromium: Chromium;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    chromium = await openChromium({ viewport });
    page = await recordingPage(chromium.context, errors);
    page.setDefaultTimeout(10_000);
    // Every refusal of the page's policy, as the page itself hears of it.
    await page.addInitScript(() => {
      const seen: string[] = [];
      Object.assign(window, { policyViolations: seen });
      document.addEventListener("securitypolicyviolation", (e) =>
        seen.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`),
      );
    });
  }, 60_000);
  afterAll(async () => {
    await chromium?.close();
  });

  const violations = () =>
    page.evaluate(() => (window as unknown as { policyViolations: string[] }).policyViolations);

  it("draws finance the GGR chart under the page's policy, with the observed RTP beside the declared one", async () => {
    errors.length = 0;
    await signIn(page, "fay");
    await page.getByRole("link", { name: "Reports" }).click();
    await page.getByRole("button", { name: "Show" }).click();
    const table = page.getByRole("region", { name: "GGR by day" });
    await table.waitFor();
    // 9 000 staked, 5 800 won on dice; 2 000 and 2 000 on blackjack: GGR 32.00 + 0.00 in the total.
    await expect(page.textContent("body")).resolves.toContain("GGR over the range: 32.00 USD");
    await expect(
      page.getByRole("img", { name: /GGR per day in USD/ }).getAttribute("aria-label"),
    ).resolves.toContain(": 32.00");
    const chart = await drawn(page);
    expect(chart.won).toBeGreaterThan(100);
    expect(chart.lost).toBe(0);
    expect(chart.width).toBeGreaterThan(viewport.width / 2);
    expect(chart.width).toBeLessThanOrEqual(chart.frame + 0.5);
    await expect(page.textContent("body")).resolves.toContain("GGR over the range: -20.00 EUR");
    const lostChart = await drawn(page, "EUR");
    expect(lostChart.lost).toBeGreaterThan(100);
    expect(lostChart.won).toBe(0);

    const rtp = page.getByRole("region", { name: "Observed RTP" });
    await rtp.waitFor();
    const rows = await rtp.locator("tbody tr").allTextContents();
    expect(rows).toHaveLength(3);
    expect(rows[0]).toContain("blackjack-leo");
    expect(rows[0]).toContain("100.00 %");
    expect(rows[0]).toContain("99.46 % *");
    expect(rows[1]).toContain("dice-alphaEUR");
    expect(rows[1]).toContain("300.00 %");
    expect(rows[2]).toContain("dice-alphaUSD");
    expect(rows[2]).toContain("64.44 %");
    expect(rows[2]).toContain("99 %");
    await expect(page.textContent("body")).resolves.toContain(
      "declared RTP is per initial stake under optimal play",
    );
    await fitsWidth(page);
    await shot(page, "reports", viewport.width);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download RTP CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^rtp-.+\.csv$/);
    expect(readFileSync(await download.path(), "utf8")).toContain(",dice-alpha,USD,4,90.00,58.00,64.44,");
    expect(await violations()).toEqual([]);
    expect(errors.filter((e) => /Content Security Policy|Refused/i.test(e))).toEqual([]);
    // The listener does hear the policy: an inline style attribute is refused and reported.
    await page.evaluate(() => document.body.insertAdjacentHTML("beforeend", '<p style="color: red">x</p>'));
    await expect.poll(violations).toEqual([expect.stringMatching(/^style-src/)]);
  });

  it("shows a platform admin the chosen operator's chart and RTP, and a range too long for RTP as its refusal", async () => {
    errors.length = 0;
    await signIn(page, "alice");
    await page.getByRole("link", { name: "Reports" }).click();
    await page.getByLabel("Operator").selectOption({ label: "Outbox Casino" });
    await page.getByRole("button", { name: "Show" }).click();
    await page.getByRole("region", { name: "Observed RTP" }).waitFor();
    expect((await drawn(page)).won).toBeGreaterThan(100);
    // Two months: the GGR report answers, the RTP (at most 31 days) is refused beside it.
    await page.getByLabel("From", { exact: true }).fill("2030-01-01");
    await page.getByLabel("To", { exact: true }).fill("2030-03-01");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page.getByRole("alert").textContent()).resolves.toContain("report_range_too_long");
    await page.getByText("No real-money play in that range.").waitFor();
    expect(await violations()).toEqual([]);
  });

  it("gives support no report and no chart: the catalogue's refusal by URL", async () => {
    await signIn(page, "sam");
    expect(await page.getByRole("link", { name: "Reports" }).count()).toBe(0);
    await page.goto(`${base}/#/reports`);
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page.getByRole("alert").textContent()).resolves.toContain("permission_denied");
    expect(await page.locator(".chart canvas").count()).toBe(0);
  });
});
