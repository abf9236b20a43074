/**
 * A SOCIAL session speaks of no betting or money: every game, in every language that has a social wording
 * (src/i18n/social/<tag>.ts), in Chromium against a real RGS, shows none of its language's money words (the
 * list in ../i18n/money-words.ts, kept for all thirteen) on its first screen, its Rules tab, its My plays tab
 * and its fairness panel, on a phone and on a desktop: their text and their controls' names.
 *
 * Every text of every catalogue is checked in every language by ../i18n/social.test.ts; what this suite adds
 * is the page as rendered (values put into the texts, the controls' names). So each game is read in English
 * and two more languages, taken in turn so that the games together cover all thirteen, and dice in every
 * language with a round in My plays: the whole product of games, languages and tabs took over ten minutes.
 */

import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { GAME_SLUGS, gamesBySlug } from "@rgs/protocol/catalog";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumAvailable } from "../../../../test-support/services.ts";
import { moneyWords } from "../i18n/money-words.ts";
import { type Chromium, openChromium, SCREENS, SCREENSHOTS } from "./chromium.ts";
import { buildClient } from "./client-build.ts";
import { type Rgs, startRgs } from "./rgs-process.ts";

const GAMES = GAME_SLUGS.map((slug) => gamesBySlug(slug)[0]?.code ?? slug);

/** English and the next two languages in turn: the games together read every language. */
function languagesOf(gameIndex: number): string[] {
  const others = LANGUAGES.filter((language) => language !== "en");
  const pick = (k: number) => others[(2 * gameIndex + k) % others.length] ?? "en";
  return [...new Set(["en", pick(0), pick(1)])];
}
const SOCIAL = fileURLToPath(new URL("../../src/i18n/social/", import.meta.url));
const LANGUAGES = readdirSync(SOCIAL).map((name) => name.replace(/\.ts$/, ""));
const available = await chromiumAvailable();

let rgs: Rgs;
let browser: Chromium;
let context: BrowserContext;

/** What the player can read: the page's text, and the names of its controls. */
function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const names = Array.from(document.querySelectorAll("[aria-label], [title], [placeholder]")).map((node) =>
      ["aria-label", "title", "placeholder"].map((name) => node.getAttribute(name) ?? "").join(" "),
    );
    // innerText, not textContent: the rendered text only, what the player can read.
    // biome-ignore lint/performance/useDomNodeTextContent: hidden text is not what this test reads
    return `${document.body.innerText}\n${names.join("\n")}\n${document.title}`;
  });
}

const PHONE = SCREENS[0];
const DESKTOP = SCREENS[3];
const TABS = ["rules", "history", "fairness"] as const;

/** The tab's panel, once it shows what it has to show (the fairness panel is fetched when first opened). */
async function openTab(page: Page, tab: (typeof TABS)[number]): Promise<void> {
  await page.locator(`#tab-${tab}`).click();
  const ready = {
    rules: '[data-testid="rules"]',
    history: '[data-testid="history"], [data-testid="history-empty"]',
    fairness: '[data-testid="fairness"]',
  };
  await page.locator(ready[tab]).first().waitFor({ timeout: 20_000 });
}

/** The money words the page shows on its first screen and each tab, at a phone's width then a desktop's. */
async function moneyWordsOnEveryTab(page: Page, language: string): Promise<string[]> {
  const found: string[] = [];
  for (const screen of [PHONE, DESKTOP]) {
    await page.setViewportSize(screen);
    const where = `${language} at ${screen.width}`;
    const first = moneyWords(await visibleText(page), language);
    if (first.length > 0) found.push(`${where}, first screen: ${first.join(", ")}`);
    for (const tab of TABS) {
      await openTab(page, tab);
      const words = moneyWords(await visibleText(page), language);
      if (words.length > 0) found.push(`${where}, ${tab}: ${words.join(", ")}`);
    }
    await page.locator("#tab-history").click();
  }
  return found;
}

async function launchSocial(code: string): Promise<string> {
  for (const currency of ["GC", "USD"]) {
    try {
      return (await rgs.launch(code, { jurisdiction: "SOCIAL", currency })).launchUrl;
    } catch (error) {
      if (currency === "USD") throw error;
    }
  }
  throw new Error("unreachable");
}

describe.skipIf(!available)("the social wording", () => {
  beforeAll(async () => {
    await buildClient();
    rgs = await startRgs();
    browser = await openChromium({ viewport: PHONE, fastPlay: true });
    context = browser.context;
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await rgs?.stop();
  });

  for (const [index, code] of GAMES.entries()) {
    const languages = languagesOf(index);
    it(`${code}: no money words in ${languages.join(", ")}, on any tab, on a phone or a desktop`, async () => {
      const launchUrl = await launchSocial(code);
      const page = await context.newPage();
      try {
        const found: string[] = [];
        for (const language of languages) {
          await page.setViewportSize(PHONE);
          await page.goto(`${launchUrl}&lang=${language}`);
          await page
            .locator('[data-testid="play"], [data-testid="moves"]')
            .first()
            .waitFor({ timeout: 20_000 });
          found.push(...(await moneyWordsOnEveryTab(page, language)));
        }
        expect(found).toEqual([]);
      } finally {
        await page.close();
      }
    }, 240_000);
  }

  it("dice: no money words in My plays with a round in it, in any language", async () => {
    const launchUrl = await launchSocial(gamesBySlug("dice")[0]?.code ?? "dice");
    const page = await context.newPage();
    try {
      await page.setViewportSize(PHONE);
      await page.goto(launchUrl);
      await page.locator('[data-testid="play"]').click();
      await page.locator("#tab-history").click();
      await page.locator('[data-testid="history"] tbody tr').first().waitFor({ timeout: 20_000 });
      const found: string[] = [];
      for (const language of LANGUAGES) {
        await page.setViewportSize(PHONE);
        await page.goto(`${launchUrl}&lang=${language}`);
        await page.locator('[data-testid="play"]').waitFor({ timeout: 20_000 });
        found.push(...(await moneyWordsOnEveryTab(page, language)));
      }
      expect(found).toEqual([]);
      await page.locator("#tab-history").click();
      await page.screenshot({ path: `${SCREENSHOTS}social-history-desktop.png` });
    } finally {
      await page.close();
    }
  }, 240_000);
});
