/**
 * Real-money rounds end to end: the RGS and the reference wallet as separate processes, a real-play launch
 * through the signed operator API, rounds through the game API, and a wallet that fails the ways real
 * wallets fail. Every test ends by reconciling the wallet's ledger with the RGS's rounds.
 */
import { GAMES_BY_SLUG } from "@rgs/games/registry";
import { expect, it } from "vitest";
import { DEBIT_RETRIES, type Fault, NOT_ENOUGH_MONEY_MESSAGE, type Session } from "./support/environment.ts";
import {
  CASH_OUT_SCRIPTS,
  finishRound,
  play,
  type RoundAnswer,
  registeredGameCodes,
  SINGLE_ROUND_PARAMS,
  slugOf,
} from "./support/games.ts";
import { eventually, reconcile, sleep } from "./support/reconcile.ts";
import { onEveryStore } from "./support/stores.ts";

const FAULT_MODES: Fault["mode"][] = [
  "error_before",
  "error_after",
  "hang_after",
  "drop_before",
  "drop_after",
];
/** Modes in which the wallet applies the callback before failing to answer. */
const APPLIED: Fault["mode"][] = ["error_after", "hang_after", "drop_after"];
/** A hanging answer outlasts every attempt of the RGS. */
const HANG_MS = 3_000;
/** Every attempt of a debit (the first and the quick resends) fails. */
const EVERY_ATTEMPT = DEBIT_RETRIES + 1;

const fault = (callback: Fault["callback"], mode: Fault["mode"], count: number): Fault => ({
  callback,
  mode,
  count,
  ...(mode === "hang_after" && { delayMs: HANG_MS }),
});

