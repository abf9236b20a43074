import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DeadLetterService } from "../../src/outbox/dead-letters.ts";
import { GgrRollup } from "../../src/reporting/ggr-rollup.ts";
import { addCallback, addRound, newOutbox, round, transaction } from "../outbox/support.ts";
import { as, type BackofficeWorld, backofficeWorld, type SignedIn, signIn } from "./support.ts";

/**
 * A dead credit the wallet did not apply, replaced by a new credit with its own transaction ID: asked for by
 * one person, approved by a second platform admin, sent by the outbox like any credit, and counted once.
 */

let bo: BackofficeWorld;
let olga: SignedIn;
let alice: SignedIn;
const DAY = "2030-01-01";

beforeAll(async () => {
  bo = await backofficeWorld();
  olga = await signIn(bo.app, "olga");
  alice = await signIn(bo.app, "alice");
}, 180_000);
afterAll(async () => {
  await bo?.close();
});

/** A round whose 5.00 bet the wallet confirmed and whose closing 12.34 credit it refused. */
async function deadWin(): Promise<{ roundId: string; transactionId: string }> {
  const roundId = await addRound(bo.world);
  const debit = await addCallback(bo.world, roundId, {
    seq: 0,
    kind: "debit",
    roundClosed: false,
    amount: 500n,
  });
  await bo.store.db
    .updateTable("wallet_transactions")
    .set({ status: "ok", completed_at: new Date(bo.clock.now()), answer: JSON.stringify({ status: "OK" }) })
    .where("transaction_id", "=", debit.transactionId)
    .execute();
  const credit = await addCallback(bo.world, roundId, {
    seq: 1,
    kind: "credit",
    roundClosed: true,
    amount: 1234n,
  });
  bo.wallet.byTransaction.set(credit.transactionId, [{ http: 200, status: "ERROR_PLAYER_DISABLED" }]);
  await newOutbox(bo.world).kick(roundId);
  return { roundId, transactionId: credit.transactionId };
}

async function approvedReplacement(transactionId: string): Promise<string> {
  const asked = await as(bo.app, olga, "POST", `/api/callbacks/${transactionId}/actions`, {
    action: "replace",
    reason: "the wallet burnt the transaction ID while the player was disabled",
    confirmed: true,
  });
  expect(asked.statusCode).toBe(201);
  const approved = await as(bo.app, alice, "POST", `/api/approvals/${asked.json().approval.id}/approve`);
  expect(approved.json().approval).toMatchObject({ status: "approved", action: "replace" });
  const replacedBy = (await transaction(bo.store, transactionId)).replaced_by;
  expect(replacedBy).toEqual(expect.any(String));
  return replacedBy as string;
}

