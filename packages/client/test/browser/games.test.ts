/**
 * The game client in Chromium against a real RGS: for every single-round game, a demo launch, a round
 * played at desktop width, the balance checked against the server's round record, screenshots at desktop
 * and phone widths checked not blank, no console errors; and a finished round verified in the fairness
 * panel against the server's record.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { commitment } from "@rgs/games/fair/seeds";
import { findGame } from "@rgs/protocol/catalog";
import { parseAmount } from "@rgs/protocol/money";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { build } from "vite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM_PATH, chromiumAvailable } from "../../../../test-support/services.ts";
import type { RoundDetails } from "../../src/api/types.ts";
import { formatMoney } from "../../src/shell/money.ts";
import { decodePng, imageStats } from "./png.ts";
import { type Rgs, startRgs } from "./rgs-process.ts";

const CLIENT = fileURLToPath(new URL("../..", import.meta.url));
const SCREENSHOTS = fileURLToPath(new URL("../../../../artifacts/screenshots/", import.meta.url));
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 740 };

const SINGLE_ROUND_GAMES = [
  "dice-alpha",
  "limbo-alpha",
  "plinko-alpha",
  "plinko_100-alpha",
  "lightning_plinko-gamma",
  "keno-alpha",
  "lightning_keno-delta",
  "wheel-alpha",
  "darts-alpha",
  "cases-alpha",
  "pinball-gamma-leo",
  "roulette-alpha-gemini",
  "baccarat-alpha",
];

const available = await chromiumAvailable();

let rgs: Rgs;
let context: BrowserContext;
let profile: string;

const minor = (amount: string) => {
  const parsed = parseAmount(amount, 2, { allowZero: true });
  if (!parsed.ok) throw new Error(`not an amount: ${amount}`);
  return parsed.minor;
};

/** A page that records every console error and uncaught exception. */
async function openGame(launchUrl: string): Promise<{ page: Page; errors: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await page.setViewportSize(DESKTOP);
  await page.goto(launchUrl);
  await page.locator('[data-testid="play"]:not([disabled])').waitFor({ timeout: 20_000 });
  return { page, errors };
}

/** Screenshot of the page, saved as an artifact, that must show a rendered game (not one flat colour). */
async function screenshot(page: Page, name: string): Promise<void> {
  const png = await page.screenshot({ fullPage: false });
  writeFileSync(path.join(SCREENSHOTS, `${name}.png`), png);
  const stats = imageStats(decodePng(png));
  expect(png.length, `${name} file size`).toBeGreaterThan(8_000);
  expect(stats.colours, `${name} colours`).toBeGreaterThan(24);
  expect(stats.deviation, `${name} brightness deviation`).toBeGreaterThan(6);
}

/** Plays one round with the view's default choices; returns its server record. */
async function playRound(page: Page, token: string, before: string[]): Promise<RoundDetails> {
  await page.locator('[data-testid="play"]:not([disabled])').click();
  const row = page.locator('[data-testid="history"] tr[data-round-id]').first();
  await expect
    .poll(
      async () =>
        (await row.count()) > 0 && !before.includes((await row.getAttribute("data-round-id")) ?? ""),
      {
        timeout: 20_000,
      },
    )
    .toBe(true);
  const id = (await row.getAttribute("data-round-id")) ?? "";
  return rgs.game<RoundDetails>(token, "GET", `/game/round/${id}`);
}

describe.skipIf(!available)("the game client in Chromium", () => {
  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    await build({ root: CLIENT, configFile: path.join(CLIENT, "vite.config.ts"), logLevel: "error" });
    rgs = await startRgs();
    const page = await fetch(`${rgs.baseUrl}/play/dice`);
    if (!(page.headers.get("content-type") ?? "").startsWith("text/html")) {
      throw new Error(
        `The RGS does not serve the game client (GET /play/dice answered ${page.status}): registerClientRoutes from packages/server/src/http/client is not wired into the app.`,
      );
    }
    profile = mkdtempSync(path.join(tmpdir(), "rgs-chromium-"));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: [
        "--headless",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
      ],
      viewport: DESKTOP,
    });
    // Fast play: the result is drawn at once; the rounds and balances are the same.
    await context.addInitScript(() => {
      localStorage.setItem("rgs.client.preferences", JSON.stringify({ sound: false, animations: false }));
    });
  }, 180_000);

  afterAll(async () => {
    await context?.close();
    await rgs?.stop();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  for (const code of SINGLE_ROUND_GAMES) {
    const slug = findGame(code)?.slug ?? code;
    it(`${code}: plays a round whose balance change matches the server's record, at both widths`, async () => {
      const { launchUrl, token } = await rgs.launch(code);
      const { page, errors } = await openGame(launchUrl);
      try {
        expect(page.url()).not.toContain("sessionToken");
        const start = await rgs.game<{ balance: string }>(token, "POST", "/game/current", {});
        const round = await playRound(page, token, []);
        expect(round.status).toBe("closed");
        const expected = minor(start.balance) - minor(round.stake) + minor(round.payout);
        const after = await rgs.game<{ balance: string }>(token, "POST", "/game/current", {});
        expect(minor(after.balance)).toBe(expected);
        await expect
          .poll(() => page.locator('[data-testid="balance"]').textContent())
          .toBe(formatMoney(expected, { code: "USD", decimals: 2 }, "en"));

        await screenshot(page, `${slug}-${DESKTOP.width}`);
        await page.setViewportSize(PHONE);
        await page.waitForTimeout(200);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, "horizontal overflow at phone width").toBeLessThanOrEqual(0);
        await screenshot(page, `${slug}-${PHONE.width}`);
        expect(errors).toEqual([]);
      } finally {
        await page.close();
      }
    }, 60_000);
  }

  it("verifies a finished round in the fairness panel, matching the server's record", async () => {
    const { launchUrl, token } = await rgs.launch("dice-alpha");
    const { page, errors } = await openGame(launchUrl);
    try {
      const round = await playRound(page, token, []);
      await page.getByRole("tab", { name: "Fairness" }).click();
      await page.locator('[data-testid="rotate"]:not([disabled])').click();
      await page.locator('[data-testid="revealed"]').waitFor();

      const record = await rgs.game<RoundDetails>(token, "GET", `/game/round/${round.id}`);
      expect(record.fairness.serverSeed).toMatch(/^[0-9a-f]{64}$/);
      expect(commitment(record.fairness.serverSeed ?? "")).toBe(record.fairness.serverSeedHash);

      await page.getByRole("tab", { name: "My bets" }).click();
      await page.locator(`tr[data-round-id="${round.id}"] button`).click();
      await expect.poll(() => page.locator('[data-testid="verify-round-id"]').inputValue()).toBe(round.id);
      await page.locator('[data-testid="verify"]').click();
      const result = page.locator('[data-testid="verify-result"]');
      await result.waitFor();
      expect(await result.getAttribute("data-status")).toBe("match");
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 60_000);
});
