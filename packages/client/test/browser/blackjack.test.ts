/**
 * Blackjack and Blackjack (Multi Seat) in Chromium against a real RGS, in demo and in real play (the reference
 * wallet): rounds dealt by the Play button and played with the keyboard shortcuts and the action buttons, the
 * balance checked against the server's record and the wallet's ledger, the table at desktop and phone widths with
 * no horizontal overflow, and a finished round recomputed in the fairness panel.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseAmount } from "@rgs/protocol/money";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumAvailable, postgresAvailable } from "../../../../test-support/services.ts";
import type { RoundDetails, RoundSummary } from "../../src/api/types.ts";
import { createFormats } from "../../src/i18n/format.ts";
import { createDatabase, createOperator, realLaunch, startWallet } from "./cashout-support.ts";
import { type Chromium, openChromium } from "./chromium.ts";
import { buildClient } from "./client-build.ts";
import { decodePng, imageStats } from "./png.ts";
import { type Rgs, startRgs } from "./rgs-process.ts";

const SCREENSHOTS = fileURLToPath(new URL("../../../../artifacts/screenshots/", import.meta.url));
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 667 };
/** Amounts as the English page writes them. */
const usd = (minor: bigint) => createFormats("en", { code: "USD", decimals: 2 }).amount(minor);
const CODES = ["blackjack-leo", "blackjack_multi-leo"] as const;

const available = (await chromiumAvailable()) && (await postgresAvailable());

let rgs: Rgs;
let context: BrowserContext;
let browser: Chromium | undefined;
let database: Awaited<ReturnType<typeof createDatabase>>;
let wallet: Awaited<ReturnType<typeof startWallet>>;
let operator: { id: string; secret: string };

const minor = (amount: string) => {
  const parsed = parseAmount(amount, 2, { allowZero: true });
  if (!parsed.ok) throw new Error(`not an amount: ${amount}`);
  return parsed.minor;
};

const realPlayer = (code: string) => `real-${code.split("-")[0]?.replaceAll("_", "-")}`;

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

async function screenshot(page: Page, name: string): Promise<void> {
  const png = await page.screenshot({ fullPage: false });
  writeFileSync(path.join(SCREENSHOTS, `${name}.png`), png);
  const stats = imageStats(decodePng(png));
  expect(png.length, `${name} file size`).toBeGreaterThan(8_000);
  expect(stats.colours, `${name} colours`).toBeGreaterThan(24);
}

/** The table mid-round at both widths, with no horizontal overflow on a phone. */
async function screenshots(page: Page, name: string): Promise<void> {
  await screenshot(page, `${name}-open-${DESKTOP.width}`);
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(150);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "horizontal overflow at phone width").toBeLessThanOrEqual(0);
  await screenshot(page, `${name}-open-${PHONE.width}`);
  await page.setViewportSize(DESKTOP);
}

async function current(token: string): Promise<RoundSummary | null> {
  return (await rgs.game<{ round: RoundSummary | null }>(token, "POST", "/game/current", {})).round;
}

async function latest(token: string): Promise<RoundSummary | undefined> {
  const { rounds } = await rgs.game<{ rounds: RoundSummary[] }>(token, "GET", "/game/history?limit=1");
  return rounds[0];
}

async function ownerBalance(token: string, real: string | undefined): Promise<bigint> {
  if (real) {
    const statement = (await (
      await fetch(`${wallet.url}/admin/players/${encodeURIComponent(real)}`)
    ).json()) as {
      balance: string;
      reconciled: boolean;
    };
    expect(statement.reconciled, "the wallet's ledger reconciles").toBe(true);
    return minor(statement.balance);
  }
  return minor((await rgs.game<{ balance: string }>(token, "POST", "/game/current", {})).balance);
}

/**
 * Plays rounds from the page until one stayed open after the deal and was played out there with the keyboard:
 * insurance declined with N, every hand stood with S; in real play a double offered is clicked. Returns the id
 * of that round.
 */
