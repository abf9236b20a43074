/**
 * The ten cash-out games in Chromium against a real RGS: each played to a cash-out and to a loss in demo
 * (sandbox operator) and in real play (an operator created with the rgs CLI, the reference wallet as its
 * wallet), with balances checked against the server's record and the wallet's ledger; a round resumed after
 * a reload; screenshots of every game mid-round at desktop and phone widths.
 *
 * Outcomes are chosen, never forced: the test reads the player's committed server seed from the RGS's
 * database (it chose the key that seals it), replays candidate client seeds with the games package, and sets
 * the one whose first step is safe (or a loss) through POST /seed/client before playing.
 *
 * Also: a flight ends by the server's clock alone (a crash, or the automatic cash-out) and the page shows it
 * without a click; the bet is locked while a round is open (after a reload too); Mines' instant mode and its
 * autobet, checked against the server's records.
 */
import { randomBytes } from "node:crypto";
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { FlightState } from "@rgs/games/games/flight_deck/game";
import type { HiloView } from "@rgs/games/games/hilo/game";
import { findGame } from "@rgs/protocol/catalog";
import { parseAmount } from "@rgs/protocol/money";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumAvailable, postgresAvailable } from "../../../../test-support/services.ts";
import type { RoundDetails, RoundSummary, SeedsResponse } from "../../src/api/types.ts";
import { createFormats } from "../../src/i18n/format.ts";
import {
  createDatabase,
  createOperator,
  realLaunch,
  replay,
  type Seeds,
  seedReader,
  startWallet,
} from "./cashout-support.ts";
import { type Chromium, openChromium } from "./chromium.ts";
import { buildClient } from "./client-build.ts";
import { decodePng, imageStats } from "./png.ts";
import { type Rgs, startRgs } from "./rgs-process.ts";

const SCREENSHOTS = fileURLToPath(new URL("../../../../artifacts/screenshots/", import.meta.url));
const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 375, height: 667 };
/** Amounts as the English page writes them. */
const usd = (minor: bigint) => createFormats("en", { code: "USD", decimals: 2 }).amount(minor);

type Outcome = "win" | "loss";

/** How the test plays one game: the first step (as the API sees it and as the player clicks it) and its odds. */
interface Plan {
  code: string;
  /**
   * The first step after the round opens, which may depend on the opening view (HiLo's card). Without `click`
   * the player does nothing: the server's clock ends the round.
   */
  step(view: unknown, outcome: Outcome): { action: unknown; click?: string };
  /** Whether these seeds give the wanted outcome; by default, replays the step. */
  decides?(seeds: Seeds, outcome: Outcome): boolean;
}

const tile = (n: number) => ({
  action: { action: "reveal", params: { tile: n } },
  click: `[data-tile="${n}"]`,
});

const PLANS: Plan[] = [
  { code: "mines-alpha", step: () => tile(0) },
  {
    code: "mines_mania-gamma",
    step: (_view, outcome) =>
      outcome === "win"
        ? { action: { action: "reveal_row", params: { row: 4 } }, click: '[data-line="row-4"]' }
        : tile(0),
  },
  {
    code: "towers-alpha",
    step: () => ({
      action: { action: "pick", params: { tile: 0 } },
      click: '[data-row="0"] [data-tile="0"]',
    }),
  },
  {
    code: "hilo-alpha",
    step: (view) => {
      const best = [...(view as HiloView).options].sort((a, b) =>
        Number(a.winChance.split("/")[0]) < Number(b.winChance.split("/")[0]) ? 1 : -1,
      )[0];
      const direction = best?.direction ?? "higher";
      return { action: { action: "guess", params: { direction } }, click: `[data-action="${direction}"]` };
    },
  },
  {
    code: "coinflip-alpha",
    step: () => ({ action: { action: "flip", params: { side: "heads" } }, click: '[data-action="heads"]' }),
  },
  {
    code: "rock_paper_scissors-alpha",
    step: () => ({ action: { action: "throw", params: { hand: "rock" } }, click: '[data-action="rock"]' }),
  },
  { code: "doctor_pump-gamma", step: () => ({ action: { action: "pump" }, click: '[data-action="pump"]' }) },
  {
    code: "chicken_crossing-alpha",
    step: () => ({ action: { action: "step" }, click: '[data-action="step"]' }),
  },
  {
    code: "degen_mining-alpha",
    step: () => ({
      action: { action: "dig", params: { shaft: 0 } },
      click: '[data-level="0"] [data-shaft="0"]',
    }),
  },
  {
    code: "flight_deck-gamma",
    // The player cashes out at once: a flight that reaches 3x leaves seconds for that. A flight that ends at
    // take-off is left alone: the server settles it by its clock and the page shows the crash by itself.
    step: (_view, outcome) =>
      outcome === "win"
        ? { action: { action: "cash_out" }, click: '[data-testid="cash-out"]' }
        : { action: { action: "cash_out" } },
    decides: (seeds, outcome) => {
      const opening = replay("flight_deck-gamma", { autoCashOut: "2.00" }, [], seeds)[0];
      const crash = (opening?.state as FlightState | undefined)?.crash ?? 0;
      return outcome === "win" ? crash >= 300 : crash < 100;
    },
  },
];

