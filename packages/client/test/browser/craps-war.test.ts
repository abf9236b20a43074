/**
 * Craps and War in Chromium against a real RGS, in demo and in real play (the reference wallet): craps rounds
 * opened by the Play button and rolled out with the Roll button, a bet added between rolls from the table; war
 * rounds dealt until a tie, then played at the tie decision with its buttons. Balances are checked against the
 * server's record and the wallet's ledger, the tables screenshotted at desktop and phone widths with no
 * horizontal overflow, and a finished round recomputed in the fairness panel.
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
const CODES = ["craps-alpha-cancer", "war-gamma-libra"] as const;
type Code = (typeof CODES)[number];

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

const realPlayer = (code: string) => `real-${code.split("-")[0]}`;

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

/** Clicks an enabled button of the board, waiting for it (the previous request may still be in flight). */
async function press(page: Page, selector: string): Promise<void> {
  const button = page.locator(`${selector}:not([disabled])`).first();
  await button.waitFor({ timeout: 10_000 });
  await button.click();
}

const isOpen = async (token: string) => (await current(token))?.status === "open";

/** Plays an open round to its end from the page: craps rolls (adding a field bet once), war goes to war. */
async function playOut(page: Page, token: string, code: Code, shots: string | undefined): Promise<void> {
  if (shots) await screenshots(page, shots);
  for (let moves = 0; moves < 60 && (await isOpen(token)); moves++) {
    let next: string;
    if (code === "craps-alpha-cancer") {
      if (moves === 0) await press(page, '[data-bet="field"]');
      next = '[data-action="roll"]';
    } else {
      next = moves < 3 ? '[data-action="war"]' : '[data-action="surrender"]';
    }
    await press(page, next);
    // The answer is in once the round is over or the page offers its next move again.
    await expect
      .poll(
        async () =>
          !(await isOpen(token)) || (await page.locator("[data-action]:not([disabled])").count()) > 0,
        { timeout: 10_000 },
      )
      .toBe(true);
  }
}

/** Plays rounds from the page until one stayed open after the Play button and was played out there. */
async function playRounds(page: Page, token: string, code: Code, real: string | undefined, shots?: string) {
  for (let attempt = 0; attempt < 150; attempt++) {
    const before = await ownerBalance(token, real);
    const previous = (await latest(token))?.id;
    await press(page, '[data-testid="play"]');
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
    if (played) await playOut(page, token, code, shots);
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
  throw new Error("no round stayed open after the Play button");
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

describe.skipIf(!available)("craps and war in Chromium", () => {
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
        const id = await playRounds(page, token, code, undefined, code.split("-")[0]);
        await verifyInPanel(page, id);
        expect(errors).toEqual([]);
      } finally {
        await page.close();
      }
    }, 180_000);

    it(`${code}: real play against the reference wallet`, async () => {
      const player = realPlayer(code);
      const { launchUrl, token } = await realLaunch(rgs.baseUrl, operator, player, code);
      const { page, errors } = await openGame(launchUrl);
      try {
        await playRounds(page, token, code, player);
        expect(errors).toEqual([]);
      } finally {
        await page.close();
      }
    }, 180_000);
  }
});