onEveryStore("real-money rounds against the reference wallet", {}, (env) => {
  it("plays a round of every registered game and leaves the wallet at start - stakes + payouts", async () => {
    const codes = registeredGameCodes();
    const scripted = new Set([...Object.keys(SINGLE_ROUND_PARAMS), ...Object.keys(CASH_OUT_SCRIPTS)]);
    expect(Object.keys(GAMES_BY_SLUG).filter((slug) => !scripted.has(slug))).toEqual([]);
    expect(codes.length).toBe(Object.keys(GAMES_BY_SLUG).length);

    const playerId = await env().newPlayer("500.00");
    const sessions: Session[] = [];
    for (const code of codes) {
      const session = await env().launch(playerId, code);
      sessions.push(session);
      const opened = await play(env(), session);
      expect(opened.status, `${code}: ${JSON.stringify(opened.body)}`).toBe(200);
      const answer = opened.body as unknown as RoundAnswer;
      const cashOut = slugOf(code) in CASH_OUT_SCRIPTS;
      // Decided at once; "settling" while the outbox's own pass is delivering the credit the request wrote.
      if (!cashOut) expect(["settling", "closed"], code).toContain(answer.round.status);
      const final = cashOut ? await finishRound(env(), session, answer) : opened;
      expect(final.status, `${code}: ${JSON.stringify(final.body)}`).toBe(200);
      expect((final.body as unknown as RoundAnswer).round.status, code).not.toBe("open");
    }
    const { rounds, statement } = await reconcile(env(), playerId, sessions);
    expect(rounds.map((round) => round.gameCode).sort()).toEqual([...codes].sort());
    expect(rounds.every((round) => round.stake === "1.00")).toBe(true);
    // Each round: one debit and at least one credit (a loss is a credit of 0), nothing rolled back.
    expect(statement.transactions.filter((t) => t.kind === "debit")).toHaveLength(codes.length);
    expect(statement.transactions.filter((t) => t.kind === "rollback")).toHaveLength(0);
    expect(
      new Set(statement.transactions.filter((t) => t.kind === "credit").map((t) => t.roundId)).size,
    ).toBe(codes.length);
  });

  it("refuses a bet the balance cannot cover with not_enough_money and the wallet's message; no round opens", async () => {
    const playerId = await env().newPlayer("5.00");
    const session = await env().launch(playerId, "dice-alpha");
    const refused = await play(env(), session, "10.00");
    expect(refused).toEqual({
      status: 402,
      body: expect.objectContaining({ code: "not_enough_money", customUserError: NOT_ENOUGH_MONEY_MESSAGE }),
    });
    const current = await env().game(session, "POST", "/game/current");
    expect(current.body).toMatchObject({ balance: "5.00", round: null });
    expect((await env().statement(playerId)).transactions).toEqual([]);
    expect((await play(env(), session, "1.00")).status).toBe(200);
    const { rounds } = await reconcile(env(), playerId, [session]);
    expect(rounds).toHaveLength(1);
  });

  for (const mode of FAULT_MODES) {
    it(`debit ${mode} once: the quick resend gets the answer and the round is played once`, async () => {
      const playerId = await env().newPlayer();
      const session = await env().launch(playerId, "dice-alpha");
      await env().fault(fault("debit", mode, 1));
      const answer = await play(env(), session);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const { statement, rounds } = await reconcile(env(), playerId, [session]);
      expect(rounds).toHaveLength(1);
      expect(statement.transactions.filter((t) => t.kind === "debit")).toHaveLength(1);
      expect(statement.transactions.filter((t) => t.kind === "rollback")).toHaveLength(0);
    });

    it(`debit ${mode} on every attempt: the bet is cancelled and the rollback leaves the balance whole`, async () => {
      const playerId = await env().newPlayer();
      const session = await env().launch(playerId, "dice-alpha");
      await env().fault(fault("debit", mode, EVERY_ATTEMPT));
      const answer = await play(env(), session);
      expect(answer).toMatchObject({ status: 503, body: { code: "wallet_unavailable" } });
      const { statement, rounds } = await reconcile(env(), playerId, [session]);
      expect(statement.balance).toBe("100.00");
      expect(rounds).toMatchObject([{ stake: "0", payout: "0", note: "bet_cancelled", status: "cancelled" }]);
      const debits = statement.transactions.filter((t) => t.kind === "debit");
      if (APPLIED.includes(mode)) {
        // The wallet took the stake; the rollback gave it back.
        expect(debits).toHaveLength(1);
        expect(debits[0]?.reversedBy).not.toBeNull();
      } else {
        expect(debits).toHaveLength(0);
      }
    });

    it(`credit ${mode} twice: the outbox delivers the payout exactly once`, async () => {
      const playerId = await env().newPlayer();
      const session = await env().launch(playerId, "limbo-alpha");
      await env().fault(fault("credit", mode, 2));
      const answer = await play(env(), session);
      expect(answer.status, JSON.stringify(answer.body)).toBe(200);
      const { statement, rounds } = await reconcile(env(), playerId, [session]);
      expect(rounds).toHaveLength(1);
      expect(statement.transactions.filter((t) => t.kind === "credit")).toHaveLength(1);
    });

    it(`rollback ${mode} twice: the outbox delivers the rollback and the stake comes back once`, async () => {
      const playerId = await env().newPlayer();
      const session = await env().launch(playerId, "keno-alpha");
      await env().fault(fault("debit", "error_after", EVERY_ATTEMPT), fault("rollback", mode, 2));
      const answer = await play(env(), session);
      expect(answer).toMatchObject({ status: 503, body: { code: "wallet_unavailable" } });
      const { statement } = await reconcile(env(), playerId, [session]);
      expect(statement.balance).toBe("100.00");
      expect(statement.transactions.map((t) => [t.kind, t.balanceDelta])).toEqual([
        ["debit", "-1.00"],
        ["rollback", "1.00"],
      ]);
    });
  }

  it("a wallet that applies the debit and never answers: the rollback restores the money", async () => {
    const playerId = await env().newPlayer();
    const session = await env().launch(playerId, "plinko-alpha");
    await env().fault(fault("debit", "hang_after", EVERY_ATTEMPT));
    const answer = await play(env(), session, "2.50");
    expect(answer).toMatchObject({ status: 503, body: { code: "wallet_unavailable" } });
    const { statement } = await reconcile(env(), playerId, [session]);
    expect(statement.balance).toBe("100.00");
    const [debit, rollback] = statement.transactions;
    expect(debit).toMatchObject({ kind: "debit", balanceDelta: "-2.50" });
    expect(rollback).toMatchObject({
      kind: "rollback",
      balanceDelta: "2.50",
      reverses: debit?.transactionId,
    });
  });

  it("a debit arriving after its rollback moves no money", async () => {
    const playerId = await env().newPlayer();
    const session = await env().launch(playerId, "wheel-alpha");
    const lateMs = 4_000;
    await env().fault({ callback: "debit", mode: "slow", count: EVERY_ATTEMPT, delayMs: lateMs });
    const sent = Date.now();
    const answer = await play(env(), session);
    expect(answer).toMatchObject({ status: 503, body: { code: "wallet_unavailable" } });
    // The rollback reaches the wallet first and leaves a tombstone; the slow debits land after it.
    await eventually(
      "the rollback's tombstone",
      async () =>
        (await env().statement(playerId)).transactions.some((t) => t.kind === "tombstone") ? true : undefined,
      10_000,
    );
    await sleep(Math.max(0, sent + lateMs + 500 - Date.now()));
    const { statement } = await reconcile(env(), playerId, [session]);
    expect(statement.balance).toBe("100.00");
    expect(statement.transactions.filter((t) => t.kind === "debit")).toEqual([]);
    expect(statement.transactions.every((t) => t.balanceDelta === "0")).toBe(true);
  });

  it("another player's round can be neither read nor acted on", async () => {
    const alice = await env().newPlayer();
    const bob = await env().newPlayer();
    const own = await env().launch(alice, "mines-alpha");
    const other = await env().launch(bob, "mines-alpha");
    const opened = await play(env(), own);
    const round = (opened.body as unknown as RoundAnswer).round;
    expect(round.status).toBe("open");
    expect(await env().game(other, "GET", `/game/round/${round.id}`)).toMatchObject({
      status: 404,
      body: { code: "round_not_found" },
    });
    expect(
      await env().game(other, "POST", "/game/action", { roundId: round.id, action: "cash_out" }),
    ).toMatchObject({ status: 404, body: { code: "round_not_found" } });
    await finishRound(env(), own, opened.body as unknown as RoundAnswer);
    await reconcile(env(), alice, [own]);
    expect((await reconcile(env(), bob, [other])).statement.transactions).toEqual([]);
  });

  it("one round at a time per game for one player; different games in parallel", async () => {
    const playerId = await env().newPlayer();
    const mines = await env().launch(playerId, "mines-alpha");
    const same = await Promise.all(Array.from({ length: 6 }, () => play(env(), mines)));
    const won = same.filter((answer) => answer.status === 200);
    expect(won).toHaveLength(1);
    for (const answer of same.filter((a) => a.status !== 200)) {
      expect(answer).toMatchObject({ status: 409, body: { code: "active_round_exists" } });
    }
    await finishRound(env(), mines, won[0]?.body as unknown as RoundAnswer);

    const dice = await env().launch(playerId, "dice-alpha");
    const racing = await Promise.all(Array.from({ length: 5 }, () => play(env(), dice)));
    expect(racing.some((answer) => answer.status === 200)).toBe(true);
    for (const answer of racing.filter((a) => a.status !== 200)) {
      expect(answer).toMatchObject({ status: 409, body: { code: "active_round_exists" } });
    }

    const others = await Promise.all(
      ["limbo-alpha", "keno-alpha", "plinko-alpha", "wheel-alpha"].map((code) =>
        env().launch(playerId, code),
      ),
    );
    const parallel = await Promise.all(others.map((session) => play(env(), session)));
    expect(parallel.map((answer) => answer.status)).toEqual([200, 200, 200, 200]);

    const { rounds } = await reconcile(env(), playerId, [mines, dice, ...others]);
    expect(rounds).toHaveLength(1 + racing.filter((a) => a.status === 200).length + 4);
  });
});
