import type { AddressInfo } from "node:net";
import path from "node:path";
import type { Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { BACKOFFICE_ROOT, ensureBackofficeBuilt } from "../../../backoffice/scripts/backoffice-build.ts";
import { type Chromium, openChromium, recordingPage } from "../../../client/test/browser/chromium.ts";
import { addCallback, addRound, newOutbox, round, transaction } from "../outbox/support.ts";
import { failures, fitsWidth, prepareDocsScreenshots, shot, signInAt, WIDTHS } from "./browser-support.ts";
import { ABANDON_PAYS, type BackofficeWorld, backofficeWorld } from "./support.ts";

vi.setConfig({ testTimeout: 120_000 });

let bo: BackofficeWorld;
let base: string;

beforeAll(async () => {
  await ensureBackofficeBuilt();
  prepareDocsScreenshots();
  bo = await backofficeWorld({ distDir: path.join(BACKOFFICE_ROOT, "dist"), startMs: Date.now() - 120_000 });
  await bo.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://localhost:${(bo.app.server.address() as AddressInfo).port}`;
}, 240_000);
afterAll(async () => {
  await bo?.close();
});

/** The round search reads up to a moment just before now: a round is found once the clock passed it. */
const SEARCHABLE_MS = 10_000;

/** A round of the game whose abandon rule pays 2.50, idle for a day: past the sweeper's limit. */
async function stuckRound(): Promise<string> {
  const roundId = await addRound(bo.world, {
    status: "open",
    gameCode: ABANDON_PAYS,
    lastActionAt: new Date(bo.clock.now() - 86_400_000),
  });
  await addCallback(bo.world, roundId, {
    seq: 0,
    kind: "debit",
    roundClosed: false,
    amount: 500n,
    status: "ok",
  });
  await bo.store.db.updateTable("rounds").set({ stake_total: 500n }).where("id", "=", roundId).execute();
  bo.clock.advance(SEARCHABLE_MS);
  return roundId;
}

/** The card of the Approvals page that names `text`, once the list is there. */
async function approvalCard(page: Page, text: string) {
  await page.getByRole("navigation").getByRole("link", { name: "Approvals" }).click();
  const card = page.locator("li.card", { hasText: text }).first();
  await card.waitFor();
  return card;
}

/** Signs `username` in on the Rounds page, the back office's first page. */
async function signIn(page: Page, username: string): Promise<void> {
  await signInAt(page, base, username);
  await page.getByRole("heading", { name: "Rounds" }).waitFor();
}

describe.each(WIDTHS)("money actions at $width px", (viewport) => {
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

  it("replaces a dead credit by a new credit: the round closes, the player is paid once, and it is audited", async () => {
    const { roundId, transactionId } = await bo.deadLetter({ amount: 1234n });
    bo.clock.advance(SEARCHABLE_MS);
    await signIn(page, "olga");
    await page.goto(`${base}/#/dead-letters/${transactionId}`);
    await page.getByRole("heading", { name: "What can be done" }).waitFor();
    await page.getByLabel("Not applied: send a new credit in its place").check();
    await page
      .getByLabel(/Reason/)
      .fill("The wallet burnt the transaction ID while the player was disabled.");
    const confirmation = page.getByLabel(/I confirm/);
    await expect(page.locator("label.confirm").textContent()).resolves.toContain(
      "A new credit of 12.34 USD with its own transaction ID",
    );
    await confirmation.check();
    await fitsWidth(page);
    await shot(page, "dead-letter-replace", viewport.width);
    await page.getByRole("button", { name: "Ask for approval" }).click();
    await page.getByRole("status").waitFor();
    expect((await transaction(bo.store, transactionId)).status).toBe("dead");

    await signIn(page, "alice");
    const card = await approvalCard(page, transactionId.slice(0, 8));
    await expect(card.textContent()).resolves.toContain("replace");
    await card.getByRole("button", { name: "Approve" }).click();
    await expect.poll(() => card.textContent()).toContain("approved");
    await newOutbox(bo.world).kick(roundId);

    const replacedBy = (await transaction(bo.store, transactionId)).replaced_by as string;
    const paid = bo.wallet.calls.filter((c) => c.json.roundId === roundId && c.path.includes("credit"));
    // The wallet's ledger: the refused credit once, then the new one once, under its own ID.
    expect(paid.map((c) => [c.json.transactionId, c.json.amount])).toEqual([
      [transactionId, "12.34"],
      [replacedBy, "12.34"],
    ]);
    expect((await round(bo.store, roundId)).status).toBe("closed");
    await page.goto(`${base}/#/dead-letters/${transactionId}`);
    await page.getByText("Replaced by").waitFor();
    await expect(page.locator(".state").first().textContent()).resolves.toBe("replaced");
    await page.getByText("no person needs to act on it").waitFor();
    expect(await page.getByRole("button", { name: "Ask for approval" }).count()).toBe(0);
    await fitsWidth(page);
    await shot(page, "dead-letter-replaced", viewport.width);
    await page.goto(`${base}/#/rounds/${bo.operatorA}/${roundId}`);
    await page.getByRole("heading", { name: "Wallet callbacks" }).waitFor();
    await expect(page.locator("dl.facts").first().textContent()).resolves.toContain("closed");

    const chain = await bo.store.audit.list({ operatorId: bo.operatorA, limit: 1000 });
    const replaced = chain.find(
      (e) =>
        e.kind === "callback.replaced" &&
        (e.data as { transactionId?: string }).transactionId === transactionId,
    );
    expect(replaced).toMatchObject({ actor: "backoffice:alice", data: { replacedBy } });
    expect(failures(errors)).toEqual([]);
  });

  it("settles a stuck round through the abandon rule, approved by a second platform admin only", async () => {
    const roundId = await stuckRound();
    await signIn(page, "alice");
    await page.goto(`${base}/#/rounds/${bo.operatorA}/${roundId}`);
    const settle = page.getByRole("region", { name: "Stuck: settle through the abandon rule" });
    await expect(settle.locator(".meaning").textContent()).resolves.toContain("the player gains 2.50 USD");
    await settle.getByLabel(/Reason/).fill("The player left mid-hand and the sweeper missed the round.");
    await settle.getByLabel(/I confirm/).check();
    await fitsWidth(page);
    await shot(page, "round-settle", viewport.width);
    await settle.getByRole("button", { name: "Ask for approval" }).click();
    await settle.getByRole("status").waitFor();

    const own = await approvalCard(page, `round ${roundId.slice(0, 8)}`);
    await expect(own.textContent()).resolves.toContain("settle round");
    await expect(own.textContent()).resolves.toContain("gains 2.50 USD");
    expect(await own.getByRole("button", { name: "Approve" }).count()).toBe(0);
    await fitsWidth(page);
    await shot(page, "approvals-settle", viewport.width);
    expect((await round(bo.store, roundId)).status).toBe("open");

    await signIn(page, "bob");
    const card = await approvalCard(page, `round ${roundId.slice(0, 8)}`);
    await card.getByRole("button", { name: "Approve" }).click();
    await expect.poll(() => card.textContent()).toContain("settled through the abandon rule");
    await newOutbox(bo.world).kick(roundId);
    expect(await round(bo.store, roundId)).toMatchObject({ status: "closed", payout_total: 250n });
    await page.goto(`${base}/#/rounds/${bo.operatorA}/${roundId}`);
    await page.getByRole("heading", { name: "Wallet callbacks" }).waitFor();
    await expect(page.locator("dl.facts").first().textContent()).resolves.toContain("2.50 USD");
    expect(await page.getByRole("region", { name: "Stuck: settle through the abandon rule" }).count()).toBe(
      0,
    );
    expect(failures(errors)).toEqual([]);
  });

  it("shows support what settling and replacing would mean, and no way to ask for either", async () => {
    const roundId = await stuckRound();
    const { transactionId } = await bo.deadLetter({ amount: 700n });
    await signIn(page, "sam");
    await page.goto(`${base}/#/rounds/${bo.operatorA}/${roundId}`);
    const settle = page.getByRole("region", { name: "Stuck: settle through the abandon rule" });
    await expect(settle.textContent()).resolves.toContain("Your role reads rounds");
    expect(await page.getByRole("button", { name: "Ask for approval" }).count()).toBe(0);
    await page.goto(`${base}/#/dead-letters/${transactionId}`);
    await page.getByRole("heading", { name: "What can be done" }).waitFor();
    await expect(page.textContent("body")).resolves.toContain("send a new credit in its place");
    expect(await page.getByRole("button", { name: "Ask for approval" }).count()).toBe(0);
    await fitsWidth(page);
    expect(failures(errors)).toEqual([]);
  });
});
