/**
 * The game client in Chromium against a real RGS: for every single-round game, a demo launch, a round
 * played at desktop width, the balance checked against the server's round record, every control with an
 * accessible name, a desktop screenshot checked not blank, no console errors; a finished round verified in
 * the fairness panel against the server's record; the demo lobby; the language chain; a stake typed in
 * German; keyboard focus; and the errors a player meets (a bet above the balance, session expired). Every game on phones and in every
 * language: layout.test.ts.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { commitment } from "@rgs/games/fair/seeds";
import { multiplierFor } from "@rgs/games/games/dice/paytable";
import { payout, rtpFromBasisPoints } from "@rgs/games/math/rational";
import { findGame, GAMES, gamesBySlug } from "@rgs/protocol/catalog";
import { parseAmount } from "@rgs/protocol/money";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumAvailable } from "../../../../test-support/services.ts";
import type { RoundDetails } from "../../src/api/types.ts";
import { createFormats } from "../../src/i18n/format.ts";
import shellDe from "../../src/i18n/shell.de.ts";
import shellEn from "../../src/i18n/shell.en.ts";
import shellEs from "../../src/i18n/shell.es.ts";
import shellFr from "../../src/i18n/shell.fr.ts";
import shellJa from "../../src/i18n/shell.ja.ts";
import shellPtBr from "../../src/i18n/shell.pt-BR.ts";
import { type Chromium, openChromium } from "./chromium.ts";
import { buildClient } from "./client-build.ts";
import { decodePng, imageStats } from "./png.ts";
import { type Rgs, startRgs } from "./rgs-process.ts";

const SCREENSHOTS = fileURLToPath(new URL("../../../../artifacts/screenshots/", import.meta.url));
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 667 };
/** Amounts as the English page writes them. */
const usd = (minor: bigint) => createFormats("en", { code: "USD", decimals: 2 }).amount(minor);

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
/** A server where sessions expire after 3 s of inactivity and demo players start with 1.00 USD. */
let tight: Rgs;
let context: BrowserContext;
let browser: Chromium | undefined;

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

/** Roles of the controls a player operates; each needs an accessible name. */
const CONTROL_ROLES = new Set([
  "button",
  "link",
  "textbox",
  "combobox",
  "listbox",
  "slider",
  "spinbutton",
  "radio",
  "checkbox",
  "switch",
  "tab",
  "menuitem",
]);

interface AxNode {
  ignored: boolean;
  role?: { value: string };
  name?: { value: string };
}

/** Chromium's own accessibility tree: every control of the page, and those without an accessible name. */
async function controlNames(page: Page): Promise<{ count: number; unnamed: string[] }> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { nodes } = (await cdp.send("Accessibility.getFullAXTree")) as { nodes: AxNode[] };
    const controls = nodes.filter((node) => !node.ignored && CONTROL_ROLES.has(node.role?.value ?? ""));
    return {
      count: controls.length,
      unnamed: controls
        .filter((node) => (node.name?.value ?? "").trim() === "")
        .map((node) => node.role?.value ?? "?"),
    };
  } finally {
    await cdp.detach();
  }
}

/** The focused element, and whether a focus ring shows on it (or on the label or SVG shape that draws it). */
function focusState(page: Page): Promise<{ what: string; ring: boolean } | null> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return null;
    const focusBlue = "rgb(138, 180, 255)";
    const ringed = (node: Element | null) => {
      if (!node) return false;
      const style = getComputedStyle(node);
      return (
        (style.outlineStyle !== "none" && Number.parseFloat(style.outlineWidth) > 0) ||
        style.stroke === focusBlue
      );
    };
    const shapes = Array.from(element.querySelectorAll("rect, circle, path"));
    return {
      what: `${element.tagName.toLowerCase()} ${element.getAttribute("aria-label") ?? (element.textContent ?? "").slice(0, 30)}`,
      ring: ringed(element) || ringed(element.closest("label")) || shapes.some(ringed),
    };
  });
}

/** Plays one round with the view's default choices; returns its server record. */
async function playRound(page: Page, token: string, before: string[], server = rgs): Promise<RoundDetails> {
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
  return server.game<RoundDetails>(token, "GET", `/game/round/${id}`);
}

