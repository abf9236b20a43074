/**
 * The back office in Chromium, as each role, at 1280 and 375 px: what each page shows, what a role must
 * not see or do, and a dead letter resolved through the pages, from the request to the second admin's
 * approval. Screenshots go to artifacts/screenshots/; with UPDATE_DOCS_SCREENSHOTS=1 also to
 * docs/back-office/ for docs/back-office.md.
 */
import { readFileSync } from "node:fs";
import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { BACKOFFICE_ROOT, ensureBackofficeBuilt } from "../../../backoffice/scripts/backoffice-build.ts";
import { type Chromium, openChromium, recordingPage } from "../../../client/test/browser/chromium.ts";
import { totpCode } from "../../src/backoffice/totp.ts";
import { manualClock } from "../../src/clock.ts";
import { InstanceHeartbeat } from "../../src/instances/instance-heartbeat.ts";
import { addRound, round, transaction } from "../outbox/support.ts";
import { failures, fitsWidth, prepareDocsScreenshots, shot, signInAt, WIDTHS } from "./browser-support.ts";
import { type BackofficeWorld, backofficeWorld, PASSWORD } from "./support.ts";

// Each test signs in and walks several pages of a real browser.
vi.setConfig({ testTimeout: 120_000 });

let bo: BackofficeWorld;
let base: string;
let letters: { roundId: string; transactionId: string }[];
let stuckRound: string;
/** A round whose debit carries the session's ID as its token. */
let playedRound: string;

beforeAll(async () => {
  await ensureBackofficeBuilt();
  prepareDocsScreenshots();
  // The pages take their search range from the browser's clock: the server's starts just before it.
  bo = await backofficeWorld({ distDir: path.join(BACKOFFICE_ROOT, "dist"), startMs: Date.now() - 120_000 });
  // The first wallet answer is refused only after two sends that got HTTP 503: its timeline shows all three.
  letters = [await bo.deadLetter({ amount: 2500n, failures: 2 }), await bo.deadLetter({ amount: 1234n })];
  ({ roundId: playedRound } = await bo.played({ bet: 5000n, win: 1500n }));
  // Finished, so its page offers no settlement.
  await bo.store.db
    .updateTable("rounds")
    .set({ status: "closed", closed_at: new Date(bo.clock.now()) })
    .where("id", "=", playedRound)
    .execute();
  await bo.played({ bet: 1200n, win: 0n });
  stuckRound = await addRound(bo.world, {
    status: "open",
    lastActionAt: new Date(bo.clock.now() - 86_400_000),
  });
  const spring = await bo.campaign({ reference: "spring-drops", players: ["p1", "p2", "p3"] });
  for (const win of [150n, 0n, 40n]) await bo.playedFree(spring, win);
  const welcome = await bo.campaign({ reference: "welcome-bonus", players: ["p4"], endsInMs: 3_600_000 });
  await bo.store.db
    .updateTable("free_round_campaigns")
    .set({ cancelled_at: new Date(bo.clock.now()) })
    .where("id", "=", welcome.id)
    .execute();
  bo.clock.advance(10_000);
  // Two instances share the store: one beating now, one silent since it crashed a minute ago.
  for (const [instanceId, agoMs] of [
    ["rgs-7f3a9c", 4_000],
    ["rgs-c41d07", 65_000],
  ] as const) {
    const clock = manualClock(bo.clock.now() - agoMs);
    await new InstanceHeartbeat({ store: bo.store, clock, instanceId }).beat();
  }
  await bo.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://localhost:${(bo.app.server.address() as AddressInfo).port}`;
}, 240_000);
afterAll(async () => {
  await bo?.close();
});

/** A code that is not the right one: each digit moved by one. */
const wrongCode = (code: string) => code.replace(/\d/g, (d) => String((Number(d) + 1) % 10));

/** The requestId the round's callback of `kind` was sent with. */
async function requestIdOf(roundId: string, kind: "debit" | "credit"): Promise<string> {
  const row = await bo.store.db
    .selectFrom("wallet_transactions")
    .select("request_id")
    .where("round_id", "=", roundId)
    .where("kind", "=", kind)
    .executeTakeFirstOrThrow();
  return row.request_id;
}

/** Signs `username` in on the Rounds page, the back office's first page. */
async function signIn(page: Page, username: string): Promise<void> {
  await signInAt(page, base, username);
  await page.getByRole("heading", { name: "Rounds" }).waitFor();
}

