/**
 * A deploy stops an instance with SIGTERM while bets are in flight against a slow wallet: readiness fails at
 * once, new requests are refused 503 `shutting_down`, every bet in flight is answered with its outcome, the
 * process exits 0 within SHUTDOWN_GRACE_MS, and the callback it held is handed back, so the next instance
 * delivers it at once instead of after the lease (two minutes here).
 */
import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { DICE } from "../http/game/game-support.ts";
import type { Environment, Session } from "./support/environment.ts";
import { eventually, reconcile } from "./support/reconcile.ts";
import { onEveryStore } from "./support/stores.ts";

const GRACE_MS = 6000;
const DRAIN_MS = 300;
const WALLET_DELAY_MS = 2000;

/** Waits until the wallet has taken `count` scheduled faults in all: the calls they hold are under way. */
const faultsInjected = (env: Environment, count: number) =>
  eventually(
    `${count} wallet faults injected`,
    async () => (env.logs.split("injecting a fault").length - 1 >= count ? true : undefined),
    20_000,
  );

const bet = (env: Environment, session: Session, key: string) =>
  fetch(`${env.baseUrl}/game/play`, {
    method: "POST",
    headers: {
      authorization: `Bearer ${session.token}`,
      "content-type": "application/json",
      "idempotency-key": key,
    },
    body: JSON.stringify({ amount: "1.00", params: DICE }),
  }).then(async (response) => ({
    status: response.status,
    body: (await response.json()) as Record<string, unknown>,
  }));

const SETTINGS = {
  // The held callback stays in its call for the whole shutdown: only a hand-back frees it early.
  CALLBACK_TIMEOUT_MS: "20000",
  OUTBOX_LEASE_MS: "120000",
  CREDIT_RETRIES: "0",
  SHUTDOWN_GRACE_MS: String(GRACE_MS),
  SHUTDOWN_DRAIN_MS: String(DRAIN_MS),
};

onEveryStore("SIGTERM with bets in flight", { rgsEnv: SETTINGS }, (environment) => {
  it("answers every bet in flight, refuses new ones, exits 0 in time and hands its claims back", async () => {
    const env = environment();
    const held = await env.launch(await env.newPlayer(), "dice-alpha");
    const players = await Promise.all([1, 2, 3].map(() => env.newPlayer()));
    const sessions = await Promise.all(players.map((player) => env.launch(player, "dice-alpha")));

    // The first bet's payout fails inline, then the outbox's poller claims it and the wallet holds the call.
    await env.fault(
      { callback: "credit", mode: "error_before", count: 1 },
      { callback: "credit", mode: "slow", delayMs: 60_000, count: 1 },
    );
    expect((await bet(env, held, randomUUID())).status).toBe(200);
    await faultsInjected(env, 2);

    await env.fault({ callback: "debit", mode: "slow", delayMs: WALLET_DELAY_MS, count: sessions.length });
    const inFlight = sessions.map((session) => bet(env, session, randomUUID()));
    await faultsInjected(env, 2 + sessions.length);

    const signalled = Date.now();
    const exited = env.terminateRgs();
    // The signal is handled as soon as the process gets it: readiness fails while requests are still served.
    const draining = await eventually(
      "readiness failing",
      async () => {
        const ready = await fetch(`${env.baseUrl}/readyz`);
        return ready.status === 503 ? ready.json() : undefined;
      },
      GRACE_MS,
    );
    expect(draining).toMatchObject({ status: "draining" });

    const refused = await eventually(
      "new requests refused",
      async () => {
        const answer = await bet(env, sessions[0] as Session, randomUUID());
        return answer.status === 503 ? answer : undefined;
      },
      GRACE_MS,
    );
    expect(refused.body).toMatchObject({ status: 503, code: "shutting_down" });

    const answers = await Promise.all(inFlight);
    for (const answer of answers) {
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      expect(answer.body.round).toMatchObject({ stake: "1.00" });
    }
    expect(await exited).toBe(0);
    expect(Date.now() - signalled).toBeLessThan(GRACE_MS + 1500);
    expect(env.logs).not.toContain("cut off");

    // The held payout was handed back: the next instance sends it at once, long before its lease would end.
    await env.startRgs();
    const restarted = Date.now();
    await reconcile(env, held.playerId, [held], { timeoutMs: 15_000 });
    expect(Date.now() - restarted).toBeLessThan(15_000);
    for (const session of sessions) await reconcile(env, session.playerId, [session]);
  }, 120_000);
});