describe.skipIf(!available)("the game client in Chromium", () => {
  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    await buildClient();
    [rgs, tight] = await Promise.all([
      startRgs(),
      startRgs({ env: { SESSION_TTL_SECONDS: "3", DEMO_BALANCE: "1" } }),
    ]);
    const page = await fetch(`${rgs.baseUrl}/play/dice`);
    if (!(page.headers.get("content-type") ?? "").startsWith("text/html")) {
      throw new Error(
        `The RGS does not serve the game client (GET /play/dice answered ${page.status}): registerClientRoutes from packages/server/src/http/client is not wired into the app.`,
      );
    }
    browser = await openChromium({ viewport: DESKTOP, fastPlay: true });
    context = browser.context;
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await Promise.all([rgs?.stop(), tight?.stop()]);
  });

  for (const code of SINGLE_ROUND_GAMES) {
    const slug = findGame(code)?.slug ?? code;
    it(`${code}: plays a round whose balance change matches the server's record`, async () => {
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
        await expect.poll(() => page.locator('[data-testid="balance"]').textContent()).toBe(usd(expected));

        const names = await controlNames(page);
        expect(names.count, "controls found").toBeGreaterThan(12);
        expect(names.unnamed, "controls without an accessible name").toEqual([]);
        if (slug === "roulette" || slug === "baccarat") {
          // The stake is the bets on the table: their total replaces the amount field and is what was staked.
          expect(await page.locator('[data-testid="bet-total"]').textContent()).toBe("1.00 USD");
          expect(await page.getByRole("textbox", { name: /^Bet amount/ }).count()).toBe(0);
          expect(minor(round.stake)).toBe(100n);
        }

        await screenshot(page, `${slug}-played-${DESKTOP.width}`);
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

  describe("the lobby, languages, keyboard and errors", () => {
    it("opens a game from the demo lobby with a demo session and plays a round", async () => {
      const page = await context.newPage();
      try {
        await page.setViewportSize(DESKTOP);
        await page.goto(`${rgs.baseUrl}/lobby`);
        // One tile per game, by its name and icon; a game with several RTPs offers them as a choice.
        const tiles = page.locator('li.game button[name="game"]');
        expect(await tiles.count()).toBe(new Set(GAMES.map((game) => game.slug)).size);
        const limbo = page.locator('button[name="game"][value="limbo"]');
        expect((await limbo.textContent())?.trim()).toBe("Limbo");
        expect(await limbo.locator("img").getAttribute("src")).toBe("/thumbnails/limbo.svg");
        const several = GAMES.find((game) => gamesBySlug(game.slug).length > 1) as (typeof GAMES)[number];
        const rtps = page.getByRole("combobox", { name: `RTP of ${several.name}` });
        expect(await rtps.locator("option").count()).toBe(gamesBySlug(several.slug).length);
        await screenshot(page, `lobby-${DESKTOP.width}`);
        await limbo.click();
        await page.waitForURL(/\/play\/limbo/);
        await page.locator('[data-testid="play"]:not([disabled])').waitFor({ timeout: 20_000 });
        expect(await page.locator(".shell-demo").textContent()).toBe(shellEn["shell.demo"]);
        // The tab shows the game: its name and its icon.
        expect(await page.title()).toBe("Limbo");
        expect(await page.locator('link[rel="icon"]').getAttribute("href")).toBe("/thumbnails/limbo.svg");
        expect(
          await page.getByRole("link", { name: shellEn["shell.lobby.label"] }).getAttribute("href"),
        ).toBe(`${rgs.baseUrl}/lobby`);
        const before = await page.locator('[data-testid="balance"]').textContent();
        await page.locator('[data-testid="play"]').click();
        await page.locator('[data-testid="history"] tr[data-round-id]').first().waitFor();
        const after = await page.locator('[data-testid="balance"]').textContent();
        expect(after).not.toBe(before);
        await page.setViewportSize(PHONE);
        await page.goto(`${rgs.baseUrl}/lobby`);
        await screenshot(page, `lobby-${PHONE.width}`);
      } finally {
        await page.close();
      }
    }, 60_000);

    it("speaks the URL's lang, else the launch's languageCode, else the wallet's, else the browser's, else English", async () => {
      /** The Bet button's word and the page's language, with the wallet's language and the browser's if given. */
      const spoken = async (
        launchUrl: string,
        options: { wallet?: string; browser?: string[] } = {},
      ): Promise<{ label: string; lang: string }> => {
        const page = await context.newPage();
        try {
          if (options.browser) {
            const languages = options.browser;
            await page.addInitScript((list) => {
              Object.defineProperty(navigator, "languages", { get: () => list });
              Object.defineProperty(navigator, "language", { get: () => list[0] });
            }, languages);
          }
          if (options.wallet !== undefined) {
            // What the wallet's authenticate answer named, as POST /game/current carries it.
            const wallet = options.wallet;
            await page.route("**/game/current", async (route) => {
              const response = await route.fetch();
              const json = (await response.json()) as { session: Record<string, unknown> };
              json.session.languageCode = wallet;
              await route.fulfill({ response, json });
            });
          }
          await page.goto(launchUrl);
          await page.locator('[data-testid="play"]:not([disabled])').waitFor({ timeout: 20_000 });
          return {
            label: (await page.locator('[data-testid="play"] .play-label').textContent()) ?? "",
            lang: await page.evaluate(() => document.documentElement.lang),
          };
        } finally {
          await page.close();
        }
      };
      const word = (catalog: Record<string, string>) => catalog["shell.play.label"] ?? "";

      const french = await rgs.launch("dice-alpha", { languageCode: "fr" });
      expect(await spoken(french.launchUrl)).toEqual({ label: word(shellFr), lang: "fr" });
      expect(await spoken(`${french.launchUrl}&lang=de`)).toEqual({ label: word(shellDe), lang: "de" });
      // Portuguese is Brazil's, Chinese is simplified.
      const portuguese = await rgs.launch("dice-alpha", { languageCode: "pt" });
      expect(await spoken(portuguese.launchUrl, { browser: ["ja-JP"] })).toEqual({
        label: word(shellPtBr),
        lang: "pt-BR",
      });
      const plain = await rgs.launch("dice-alpha");
      expect(await spoken(plain.launchUrl, { wallet: "es-MX", browser: ["ja-JP"] })).toEqual({
        label: word(shellEs),
        lang: "es",
      });
      expect(await spoken(plain.launchUrl, { browser: ["sw-KE", "ja-JP", "en-US"] })).toEqual({
        label: word(shellJa),
        lang: "ja",
      });
      expect(await spoken(plain.launchUrl, { browser: ["sw-KE"] })).toEqual({
        label: word(shellEn),
        lang: "en",
      });
      // A launch's languageCode is validated: ISO 639-1, two letters.
      await expect(rgs.launch("dice-alpha", { languageCode: "xx" })).rejects.toThrow(/invalid_request/);
    }, 60_000);

    it("runs autobet on roulette, raising the bets on the table after a loss", async () => {
      const { launchUrl, token } = await rgs.launch("roulette-alpha-gemini");
      const { page, errors } = await openGame(launchUrl);
      try {
        await page.getByRole("tab", { name: shellEn["shell.mode.auto"] }).click();
        await page.getByRole("textbox", { name: shellEn["shell.autobet.count"] }).fill("4");
        const onLoss = page.getByRole("group", { name: shellEn["shell.autobet.onLoss"] });
        await onLoss.getByRole("button", { name: shellEn["shell.autobet.increase"] }).click();
        await onLoss.getByRole("textbox").fill("100");
        await page.locator('[data-testid="autobet-start"]:not([disabled])').click();
        await expect
          .poll(() => page.getByText("Autobet finished: 4 bets played.").count(), { timeout: 30_000 })
          .toBe(1);
        const { rounds } = await rgs.game<{ rounds: { id: string; stake: string; payout: string }[] }>(
          token,
          "GET",
          "/game/history",
        );
        const played = rounds.slice(0, 4).reverse();
        expect(played).toHaveLength(4);
        let expected = 100n;
        for (const round of played) {
          const details = await rgs.game<RoundDetails>(token, "GET", `/game/round/${round.id}`);
          // The server's record of the params: each bet with its amount in minor units.
          const bets = (details.params as { bets: { bet: { kind: string }; amount: string }[] }).bets;
          expect(bets.map((placed) => placed.bet.kind)).toEqual(["red"]);
          expect(minor(round.stake)).toBe(expected);
          expect(bets.reduce((total, placed) => total + BigInt(placed.amount), 0n)).toBe(expected);
          // Reset after a win, double after a loss (zero's half back is a loss).
          expected = minor(round.payout) > minor(round.stake) ? 100n : expected * 2n;
        }
        expect(errors).toEqual([]);
      } finally {
        await page.close();
      }
    }, 60_000);

    it("shows the exact payout on win of the amount entered (dice)", async () => {
      const { launchUrl } = await rgs.launch("dice-alpha");
      const { page, errors } = await openGame(launchUrl);
      try {
        await page.getByRole("textbox", { name: /^Bet amount/ }).fill("1.55");
        const rtp = rtpFromBasisPoints(findGame("dice-alpha")?.rtpBasisPoints ?? 0);
        const expected = payout(155n, multiplierFor("over", 5050, rtp));
        await expect
          .poll(() => page.locator('[data-testid="payout-on-win"]').textContent())
          .toBe(usd(expected));
        expect(errors).toEqual([]);
      } finally {
        await page.close();
      }
    }, 60_000);

    it("reads a German stake with its decimal comma, refuses a grouped one, and bets the stake the Bet button shows", async () => {
      const { launchUrl, token } = await rgs.launch("dice-alpha");
      const { page, errors } = await openGame(`${launchUrl}&lang=de`);
      const german = createFormats("de", { code: "USD", decimals: 2 });
      const field = page.getByRole("textbox", { name: /^Einsatz in USD/ });
      const stake = page.locator('[data-testid="play-stake"]');
      const hint = page.locator('[data-testid="bet-hint"]');
      try {
        // "1.500" could be fifteen hundred or one and a half: refused, with how to write it, and nothing to send.
        await field.fill("1.500");
        await expect
          .poll(() => hint.textContent())
          .toBe((shellDe["shell.bet.grouping"] ?? "").replace("{separator}", ","));
        expect(await page.locator('[data-testid="play"]').isDisabled()).toBe(true);
        expect(await stake.count()).toBe(0);

        await field.fill("1,50");
        await expect.poll(() => stake.textContent()).toBe(german.amount(150n));
        expect(await hint.textContent()).toBe("");
        const round = await playRound(page, token, []);
        expect(round.stake).toBe("1.50");
        expect(errors).toEqual([]);
      } finally {
        await page.close();
      }
    }, 60_000);

    it("draws a visible focus ring on every control reached with Tab", async () => {
      for (const [code, stops] of [
        ["dice-alpha", 60],
        ["baccarat-alpha", 60],
        ["roulette-alpha-gemini", 30],
      ] as const) {
        const { launchUrl } = await rgs.launch(code);
        const { page, errors } = await openGame(launchUrl);
        try {
          const seen: string[] = [];
          for (let stop = 0; stop < stops; stop++) {
            await page.keyboard.press("Tab");
            const focus = await focusState(page);
            if (!focus) break;
            expect(focus.ring, `${code}: focus ring on ${focus.what}`).toBe(true);
            seen.push(focus.what);
          }
          expect(seen.length, `${code}: controls reached`).toBeGreaterThan(10);
          expect(errors).toEqual([]);
        } finally {
          await page.close();
        }
      }
    }, 90_000);

    it("blocks a bet above the balance before sending it, after reading the balance again", async () => {
      const { launchUrl } = await tight.launch("dice-alpha");
      const { page, errors } = await openGame(launchUrl);
      const bets: string[] = [];
      page.on("request", (request) => {
        if (new URL(request.url()).pathname === "/game/play") bets.push(request.url());
      });
      try {
        expect(await page.locator('[data-testid="balance"]').textContent()).toBe("1.00 USD");
        await page.getByRole("textbox", { name: /^Bet amount/ }).fill("2");
        await expect
          .poll(() => page.locator('[data-testid="bet-hint"]').textContent())
          .toBe(shellEn["shell.bet.aboveBalance"]);
        // The balance shown may be stale: Bet reads it again, then refuses without sending the bet.
        const reread = page.waitForRequest((request) =>
          /\/game\/(balance|current)$/.test(new URL(request.url()).pathname),
        );
        await page.locator('[data-testid="play"]:not([disabled])').click();
        await reread;
        const alert = page.getByRole("alert");
        await alert.waitFor();
        expect(await alert.textContent()).toContain(
          (shellEn["shell.bet.notEnoughBalance"] ?? "")
            .replace("{balance}", "1.00 USD")
            .replace("{stake}", "2.00 USD"),
        );
        expect(bets, "no bet was sent").toEqual([]);
        expect(await page.locator('[data-testid="balance"]').textContent()).toBe("1.00 USD");
        expect(errors).toEqual([]);
      } finally {
        await page.close();
      }
    }, 60_000);

    it("sends a bet above a stale balance shown when the balance read again covers it", async () => {
      const { launchUrl, token } = await tight.launch("dice-alpha");
      const page = await context.newPage();
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      // The page opens with a balance the casino's wallet has since raised: it shows 0.40 USD of 1.00 USD.
      await page.route("**/game/current", async (route) => {
        const response = await route.fetch();
        const json = (await response.json()) as { balance: string };
        await route.fulfill({ response, json: { ...json, balance: "0.40" } });
        await page.unroute("**/game/current");
      });
      try {
        await page.setViewportSize(DESKTOP);
        await page.goto(launchUrl);
        await page.locator('[data-testid="play"]:not([disabled])').waitFor({ timeout: 20_000 });
        expect(await page.locator('[data-testid="balance"]').textContent()).toBe("0.40 USD");
        await page.getByRole("textbox", { name: /^Bet amount/ }).fill("0.80");
        await expect
          .poll(() => page.locator('[data-testid="bet-hint"]').textContent())
          .toBe(shellEn["shell.bet.aboveBalance"]);
        const round = await playRound(page, token, [], tight);
        expect(round.stake).toBe("0.80");
        const after = await tight.game<{ balance: string }>(token, "POST", "/game/current", {});
        expect(minor(after.balance)).toBe(100n - 80n + minor(round.payout));
        await expect
          .poll(() => page.locator('[data-testid="balance"]').textContent())
          .toBe(usd(minor(after.balance)));
        expect(errors).toEqual([]);
      } finally {
        await page.close();
      }
    }, 60_000);

    it("ends an expired session with a message and the way back to the session's own lobby", async () => {
      const { launchUrl } = await tight.launch("dice-alpha");
      // The sandbox operator's lobby is the staging server's own page; one written into the address is ignored.
      const lobby = `${tight.baseUrl}/lobby`;
      const hostile = "https://attacker.example/phish";
      const { page } = await openGame(`${launchUrl}&lobbyUrl=${encodeURIComponent(hostile)}`);
      try {
        const topLink = page.getByRole("link", { name: shellEn["shell.lobby.label"] });
        expect(await topLink.getAttribute("href")).toBe(lobby);
        expect(await page.locator(`a[href^="https://attacker.example"]`).count()).toBe(0);
        // The session expires after 3 s without a request.
        await page.waitForTimeout(3_500);
        await page.locator('[data-testid="play"]').click();
        const dialog = page.getByRole("alertdialog");
        await dialog.waitFor();
        expect(await dialog.getByRole("heading").textContent()).toBe(shellEn["shell.ended.title"]);
        expect(await dialog.textContent()).toContain(shellEn["shell.error.session_expired"]);
        const back = dialog.getByRole("link", { name: shellEn["shell.lobby.label"] });
        expect(await back.getAttribute("href")).toBe(lobby);
        await screenshot(page, `session-expired-${DESKTOP.width}`);
      } finally {
        await page.close();
      }
    }, 60_000);
  });
});
