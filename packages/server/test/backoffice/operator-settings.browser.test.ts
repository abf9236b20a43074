import type { AddressInfo } from "node:net";
import path from "node:path";
import { loadConfig, type RunningWallet, startWallet } from "@rgs/reference-wallet";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { BACKOFFICE_ROOT, ensureBackofficeBuilt } from "../../../backoffice/scripts/backoffice-build.ts";
import { type Chromium, openChromium, recordingPage } from "../../../client/test/browser/chromium.ts";
import { CertificationRuns } from "../../src/operators/certification-runs.ts";
import { addCallback, addRound, SECRET } from "../outbox/support.ts";
import { failures, fitsWidth, prepareDocsScreenshots, shot, signInAt, WIDTHS } from "./browser-support.ts";
import { type BackofficeWorld, backofficeWorld } from "./support.ts";

// Each test signs in, walks the page and, once per width, waits for a whole tester run.
vi.setConfig({ testTimeout: 180_000 });

let bo: BackofficeWorld;
let base: string;
/** The reference wallet holding operator A's secret and the tester's two players. */
let wallet: RunningWallet;
let walletPort: number;

beforeAll(async () => {
  await ensureBackofficeBuilt();
  prepareDocsScreenshots();
  bo = await backofficeWorld({ distDir: path.join(BACKOFFICE_ROOT, "dist"), startMs: Date.now() - 120_000 });
  wallet = await startWallet(
    loadConfig({
      WALLET_SECRET: SECRET,
      WALLET_PORT: "0",
      WALLET_BASE_PATH: "/wallet/v2",
      WALLET_PLAYERS: "player-one:USD:1000.00,player-two:USD:300.00",
    }),
    { clock: () => bo.clock.now() / 1000 },
  );
  walletPort = new URL(wallet.url).port ? Number(new URL(wallet.url).port) : 0;
  // A credit still waiting for operator A's wallet: the callback URL form shows it before the change.
  const roundId = await addRound(bo.world, { status: "settling" });
  await addCallback(bo.world, roundId, { seq: 1, kind: "credit", roundClosed: true, amount: 700n });
  await bo.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://localhost:${(bo.app.server.address() as AddressInfo).port}`;
}, 240_000);
afterAll(async () => {
  await bo?.close();
  await wallet?.close();
});

/** The operator's settings as the page shows them, by their label. */
async function fact(page: Page, label: string): Promise<string> {
  return (await page.locator(`dt:text-is("${label}") + dd`).textContent()) ?? "";
}

/** A run of operator A on another instance that a shutdown stopped before its report. */
async function stoppedRunElsewhere(): Promise<void> {
  const runs = new CertificationRuns(bo.store);
  const lease = {
    operatorId: bo.operatorA,
    instanceId: "rgs-elsewhere",
    startedAt: new Date(bo.clock.now()),
  };
  await runs.acquire({ ...lease, expiresAt: new Date(bo.clock.now() + 60_000) });
  await runs.release(lease, {
    finishedAt: new Date(bo.clock.now()),
    outcome: "stopped",
    errorCode: "tester_stopped",
    detail:
      "The tester run stopped before its report because the server is shutting down; no result is recorded. Run it again.",
  });
}

async function signIn(page: Page, username: string, at = "#/operators"): Promise<void> {
  await signInAt(page, base, username, at);
}