const available = (await chromiumAvailable()) && (await postgresAvailable());

let rgs: Rgs;
let context: BrowserContext;
let browser: Chromium | undefined;
let database: Awaited<ReturnType<typeof createDatabase>>;
let seeds: ReturnType<typeof seedReader>;
let wallet: Awaited<ReturnType<typeof startWallet>>;
let operator: { id: string; secret: string };
let attempts = 0;

const minor = (amount: string) => {
  const parsed = parseAmount(amount, 2, { allowZero: true });
  if (!parsed.ok) throw new Error(`not an amount: ${amount}`);
  return parsed.minor;
};

const realPlayer = (code: string) => `real-${(findGame(code)?.slug ?? code).replaceAll("_", "-")}`;

/** Sets a client seed whose round, played by `plan`, has the wanted outcome at its first step. */
async function chooseSeeds(token: string, plan: Plan, outcome: Outcome): Promise<void> {
  const prepared = await rgs.game<SeedsResponse>(token, "POST", "/seed/client", {
    clientSeed: `prepare-${++attempts}`,
  });
  const { serverSeedHash, nonce } = prepared.active;
  const serverSeed = await seeds.serverSeed(serverSeedHash);
  const params = PARAMS[plan.code] ?? {};
  for (let i = 0; i < 20_000; i++) {
    const candidate: Seeds = { serverSeed, clientSeed: `${outcome}-${attempts}-${i}`, nonce };
    const wanted = plan.decides
      ? plan.decides(candidate, outcome)
      : (() => {
          const opening = replay(plan.code, params, [], candidate)[0];
          const steps = replay(plan.code, params, [plan.step(opening?.view, outcome).action], candidate);
          const after = steps[1];
          const view = after?.view as { actions?: string[] } | undefined;
          return outcome === "win"
            ? after !== undefined && !after.closed && (view?.actions ?? []).includes("cash_out")
            : after?.closed === true && after.ops.every((op) => op.kind !== "credit" || op.amount === 0n);
        })();
    if (!wanted) continue;
    const set = await rgs.game<SeedsResponse>(token, "POST", "/seed/client", {
      clientSeed: candidate.clientSeed,
    });
    expect(set.active.serverSeedHash, "the server seed stays the committed one").toBe(serverSeedHash);
    return;
  }
  throw new Error(`no client seed gives ${plan.code} a ${outcome}`);
}

/** The params each view starts with (its defaultParams), as the server receives them. */
const PARAMS: Record<string, unknown> = {
  "mines-alpha": { mines: 3 },
  "mines_mania-gamma": { mines: 3 },
  "towers-alpha": { difficulty: "easy" },
  "doctor_pump-gamma": { difficulty: "medium" },
  "chicken_crossing-alpha": { difficulty: "easy" },
  "degen_mining-alpha": { difficulty: "easy" },
  "flight_deck-gamma": { autoCashOut: "2.00" },
};

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

/** The game mid-round at both widths, with no horizontal overflow on a phone. */
async function screenshots(page: Page, name: string): Promise<void> {
  await screenshot(page, `${name}-open-${DESKTOP.width}`);
  await page.setViewportSize(PHONE);
  await page.waitForTimeout(150);
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, "horizontal overflow at phone width").toBeLessThanOrEqual(0);
  await screenshot(page, `${name}-open-${PHONE.width}`);
  await page.setViewportSize(DESKTOP);
}

