/**
 * Honest celebration on the chip tables, in Chromium against a real RGS: with equal chips on both sides
 * (red and black, player and banker) a round returns its stake at most. A UKGC session marks no spot as paid
 * then, on a phone and on a desktop; a default session marks the spot that paid, as before.
 */
import { gamesBySlug } from "@rgs/protocol/catalog";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumAvailable } from "../../../../test-support/services.ts";
import { type Chromium, openChromium, SCREENS, SCREENSHOTS } from "./chromium.ts";
import { buildClient } from "./client-build.ts";
import { type Rgs, startRgs } from "./rgs-process.ts";

const available = await chromiumAvailable();
const PHONE = SCREENS[0];
const DESKTOP = SCREENS[3];

interface Table {
  slug: "roulette" | "baccarat";
  /** The two spots that together return the stake at most. */
  spots: [RegExp, RegExp];
  clear: string;
  /** The class of a spot marked as paid. */
  paid: string;
  /** How many spots a default session marks as paid, from the round's view. */
  paidSpots(view: Record<string, unknown>): number;
}

const TABLES: Table[] = [
  {
    slug: "roulette",
    spots: [/^Red(,|$)/, /^Black(,|$)/],
    clear: "Clear",
    paid: ".roulette-spot-win",
    paidSpots: (view) => (view.pocket === 0 ? 0 : 1),
  },
  {
    slug: "baccarat",
    spots: [/^Player(,|$)/, /^Banker(,|$)/],
    clear: "Clear",
    paid: ".baccarat-bet-win",
    paidSpots: (view) => (view.winner === "tie" ? 0 : 1),
  },
];

let rgs: Rgs;
let browser: Chromium;
let context: BrowserContext;

/** One round with one chip on each of the table's two spots; the server's record of it. */
async function playBothSides(page: Page, token: string, table: Table) {
  await page.getByRole("button", { name: table.clear, exact: true }).click();
  for (const spot of table.spots) await page.getByRole("button", { name: spot }).click();
  const played = page.waitForResponse((response) => response.url().endsWith("/game/play"), {
    timeout: 30_000,
  });
  await page.locator('[data-testid="play"]').click();
  expect((await played).status()).toBe(200);
  // A loaded machine can starve the reveal's frames; the view then ends it by its time-out.
  await page.locator('[data-testid="round-result"]:not([data-outcome="none"])').waitFor({ timeout: 30_000 });
  const { rounds } = await rgs.game<{ rounds: { id: string; stake: string; payout: string }[] }>(
    token,
    "GET",
    "/game/history?limit=1",
  );
  const round = rounds[0];
  if (!round) throw new Error("no round recorded");
  const details = await rgs.game<{ view: Record<string, unknown> }>(token, "GET", `/game/round/${round.id}`);
  return { ...round, view: details.view };
}

describe.skipIf(!available)("honest celebration on the chip tables", () => {
  beforeAll(async () => {
    await buildClient();
    rgs = await startRgs();
    browser = await openChromium({ viewport: PHONE });
    context = browser.context;
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await rgs?.stop();
  });

  for (const table of TABLES) {
    for (const screen of [PHONE, DESKTOP]) {
      it(`${table.slug} at ${screen.width}: UKGC marks no spot of a round returning its stake or less`, async () => {
        const code = gamesBySlug(table.slug)[0]?.code ?? table.slug;
        const { launchUrl, token } = await rgs.launch(code, { jurisdiction: "UKGC" });
        const page = await context.newPage();
        try {
          await page.setViewportSize(screen);
          await page.goto(launchUrl);
          await page.locator('[data-testid="play"]').waitFor({ timeout: 20_000 });
          const round = await playBothSides(page, token, table);
          expect(Number(round.payout)).toBeLessThanOrEqual(Number(round.stake));
          expect(await page.locator(table.paid).count()).toBe(0);
          await page.screenshot({ path: `${SCREENSHOTS}ukgc-${table.slug}-both-sides-${screen.width}.png` });
        } finally {
          await page.close();
        }
      }, 90_000);
    }

    it(`${table.slug}: a default session marks the spot that paid, as before`, async () => {
      const code = gamesBySlug(table.slug)[0]?.code ?? table.slug;
      const { launchUrl, token } = await rgs.launch(code);
      const page = await context.newPage();
      try {
        await page.setViewportSize(DESKTOP);
        await page.goto(launchUrl);
        await page.locator('[data-testid="play"]').waitFor({ timeout: 20_000 });
        const round = await playBothSides(page, token, table);
        expect(await page.locator(table.paid).count()).toBe(table.paidSpots(round.view));
      } finally {
        await page.close();
      }
    }, 90_000);
  }
});
