/**
 * A real-money bet commits at three points: its opening rows (round, nonce, debit) before the debit is sent;
 * the debit's outcome with the step and its leased credit before the credit is sent; the credit's
 * confirmation, in a later batch after the player was answered. The RGS is SIGKILLed at each of them, and
 * after a restart every round ends and the wallet's ledger reconciles exactly with the RGS's rounds.
 */
import { expect, it } from "vitest";
import type { Environment } from "./support/environment.ts";
import { play, type RoundAnswer } from "./support/games.ts";
import { eventually, finishedRounds, reconcile } from "./support/reconcile.ts";
import { onEveryStore } from "./support/stores.ts";

/**
 * Waits until the wallet has applied the player's callback of this kind (and, with `hang_after`, holds its
 * answer): the RGS is then killed with that call in flight, however slowly a loaded machine got it there.
 */
const applied = (env: Environment, playerId: string, kind: "debit" | "credit") =>
  eventually(
    `the ${kind} applied by the wallet`,
    async () =>
      (await env.statement(playerId)).transactions.some((t) => t.kind === kind) ? true : undefined,
    30_000,
  );

onEveryStore("SIGKILL at each commit point of a bet", {}, (env) => {
  it("after the opening rows commit, with the debit applied and unanswered: rolled back after the restart", async () => {
    const playerId = await env().newPlayer();
    const dice = await env().launch(playerId, "dice-alpha");
    await env().fault({ callback: "debit", mode: "hang_after", count: 1 });
    const pending = play(env(), dice).catch(() => undefined);
    await applied(env(), playerId, "debit");
    await env().killRgs();
    await pending;
    await env().clearFaults();
    expect((await env().statement(playerId)).balance).toBe("99.00");

    await env().startRgs();
    const { statement } = await reconcile(env(), playerId, [dice], { timeoutMs: 60_000 });
    expect(statement.balance).toBe("100.00");
    expect(statement.transactions.map((t) => t.kind)).toEqual(["debit", "rollback"]);
  }, 90_000);

  it("after the debit's outcome and the credit commit, with the credit unanswered: delivered once after the restart", async () => {
    const playerId = await env().newPlayer();
    const dice = await env().launch(playerId, "dice-alpha");
    await env().fault({ callback: "credit", mode: "hang_after", count: 1 });
    const pending = play(env(), dice).catch(() => undefined);
    await applied(env(), playerId, "credit");
    await env().killRgs();
    await pending;
    await env().clearFaults();

    await env().startRgs();
    const { statement, rounds } = await reconcile(env(), playerId, [dice], { timeoutMs: 60_000 });
    expect(rounds).toHaveLength(1);
    expect(statement.transactions.map((t) => t.kind)).toEqual(["debit", "credit"]);
  }, 90_000);

  it("right after an answered bet, before its confirmation is recorded: the round stands as answered", async () => {
    const playerId = await env().newPlayer();
    const dice = await env().launch(playerId, "dice-alpha");
    const answer = await play(env(), dice);
    expect(answer.status).toBe(200);
    const answered = (answer.body as unknown as RoundAnswer).round;
    await env().killRgs();

    await env().startRgs();
    const { statement } = await reconcile(env(), playerId, [dice], { timeoutMs: 60_000 });
    const stored = (await finishedRounds(env(), [dice])).get(answered.id);
    expect(stored).toMatchObject({ id: answered.id, stake: answered.stake, payout: answered.payout });
    expect(statement.transactions.map((t) => t.kind)).toEqual(["debit", "credit"]);
  }, 90_000);
});