describe("a dead credit replaced by a new credit", () => {
  it("states what the player gains, then sends a new credit only once a second platform admin approves", async () => {
    const { roundId, transactionId } = await deadWin();
    const detail = await as(bo.app, olga, "GET", `/api/callbacks/${transactionId}`);
    expect(detail.json().actions).toContainEqual({
      action: "replace",
      meaning: expect.stringContaining("A new credit of 12.34 USD with its own transaction ID"),
    });
    const url = `/api/callbacks/${transactionId}/actions`;
    const unconfirmed = await as(bo.app, olga, "POST", url, { action: "replace", reason: "wallet fixed" });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().code).toBe("confirmation_required");
    expect(unconfirmed.json().detail).toContain("The player gains 12.34 USD, the win");

    const asked = await as(bo.app, olga, "POST", url, {
      action: "replace",
      reason: "the wallet burnt the transaction ID",
      confirmed: true,
    });
    const { id } = asked.json().approval as { id: string };
    // Asked, not done: nothing new is stored until the approval.
    const rows = () =>
      bo.store.db.selectFrom("wallet_transactions").select("transaction_id").where("round_id", "=", roundId);
    expect(await rows().execute()).toHaveLength(2);
    const self = await as(bo.app, olga, "POST", `/api/approvals/${id}/approve`);
    expect(self.json().code).toBe("permission_denied");
    await as(bo.app, alice, "POST", `/api/approvals/${id}/approve`);

    const old = await transaction(bo.store, transactionId);
    expect(old).toMatchObject({ status: "dead", resolved_by: "olga (approved by alice)" });
    const replacement = await transaction(bo.store, old.replaced_by as string);
    expect(replacement).toMatchObject({
      kind: "credit",
      amount: 1234n,
      round_closed: true,
      status: "pending",
    });
    expect(replacement.seq).toBe(2);
    const after = await as(bo.app, olga, "GET", `/api/callbacks/${transactionId}`);
    expect(after.json().callback).toMatchObject({ state: "replaced", replacedBy: old.replaced_by });
    // Replaced, not paid: the round waits for the new credit.
    expect((await round(bo.store, roundId)).status).toBe("settling");

    const events = (await bo.store.audit.list({ limit: 1000 })).map((e) => ({
      kind: e.kind,
      actor: e.actor,
      data: e.data,
    }));
    expect(events.find((e) => e.kind === "callback.replaced")).toMatchObject({
      actor: "backoffice:alice",
      data: { transactionId, replacedBy: old.replaced_by, roundId },
    });
    expect(events.find((e) => e.kind === "backoffice.money_action_approved")).toMatchObject({
      data: { before: { state: "dead" }, after: { state: "replaced" }, action: "replace" },
    });
  });

  it("goes through the outbox like any credit: signed, resent byte for byte under its own ID, closing the round", async () => {
    const { roundId, transactionId } = await deadWin();
    const replacedBy = await approvedReplacement(transactionId);
    bo.wallet.byTransaction.set(replacedBy, [{ http: 503 }]);
    const outbox = newOutbox(bo.world);
    await outbox.kick(roundId);
    expect((await transaction(bo.store, replacedBy)).status).toBe("pending");
    bo.clock.advance(10_000);
    await outbox.runOnce();

    const sent = bo.wallet.calls.filter((c) => c.json.transactionId === replacedBy);
    expect(sent).toHaveLength(2);
    expect(sent[0]?.path).toContain("credit");
    expect(sent[1]?.body).toBe(sent[0]?.body);
    expect(sent[0]?.headers["x-hmac-sha256"]).toEqual(expect.any(String));
    expect(sent[0]?.json).toMatchObject({ roundId, amount: "12.34", roundClosed: true });
    expect(JSON.parse(String(sent[0]?.json.metadata))).toEqual({
      reason: "replacement",
      replaces: transactionId,
    });
    expect(bo.wallet.calls.filter((c) => c.json.transactionId === transactionId)).toHaveLength(1);
    expect(await transaction(bo.store, replacedBy)).toMatchObject({ status: "ok" });
    expect((await round(bo.store, roundId)).status).toBe("closed");
  });

  it("counts the win once in the GGR report and the reconciliation", async () => {
    const { roundId, transactionId } = await deadWin();
    const replacedBy = await approvedReplacement(transactionId);
    await newOutbox(bo.world).kick(roundId);
    bo.clock.advance(61_000);
    await new GgrRollup({ store: bo.store, clock: bo.clock }).catchUp();

    const finance = await signIn(bo.app, "fay");
    const reconciled = await as(
      bo.app,
      finance,
      "GET",
      `/api/operators/${bo.operatorA}/reconciliation?date=${DAY}`,
    );
    const [day] = reconciled.json().days;
    const ofRound = day.transactions.filter((t: { roundId: string }) => t.roundId === roundId);
    expect(
      ofRound.map((t: { transactionId: string; counted: string }) => [t.transactionId, t.counted]),
    ).toEqual([
      [expect.any(String), "bet"],
      [replacedBy, "win"],
    ]);
    expect(day.resolvedByHand).toContainEqual(
      expect.objectContaining({
        transactionId,
        counted: "none",
        resolution: expect.objectContaining({ replacedBy }),
      }),
    );
    // No round of the day paid its 12.34 win twice, and the totals are those lines (the replaced one is not).
    const confirmed = day.transactions as { roundId: string; counted: string; amount: string }[];
    const winsOf = (id: string) => confirmed.filter((t) => t.roundId === id && t.counted === "win");
    for (const id of new Set(confirmed.map((t) => t.roundId))) {
      expect(["12.34"]).toEqual(expect.arrayContaining(winsOf(id).map((t) => t.amount)));
      expect(winsOf(id).length).toBeLessThanOrEqual(1);
    }
    const winCents = confirmed.filter((t) => t.counted === "win").length * 1234;
    expect(day.totals.wins).toBe((winCents / 100).toFixed(2));

    const report = await as(
      bo.app,
      finance,
      "GET",
      `/api/operators/${bo.operatorA}/reports/ggr?from=${DAY}&to=${DAY}`,
    );
    const [row] = report.json().periods[0].rows;
    expect(row.wins).toBe(day.totals.wins);
  });
});

describe("what is never replaced", () => {
  it("refuses a rollback and a credit already replaced, with the catalogue's codes", async () => {
    const roundId = await addRound(bo.world);
    const rollback = await addCallback(bo.world, roundId, { seq: 1, kind: "rollback", roundClosed: true });
    bo.wallet.byTransaction.set(rollback.transactionId, [{ http: 200, status: "ERROR_PLAYER_DISABLED" }]);
    await newOutbox(bo.world).kick(roundId);
    const detail = await as(bo.app, olga, "GET", `/api/callbacks/${rollback.transactionId}`);
    expect(detail.json().actions.map((a: { action: string }) => a.action)).toEqual([
      "requeue",
      "mark_applied",
    ]);
    const replaceRollback = await as(
      bo.app,
      olga,
      "POST",
      `/api/callbacks/${rollback.transactionId}/actions`,
      {
        action: "replace",
        reason: "refund it",
        confirmed: true,
      },
    );
    expect(replaceRollback.statusCode).toBe(409);
    expect(replaceRollback.json().code).toBe("callback_not_credit");

    const { transactionId } = await deadWin();
    await approvedReplacement(transactionId);
    const again = await as(bo.app, olga, "POST", `/api/callbacks/${transactionId}/actions`, {
      action: "replace",
      reason: "once more",
      confirmed: true,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe("callback_not_dead");
    // Nor is a replaced one sent again under its old ID.
    await expect(
      new DeadLetterService({ store: bo.store, clock: bo.clock }).retry({ transactionId, by: "ops" }),
    ).rejects.toMatchObject({
      code: "callback_not_dead",
    });

    const unknown = await as(bo.app, olga, "POST", "/api/callbacks/no-such-id/actions", {
      action: "replace",
      reason: "x",
      confirmed: true,
    });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe("unknown_transaction");
    const support = await signIn(bo.app, "sam");
    const denied = await as(bo.app, support, "POST", `/api/callbacks/${transactionId}/actions`, {
      action: "replace",
      reason: "x",
      confirmed: true,
    });
    expect(denied.statusCode).toBe(403);
  });
});
