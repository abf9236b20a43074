/**
 * Every game on a phone and on a desktop, in Chromium against a real RGS. One page per game, reused across
 * four screens (360×640, 375×667, 390×844 and 1280×800):
 *
 * - no horizontal overflow, and the balance, the board and the main action on the first screen, before a
 *   round and after one, and while a round is open its moves;
 * - a round played to its end on the smallest screen after scrolling down to the panels: its result is in
 *   view, uncovered, when it lands;
 * - at 375 px, in each of the 13 languages, no control's text overflows or is clipped (with a round open
 *   in the games whose bet opens one, so that its moves are checked too);
 * - English pages fetch no other language's texts, and a language's texts are fetched when it is chosen.
 *
 * Screenshots of each game after its round, at 375 and 1280 px, go to artifacts/screenshots/; with
 * UPDATE_DOCS_SCREENSHOTS=1 they are also written as WebP to docs/game-client/ for docs/game-client.md.
 */
import { GAME_SLUGS, gamesBySlug } from "@rgs/protocol/catalog";
import { CLIENT_LANGUAGES } from "@rgs/protocol/languages";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumAvailable } from "../../../../test-support/services.ts";
import { type Chromium, openChromium, recordingPage, SCREENS } from "./chromium.ts";
import { buildClient } from "./client-build.ts";
import { docsScreenshot } from "./doc-screenshots.ts";
import { type Rgs, startRgs } from "./rgs-process.ts";

const SMALLEST = SCREENS[0];
const PHONE = SCREENS[1];
const DESKTOP = SCREENS[3];

/**
 * What moves a round on when it stays open, per game: the first enabled match is clicked. Cash-out games are
 * cashed out as soon as they can be; a flight is left to the server's clock.
 */
const STEPS: Record<string, string> = {
  mines: "[data-tile]:not([disabled])",
  mines_mania: "[data-tile]:not([disabled])",
  towers: "[data-tile]:not([disabled])",
  degen_mining: "[data-shaft]:not([disabled])",
  hilo: '[data-action]:not([data-action="skip"]):not([disabled])',
  coinflip: '[data-action="heads"]:not([disabled])',
  rock_paper_scissors: '[data-action="rock"]:not([disabled])',
  doctor_pump: '[data-action="pump"]:not([disabled])',
  chicken_crossing: '[data-action="step"]:not([disabled])',
  blackjack: '[data-action="decline_insurance"]:not([disabled]), [data-action="stand"]:not([disabled])',
  blackjack_multi: '[data-action="decline_insurance"]:not([disabled]), [data-action="stand"]:not([disabled])',
  craps: '[data-action="roll"]:not([disabled])',
  war: '[data-action="surrender"]:not([disabled])',
};

/** One code of each game (its first in the catalog). */
const GAMES = GAME_SLUGS.map((slug) => ({ slug, code: gamesBySlug(slug)[0]?.code ?? slug }));

const available = await chromiumAvailable();

let rgs: Rgs;
let browser: Chromium;
let context: BrowserContext;

interface Box {
  top: number;
  bottom: number;
  left: number;
  right: number;
}

/** What must share the first screen, measured in the page as it is (not scrolled). */
interface FirstScreen {
  overflow: number;
  viewport: { width: number; height: number };
  balance: Box | null;
  board: Box | null;
  action: Box | null;
}

function measure(page: Page): Promise<FirstScreen> {
  return page.evaluate(() => {
    const box = (element: Element | null) => {
      if (!element) return null;
      const rect = element.getBoundingClientRect();
      return { top: rect.top, bottom: rect.bottom, left: rect.left, right: rect.right };
    };
    const visible = (element: Element) => (element as HTMLElement).offsetParent !== null;
    const action = Array.from(document.querySelectorAll("[data-main-action]")).find(visible) ?? null;
    return {
      overflow: document.documentElement.scrollWidth - window.innerWidth,
      viewport: { width: window.innerWidth, height: window.innerHeight },
      balance: box(document.querySelector('[data-testid="balance"]')),
      board: box(document.querySelector(".shell-board")),
      action: box(action),
    };
  });
}

function expectOnFirstScreen(screen: FirstScreen, what: string): void {
  expect(screen.overflow, `${what}: horizontal overflow`).toBeLessThanOrEqual(0);
  const { width, height } = screen.viewport;
  for (const [name, box] of [
    ["balance", screen.balance],
    ["board", screen.board],
    ["main action", screen.action],
  ] as const) {
    expect(box, `${what}: ${name} shown`).not.toBeNull();
    if (!box) continue;
    const where = `${what}: ${name} ${JSON.stringify(box)} within ${width}×${height}`;
    expect(box.top, where).toBeGreaterThanOrEqual(-1);
    expect(box.left, where).toBeGreaterThanOrEqual(-1);
    expect(box.bottom, where).toBeLessThanOrEqual(height + 1);
    expect(box.right, where).toBeLessThanOrEqual(width + 1);
  }
}

