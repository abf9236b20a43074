import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { addCallback, addRound, newOutbox, round } from "../outbox/support.ts";
import { ABANDON_PAYS, as, type BackofficeWorld, backofficeWorld, type SignedIn, signIn } from "./support.ts";

/**
 * A stuck round settled from the back office: only through the sweeper's abandon rule, with what the
 * player gains confirmed, once a second platform admin approves; audited.
 */

let bo: BackofficeWorld;
let olga: SignedIn;
let alice: SignedIn;
let bob: SignedIn;
const DAY = 86_400_000;

beforeAll(async () => {
  bo = await backofficeWorld();
  olga = await signIn(bo.app, "olga");
  alice = await signIn(bo.app, "alice");
  bob = await signIn(bo.app, "bob");
}, 180_000);
afterAll(async () => {
  await bo?.close();
});

const url = (roundId: string, operatorId = bo.operatorA) =>
  `/api/operators/${operatorId}/rounds/${roundId}/settlement`;

/** A round of the game whose abandon rule pays 2.50, its 5.00 stake confirmed, idle for a day. */
async function stuckOpen(): Promise<string> {
  const roundId = await addRound(bo.world, {
    status: "open",
    gameCode: ABANDON_PAYS,
    lastActionAt: new Date(bo.clock.now() - DAY),
  });
  const debit = await addCallback(bo.world, roundId, {
    seq: 0,
    kind: "debit",
    roundClosed: false,
    amount: 500n,
  });
  await bo.store.db
    .updateTable("wallet_transactions")
    .set({ status: "ok", completed_at: new Date(bo.clock.now() - DAY) })
    .where("transaction_id", "=", debit.transactionId)
    .execute();
  await bo.store.db.updateTable("rounds").set({ stake_total: 500n }).where("id", "=", roundId).execute();
  return roundId;
}

const callbacksOf = (roundId: string) =>
  bo.store.db
    .selectFrom("wallet_transactions")
    .select(["kind", "amount", "status", "reverse_transaction_id"])
    .where("round_id", "=", roundId)
    .orderBy("seq")
    .execute();

describe("settling a stuck open round", () => {
  it("states what the abandon rule gives, and closes the round with it once a second platform admin approves", async () => {
    const roundId = await stuckOpen();
    const shown = await as(bo.app, olga, "GET", url(roundId));
    expect(shown.statusCode).toBe(200);
    expect(shown.json().settlement).toMatchObject({ roundId, status: "open" });
    expect(shown.json().settlement.meaning).toContain("the player gains 2.50 USD, the abandon rule's credit");

    const noReason = await as(bo.app, olga, "POST", url(roundId), { confirmed: true });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().code).toBe("reason_required");
    const unconfirmed = await as(bo.app, olga, "POST", url(roundId), { reason: "player left mid-hand" });
    expect(unconfirmed.statusCode).toBe(400);
    expect(unconfirmed.json().code).toBe("confirmation_required");
    expect(unconfirmed.json().detail).toContain("gains 2.50 USD");

    const asked = await as(bo.app, olga, "POST", url(roundId), {
      reason: "player left mid-hand; the sweeper missed it",
      confirmed: true,
    });
    expect(asked.statusCode).toBe(201);
    expect(asked.json().approval).toMatchObject({
      action: "settle_round",
      transactionId: null,
      roundId,
      status: "pending",
      meaning: expect.stringContaining("gains 2.50 USD"),
    });
    const { id } = asked.json().approval as { id: string };
    const twice = await as(bo.app, olga, "POST", url(roundId), { reason: "again", confirmed: true });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().code).toBe("approval_pending");
    // Asked, not done.
    expect((await round(bo.store, roundId)).status).toBe("open");
    expect(await callbacksOf(roundId)).toHaveLength(1);
    expect((await as(bo.app, olga, "POST", `/api/approvals/${id}/approve`)).json().code).toBe(
      "permission_denied",
    );

    const approved = await as(bo.app, alice, "POST", `/api/approvals/${id}/approve`);
    expect(approved.json().approval).toMatchObject({ status: "approved", decidedBy: "alice" });
    await newOutbox(bo.world).kick(roundId);
    expect(await callbacksOf(roundId)).toEqual([
      expect.objectContaining({ kind: "debit", amount: 500n, status: "ok" }),
      expect.objectContaining({ kind: "credit", amount: 250n, status: "ok" }),
    ]);
    expect(await round(bo.store, roundId)).toMatchObject({
      status: "closed",
      close_reason: "abandoned",
      payout_total: 250n,
    });
    const paid = bo.wallet.calls.filter((c) => c.json.roundId === roundId);
    expect(paid.map((c) => c.json.amount)).toEqual(["2.50"]);

    const events = await bo.store.audit.list({ limit: 1000 });
    const ofApproval = events.filter(
      (e) =>
        (e.data as { approvalId?: string } | null)?.approvalId === id ||
        e.kind === "round.settled_by_abandon_rule",
    );
    expect(ofApproval.map((e) => [e.kind, e.actor])).toEqual(
      expect.arrayContaining([
        ["backoffice.money_action_requested", "backoffice:olga"],
        ["round.settled_by_abandon_rule", "backoffice:alice"],
        ["backoffice.money_action_approved", "backoffice:alice"],
      ]),
    );
    expect(events.find((e) => e.kind === "round.settled_by_abandon_rule")).toMatchObject({
      data: {
        roundId,
        by: "olga (approved by alice)",
        before: { status: "open", abandonWin: "2.50" },
        after: { status: expect.stringMatching(/settling|closed/), closeReason: "abandoned" },
      },
    });
  });

  it("does nothing when the round changed after the request", async () => {
    const roundId = await stuckOpen();
    const asked = await as(bo.app, olga, "POST", url(roundId), { reason: "stuck", confirmed: true });
    bo.clock.advance(1_000);
    await bo.store.db
      .updateTable("rounds")
      .set({ last_action_at: new Date(bo.clock.now()) })
      .where("id", "=", roundId)
      .execute();
    const decided = await as(bo.app, bob, "POST", `/api/approvals/${asked.json().approval.id}/approve`);
    expect(decided.json().approval).toMatchObject({
      status: "failed",
      outcome: expect.stringContaining("changed after the request"),
    });
    expect((await round(bo.store, roundId)).status).toBe("open");
    expect(await callbacksOf(roundId)).toHaveLength(1);
  });
});