describe.each(WIDTHS)("the back office at $width px", (viewport) => {
  let chromium: Chromium;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    chromium = await openChromium({ viewport });
    page = await recordingPage(chromium.context, errors);
    page.setDefaultTimeout(10_000);
  }, 60_000);
  afterEach(async (context) => {
    if (context.task.result?.state === "fail")
      console.log("PAGE", page.url(), await page.textContent("body"), errors);
  });
  afterAll(async () => {
    await chromium?.close();
  });

  it("signs in, and shows a wrong password as the catalogue's refusal", async () => {
    await page.context().clearCookies();
    await page.goto("about:blank");
    await page.goto(`${base}/`);
    await page.getByLabel("User name").fill("alice");
    await page.getByLabel("Password").fill("not the password at all");
    await shot(page, "sign-in", viewport.width);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert").textContent()).resolves.toContain("invalid_credentials");
    await fitsWidth(page);
  });

  it("lets a platform admin search rounds and open one with its callbacks, their attempts, fairness and replay", async () => {
    await signIn(page, "alice");
    // The picker chooses the first operator once the list arrives; the choice here comes after it.
    await expect.poll(() => page.getByLabel("Operator").inputValue()).not.toBe("");
    await page.getByLabel("Operator").selectOption({ label: "Outbox Casino" });
    await page.getByRole("button", { name: "Search" }).click();
    const table = page.getByRole("region", { name: "Rounds found" });
    await table.waitFor();
    expect(await table.locator("tbody tr").count()).toBeGreaterThanOrEqual(2);
    await fitsWidth(page);
    await shot(page, "rounds", viewport.width);
    await page.goto(`${base}/#/rounds/${bo.operatorA}/${letters[0]?.roundId}`);
    await page.getByRole("heading", { name: "Wallet callbacks" }).waitFor();
    const callbacks = page.getByRole("region", { name: "Wallet callbacks of the round" });
    await expect(callbacks.textContent()).resolves.toContain("dead");
    const timeline = page.getByRole("region", { name: "Attempts of the round's callbacks" });
    const attempts = timeline.locator("tbody tr");
    expect(await attempts.count()).toBe(3);
    await expect(attempts.nth(0).textContent()).resolves.toMatch(
      /1.*HTTP 503.*http_status.*Service Unavailable/,
    );
    await expect(attempts.nth(1).textContent()).resolves.toMatch(/2.*HTTP 503/);
    await expect(attempts.nth(2).textContent()).resolves.toMatch(/3.*\d+ ms.*ERROR_PLAYER_DISABLED/);
    await expect(page.textContent("body")).resolves.toContain("Server seed hash");
    const credit = await requestIdOf(letters[0]?.roundId ?? "", "credit");
    await page.getByText("credit request").click();
    await expect(page.locator("details.request pre").textContent()).resolves.toContain(credit);
    await fitsWidth(page);
    await shot(page, "round", viewport.width);

    await page.goto(`${base}/#/rounds/${bo.operatorA}/${playedRound}`);
    await page.getByText("debit request").click();
    const debit = page.locator("details.request[open] pre");
    await expect(debit.textContent()).resolves.toContain(await requestIdOf(playedRound, "debit"));
    await expect(debit.textContent()).resolves.toContain('"sessionToken": "[redacted]"');
    await expect(page.textContent("body")).resolves.not.toContain(bo.world.sessionId);
    await fitsWidth(page);
    expect(failures(errors)).toEqual([]);
  });

  it("shows support the dead letters of its operator with their meaning, and no way to act", async () => {
    await signIn(page, "sam");
    await page.goto(`${base}/#/dead-letters`);
    await page.getByRole("region", { name: "Callbacks that need a person" }).waitFor();
    await shot(page, "dead-letters", viewport.width);
    await page.goto(`${base}/#/dead-letters/${letters[1]?.transactionId}`);
    await page.getByRole("heading", { name: "What can be done" }).waitFor();
    await expect(page.textContent("body")).resolves.toContain("Your role reads dead letters");
    expect(await page.getByRole("button", { name: "Ask for approval" }).count()).toBe(0);
    await fitsWidth(page);
  });

  it("hides operator A's rounds and dead letters from operator B's support", async () => {
    await signIn(page, "sid");
    await page.goto(`${base}/#/rounds/${bo.operatorA}/${letters[0]?.roundId}`);
    await expect(page.getByRole("alert").textContent()).resolves.toContain("unknown_operator");
    await page.goto(`${base}/#/dead-letters`);
    await page.getByText("No callbacks need attention.").waitFor();
    await shot(page, "other-operator", viewport.width);
  });

  it("shows finance the GGR report with its chart, the table and a CSV download", async () => {
    await signIn(page, "fay");
    await page.getByRole("link", { name: "Reports" }).click();
    // An operator's person picks from its own operator only.
    await page.getByLabel("Operator").locator("option").first().waitFor({ state: "attached" });
    expect(await page.getByLabel("Operator").locator("option").allTextContents()).toEqual(["Outbox Casino"]);
    await page.getByLabel("Game code").fill("nope");
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page.getByRole("alert").textContent()).resolves.toContain("unknown_game");
    await page.getByLabel("Game code").fill("dice-alpha");
    await page.getByRole("button", { name: "Show" }).click();
    const table = page.getByRole("region", { name: "GGR by day" });
    await table.waitFor();
    await expect(table.textContent()).resolves.toContain("62.00");
    await expect(
      page.getByRole("img", { name: /GGR per day in USD/ }).getAttribute("aria-label"),
    ).resolves.toContain(": 47.00");
    await expect(page.textContent("body")).resolves.toContain("GGR over the range: 47.00 USD");
    await fitsWidth(page);
    await shot(page, "reports", viewport.width);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^ggr-.+\.csv$/);
    expect(readFileSync(await download.path(), "utf8")).toContain(",dice-alpha,USD,62.00,15.00,47.00,");
    expect(failures(errors)).toEqual([]);
  });

  it("shows finance a day's reconciliation with the dead letters that keep it open", async () => {
    await signIn(page, "fay");
    await page.getByRole("link", { name: "Reconciliation" }).click();
    // The day the dead letters were written on the server's clock: the browser's today, unless the suite
    // started before midnight UTC and this test runs after it.
    await page.getByLabel("Day").fill(new Date(bo.clock.now()).toISOString().slice(0, 10));
    await page.getByRole("button", { name: "Reconcile" }).click();
    await page.getByRole("region", { name: "Confirmed callbacks" }).waitFor();
    const unsettled = page.getByRole("region", { name: "Unsettled callbacks" });
    await expect(
      unsettled.getByRole("link", { name: "dead letter" }).count(),
    ).resolves.toBeGreaterThanOrEqual(1);
    await expect(page.textContent("body")).resolves.toContain("not final");
    await fitsWidth(page);
    await shot(page, "reconciliation", viewport.width);
    expect(failures(errors)).toEqual([]);
  });

  it("gives support no reports: no link, and the catalogue's refusal by URL", async () => {
    await signIn(page, "sam");
    expect(await page.getByRole("link", { name: "Reports" }).count()).toBe(0);
    await page.goto(`${base}/#/reports`);
    await page.getByRole("button", { name: "Show" }).click();
    await expect(page.getByRole("alert").textContent()).resolves.toContain("permission_denied");
  });

  it("shows finance the free rounds: the campaigns, their rounds by day and a CSV, and support nothing", async () => {
    await signIn(page, "fay");
    await page.getByRole("link", { name: "Free rounds" }).click();
    const listed = page.getByRole("region", { name: "Campaigns" });
    await expect(listed.textContent()).resolves.toContain("welcome-bonus");
    await page.locator('select[name="campaign"]').selectOption({ label: "spring-drops" });
    await page.getByRole("button", { name: "Show" }).click();
    const table = page.getByRole("region", { name: "Free rounds by day" });
    await table.waitFor();
    await expect(table.textContent()).resolves.toContain("spring-drops");
    await expect(table.textContent()).resolves.not.toContain("welcome-bonus");
    await expect(page.textContent("body")).resolves.toContain("Paid over the range: 1.90 USD");
    await fitsWidth(page);
    await shot(page, "free-rounds", viewport.width);
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Download CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^free-rounds-.+\.csv$/);
    expect(readFileSync(await download.path(), "utf8")).toContain(",spring-drops,USD,3,1.90,1");
    expect(failures(errors)).toEqual([]);

    await signIn(page, "sam");
    expect(await page.getByRole("link", { name: "Free rounds" }).count()).toBe(0);
    await page.goto(`${base}/#/free-rounds`);
    await expect(page.getByRole("alert").first().textContent()).resolves.toContain("permission_denied");
  });

  it("shows a platform admin the on-call view, and an operator admin nothing of it", async () => {
    await signIn(page, "alice");
    await page.getByRole("link", { name: "On call" }).click();
    const operators = page.getByRole("region", { name: "Operators' callbacks and wallets" });
    await expect(operators.textContent()).resolves.toContain("Outbox Casino");
    const instances = page.getByRole("region", { name: "Instances" });
    await expect(
      instances.getByRole("row").filter({ hasText: "rgs-7f3a9c" }).textContent(),
    ).resolves.toContain("running");
    await expect(
      instances.getByRole("row").filter({ hasText: "rgs-c41d07" }).textContent(),
    ).resolves.toContain("silent");
    const stuck = page.getByRole("region", { name: "Stuck rounds" });
    await expect(stuck.getByRole("link", { name: stuckRound.slice(0, 8) }).count()).resolves.toBe(1);
    await expect(stuck.textContent()).resolves.toContain("abandon rule");
    await fitsWidth(page);
    await shot(page, "on-call", viewport.width);
    expect(failures(errors)).toEqual([]);

    await signIn(page, "olga");
    expect(await page.getByRole("link", { name: "On call" }).count()).toBe(0);
    await page.goto(`${base}/#/on-call`);
    await expect(page.getByRole("alert").textContent()).resolves.toContain("permission_denied");
  });

  it("lets a person turn on one-time codes for their own sign-in", async () => {
    const username = `tia-${viewport.width}`;
    await bo.users.create({ username, password: PASSWORD, role: "support", operatorId: bo.operatorA });
    await signIn(page, username);
    await page.getByRole("link", { name: username }).click();
    await page.getByRole("button", { name: "Set up one-time codes" }).click();
    const secret = (await page.locator(".facts code").first().textContent()) ?? "";
    await page.getByLabel("Code from the app").fill(wrongCode(totpCode(secret, username, bo.clock.now())));
    await page.getByRole("button", { name: "Turn codes on" }).click();
    await expect(page.getByRole("alert").textContent()).resolves.toContain("invalid_totp");
    await fitsWidth(page);
    await shot(page, "account", viewport.width);
    await page.getByLabel("Code from the app").fill(totpCode(secret, username, bo.clock.now()));
    await page.getByRole("button", { name: "Turn codes on" }).click();
    await page.getByRole("status").waitFor();

    await page.context().clearCookies();
    await page.goto("about:blank");
    await page.goto(`${base}/#/rounds`);
    await page.getByLabel("User name").fill(username);
    await page.getByLabel("Password").fill(PASSWORD);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByLabel("One-time code").fill(totpCode(secret, username, bo.clock.now()));
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Rounds" }).waitFor();

    await page.getByRole("link", { name: username }).click();
    await page.getByLabel("Current password").fill("not the password at all");
    await page.getByLabel(/New password/).fill("a brand new passphrase");
    await page.getByRole("button", { name: "Change password" }).click();
    await expect(page.getByRole("alert").textContent()).resolves.toContain("invalid_credentials");
    await page.getByLabel("Current password").fill(PASSWORD);
    await page.getByRole("button", { name: "Change password" }).click();
    await page.getByText("Your password is changed").waitFor();
    expect(failures(errors)).toEqual([]);
  });

  it("lets an operator admin see its operator's people and add one, with a first password shown once", async () => {
    await signIn(page, "olga");
    await page.getByRole("link", { name: "People" }).click();
    const people = page.getByRole("region", { name: "People of the back office" });
    // The list arrives after the page: its text is read once it is there.
    await people.getByText("sam", { exact: true }).first().waitFor();
    await expect(people.textContent()).resolves.toContain("sam");
    await expect(people.textContent()).resolves.not.toContain("sid");
    expect(await page.getByLabel("Role").locator("option").allTextContents()).toEqual(["support", "finance"]);
    await page.getByLabel("User name").fill("Not A Name!");
    await page.getByRole("button", { name: "Add" }).click();
    await expect(page.getByRole("alert").textContent()).resolves.toContain("invalid_username");
    const username = `nell-${viewport.width}`;
    await page.getByLabel("User name").fill(username);
    await page.getByLabel("Role").selectOption("finance");
    await page.getByRole("button", { name: "Add" }).click();
    const password = (await page.getByRole("status").locator("code").textContent()) ?? "";
    await people.getByText(username, { exact: true }).first().waitFor();
    await expect(people.textContent()).resolves.toContain(username);
    await fitsWidth(page);
    await shot(page, "people", viewport.width);

    await page.context().clearCookies();
    await page.goto("about:blank");
    await page.goto(`${base}/#/rounds`);
    await page.getByLabel("User name").fill(username);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await page.getByRole("heading", { name: "Rounds" }).waitFor();
    expect(await page.getByRole("link", { name: "People" }).count()).toBe(0);

    await page.context().clearCookies();
    await signIn(page, "olga");
    await page.getByRole("link", { name: "People" }).click();
    const row = people.getByRole("row").filter({ hasText: username });
    await row.getByRole("button", { name: "Disable" }).click();
    const confirm = page.getByRole("alertdialog", { name: `Disable ${username}` });
    await expect(confirm.textContent()).resolves.toContain("every session of theirs ends now");
    await confirm.getByRole("button", { name: `Disable ${username}` }).click();
    await row.getByRole("button", { name: "Enable" }).waitFor();
    await expect(row.textContent()).resolves.toContain("disabled");
    await fitsWidth(page);
    await shot(page, "people-disabled", viewport.width);

    await page.context().clearCookies();
    await page.goto("about:blank");
    await page.goto(`${base}/#/rounds`);
    await page.getByLabel("User name").fill(username);
    await page.getByLabel("Password").fill(password);
    await page.getByRole("button", { name: "Sign in" }).click();
    await expect(page.getByRole("alert").textContent()).resolves.toContain("account_disabled");
    expect(failures(errors)).toEqual([]);
  });

  it("shows an operator admin its operator's settings and certification, and support nothing of them", async () => {
    await signIn(page, "olga");
    await page.getByRole("link", { name: "Operator", exact: true }).click();
    await page.getByText("Callback URL", { exact: true }).waitFor();
    await expect(page.textContent("main")).resolves.toContain("not certified");
    await expect(page.textContent("main")).resolves.toContain("The tester has not run yet.");
    await fitsWidth(page);
    await shot(page, "operator", viewport.width);
    expect(failures(errors)).toEqual([]);

    await signIn(page, "sam");
    expect(await page.getByRole("link", { name: "Operator", exact: true }).count()).toBe(0);
    await page.goto(`${base}/#/operators`);
    await expect(page.getByRole("alert").textContent()).resolves.toContain("permission_denied");
  });

  it("shows finance the rounds but no money action", async () => {
    await signIn(page, "fay");
    await page.goto(`${base}/#/dead-letters/${letters[1]?.transactionId}`);
    await page.getByRole("heading", { name: "What can be done" }).waitFor();
    expect(await page.getByRole("button", { name: "Ask for approval" }).count()).toBe(0);
  });
});

