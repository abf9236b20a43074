/**
 * Rounds that outlive a process or a player, and chaos. Credits and rollbacks still owed when the RGS is
 * killed with SIGKILL are delivered by the restarted process; rounds nobody finishes are settled by the
 * sweeper; and while several players play about fifty rounds at once, with the wallet failing a share of its
 * debits, credits and rollbacks at random (500 before or after applying, answers slower than the time-out,
 * dropped connections) and the RGS SIGKILLed and restarted mid-play, every round ends closed by a credit or
 * a rollback and every ledger reconciles exactly with the RGS's rounds.
 */
import { expect, it } from "vitest";
import { CALLBACK_TIMEOUT_MS, DEBIT_RETRIES, type Environment, type Session } from "./support/environment.ts";
import { finishRound, play, type RoundAnswer } from "./support/games.ts";
import { reconcile, sleep } from "./support/reconcile.ts";
import { onEveryStore } from "./support/stores.ts";

const PLAYERS = 4;
const ROUNDS = 52;
const GAMES = ["dice-alpha", "limbo-alpha", "keno-alpha", "mines-alpha"];
/** Kill the RGS once this many bets have been answered. */
const KILL_AFTER = 20;

interface Tally {
  /** Bets the RGS answered, whatever the answer: the budget of the run. */
  answered: number;
  answers: Map<string, number>;
}

function count(tally: Tally, outcome: string): void {
  tally.answers.set(outcome, (tally.answers.get(outcome) ?? 0) + 1);
}

/** One player betting on its games in turn until the shared budget of bets is spent. */
async function player(env: Environment, sessions: Session[], tally: Tally): Promise<void> {
  for (let turn = 0; tally.answered < ROUNDS; turn++) {
    const session = sessions[turn % sessions.length] as Session;
    try {
      const answer = await play(env, session);
      tally.answered++;
      const code = (answer.body as { code?: string }).code;
      count(tally, answer.status === 200 ? "played" : (code ?? String(answer.status)));
      const round = (answer.body as unknown as RoundAnswer).round;
      if (answer.status === 200 && round.status === "open") {
        await finishRound(env, session, answer.body as unknown as RoundAnswer);
      }
    } catch {
      // The RGS is down or was killed during the request: whatever it left is settled after the restart.
      count(tally, "no answer");
      await sleep(200);
    }
  }
}

onEveryStore("recovery and chaos", { rgsEnv: { SWEEPER_IDLE_SECONDS: "2" } }, (env) => {
  it("credits and rollbacks owed when the RGS is SIGKILLed are delivered after it restarts", async () => {
    const playerId = await env().newPlayer();
    const dice = await env().launch(playerId, "dice-alpha");
    const limbo = await env().launch(playerId, "limbo-alpha");
    const keno = await env().launch(playerId, "keno-alpha");
    // The wallet takes the first stake but never answers it, and refuses to process any credit or rollback.
    await env().fault(
      { callback: "debit", mode: "error_after", count: DEBIT_RETRIES + 1 },
      { callback: "rollback", mode: "error_before", count: 1_000 },
      { callback: "credit", mode: "error_before", count: 1_000 },
    );
    expect(await play(env(), dice)).toMatchObject({ status: 503, body: { code: "wallet_unavailable" } });
    for (const session of [limbo, keno]) {
      const answer = await play(env(), session);
      expect(answer.status).toBe(200);
      expect((answer.body as unknown as RoundAnswer).round.status).toBe("settling");
    }
    // Let the outbox fail a few more times, then kill the RGS in the middle of its retries.
    await sleep(600);
    await env().killRgs();
    await env().clearFaults();
    const whileDown = await env().statement(playerId);
    expect(whileDown.transactions.map((t) => t.kind)).toEqual(["debit", "debit", "debit"]);
    expect(whileDown.balance).toBe("97.00");

    await env().startRgs();
    const { statement, rounds } = await reconcile(env(), playerId, [dice, limbo, keno]);
    expect(rounds).toHaveLength(3);
    expect(statement.transactions.filter((t) => t.kind === "rollback")).toHaveLength(1);
    expect(statement.transactions.filter((t) => t.kind === "credit")).toHaveLength(2);
  });

  it("the sweeper settles rounds nobody finishes, by the game's abandon rule", async () => {
    const playerId = await env().newPlayer();
    const mines = await env().launch(playerId, "mines-alpha");
    const flight = await env().launch(playerId, "flight_deck-gamma");
    const opened = await play(env(), mines, "2.00");
    expect((opened.body as unknown as RoundAnswer).round.status).toBe("open");
    expect((await play(env(), flight)).status).toBe(200);
    // Nobody acts: the sweeper (2 s of idleness, or the flight's own deadline) ends both rounds.
    const { rounds } = await reconcile(env(), playerId, [mines, flight], { timeoutMs: 45_000 });
    const abandoned = rounds.find((round) => round.gameCode === "mines-alpha");
    // Abandoned before the first reveal, mines pays back the RTP share of the stake.
    expect(abandoned).toMatchObject({ status: "closed", note: "abandoned", stake: "2.00", payout: "1.98" });
    expect(rounds.find((round) => round.gameCode === "flight_deck-gamma")?.status).toBe("closed");
  });
  it("with the wallet failing at random and the RGS SIGKILLed mid-play, every round ends and every ledger reconciles", async () => {
    const players: string[] = [];
    const sessions: Session[][] = [];
    for (let index = 0; index < PLAYERS; index++) {
      const playerId = await env().newPlayer("200.00");
      players.push(playerId);
      const own: Session[] = [];
      for (const code of GAMES) own.push(await env().launch(playerId, code));
      sessions.push(own);
    }
    await env().randomFaults({
      share: 0.3,
      callbacks: ["debit", "credit", "rollback"],
      modes: ["error_before", "error_after", "hang_after", "drop_before", "drop_after", "slow"],
      delayMs: CALLBACK_TIMEOUT_MS * 2,
    });

    const tally: Tally = { answered: 0, answers: new Map() };
    let restartedAt = 0;
    const killer = (async () => {
      while (tally.answered < KILL_AFTER) await sleep(20);
      await env().killRgs();
      await sleep(300);
      await env().startRgs();
      restartedAt = Date.now();
    })();
    await Promise.all([...sessions.map((own) => player(env(), own, tally)), killer]);

    let rounds = 0;
    let afterRestart = 0;
    for (const [index, playerId] of players.entries()) {
      const result = await reconcile(env(), playerId, sessions[index] as Session[], { timeoutMs: 60_000 });
      rounds += result.rounds.length;
      afterRestart += result.rounds.filter((round) => Date.parse(round.createdAt) > restartedAt).length;
    }
    const answers = Object.fromEntries(tally.answers);
    // Most bets were played; the rest were cancelled (and refunded) or hit the restart.
    expect(rounds, JSON.stringify(answers)).toBeGreaterThanOrEqual(ROUNDS / 2);
    expect(afterRestart, JSON.stringify(answers)).toBeGreaterThan(0);
    expect(answers["no answer"] ?? 0).toBeGreaterThan(0);
  }, 180_000);
});
