/**
 * Free rounds in Chromium against a real RGS: an operator with free rounds on (rgs CLI), the reference wallet
 * as its wallet, a campaign and grants through the signed operator API, real-money launches. The offer is
 * shown before anything is played, the player opts in, every round is played at the campaign's bet with the
 * count going down, the summary gives what they paid (checked against the server's history), and paid play
 * comes back; a cash-out game plays its free round to the end, and a reload during one resumes it as a free
 * round; a campaign cancelled mid-way is said plainly.
 * The offer fits every screen and reads in every language; screenshots for the docs in English and German.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { CLIENT_LANGUAGES } from "@rgs/protocol/languages";
import { signedHeaders } from "@rgs/protocol/signing";
import type { BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumAvailable } from "../../../../test-support/services.ts";
import type { HistoryResponse } from "../../src/api/types.ts";
import { createFormats } from "../../src/i18n/format.ts";
import { createOperator, realLaunch, startWallet } from "./cashout-support.ts";
import { type Chromium, openChromium, recordingPage, SCREENS } from "./chromium.ts";
import { buildClient } from "./client-build.ts";
import { docsScreenshot } from "./doc-screenshots.ts";
import { type Rgs, startRgs } from "./rgs-process.ts";

const DICE = "dice-alpha";
const DICE_PARAMS = { condition: "under", target: "20.00" };
const MINES = "mines-alpha";
const DESKTOP = SCREENS[3];
const usd = (minor: bigint) => createFormats("en", { code: "USD", decimals: 2 }).amount(minor);
const minor = (amount: string) => BigInt(amount.replace(".", ""));

/** One wallet player per use, so that each starts with its own grant and balance. */
const PLAYERS = {
  played: "fr-played",
  mines: "fr-mines",
  reloaded: "fr-reloaded",
  cancelled: "fr-cancelled",
  social: "fr-social",
  languages: "fr-languages",
  screens: SCREENS.map((screen) => `fr-screen-${screen.width}`),
};

const available = await chromiumAvailable();
let rgs: Rgs;
let wallet: Awaited<ReturnType<typeof startWallet>>;
let operator: { id: string; secret: string };
let browser: Chromium;
let context: BrowserContext;

