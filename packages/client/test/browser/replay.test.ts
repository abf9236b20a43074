/**
 * Replay links in Chromium against a real RGS: a round of a few games opened by its link, without a session,
 * at 360×640, 375×667, 390×844 and 1280×800, in its game's own view with its figures and fairness data; the
 * verify button once the seed pair is rotated; the page in every language; My bets linking to it. Screenshots
 * at 375 and 1280 px go to artifacts/screenshots/replay-*.png.
 */
import { writeFileSync } from "node:fs";
import path from "node:path";
import { CLIENT_LANGUAGES } from "@rgs/protocol/languages";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumAvailable } from "../../../../test-support/services.ts";
import replayEnglish from "../../src/i18n/replay.en.ts";
import { type Chromium, openChromium, recordingPage, SCREENS, SCREENSHOTS } from "./chromium.ts";
import { buildClient } from "./client-build.ts";
import { type Rgs, startRgs } from "./rgs-process.ts";

interface Played {
  id: string;
  payout: string;
  replayUrl: string;
}

const available = await chromiumAvailable();
let rgs: Rgs;
let browser: Chromium;
let context: BrowserContext;

/** One finished round of a game through the game API, and its replay link from the player's history. */
async function playToEnd(code: string, params: unknown, moves: { action: string; params?: unknown }[] = []) {
  const { token } = await rgs.launch(code);
  type Answer = { round: { id: string; status: string } };
  let answer = await rgs.game<Answer>(token, "POST", "/game/play", { amount: "1.00", params });
  for (const move of moves) {
    if (answer.round.status !== "open") break;
    answer = await rgs.game<Answer>(token, "POST", "/game/action", { roundId: answer.round.id, ...move });
  }
  const history = await rgs.game<{ rounds: Played[] }>(token, "GET", "/game/history");
  const round = history.rounds.find((entry) => entry.id === answer.round.id);
  if (!round) throw new Error(`${code}: the round is not in the history`);
  return { token, round };
}

/** Horizontal overflow of the page, and any text of the side panel cut by its box. */
function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    const overflow = document.documentElement.scrollWidth - window.innerWidth;
    if (overflow > 0) found.push(`the page overflows by ${overflow}px`);
    for (const element of Array.from(
      document.querySelectorAll(".replay-fact dd, .replay-badge, button, h1"),
    )) {
      const html = element as HTMLElement;
      if (html.offsetParent === null) continue;
      if (html.scrollWidth > html.clientWidth + 1)
        found.push(`"${(html.textContent ?? "").slice(0, 30)}" is cut`);
      const box = html.getBoundingClientRect();
      if (box.right > window.innerWidth + 1)
        found.push(`"${(html.textContent ?? "").slice(0, 30)}" leaves the screen`);
    }
    return found;
  });
}