/** Resizes, lets the layout settle, and scrolls to the top as a player opening the game would be. */
async function resize(page: Page, screen: { width: number; height: number }, top = true): Promise<void> {
  await page.setViewportSize(screen);
  await page.evaluate(
    (scroll) =>
      new Promise<void>((resolve) =>
        requestAnimationFrame(() => {
          if (scroll) window.scrollTo(0, 0);
          requestAnimationFrame(() => resolve());
        }),
      ),
    top,
  );
}

/**
 * The round's result line when it lands: its text, and whether it is in view and on top at its centre (not
 * under the top bar or the bet bar).
 */
function resultInView(page: Page): Promise<{ outcome: string; text: string; inView: boolean; box: Box }> {
  return page.evaluate(() => {
    const line = document.querySelector('[data-testid="round-result"]') as HTMLElement;
    const rect = line.getBoundingClientRect();
    const x = Math.min(Math.max((rect.left + rect.right) / 2, 0), window.innerWidth - 1);
    const y = (rect.top + rect.bottom) / 2;
    const hit = y >= 0 && y < window.innerHeight ? document.elementFromPoint(x, y) : null;
    return {
      outcome: line.dataset.outcome ?? "",
      text: line.textContent ?? "",
      inView: rect.top >= 0 && rect.bottom <= window.innerHeight && hit !== null && line.contains(hit),
      box: { top: rect.top, bottom: rect.bottom, left: rect.left, right: rect.right },
    };
  });
}

/** Bets with the view's defaults, moves the round on until it ends, and waits for its result line. */
async function playRound(page: Page, slug: string): Promise<void> {
  await page.locator('[data-testid="play"]:not([disabled])').click();
  const result = page.locator('[data-testid="round-result"]');
  const step = STEPS[slug];
  for (let turn = 0; turn < 80; turn++) {
    const landed =
      (await result.getAttribute("data-outcome")) !== "none" &&
      (await page.locator('[data-testid="play"]:not([disabled])').count()) > 0;
    if (landed) return;
    const cashOut = page.locator('[data-testid="cash-out"]:not([disabled])');
    if ((await cashOut.count()) > 0) await cashOut.first().click();
    else if (step && (await page.locator(step).count()) > 0) await page.locator(step).first().click();
    await page.waitForTimeout(150);
  }
  throw new Error(`${slug}: the round did not end`);
}

/**
 * Controls whose text overflows its box or is cut, at the page's current size: every line of text inside a
 * control must lie within the control and within any box that clips it, and the text a select shows must fit
 * its width. (Badges drawn over a control, such as a chip on a bet, are not text and may stick out.)
 */
