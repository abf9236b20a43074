/**
 * The game client under a session's jurisdiction profile, in Chromium against a real RGS, at every screen of
 * the layout suite: UKGC offers no autobet, fast play or shortcuts, counts the minimum round time down on the
 * Bet button, keeps the time played and the net position in the top bar and shows the reality check, which
 * holds the next round until Continue while a round already open is let finish; the responsible-gambling
 * links are in the menu; a resumed round is said; a default session plays as before.
 *
 * The server's figures are used as sent, but for what a test cannot wait for: a reality check falling due
 * (the shortest interval is ten minutes) is a refusal or a due time written over the server's answer here,
 * and so are the operator's responsible-gambling links and, for the docs' screenshots, an hour of play.
 */
import { gamesBySlug } from "@rgs/protocol/catalog";
import type { BrowserContext, Page, Route } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumAvailable } from "../../../../test-support/services.ts";
import { type Chromium, openChromium, SCREENS } from "./chromium.ts";
import { buildClient } from "./client-build.ts";
import { docsScreenshot } from "./doc-screenshots.ts";
import { type Rgs, startRgs } from "./rgs-process.ts";

const available = await chromiumAvailable();
const MINES = gamesBySlug("mines")[0]?.code ?? "mines";
const LINKS = {
  responsibleGambling: "https://casino.example/safer",
  limits: "https://casino.example/limits",
};

let rgs: Rgs;
let browser: Chromium;
let context: BrowserContext;

interface Figures {
  startedAt?: string;
  netPosition?: string;
  realityCheckDueAt?: string | null;
  links?: Record<string, string>;
}

/**
 * A page whose /game/current answers carry `figures` over the server's, and whose next bet is refused with
 * `refusal` (status 409) when one is given; POST /game/reality-check is the server's, counted.
 */
async function openGame(
  launchUrl: string,
  figures: Figures,
  viewport: { width: number; height: number },
  refusal?: Record<string, unknown>,
): Promise<{ page: Page; acknowledged: () => number; errors: string[] }> {
  const page = await context.newPage();
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  await page.setViewportSize(viewport);
  let acks = 0;
  let refuse = refusal;
  await page.route("**/game/current", async (route: Route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { session: Record<string, unknown> };
    await route.fulfill({ response, json: { ...body, session: { ...body.session, ...figures } } });
  });
  await page.route("**/game/play", async (route: Route) => {
    if (!refuse) return route.continue();
    const body = { status: 409, title: "Conflict", detail: "refused", ...refuse };
    refuse = undefined;
    await route.fulfill({ status: 409, json: body });
  });
  await page.route("**/game/reality-check", async (route: Route) => {
    acks++;
    await route.continue();
  });
  await page.goto(launchUrl);
  await page.locator('[data-testid="play"], [data-testid="moves"]').first().waitFor({ timeout: 20_000 });
  return { page, acknowledged: () => acks, errors };
}

/** Whether the element is inside the viewport, with no horizontal overflow of the page. */
async function onScreen(page: Page, selector: string): Promise<boolean> {
  return page.evaluate((query) => {
    const element = document.querySelector(query);
    if (!element) return false;
    const box = element.getBoundingClientRect();
    const root = document.documentElement;
    return (
      box.width > 0 &&
      box.left >= 0 &&
      box.right <= root.clientWidth &&
      box.top >= 0 &&
      box.bottom <= window.innerHeight &&
      root.scrollWidth <= root.clientWidth
    );
  }, selector);
}

const playLabel = (page: Page) => page.locator('[data-testid="play"] .play-label').textContent();

