/**
 * A real-money bet commits at three points: its opening rows (round, nonce, debit) before the debit is sent;
 * the debit's outcome with the step and its leased credit before the credit is sent; the credit's
 * confirmation, in a later batch after the player was answered. The RGS is SIGKILLed at each of them, and
 * after a restart every round ends and the wallet's ledger reconciles exactly with the RGS's rounds.
 */
import { expect, it } from "vitest";
import { CALLBACK_TIMEOUT_MS } from "./support/environment.ts";
import { play, type RoundAnswer } from "./support/games.ts";
import { finishedRounds, reconcile, sleep } from "./support/reconcile.ts";
import { onEveryStore } from "./support/stores.ts";

/** Long enough for the request to reach the wallet, well short of the callback time-out. */
const IN_FLIGHT_MS = CALLBACK_TIMEOUT_MS / 3;

onEveryStore("SIGKILL at each commit point of a bet", {}, (env) => {
  it("after the opening rows commit, with the debit applied and unanswered: rolled back after the restart", async () => {
    const playerId = await env().newPlayer();
    const dice = await env().launch(playerId, "dice-alpha");
    await env().fault({ callback: "debit", mode: "hang_after", count: 1 });
    const pending = play(env(), dice).catch(() => undefined);
    await sleep(IN_FLIGHT_MS);
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
    await sleep(IN_FLIGHT_MS * 2);
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