describe.each(WIDTHS)("the Operator page at $width px", (viewport) => {
  let chromium: Chromium;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    chromium = await openChromium({ viewport });
    page = await recordingPage(chromium.context, errors);
    page.setDefaultTimeout(15_000);
  }, 60_000);
  afterEach(async (context) => {
    if (context.task.result?.state === "fail")
      console.log("PAGE", page.url(), await page.textContent("body"), errors);
  });
  afterAll(async () => {
    await chromium?.close();
  });

  it("lets a platform admin create an operator, its secret shown once, and rotate it", async () => {
    await signIn(page, "alice");
    await page.getByText("New operator").click();
    await page.getByLabel("Name", { exact: true }).first().fill(`Harbour ${viewport.width}`);
    await page.getByLabel("Countries").first().fill("de, at");
    await page.getByLabel("Time zone").first().fill("Europe/Berlin");
    await page.getByRole("button", { name: "Create" }).click();
    const created = page.getByRole("status").filter({ hasText: "is created" });
    const secret = (await created.locator("code").textContent()) ?? "";
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    // The new operator is the one shown, and its secret is nowhere else.
    await expect.poll(() => fact(page, "Name")).toBe(`Harbour ${viewport.width}`);
    expect(await fact(page, "Countries")).toBe("DE, AT");
    await fitsWidth(page);
    await shot(page, "operator-created", viewport.width);

    await page.getByText("Rotate the secret").click();
    await page.getByRole("button", { name: "New secret" }).click();
    await page.getByRole("button", { name: "Rotate now" }).click();
    const rotated = page.getByRole("status").filter({ hasText: "The new secret" });
    const next = (await rotated.locator("code").textContent()) ?? "";
    expect(next).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(next).not.toBe(secret);
    await page.reload();
    await page.getByRole("heading", { name: "Bet limits" }).waitFor();
    expect(await page.textContent("body")).not.toContain(next);
    expect(failures(errors)).toEqual([]);
  });

  it("lets a platform admin edit settings, move the callback URL after seeing what is pending, and certify it", async () => {
    await signIn(page, "alice", `#/operators/${bo.operatorA}`);
    await expect.poll(() => fact(page, "Name")).toBe("Outbox Casino");
    await page.getByText("Change settings").click();
    await page.getByLabel("Jurisdiction").fill("MOON");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByRole("alert").textContent()).resolves.toContain("unknown_jurisdiction");
    await page.getByLabel("Jurisdiction").fill("MGA");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect.poll(() => fact(page, "Jurisdiction")).toBe("MGA");

    // Each width moves the wallet to another address of the same reference wallet.
    const host = viewport.width === 1280 ? "127.0.0.1" : "localhost";
    const walletUrl = `http://${host}:${walletPort}/wallet/v2`;
    await page.getByText("Change the callback URL").click();
    await page.getByLabel("New callback URL").fill(walletUrl);
    await page.getByRole("button", { name: "Review the change" }).click();
    const review = page.getByRole("region", { name: "Before the change" });
    await expect(review.textContent()).resolves.toMatch(
      /1 callback is still pending, the oldest since \d{4}-/,
    );
    await expect(review.textContent()).resolves.toContain(
      "drops back to uncertified until the tester passes",
    );
    await fitsWidth(page);
    await shot(page, "operator-callback-url", viewport.width);
    await page.getByRole("button", { name: "Change the callback URL" }).click();
    await expect.poll(() => fact(page, "Callback URL")).toBe(`${walletUrl} not certified`);

    await page.getByLabel("Test player", { exact: true }).fill("player-one");
    await page.getByLabel("Second test player").fill("player-two");
    await page.getByRole("button", { name: "Run the tester" }).click();
    await page.getByRole("button", { name: "Tester running…" }).waitFor();
    await expect(page.getByRole("status").textContent()).resolves.toContain("on rgs-backoffice-test since");
    await expect
      .poll(() => fact(page, "Callback URL"), { timeout: 120_000, interval: 1000 })
      .toBe(`${walletUrl} certified`);
    const runs = page.getByRole("region", { name: "Certification runs" });
    await expect(runs.locator("tbody tr").first().textContent()).resolves.toContain("passed");
    await fitsWidth(page);
    await shot(page, "operator-tester", viewport.width);

    const [report] = await Promise.all([
      page.context().waitForEvent("page"),
      runs.getByRole("link", { name: "Open the report" }).first().click(),
    ]);
    await report.waitForLoadState();
    expect(await report.textContent("body")).toContain(walletUrl);
    await report.close();
    expect(failures(errors)).toEqual([]);
  });

  it("lets an operator admin change its pages and limits only, and not see another operator's", async () => {
    await stoppedRunElsewhere();
    await signIn(page, "olga");
    await expect.poll(() => fact(page, "Name")).toBe("Outbox Casino");
    await expect(page.getByText("The last run stopped at").textContent()).resolves.toContain(
      "(tester_stopped)",
    );
    expect(await page.getByText("New operator").count()).toBe(0);
    expect(await page.getByText("Change the callback URL").count()).toBe(0);
    await page.getByText("Change settings").click();
    expect(await page.getByLabel("Time zone").count()).toBe(0);
    await page.getByLabel("Lobby URL").fill(`https://outbox.test/lobby-${viewport.width}`);
    await page.getByRole("textbox", { name: /^Bet limits/ }).fill("USD 0.10 20.00 5000.00\nEUR 0.20 abc 100");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect(page.getByRole("alert").textContent()).resolves.toContain("invalid_bet_limits");
    await page.getByRole("textbox", { name: /^Bet limits/ }).fill("USD 0.10 20.00 5000.00");
    await page.getByRole("button", { name: "Save settings" }).click();
    await expect.poll(() => fact(page, "Lobby URL")).toBe(`https://outbox.test/lobby-${viewport.width}`);
    const limits = page.getByRole("region", { name: "Bet limits" });
    await expect(limits.textContent()).resolves.toContain("5000.00");
    await fitsWidth(page);
    await shot(page, "operator-settings", viewport.width);

    await page.goto(`${base}/#/operators/${bo.operatorB}`);
    await page.reload();
    await expect(page.getByRole("alert").textContent()).resolves.toContain("unknown_operator");
    expect(await page.textContent("body")).not.toContain("Other Casino");
    expect(failures(errors)).toEqual([]);
  });

  it("shows support and finance nothing of it", async () => {
    for (const name of ["sam", "fay"]) {
      await signIn(page, name);
      expect(await page.getByRole("link", { name: "Operator", exact: true }).count()).toBe(0);
      await expect(page.getByRole("alert").textContent()).resolves.toContain("permission_denied");
      expect(await page.getByText("Change settings").count()).toBe(0);
    }
  });
});