function overflowingControls(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const canvas = document.createElement("canvas").getContext("2d") as CanvasRenderingContext2D;
    const found: string[] = [];
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()} "${(element.textContent ?? "").trim().slice(0, 40)}"`;
    const controls = document.querySelectorAll("button, [role=tab], label, select, a, .field-label");
    for (const control of Array.from(controls)) {
      const html = control as HTMLElement;
      if (html.offsetParent === null) continue;
      const box = html.getBoundingClientRect();
      if (box.width === 0 || box.height === 0) continue;
      if (control instanceof HTMLSelectElement) {
        const style = getComputedStyle(control);
        canvas.font = `${style.fontWeight} ${style.fontSize} ${style.fontFamily}`;
        const text = control.selectedOptions[0]?.text ?? "";
        const room =
          control.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
        if (canvas.measureText(text).width > room + 1) found.push(`${name(control)} cuts "${text}"`);
        continue;
      }
      const walker = document.createTreeWalker(control, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        if (!(node.textContent ?? "").trim()) continue;
        const parent = node.parentElement as HTMLElement;
        if (parent.offsetParent === null && parent !== html) continue;
        // The boxes that bound this text: the control, and every clipping box between the text and it.
        const bounds: DOMRect[] = [box];
        for (let at: HTMLElement | null = parent; at && at !== html; at = at.parentElement) {
          if (getComputedStyle(at).position === "absolute") {
            bounds.length = 0;
            break;
          }
          const style = getComputedStyle(at);
          if (style.overflowX !== "visible" || style.overflowY !== "visible")
            bounds.push(at.getBoundingClientRect());
        }
        const range = document.createRange();
        range.selectNodeContents(node);
        for (const line of Array.from(range.getClientRects())) {
          if (line.width === 0) continue;
          const outside = bounds.find(
            (b) =>
              line.left < b.left - 1 ||
              line.right > b.right + 1 ||
              line.top < b.top - 2 ||
              line.bottom > b.bottom + 2,
          );
          if (outside || line.right > window.innerWidth + 1 || line.left < -1) {
            found.push(`${name(control)}: "${(node.textContent ?? "").trim().slice(0, 30)}" does not fit`);
            break;
          }
        }
      }
    }
    return found;
  });
}

/** The languages whose texts a page fetched: `texts.de-….js` gives "de". */
function catalogLanguages(urls: readonly string[]): string[] {
  const languages = new Set<string>();
  for (const url of urls) {
    const match = /\/assets\/texts\.([A-Za-z-]+?)-[\w-]{8}\.js$/.exec(url);
    if (match?.[1]) languages.add(match[1]);
  }
  return [...languages].sort();
}

describe.skipIf(!available)("every game on a phone and a desktop", () => {
  beforeAll(async () => {
    await buildClient();
    rgs = await startRgs();
    // Fast play: results are drawn at once, so a round's end is there to measure.
    browser = await openChromium({ viewport: PHONE, fastPlay: true });
    context = browser.context;
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await rgs?.stop();
  });

  for (const { slug, code } of GAMES) {
    it(`${code}: fits every screen before and after a round, its result in view, in every language`, async () => {
      const { launchUrl } = await rgs.launch(code);
      const errors: string[] = [];
      const scripts: string[] = [];
      const page = await recordingPage(context, errors);
      page.on("request", (request) => {
        if (request.resourceType() === "script") scripts.push(request.url());
      });
      try {
        await page.setViewportSize(SMALLEST);
        await page.goto(launchUrl);
        await page.locator('[data-testid="play"]:not([disabled])').waitFor({ timeout: 20_000 });
        expect(catalogLanguages(scripts), "an English page fetches English texts only").toEqual(["en"]);

        for (const screen of SCREENS) {
          await resize(page, screen);
          expectOnFirstScreen(
            await measure(page),
            `${slug} before a round at ${screen.width}×${screen.height}`,
          );
        }

        // The player has scrolled down to the panels, and bets from the bet bar that stays on screen.
        await resize(page, SMALLEST);
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        await playRound(page, slug);
        const landed = await resultInView(page);
        expect(landed.text, `${slug}: the result says how the round ended`).not.toBe("");
        expect(landed.inView, `${slug}: the result ${JSON.stringify(landed.box)} in view when it lands`).toBe(
          true,
        );
        expectOnFirstScreen(await measure(page), `${slug} after a round at 360×640`);

        for (const screen of SCREENS.slice(1)) {
          await resize(page, screen);
          const what = `${slug} after a round at ${screen.width}×${screen.height}`;
          expectOnFirstScreen(await measure(page), what);
          expect((await resultInView(page)).inView, `${what}: result in view`).toBe(true);
          if (screen === PHONE || screen === DESKTOP)
            await docsScreenshot(context, page, `${slug}-${screen.width}`);
        }

        // Every language at 375 px: the same session, opened again with the language in the URL. A game with
        // moves is left with a round open (when its bet opens one), so its moves are checked too.
        await resize(page, PHONE);
        if (STEPS[slug]) {
          await page.locator('[data-testid="play"]:not([disabled])').click();
          await page.locator('[data-testid="moves"], [data-testid="play"]:not([disabled])').first().waitFor();
          // While the round is open its moves (Hit, Stand, Cash out, Roll...) are the main action: on the first
          // screen with the balance and the board, on every screen.
          for (const screen of SCREENS) {
            await resize(page, screen);
            expectOnFirstScreen(
              await measure(page),
              `${slug} with a round open at ${screen.width}×${screen.height}`,
            );
          }
          await resize(page, PHONE);
        }
        const overflowing: string[] = [];
        for (const { tag } of CLIENT_LANGUAGES) {
          scripts.length = 0;
          await page.goto(`${launchUrl}&lang=${tag}`);
          await page.locator("[data-main-action]").first().waitFor({ timeout: 20_000 });
          expect(await page.evaluate(() => document.documentElement.lang)).toBe(tag);
          expect(catalogLanguages(scripts), `${tag}: the texts fetched`).toEqual([tag]);
          overflowing.push(...(await overflowingControls(page)).map((found) => `${tag}: ${found}`));
        }
        expect(overflowing, `${slug}: controls whose text does not fit at 375 px`).toEqual([]);
        expect(errors).toEqual([]);
      } finally {
        await page.close();
      }
    }, 120_000);
  }
});