describe("a dead letter resolved through the pages", () => {
  let chromium: Chromium;
  let page: Page;
  const errors: string[] = [];

  beforeAll(async () => {
    chromium = await openChromium({ viewport: WIDTHS[0] });
    page = await recordingPage(chromium.context, errors);
    page.setDefaultTimeout(10_000);
  }, 60_000);
  afterEach(async (context) => {
    if (context.task.result?.state === "fail")
      console.log("PAGE", page.url(), await page.textContent("body"), errors);
  });
  afterAll(async () => {
    await chromium?.close();
  });

  it("is asked for by the operator admin and takes effect when a second platform admin approves", async () => {
    const letter = letters[0] ?? { roundId: "", transactionId: "" };
    await signIn(page, "olga");
    await page.goto(`${base}/#/dead-letters/${letter.transactionId}`);
    await page.getByRole("radio", { name: "Applied: record it as paid" }).check();
    await page
      .getByLabel("Reason (kept in the audit trail)")
      .fill("The wallet's team confirms the credit was applied.");
    const confirm = page.getByRole("checkbox", { name: /I confirm: Applied/ });
    await expect(confirm.textContent().then(() => page.textContent("body"))).resolves.toContain(
      "counts as paid in reports and reconciliation",
    );
    await confirm.check();
    await shot(page, "dead-letter", WIDTHS[0].width);
    await page.getByRole("button", { name: "Ask for approval" }).click();
    await page.getByRole("status").waitFor();
    expect((await transaction(bo.store, letter.transactionId)).status).toBe("dead");

    await signIn(page, "bob");
    await page.goto(`${base}/#/approvals`);
    await shot(page, "approvals", WIDTHS[0].width);
    await page.getByRole("button", { name: "Approve" }).click();
    await page.locator(".card.approved").waitFor();

    expect((await transaction(bo.store, letter.transactionId)).resolved_by).toBe("olga (approved by bob)");
    expect((await round(bo.store, letter.roundId)).status).toBe("closed");
    const kinds = (await bo.store.audit.list({ operatorId: bo.operatorA, limit: 500 })).map((e) => e.kind);
    expect(kinds).toEqual(
      expect.arrayContaining([
        "backoffice.money_action_requested",
        "callback.resolved",
        "backoffice.money_action_approved",
      ]),
    );
    expect(failures(errors)).toEqual([]);
  });
});