describe.skipIf(!available)("replay links in Chromium", () => {
  beforeAll(async () => {
    await buildClient();
    rgs = await startRgs();
    browser = await openChromium({ viewport: SCREENS[1] });
    context = browser.context;
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await rgs?.stop();
  });

  const GAMES = [
    { slug: "dice", code: "dice-alpha", params: { condition: "over", target: "50.50" }, moves: [] },
    { slug: "plinko", code: "plinko-alpha", params: { rows: 12, risk: "medium" }, moves: [] },
    {
      slug: "mines",
      code: "mines-alpha",
      params: { mines: 3 },
      moves: [{ action: "reveal", params: { tile: 7 } }, { action: "cash_out" }],
    },
  ];

  for (const game of GAMES) {
    it(`${game.code}: shows the round read-only in its own view on every screen`, async () => {
      const { round } = await playToEnd(game.code, game.params, game.moves);
      const errors: string[] = [];
      const page = await recordingPage(context, errors);
      try {
        for (const screen of SCREENS) {
          await page.setViewportSize(screen);
          await page.goto(round.replayUrl);
          await page.locator('[data-testid="replay"][data-status="closed"]').waitFor({ timeout: 60_000 });
          expect(await page.locator(".replay-badge").textContent()).toBe(replayEnglish["replay.badge"]);
          expect(await page.locator('[data-fact="round"] dd').textContent()).toBe(round.id);
          await expect.poll(() => page.locator(".shell-board").isVisible()).toBe(true);
          expect(await page.locator('[data-testid="play"]').count(), "no bet on a replay").toBe(0);
          expect(await page.locator('[data-testid="replay-unrevealed"]').isVisible()).toBe(true);
          expect(await layoutProblems(page), `${game.code} at ${screen.width}px`).toEqual([]);
          if (screen.width === 375 || screen.width === 1280) {
            writeFileSync(
              path.join(SCREENSHOTS, `replay-${game.slug}-${screen.width}.png`),
              await page.screenshot({ fullPage: false }),
            );
          }
        }
        expect(errors).toEqual([]);
      } finally {
        await page.close();
      }
    }, 180_000);
  }

  it("verifies the round in the browser once its seed pair is rotated", async () => {
    const { token, round } = await playToEnd("dice-alpha", { condition: "under", target: "25.00" });
    await rgs.game(token, "POST", "/seed/rotate", {});
    const errors: string[] = [];
    const page = await recordingPage(context, errors);
    try {
      await page.setViewportSize(SCREENS[3]);
      await page.goto(round.replayUrl);
      await page.locator('[data-testid="replay-server-seed"]').waitFor({ timeout: 60_000 });
      // The settings show the round's own choice, not the game's default.
      expect(await page.locator(".replay-settings input.views-input").first().inputValue()).toBe("25.00");
      await page.locator('[data-testid="replay-verify"]').click();
      await page.locator('[data-testid="verify-result"]').waitFor();
      expect(await page.locator('[data-testid="verify-result"]').getAttribute("data-status")).toBe("match");
      writeFileSync(path.join(SCREENSHOTS, "replay-dice-verified-1280.png"), await page.screenshot());
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 180_000);

  it("speaks every language, with nothing cut at 375 px", async () => {
    const { round } = await playToEnd("dice-alpha", { condition: "over", target: "50.50" });
    const errors: string[] = [];
    const page = await recordingPage(context, errors);
    try {
      await page.setViewportSize(SCREENS[1]);
      for (const { tag } of CLIENT_LANGUAGES) {
        await page.goto(`${round.replayUrl}?lang=${tag}`);
        await page.locator('[data-testid="replay"]').waitFor({ timeout: 60_000 });
        // A language's texts are fetched when it is chosen: the page may show before they arrive.
        await page
          .waitForFunction((lang) => document.documentElement.lang === lang, tag, { timeout: 20_000 })
          .catch(() => {});
        expect(await page.evaluate(() => document.documentElement.lang)).toBe(tag);
        const badge = await page.locator(".replay-badge").textContent();
        if (tag !== "en") expect(badge, tag).not.toBe(replayEnglish["replay.badge"]);
        expect(await layoutProblems(page), tag).toEqual([]);
        if (tag === "ja")
          writeFileSync(path.join(SCREENSHOTS, "replay-dice-375-ja.png"), await page.screenshot());
      }
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 180_000);

  it("says so when the link names no round, and never shows one for a bare round ID", async () => {
    const { round } = await playToEnd("dice-alpha", { condition: "over", target: "50.50" });
    for (const url of [`${rgs.baseUrl}/replay/${round.id}`, `${round.replayUrl.slice(0, -2)}AA`]) {
      const response = await fetch(url);
      expect(response.status).toBe(404);
      expect(await response.text()).not.toContain('id="app"');
    }
  }, 60_000);

  it("is linked from the player's My bets", async () => {
    const { launchUrl } = await rgs.launch("dice-alpha");
    const errors: string[] = [];
    const page = await recordingPage(context, errors);
    try {
      await page.setViewportSize(SCREENS[3]);
      await page.goto(launchUrl);
      await page.locator('[data-testid="play"]:not([disabled])').click();
      const link = page.locator('[data-testid="history-replay"]').first();
      await link.waitFor({ timeout: 60_000 });
      const href = (await link.getAttribute("href")) ?? "";
      expect(href).toMatch(new RegExp(`^${rgs.baseUrl}/replay/[A-Za-z0-9_-]{44}$`));
      const id = await page
        .locator('[data-testid="history"] tr[data-round-id]')
        .first()
        .getAttribute("data-round-id");
      await page.goto(href);
      await page.locator('[data-testid="replay"]').waitFor({ timeout: 60_000 });
      expect(await page.locator('[data-fact="round"] dd').textContent()).toBe(id);
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 180_000);
});