describe("settling a round stuck opening", () => {
  it("rolls back its stake, never by the person who asked", async () => {
    const roundId = await addRound(bo.world, {
      status: "initializing",
      lastActionAt: new Date(bo.clock.now() - 3 * 60_000),
    });
    await addCallback(bo.world, roundId, { seq: 0, kind: "debit", roundClosed: false, amount: 500n });
    const shown = await as(bo.app, alice, "GET", url(roundId));
    expect(shown.json().settlement.meaning).toContain("Its stake of 5.00 USD is rolled back");
    const asked = await as(bo.app, alice, "POST", url(roundId), {
      reason: "died mid-debit",
      confirmed: true,
    });
    const { id } = asked.json().approval as { id: string };
    const self = await as(bo.app, alice, "POST", `/api/approvals/${id}/approve`);
    expect(self.statusCode).toBe(403);
    expect(self.json().code).toBe("approval_by_requester");
    await as(bo.app, bob, "POST", `/api/approvals/${id}/approve`);
    await newOutbox(bo.world).kick(roundId);
    expect(await callbacksOf(roundId)).toEqual([
      expect.objectContaining({ kind: "debit", amount: 500n }),
      expect.objectContaining({ kind: "rollback", amount: 500n, status: "ok" }),
    ]);
    expect(await round(bo.store, roundId)).toMatchObject({ status: "cancelled", close_reason: "abandoned" });
  });
});

describe("what is never settled from here", () => {
  it("refuses a round still played, a settling one, an unknown one, another operator's, and the roles that only read", async () => {
    const fresh = await addRound(bo.world, { status: "open", gameCode: ABANDON_PAYS });
    const settling = await addRound(bo.world, {
      status: "settling",
      lastActionAt: new Date(bo.clock.now() - DAY),
    });
    for (const roundId of [fresh, settling]) {
      const refused = await as(bo.app, olga, "POST", url(roundId), { reason: "x", confirmed: true });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe("round_not_stuck");
    }
    for (const roundId of ["not-a-round", "5b0c6a2e-8f1b-4c3a-9e7d-2b4f6a8c0e13"]) {
      const unknown = await as(bo.app, olga, "GET", url(roundId));
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().code).toBe("round_not_found");
    }
    const open = await stuckOpen();
    const elsewhere = await as(bo.app, alice, "GET", url(open, bo.operatorB));
    expect(elsewhere.json().code).toBe("round_not_found");
    const sid = await signIn(bo.app, "sid");
    expect((await as(bo.app, sid, "GET", url(open))).statusCode).toBe(404);
    for (const name of ["sam", "fay"]) {
      const reader = await signIn(bo.app, name);
      expect((await as(bo.app, reader, "GET", url(open))).statusCode).toBe(200);
      const denied = await as(bo.app, reader, "POST", url(open), { reason: "x", confirmed: true });
      expect(denied.statusCode).toBe(403);
      expect(denied.json().code).toBe("permission_denied");
    }
    expect((await round(bo.store, open)).status).toBe("open");
  });
});