describe.skipIf(!available)("the game client under a jurisdiction profile", () => {
  beforeAll(async () => {
    await buildClient();
    rgs = await startRgs();
    browser = await openChromium({ viewport: SCREENS[3], fastPlay: true });
    context = browser.context;
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await rgs?.stop();
  });

  for (const screen of SCREENS) {
    it(`UKGC at ${screen.width}x${screen.height}: no autobet or fast play, a countdown, time and net position on top`, async () => {
      const { launchUrl } = await rgs.launch("dice-alpha", { jurisdiction: "UKGC", countryCode: "GB" });
      const { page, errors } = await openGame(launchUrl, { links: LINKS }, screen);
      try {
        await page.locator('[data-testid="play"]:not([disabled])').waitFor();
        expect(await page.locator('[data-testid="mode-auto"]').count()).toBe(0);
        expect(await page.getByRole("button", { name: /animations/i }).count()).toBe(0);
        expect(await page.getByRole("button", { name: "Keyboard shortcuts" }).count()).toBe(0);
        expect(await onScreen(page, '[data-testid="session-timer"]')).toBe(true);
        expect(await onScreen(page, '[data-testid="net-position"]')).toBe(true);
        expect(await page.locator('[data-testid="session-timer"]').textContent()).toMatch(/^0:0\d:\d\d$/);
        expect(await page.locator('[data-testid="net-position"]').textContent()).toBe("0.00 USD");

        const balanceBefore = await page.locator('[data-testid="balance"]').textContent();
        await page.keyboard.press("Space");
        expect(await page.locator('[data-testid="balance"]').textContent()).toBe(balanceBefore);

        const stakeText = (await page.locator('[data-testid="play-stake"]').textContent()) ?? "";
        const stakeCents = Math.round(Number.parseFloat(stakeText) * 100);
        const clickedAt = Date.now();
        const played = page.waitForResponse((response) => response.url().endsWith("/game/play"), {
          timeout: 30_000,
        });
        await page.locator('[data-testid="play"]').click();
        expect((await played).status()).toBe(200);
        // The result is drawn, then what is left of the 2.5 s is counted down on the disabled button. A CI
        // machine at full load can starve the animation's frames; the view's reveal then ends by its time-out.
        await page
          .locator('[data-testid="round-result"]:not([data-outcome="none"])')
          .waitFor({ timeout: 30_000 });
        // Label and state read at one instant, so a slow machine cannot read them after the wait is over.
        const seen = await page.locator('[data-testid="play"]').evaluate((button) => ({
          label: button.querySelector(".play-label")?.textContent ?? "",
          disabled: (button as HTMLButtonElement).disabled,
          at: Date.now(),
        }));
        if (seen.at - clickedAt < 2_000) {
          expect(seen.label).toMatch(/^Next round in [123] s$/);
          expect(seen.disabled).toBe(true);
        }
        expect(await page.locator('[role="alert"]').count()).toBe(0);
        await page.locator('[data-testid="play"]:not([disabled])').waitFor({ timeout: 5_000 });
        expect(Date.now() - clickedAt).toBeGreaterThanOrEqual(2_400);
        expect(await playLabel(page)).toBe("Bet");
        const net = await page.locator('[data-testid="net-position"]').textContent();
        const outcome = await page.locator('[data-testid="round-result"]').getAttribute("data-outcome");
        // A dice round pays nothing or more than its stake: the net position moved by payout minus stake.
        if (outcome === "win") expect(net).toMatch(/^\+/);
        else expect(net).toBe(`−${(stakeCents / 100).toFixed(2)} USD`);
        if (outcome !== "win") {
          expect(await page.locator(".shell-balance.is-win").count()).toBe(0);
        }

        await page.locator('[data-testid="safety-menu"]').click();
        expect(await page.locator('[data-testid="safety-responsibleGambling"]').getAttribute("href")).toBe(
          LINKS.responsibleGambling,
        );
        expect(await page.locator('[data-testid="safety-limits"]').getAttribute("href")).toBe(LINKS.limits);
        expect(errors).toEqual([]);
      } finally {
        await page.close();
      }
    }, 60_000);
  }

  it("waits out a round refused as too soon with a countdown, not an error", async () => {
    const { launchUrl } = await rgs.launch("dice-alpha", { jurisdiction: "UKGC", countryCode: "GB" });
    const { page } = await openGame(launchUrl, {}, SCREENS[1], {
      code: "round_too_soon",
      retryAfterMs: 2200,
    });
    try {
      await page.locator('[data-testid="play"]:not([disabled])').click();
      await page.locator('[data-testid="play"][data-wait]').waitFor({ timeout: 5_000 });
      expect(await playLabel(page)).toMatch(/^Next round in [23] s$/);
      expect(await page.locator('[data-testid="notice"]').count()).toBe(0);
      await page.locator('[data-testid="play"]:not([disabled])').waitFor({ timeout: 5_000 });
    } finally {
      await page.close();
    }
  }, 30_000);

  for (const screen of [SCREENS[0], SCREENS[3]]) {
    it(`holds the next round at a reality check until Continue, at ${screen.width} px`, async () => {
      const { launchUrl } = await rgs.launch("dice-alpha", { jurisdiction: "UKGC", countryCode: "GB" });
      const { page, acknowledged } = await openGame(launchUrl, { netPosition: "1.50" }, screen, {
        code: "reality_check_due",
        playedSeconds: 3725,
        netPosition: "-4.20",
      });
      try {
        await page.locator('[data-testid="play"]:not([disabled])').click();
        const dialog = page.locator('[data-testid="reality-check"]');
        await dialog.waitFor();
        expect(await dialog.textContent()).toContain("You have been playing for 1:02:05.");
        expect(await dialog.locator('[data-testid="reality-net"]').textContent()).toContain("−4.20 USD");
        expect(await onScreen(page, '[data-testid="reality-continue"]')).toBe(true);
        expect(await page.evaluate(() => document.activeElement?.getAttribute("data-testid"))).toBe(
          "reality-continue",
        );
        await page.keyboard.press("Escape");
        expect(await dialog.count()).toBe(1);
        expect(await page.locator('[data-testid="play"]').isDisabled()).toBe(true);
        await page.locator('[data-testid="reality-continue"]').click();
        await dialog.waitFor({ state: "detached" });
        expect(acknowledged()).toBe(1);
        await page.locator('[data-testid="play"]:not([disabled])').click();
        await page
          .locator('[data-testid="round-result"]:not([data-outcome="none"])')
          .waitFor({ timeout: 15_000 });
      } finally {
        await page.close();
      }
    }, 30_000);
  }

  for (const language of ["en", "de"]) {
    it(`shows the UKGC figures, the links and the reality check in ${language} for the docs`, async () => {
      const { launchUrl } = await rgs.launch("dice-alpha", { jurisdiction: "UKGC", countryCode: "GB" });
      const figures = {
        startedAt: new Date(Date.now() - 3_725_000).toISOString(),
        netPosition: "-4.20",
        realityCheckDueAt: null,
        links: LINKS,
      };
      for (const screen of [SCREENS[1], SCREENS[3]]) {
        const { page } = await openGame(`${launchUrl}&lang=${language}`, figures, screen, {
          code: "reality_check_due",
          playedSeconds: 3725,
          netPosition: "-4.20",
        });
        try {
          await page.locator('[data-testid="play"]:not([disabled])').click();
          await page.locator('[data-testid="reality-check"]').waitFor();
          expect(await onScreen(page, '[data-testid="reality-check"] .dialog')).toBe(true);
          await docsScreenshot(context, page, `jurisdiction-reality-${language}-${screen.width}`);
          await page.locator('[data-testid="reality-continue"]').click();
          await page.locator('[data-testid="reality-check"]').waitFor({ state: "detached" });
          await docsScreenshot(context, page, `jurisdiction-ukgc-${language}-${screen.width}`);
          await page.locator('[data-testid="safety-menu"]').click();
          expect(await onScreen(page, '[data-testid="safety-limits"]')).toBe(true);
        } finally {
          await page.close();
        }
      }
    }, 60_000);
  }

  it("lets an open round finish before a reality check that fell due, then holds the next one", async () => {
    const { launchUrl, token } = await rgs.launch(MINES, { jurisdiction: "UKGC", countryCode: "GB" });
    await rgs.game(token, "POST", "/game/play", { amount: "1.00", params: { mines: 3 } });
    const due = new Date(Date.now() - 1000).toISOString();
    const { page } = await openGame(launchUrl, { realityCheckDueAt: due }, SCREENS[1]);
    try {
      await page.locator('[data-tile="0"]:not([disabled])').waitFor();
      expect(await page.locator('[data-testid="notice"]').textContent()).toContain("resumed");
      expect(await page.locator('[data-testid="reality-check"]').count()).toBe(0);
      await page.locator('[data-tile="0"]').click();
      // A gem leaves the round open: cash it out; a mine ends it.
      const cashOut = page.locator('[data-testid="cash-out"]:not([disabled])');
      await expect.poll(() => page.locator('[data-tile="0"]').getAttribute("data-look")).toMatch(/gem|mine/);
      if ((await page.locator('[data-tile="0"]').getAttribute("data-look")) === "gem") await cashOut.click();
      await page.locator('[data-testid="reality-check"]').waitFor({ timeout: 10_000 });
      expect(await page.locator('[data-testid="play"]').isDisabled()).toBe(true);
      // With a lobby, Stop goes back to it.
      const lobby = await page.getByLabel("Back to the lobby").getAttribute("href");
      expect(await page.locator('[data-testid="reality-stop"]').getAttribute("href")).toBe(lobby);
    } finally {
      await page.close();
    }
  }, 30_000);

  it("plays a default session as before: autobet, fast play, no figures, no wait", async () => {
    const { launchUrl } = await rgs.launch("dice-alpha");
    const { page } = await openGame(launchUrl, {}, SCREENS[3]);
    try {
      await page.locator('[data-testid="play"]:not([disabled])').waitFor();
      expect(await page.locator('[data-testid="mode-auto"]').count()).toBe(1);
      expect(await page.getByRole("button", { name: /animations/i }).count()).toBe(1);
      expect(await page.locator('[data-testid="session-figures"]').count()).toBe(0);
      expect(await page.locator('[data-testid="safety-menu"]').count()).toBe(0);
      await page.locator('[data-testid="play"]').click();
      await page
        .locator('[data-testid="round-result"]:not([data-outcome="none"])')
        .waitFor({ timeout: 15_000 });
      await page.locator('[data-testid="play"]:not([disabled])').waitFor({ timeout: 1_000 });
      expect(await page.locator('[data-testid="play"][data-wait]').count()).toBe(0);
    } finally {
      await page.close();
    }
  }, 30_000);
});