async function operatorPost<T>(apiPath: string, payload: unknown): Promise<T> {
  const body = JSON.stringify(payload);
  const response = await fetch(`${rgs.baseUrl}${apiPath}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      ...signedHeaders({
        operatorId: operator.id,
        secret: operator.secret,
        path: apiPath,
        body,
        nowSeconds: Date.now() / 1000,
      }),
    },
    body,
  });
  const answer = (await response.json()) as T;
  if (!response.ok) throw new Error(`${apiPath}: ${response.status} ${JSON.stringify(answer)}`);
  return answer;
}

interface Campaign {
  game: string;
  params: unknown;
  currency: string;
  bet: string;
}
const DICE_CAMPAIGN: Campaign = { game: DICE, params: DICE_PARAMS, currency: "USD", bet: "1.00" };

/** A campaign of `rounds` free rounds (dice at 1.00 USD unless told) granted to the player; its ID. */
async function grant(playerId: string, rounds: number, campaign: Partial<Campaign> = {}) {
  const { game, params, currency, bet } = { ...DICE_CAMPAIGN, ...campaign };
  const { campaignId } = await operatorPost<{ campaignId: string }>("/operator/campaigns", {
    reference: `browser-${randomUUID()}`,
    gameCodes: [game],
    currency,
    bet,
    params,
    roundsPerPlayer: rounds,
    endsAt: new Date(Date.now() + 7 * 86_400_000).toISOString(),
  });
  await operatorPost(`/operator/campaigns/${campaignId}/players`, {
    players: [{ playerId, reference: `grant-${playerId}-${campaignId}` }],
  });
  return campaignId;
}

/** A real-money session's launch URL (launched once: a signed request is never sent twice). */
const launch = async (playerId: string, game: string) =>
  (await realLaunch(rgs.baseUrl, operator, playerId, game)).launchUrl;

/** The session's game page in `language`, its offer on show. */
async function open(launchUrl: string, language = "en"): Promise<Page> {
  const page = await context.newPage();
  await page.goto(`${launchUrl}&lang=${language}`);
  await page.locator('[data-testid="free-rounds-offer"]').waitFor();
  return page;
}

const playButton = (page: Page) => page.locator('[data-testid="play"]');
const textOf = async (page: Page, selector: string) =>
  ((await page.locator(selector).textContent()) ?? "").trim();

/** Clicks Bet and waits for the button to be free again (the round over, the count read back). */
async function playFreeRound(page: Page, leftAfter: number | null) {
  await playButton(page).click();
  if (leftAfter === null) {
    await page.locator('[data-testid="free-rounds-summary"]').waitFor();
    return;
  }
  await page.waitForFunction((left) => {
    const button = document.querySelector<HTMLButtonElement>('[data-testid="play"]');
    return button && !button.disabled && button.textContent?.includes(`${left} left`);
  }, leftAfter);
}

/** Reveals a tile of the open mines round, cashes out if that did not end it, and waits for `done`. */
async function finishMines(page: Page, done: Locator) {
  await page.locator('[data-testid="moves"]').waitFor();
  await page.locator('[data-tile="0"]').click();
  const cashOut = page.locator('[data-testid="cash-out"]');
  await Promise.race([done.waitFor(), cashOut.and(page.locator(":enabled")).waitFor()]);
  if (!(await done.isVisible())) await cashOut.click();
  await done.waitFor();
}

describe.skipIf(!available)("free rounds in the game client", () => {
  beforeAll(async () => {
    await buildClient();
    rgs = await startRgs();
    const secret = randomBytes(24).toString("hex");
    const { screens, ...single } = PLAYERS;
    // The social session plays in Gold Coins, the virtual currency such a session takes.
    const players = Object.values(single).map((id) => (id === PLAYERS.social ? `${id}:GC:1000.00` : id));
    wallet = await startWallet(secret, [...players, ...screens]);
    operator = await createOperator(
      { DATA_DIR: rgs.dataDir, RGS_ENV: "staging" },
      wallet.callbackUrl,
      secret,
      ["--free-rounds", "on"],
    );
    browser = await openChromium({ viewport: DESKTOP, fastPlay: true });
    context = browser.context;
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await rgs?.stop();
    await wallet?.stop();
  });

  it("offers the rounds, plays them at the fixed bet after the opt-in, sums up what they paid and goes back to paid play", async () => {
    await grant(PLAYERS.played, 3);
    const errors: string[] = [];
    const { launchUrl, token } = await realLaunch(rgs.baseUrl, operator, PLAYERS.played, DICE);
    const page = await recordingPage(context, errors);
    await page.goto(launchUrl);
    const offer = page.locator('[data-testid="free-rounds-offer"]');
    await offer.waitFor();
    expect(await offer.getByRole("heading").textContent()).toBe("You have 3 free rounds");
    expect(await textOf(page, '[data-testid="free-rounds-bet"]')).toContain(usd(100n));
    expect(await offer.textContent()).toContain("The game's settings are fixed for these rounds.");
    const balanceBefore = await textOf(page, '[data-testid="balance"]');

    await page.locator('[data-testid="free-rounds-accept"]').click();
    await offer.waitFor({ state: "hidden" });
    expect(await playButton(page).textContent()).toContain("Free round · 3 left");
    expect(await textOf(page, '[data-testid="play-stake"]')).toBe(usd(100n));
    expect(await page.getByRole("textbox", { name: /^Bet amount/ }).isDisabled()).toBe(true);
    expect(await page.getByRole("tab", { name: "Auto" }).count()).toBe(0);
    expect(await textOf(page, '[data-testid="free-rounds-bar"]')).toContain(usd(100n));

    await playFreeRound(page, 2);
    expect(await textOf(page, '[data-testid="round-result"]')).not.toBe("");
    await playFreeRound(page, 1);
    await playFreeRound(page, null);

    const history = await rgs.game<HistoryResponse>(token, "GET", "/game/history?limit=10");
    expect(history.rounds).toHaveLength(3);
    const won = history.rounds.reduce((sum, round) => sum + minor(round.payout), 0n);
    expect(await textOf(page, '[data-testid="free-rounds-total"]')).toBe(usd(won));
    expect(await textOf(page, '[data-testid="free-rounds-summary"] p.free-rounds-facts')).toBe(
      "Total won in 3 free rounds",
    );
    // Nothing was taken from the balance: it moved by what the rounds paid only.
    const expected = minor(balanceBefore.replace(/[^0-9.]/g, "")) + won;
    await page.waitForFunction(
      (text) => document.querySelector('[data-testid="balance"]')?.textContent?.trim() === text,
      usd(expected),
    );

    await docsScreenshot(context, page, "free-rounds-summary-en-1280");
    await page.locator('[data-testid="free-rounds-close"]').click();
    expect(await playButton(page).textContent()).toMatch(/^Bet/);
    expect(await page.getByRole("textbox", { name: /^Bet amount/ }).isDisabled()).toBe(false);
    expect(await page.locator('[data-testid="free-rounds-bar"]').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  }, 120_000);

  it("plays a cash-out game's free round to its end", async () => {
    await grant(PLAYERS.mines, 1, { game: MINES, params: { mines: 3 } });
    const page = await open(await launch(PLAYERS.mines, MINES));
    await page.locator('[data-testid="free-rounds-accept"]').click();
    expect(await playButton(page).textContent()).toContain("Free round · 1 left");
    await playButton(page).click();
    await finishMines(page, page.locator('[data-testid="free-rounds-summary"]'));
    expect(await textOf(page, '[data-testid="free-rounds-summary"] p.free-rounds-facts')).toBe(
      "Total won in 1 free round",
    );
    await page.close();
  }, 90_000);

  it("resumes a free round left open by a reload as a free round, without offering the rounds again", async () => {
    await grant(PLAYERS.reloaded, 2, { game: MINES, params: { mines: 3 } });
    const launchUrl = await launch(PLAYERS.reloaded, MINES);
    const page = await open(launchUrl);
    await page.setViewportSize(SCREENS[1]);
    await page.locator('[data-testid="free-rounds-accept"]').click();
    await playButton(page).click();
    await page.locator('[data-testid="moves"]').waitFor();

    await page.goto(`${launchUrl}&lang=en`);
    await page.locator('[data-testid="moves"]').waitFor();
    await page.locator('[data-testid="free-rounds-bar"]').waitFor();
    expect(await page.locator('[data-testid="free-rounds-offer"]').count()).toBe(0);
    expect(await textOf(page, '[data-testid="free-rounds-bar"]')).toContain(usd(100n));
    // Ended, the resumed round counts as one of the free rounds: one is left, still at the fixed bet.
    const oneLeft = playButton(page).and(page.locator(":enabled")).filter({ hasText: "Free round · 1 left" });
    await finishMines(page, oneLeft);
    expect(await page.locator('[data-testid="free-rounds-offer"]').count()).toBe(0);
    await playButton(page).click();
    await finishMines(page, page.locator('[data-testid="free-rounds-summary"]'));
    expect(await textOf(page, '[data-testid="free-rounds-summary"] p.free-rounds-facts')).toBe(
      "Total won in 2 free rounds",
    );
    await page.close();
  }, 90_000);

  it("says plainly when the campaign was cancelled and goes back to paid play", async () => {
    const campaignId = await grant(PLAYERS.cancelled, 2);
    const page = await open(await launch(PLAYERS.cancelled, DICE));
    await page.locator('[data-testid="free-rounds-accept"]').click();
    await operatorPost(`/operator/campaigns/${campaignId}/cancel`, {});
    await playButton(page).click();
    await page.getByText("Your free rounds are no longer available").waitFor();
    expect(await playButton(page).textContent()).toMatch(/^Bet/);
    expect(await page.getByRole("textbox", { name: /^Bet amount/ }).isDisabled()).toBe(false);
    await page.close();
  }, 60_000);

  it("speaks of coins and plays, never of money, in a session without money wording", async () => {
    await grant(PLAYERS.social, 1, { currency: "GC", bet: "100.00" });
    const { launchUrl } = await realLaunch(rgs.baseUrl, operator, PLAYERS.social, DICE, {
      jurisdiction: "SOCIAL",
      currency: "GC",
    });
    const page = await open(launchUrl);
    const moneyWords = /(?<!\p{L})(bet|bets|betting|stake|payout|cash|won|win)(?!\p{L})/iu;
    const offer = (await page.locator('[data-testid="free-rounds-offer"]').textContent()) ?? "";
    expect(offer).toContain("Coins per play");
    expect(offer).not.toMatch(moneyWords);
    await page.locator('[data-testid="free-rounds-accept"]').click();
    expect(await textOf(page, '[data-testid="free-rounds-bar"]')).not.toMatch(moneyWords);
    expect(await playButton(page).textContent()).not.toMatch(moneyWords);
    await playFreeRound(page, null);
    const summary = await textOf(page, '[data-testid="free-rounds-summary"] p.free-rounds-facts');
    expect(summary).toBe("Prizes from 1 free play");
    await page.close();
  }, 60_000);

  it("shows the offer whole on every screen, and on the docs' screens in English and German", async () => {
    for (const [index, screen] of SCREENS.entries()) {
      const playerId = PLAYERS.screens[index] as string;
      await grant(playerId, 10);
      const launchUrl = await launch(playerId, DICE);
      for (const language of ["en", "de"]) {
        const page = await open(launchUrl, language);
        await page.setViewportSize(screen);
        for (const testId of ["free-rounds-accept", "free-rounds-later"]) {
          const box = await page.locator(`[data-testid="${testId}"]`).boundingBox();
          expect(box, `${testId} at ${screen.width}`).not.toBeNull();
          expect((box?.y ?? 0) + (box?.height ?? 0)).toBeLessThanOrEqual(screen.height);
          expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(screen.width);
        }
        const docs = screen.width === 375 || screen.width === 1280;
        if (docs) await docsScreenshot(context, page, `free-rounds-offer-${language}-${screen.width}`);
        await page.locator('[data-testid="free-rounds-accept"]').click();
        const bet = await playButton(page).boundingBox();
        expect((bet?.y ?? 0) + (bet?.height ?? 0), `Bet at ${screen.width}`).toBeLessThanOrEqual(
          screen.height,
        );
        if (docs) await docsScreenshot(context, page, `free-rounds-playing-${language}-${screen.width}`);
        await page.close();
      }
    }
  }, 180_000);

  it("words the offer in every language of the client, with no text missing", async () => {
    await grant(PLAYERS.languages, 5);
    const launchUrl = await launch(PLAYERS.languages, DICE);
    for (const { tag } of CLIENT_LANGUAGES) {
      const page = await open(launchUrl, tag);
      const text = (await page.locator('[data-testid="free-rounds-offer"]').textContent()) ?? "";
      expect(text, tag).not.toContain("freerounds.");
      expect(text, tag).toContain("5");
      if (tag !== "en") expect(text, tag).not.toContain("Play free rounds");
      await page.locator('[data-testid="free-rounds-later"]').click();
      const bar = await textOf(page, '[data-testid="free-rounds-bar"]');
      expect(bar, tag).not.toContain("freerounds.");
      await page.close();
    }
  }, 180_000);
});