async function playRounds(
  page: Page,
  token: string,
  real: string | undefined,
  shots?: string,
): Promise<string> {
  for (let attempt = 0; attempt < 12; attempt++) {
    const before = await ownerBalance(token, real);
    const previous = (await latest(token))?.id;
    await page.locator('[data-testid="play"]:not([disabled])').click();
    let open: RoundSummary | null = null;
    let id: string | undefined;
    await expect
      .poll(
        async () => {
          open = await current(token);
          id = open?.id ?? (await latest(token))?.id;
          return id !== undefined && id !== previous && (open === null || open.status === "open");
        },
        { timeout: 15_000 },
      )
      .toBe(true);
    const played = open !== null;
    if (played) {
      if (shots) {
        await page.locator(".bj-actions button").first().waitFor();
        // Only the actions the server allows now are offered; the strategy hint is off until asked for.
        const allowed = ((open as unknown as RoundSummary).view as { actions: string[] }).actions;
        const shown = await page
          .locator(".bj-actions button")
          .evaluateAll((buttons) => buttons.map((button) => button.getAttribute("data-action")));
        expect(shown).toEqual(allowed);
        expect(await page.locator(".bj-hint").count()).toBe(0);
        await page.locator(".bj-hint-toggle").click();
        await page.locator(".bj-hint").waitFor();
        await screenshots(page, shots);
      }
      // Until the round is no longer open (a round being booked by the wallet takes no more moves).
      for (let moves = 0; moves < 20 && (await current(token))?.status === "open"; moves++) {
        const decline = page.locator('[data-action="decline_insurance"]:not([disabled])');
        const stand = page.locator('[data-action="stand"]:not([disabled])');
        await expect
          .poll(async () => (await decline.count()) + (await stand.count()), { timeout: 30_000 })
          .toBeGreaterThan(0);
        const double = page.locator('[data-action="double"]:not([disabled])');
        // In real play a double offered is taken with its button: the wallet sees the extra debit.
        if (real && (await double.count()) > 0) await double.click();
        else await page.keyboard.press((await decline.count()) > 0 ? "n" : "s");
        await page.waitForTimeout(200);
      }
    }
    let record: RoundDetails | undefined;
    await expect
      .poll(
        async () => {
          record = await rgs.game<RoundDetails>(token, "GET", `/game/round/${id}`);
          return record.status;
        },
        { timeout: 20_000 },
      )
      .toBe("closed");
    const finished = record as unknown as RoundDetails;
    const expected = before - minor(finished.stake) + minor(finished.payout);
    expect(await ownerBalance(token, real), "balance after the round").toBe(expected);
    await expect
      .poll(() => page.locator('[data-testid="balance"]').textContent(), { timeout: 10_000 })
      .toBe(usd(expected));
    if (played) return finished.id;
  }
  throw new Error("no round stayed open after the deal");
}

async function verifyInPanel(page: Page, roundId: string): Promise<void> {
  await page.getByRole("tab", { name: "Fairness" }).click();
  await page.locator('[data-testid="rotate"]:not([disabled])').click();
  await page.locator('[data-testid="revealed"]').waitFor();
  await page.getByRole("tab", { name: "My bets" }).click();
  await page.locator(`tr[data-round-id="${roundId}"] button`).click();
  await expect.poll(() => page.locator('[data-testid="verify-round-id"]').inputValue()).toBe(roundId);
  await page.locator('[data-testid="verify"]').click();
  const result = page.locator('[data-testid="verify-result"]');
  await result.waitFor();
  expect(await result.getAttribute("data-status")).toBe("match");
}

describe.skipIf(!available)("blackjack in Chromium", () => {
  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    await buildClient();
    database = await createDatabase();
    const secretKey = randomBytes(32).toString("base64");
    const env = { DATABASE_URL: database.url, SECRET_KEY: secretKey };
    rgs = await startRgs({ env });
    const walletSecret = randomBytes(24).toString("hex");
    wallet = await startWallet(walletSecret, CODES.map(realPlayer));
    operator = await createOperator(
      { ...env, DATA_DIR: rgs.dataDir, RGS_ENV: "staging" },
      wallet.callbackUrl,
      walletSecret,
    );
    browser = await openChromium({ viewport: DESKTOP, fastPlay: true });
    context = browser.context;
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await rgs?.stop();
    await wallet?.stop();
    await database?.drop();
  });

  for (const code of CODES) {
    it(`${code}: demo play at both widths, a round recomputed in the fairness panel`, async () => {
      const { launchUrl, token } = await rgs.launch(code);
      const { page, errors } = await openGame(launchUrl);
      try {
        const id = await playRounds(page, token, undefined, code.split("-")[0]);
        await verifyInPanel(page, id);
        expect(errors).toEqual([]);
      } finally {
        await page.close();
      }
    }, 120_000);

    it(`${code}: real play against the reference wallet`, async () => {
      const player = realPlayer(code);
      const { launchUrl, token } = await realLaunch(rgs.baseUrl, operator, player, code);
      const { page, errors } = await openGame(launchUrl);
      try {
        await playRounds(page, token, player);
        expect(errors).toEqual([]);
      } finally {
        await page.close();
      }
    }, 120_000);
  }
});
