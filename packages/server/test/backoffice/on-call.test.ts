/**
 * The on-call view: every operator's outbox backlog, dead letters and last hour with its wallet, and the
 * rounds that should have ended, read from the database; for platform admins only.
 */
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { manualClock } from "../../src/clock.ts";
import { InstanceHeartbeat } from "../../src/instances/instance-heartbeat.ts";
import { addCallback, addRound } from "../outbox/support.ts";
import { as, type BackofficeWorld, backofficeWorld, signIn } from "./support.ts";

let bo: BackofficeWorld;
let stuck: { settling: string; open: string; fresh: string };
const DAY = 86_400_000;

beforeAll(async () => {
  bo = await backofficeWorld();
  await bo.deadLetter({ amount: 700n });
  const { roundId } = await bo.played({ bet: 1000n, win: 0n });
  await sql`update wallet_transactions set completed_at = created_at + interval '250 milliseconds'
    where round_id = ${roundId}`.execute(bo.store.db);
  const old = new Date(bo.clock.now() - DAY);
  stuck = {
    settling: await addRound(bo.world, { status: "settling", lastActionAt: old }),
    open: await addRound(bo.world, { status: "open", lastActionAt: old }),
    fresh: await addRound(bo.world, { status: "open" }),
  };
  await addCallback(bo.world, stuck.settling, { seq: 1, kind: "credit", roundClosed: true, amount: 300n });
}, 180_000);
afterAll(async () => {
  await bo?.close();
});

describe("the on-call view", () => {
  it("shows the instances as their heartbeats left them, with the callbacks each holds leased", async () => {
    const beat = (instanceId: string, atMs: number) =>
      new InstanceHeartbeat({ store: bo.store, clock: manualClock(atMs), instanceId });
    const now = bo.clock.now();
    const running = beat("rgs-running", now - 5_000);
    await running.beat();
    await beat("rgs-silent", now - 45_000).beat();
    const stopped = beat("rgs-stopped", now - 120_000);
    await stopped.beat();
    await stopped.stop();
    await beat("rgs-last-week", now - 2 * DAY).beat();
    await sql`update wallet_transactions set lease_owner = 'rgs-running', lease_until = ${new Date(now + 60_000)}
      where status = 'pending'`.execute(bo.store.db);
    const response = await as(bo.app, await signIn(bo.app, "alice"), "GET", "/api/on-call");
    const instances = response.json().instances as { id: string; state: string; callbacksLeased: number }[];
    expect(instances.map((i) => [i.id, i.state, i.callbacksLeased])).toEqual([
      ["rgs-running", "running", 1],
      ["rgs-silent", "silent", 0],
      ["rgs-stopped", "stopped", 0],
    ]);
    await sql`update wallet_transactions set lease_owner = null, lease_until = null where lease_owner = 'rgs-running'`.execute(
      bo.store.db,
    );
  });

  it("shows a platform admin each operator's backlog, dead letters and wallet hour", async () => {
    const response = await as(bo.app, await signIn(bo.app, "alice"), "GET", "/api/on-call");
    expect(response.statusCode).toBe(200);
    const { operators } = response.json();
    expect(operators).toEqual([
      {
        operatorId: bo.operatorA,
        name: "Outbox Casino",
        pending: 1,
        oldestPendingAt: expect.any(String),
        alerting: 0,
        deadLetters: 1,
        lastHour: { calls: 4, refused: 0, failing: 1, p50Ms: 250, p95Ms: 250 },
      },
    ]);
  });

  it("lists the rounds past their sweeper's or outbox's limit, the oldest first, and not the others", async () => {
    const response = await as(bo.app, await signIn(bo.app, "alice"), "GET", "/api/on-call");
    const rounds = response.json().stuckRounds as { roundId: string; status: string }[];
    const ids = rounds.map((r) => r.roundId);
    expect(ids).toEqual(expect.arrayContaining([stuck.settling, stuck.open]));
    expect(ids).not.toContain(stuck.fresh);
    expect(rounds.find((r) => r.roundId === stuck.open)).toMatchObject({
      status: "open",
      operatorName: "Outbox Casino",
    });
  });

  it("is refused to every operator's people, and to no one signed in", async () => {
    for (const name of ["olga", "sam", "fay", "sid"]) {
      const response = await as(bo.app, await signIn(bo.app, name), "GET", "/api/on-call");
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe("permission_denied");
    }
    expect((await bo.app.inject({ method: "GET", url: "/api/on-call" })).statusCode).toBe(401);
  });
});