async function screenshot(page: Page, name: string): Promise<void> {
  const png = await page.screenshot({ fullPage: false });
  writeFileSync(path.join(SCREENSHOTS, `${name}.png`), png);
  const stats = imageStats(decodePng(png));
  expect(png.length, `${name} file size`).toBeGreaterThan(8_000);
  expect(stats.colours, `${name} colours`).toBeGreaterThan(24);
  expect(stats.deviation, `${name} brightness deviation`).toBeGreaterThan(6);
}

/**
 * Presses Play and returns the round the page opened, from the page's own answer to its bet. Reading the
 * open round back would race the page: a flight that crashes at take-off is settled by the first read
 * after its answer, which may be the page's own.
 */
async function startRound(page: Page): Promise<RoundSummary> {
  const answer = page.waitForResponse(
    (response) => response.request().method() === "POST" && new URL(response.url()).pathname === "/game/play",
    { timeout: 15_000 },
  );
  await page.locator('[data-testid="play"]:not([disabled])').click();
  const response = await answer;
  const body = await response.text();
  expect(response.status(), `the page's bet was answered ${body}`).toBe(200);
  const { round } = JSON.parse(body) as { round: RoundSummary };
  expect(round.status, "the round the bet opened").toBe("open");
  return round;
}

async function finished(token: string, id: string): Promise<RoundDetails> {
  let round: RoundDetails | undefined;
  await expect
    .poll(
      async () => {
        round = await rgs.game<RoundDetails>(token, "GET", `/game/round/${id}`);
        return round.status;
      },
      { timeout: 20_000 },
    )
    .toBe("closed");
  return round as unknown as RoundDetails;
}

/** The player's balance as the money's owner sees it: the demo balance, or the wallet's ledger in real play. */
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

/** One round of `plan` to `outcome`: the first step clicked in the page, then a cash-out for a win. */
async function playTo(
  page: Page,
  token: string,
  plan: Plan,
  outcome: Outcome,
  real: string | undefined,
  shots?: string,
): Promise<void> {
  await chooseSeeds(token, plan, outcome);
  const before = await ownerBalance(token, real);
  const round = await startRound(page);
  const step = plan.step(round.view, outcome);
  const cashOut = page.locator('[data-testid="cash-out"]');
  if (!plan.decides) expect(await cashOut.isDisabled(), "no cash-out before the first step").toBe(true);
  // A flight is shown in the air; the other games after their first step.
  if (shots && plan.decides) {
    await page.waitForTimeout(1500);
    await screenshots(page, shots);
  }
  if (step.click) await page.locator(`${step.click}:not([disabled])`).click();
  if (outcome === "win" && !plan.decides) {
    const enabled = page.locator('[data-testid="cash-out"]:not([disabled])');
    await enabled.waitFor();
    if (shots) await screenshots(page, shots);
    await enabled.click();
  }
  const record = await finished(token, round.id);
  if (!step.click)
    expect(
      record.actions.filter((entry) => (entry as { type?: string }).type === "act"),
      "the page sent no action",
    ).toEqual([]);
  const outcomeLine = page.locator('[data-testid="outcome"]');
  await expect
    .poll(() => outcomeLine.getAttribute("data-outcome"), { timeout: 10_000 })
    .toBe(outcome === "win" ? "won" : "lost");
  if (outcome === "win") expect(minor(record.payout)).toBeGreaterThan(0n);
  else expect(minor(record.payout)).toBe(0n);
  const expected = before - minor(record.stake) + minor(record.payout);
  expect(await ownerBalance(token, real), "balance after the round").toBe(expected);
  await expect
    .poll(() => page.locator('[data-testid="balance"]').textContent(), { timeout: 10_000 })
    .toBe(usd(expected));
}

/** Rotates the seeds in the fairness panel, then recomputes `roundId` there: it must match the server's record. */
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

describe.skipIf(!available)("the cash-out games in Chromium", () => {
  beforeAll(async () => {
    mkdirSync(SCREENSHOTS, { recursive: true });
    await buildClient();
    database = await createDatabase();
    const secretKey = randomBytes(32).toString("base64");
    const env = { DATABASE_URL: database.url, SECRET_KEY: secretKey };
    rgs = await startRgs({ env });
    seeds = seedReader(database.url, secretKey);
    const walletSecret = randomBytes(24).toString("hex");
    wallet = await startWallet(
      walletSecret,
      PLANS.map((plan) => realPlayer(plan.code)),
    );
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
    await seeds?.close();
    await database?.drop();
  });

  for (const plan of PLANS) {
    const slug = findGame(plan.code)?.slug ?? plan.code;
    it(`${plan.code}: demo play to a cash-out and to a loss, at both widths`, async () => {
      const { launchUrl, token } = await rgs.launch(plan.code);
      const { page, errors } = await openGame(launchUrl);
      try {
        await playTo(page, token, plan, "win", undefined, slug);
        await playTo(page, token, plan, "loss", undefined);
        expect(errors).toEqual([]);
      } finally {
        await page.close();
      }
    }, 60_000);

    it(`${plan.code}: real play against the reference wallet to a cash-out and to a loss`, async () => {
      const player = realPlayer(plan.code);
      const { launchUrl, token } = await realLaunch(rgs.baseUrl, operator, player, plan.code);
      const { page, errors } = await openGame(launchUrl);
      try {
        await playTo(page, token, plan, "win", player);
        await playTo(page, token, plan, "loss", player);
        expect(errors).toEqual([]);
      } finally {
        await page.close();
      }
    }, 60_000);
  }

  it("verifies a cashed-out flight in the fairness panel, its cash-out time included", async () => {
    const plan = PLANS.find((p) => p.code === "flight_deck-gamma") as Plan;
    const { launchUrl, token } = await rgs.launch(plan.code);
    const { page, errors } = await openGame(launchUrl);
    try {
      await playTo(page, token, plan, "win", undefined);
      const { rounds } = await rgs.game<{ rounds: RoundSummary[] }>(token, "GET", "/game/history?limit=1");
      await verifyInPanel(page, rounds[0]?.id ?? "");
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 60_000);

  it("resumes an open Mines round after a reload, cashes it out and verifies it", async () => {
    const plan = PLANS[0] as Plan;
    const { launchUrl, token } = await rgs.launch(plan.code);
    const { page, errors } = await openGame(launchUrl);
    try {
      // Tiles 0 and 1 both safe.
      const prepared = await rgs.game<SeedsResponse>(token, "POST", "/seed/client", {
        clientSeed: "resume-prep",
      });
      const serverSeed = await seeds.serverSeed(prepared.active.serverSeedHash);
      let clientSeed = "";
      for (let i = 0; !clientSeed; i++) {
        const candidate = { serverSeed, clientSeed: `resume-${i}`, nonce: prepared.active.nonce };
        const steps = replay(plan.code, { mines: 3 }, [tile(0).action, tile(1).action], candidate);
        if (steps.length === 3 && !steps[2]?.closed) clientSeed = candidate.clientSeed;
      }
      await rgs.game(token, "POST", "/seed/client", { clientSeed });
      const round = await startRound(page);
      await betLocked(page, token, round.id);
      await page.locator('[data-tile="0"]:not([disabled])').click();
      await expect.poll(() => page.locator('[data-tile="0"]').getAttribute("data-look")).toBe("gem");

      await page.goto(launchUrl);
      await page.locator('[data-tile="1"]:not([disabled])').waitFor({ timeout: 20_000 });
      expect(await page.locator('[data-tile="0"]').getAttribute("data-look")).toBe("gem");
      await betLocked(page, token, round.id);
      expect(await page.locator('[data-testid="cash-out"]').isDisabled()).toBe(false);
      await page.locator('[data-tile="1"]').click();
      await expect.poll(() => page.locator('[data-tile="1"]').getAttribute("data-look")).toBe("gem");
      await page.locator('[data-testid="cash-out"]:not([disabled])').click();
      const record = await finished(token, round.id);
      expect(record.actions).toHaveLength(3);
      expect(minor(record.payout)).toBeGreaterThan(minor(record.stake));
      await expect
        .poll(() => page.locator('[data-testid="outcome"]').getAttribute("data-outcome"))
        .toBe("won");
      await page.locator('[data-testid="play"]:not([disabled])').waitFor();
      expect(await page.locator('[data-testid="play"] .play-label').textContent()).toBe("Bet");
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 60_000);

  it("lands a flight at its automatic cash-out by the server's clock, with no click", async () => {
    const code = "flight_deck-gamma";
    const { launchUrl, token } = await rgs.launch(code);
    const { page, errors } = await openGame(launchUrl);
    try {
      const auto = { autoCashOut: "1.10" };
      const prepared = await rgs.game<SeedsResponse>(token, "POST", "/seed/client", {
        clientSeed: "auto-prep",
      });
      const serverSeed = await seeds.serverSeed(prepared.active.serverSeedHash);
      let clientSeed = "";
      for (let i = 0; !clientSeed; i++) {
        const candidate = { serverSeed, clientSeed: `auto-${i}`, nonce: prepared.active.nonce };
        const crash = (replay(code, auto, [], candidate)[0]?.state as FlightState | undefined)?.crash ?? 0;
        if (crash >= 200) clientSeed = candidate.clientSeed;
      }
      await rgs.game(token, "POST", "/seed/client", { clientSeed });
      await page.locator('[data-testid="auto-cash-out"]').fill("1.10");
      const before = await ownerBalance(token, undefined);
      const round = await startRound(page);
      const record = await finished(token, round.id);
      expect(record.actions.filter((entry) => (entry as { type?: string }).type === "act")).toEqual([]);
      expect(record.payout).toBe("0.11");
      await expect
        .poll(() => page.locator('[data-testid="outcome"]').getAttribute("data-outcome"), { timeout: 10_000 })
        .toBe("won");
      const expected = before - minor(record.stake) + minor(record.payout);
      await expect
        .poll(() => page.locator('[data-testid="balance"]').textContent(), { timeout: 10_000 })
        .toBe(usd(expected));
      const { rounds } = await rgs.game<{ rounds: RoundSummary[] }>(token, "GET", "/game/history?limit=1");
      expect(rounds[0]?.id).toBe(round.id);
      await page.getByRole("tab", { name: "My bets" }).click();
      await page.locator(`tr[data-round-id="${round.id}"]`).waitFor({ timeout: 10_000 });
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 60_000);

  it("plays Mines in instant mode, by hand and by autobet, as the server records it", async () => {
    const code = "mines-alpha";
    const { launchUrl, token } = await rgs.launch(code);
    const { page, errors } = await openGame(launchUrl);
    try {
      await page.getByText("Instant", { exact: true }).click();
      await expect.poll(() => page.locator('[data-testid="play"]').isDisabled()).toBe(true);
      const picks = [0, 6, 12, 18];
      for (const tile of picks) await page.locator(`[data-tile="${tile}"]:not([disabled])`).click();
      expect(await page.locator('[data-picked="true"]').count()).toBe(picks.length);
      await screenshots(page, "mines-instant");
      const before = await ownerBalance(token, undefined);
      await page.locator('[data-testid="play"]:not([disabled])').click();
      await expect
        .poll(() => page.locator('[data-testid="outcome"]').getAttribute("data-outcome"), { timeout: 10_000 })
        .not.toBe("none");
      const { rounds } = await rgs.game<{ rounds: RoundSummary[] }>(token, "GET", "/game/history?limit=1");
      const record = await finished(token, rounds[0]?.id ?? "");
      expect(record.params).toEqual({ mines: 3, tiles: picks });
      expect(record.actions).toEqual([]);
      const reveal = record.reveal as { revealed: number[]; hitMine: number | null; minePositions: number[] };
      expect(picks.slice(0, reveal.revealed.length)).toEqual(reveal.revealed);
      for (const tile of reveal.revealed)
        expect(await page.locator(`[data-tile="${tile}"]`).getAttribute("data-look")).toBe("gem");
      if (reveal.hitMine !== null)
        expect(await page.locator(`[data-tile="${reveal.hitMine}"]`).getAttribute("data-look")).toBe("mine");
      for (const mine of reveal.minePositions)
        expect(await page.locator(`[data-tile="${mine}"]`).getAttribute("data-look")).toMatch(/^mine/);
      expect(await page.locator('[data-testid="outcome"]').getAttribute("data-outcome")).toBe(
        minor(record.payout) > 0n ? "won" : "lost",
      );
      const expected = before - minor(record.stake) + minor(record.payout);
      expect(await ownerBalance(token, undefined)).toBe(expected);
      await expect
        .poll(() => page.locator('[data-testid="balance"]').textContent(), { timeout: 10_000 })
        .toBe(usd(expected));

      await page.getByRole("tab", { name: "Auto" }).click();
      await page.getByRole("textbox", { name: "Number of bets" }).fill("3");
      await page.locator('[data-testid="autobet-start"]:not([disabled])').click();
      await expect
        .poll(
          async () =>
            (await rgs.game<{ rounds: RoundSummary[] }>(token, "GET", "/game/history?limit=10")).rounds
              .length,
          { timeout: 20_000 },
        )
        .toBe(4);
      await page.locator('[data-testid="autobet-start"]:not([disabled])').waitFor({ timeout: 10_000 });
      const history = await rgs.game<{ rounds: RoundSummary[] }>(token, "GET", "/game/history?limit=10");
      for (const round of history.rounds) {
        const details = await rgs.game<RoundDetails>(token, "GET", `/game/round/${round.id}`);
        expect(details.params).toEqual({ mines: 3, tiles: picks });
      }
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 90_000);

  it("plays Towers in instant mode: the picks in one bet, shown as the server recorded the round", async () => {
    const { launchUrl, token } = await rgs.launch("towers-alpha");
    const { page, errors } = await openGame(launchUrl);
    try {
      await page.getByText("Instant", { exact: true }).click();
      const picks = [1, 3, 0];
      for (const [row, tile] of picks.entries())
        await page.locator(`[data-row="${row}"] [data-tile="${tile}"]:not([disabled])`).click();
      expect(await page.locator('[data-picked="true"]').count()).toBe(picks.length);
      await screenshots(page, "towers-instant");
      await page.locator('[data-testid="play"]:not([disabled])').click();
      await expect
        .poll(() => page.locator('[data-testid="outcome"]').getAttribute("data-outcome"), { timeout: 10_000 })
        .not.toBe("none");
      const { rounds } = await rgs.game<{ rounds: RoundSummary[] }>(token, "GET", "/game/history?limit=1");
      const record = await finished(token, rounds[0]?.id ?? "");
      expect(record.params).toEqual({ difficulty: "easy", picks });
      const reveal = record.reveal as { picks: number[]; traps: number[][]; status: string };
      expect(picks.slice(0, reveal.picks.length)).toEqual(reveal.picks);
      for (const [row, tile] of reveal.picks.entries()) {
        const trapped = reveal.traps[row]?.includes(tile) ?? false;
        expect(
          await page.locator(`[data-row="${row}"] [data-tile="${tile}"]`).getAttribute("data-look"),
        ).toBe(trapped ? "trap" : "safe");
      }
      expect(await page.locator('[data-testid="outcome"]').getAttribute("data-outcome")).toBe(
        minor(record.payout) > 0n ? "won" : "lost",
      );
      expect(errors).toEqual([]);
    } finally {
      await page.close();
    }
  }, 60_000);
});

/**
 * No bet while the round is open: the round's moves stand where the Bet button was, the bet is locked, and
 * neither Space nor Enter starts another round.
 */
async function betLocked(page: Page, token: string, roundId: string): Promise<void> {
  await page.locator('[data-testid="moves"]').waitFor();
  expect(await page.locator('[data-testid="play"]').count()).toBe(0);
  expect(await page.getByRole("textbox", { name: /^Bet amount/ }).isDisabled()).toBe(true);
  expect(await page.getByRole("tab", { name: "Auto" }).isDisabled()).toBe(true);
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  await page.keyboard.press("Space");
  await page.keyboard.press("Enter");
  await page.waitForTimeout(300);
  const current = await rgs.game<{ round: RoundSummary | null }>(token, "POST", "/game/current", {});
  expect(current.round?.id).toBe(roundId);
  expect(await page.locator('[role="alert"]').count(), "no error shown").toBe(0);
}
