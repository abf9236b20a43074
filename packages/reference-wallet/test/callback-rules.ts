import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SqlDatabase } from "../src/store/sql.ts";
import { createTestWallet, type TestWallet, uniqueId } from "./support.ts";

/**
 * Every callback rule, checked over HTTP with signed requests. Run once per store backend, so the
 * PGlite and PostgreSQL ledgers are held to the same behaviour.
 */
export function describeCallbackRules(backend: string, openDb: () => Promise<SqlDatabase>): void {
  describe(`wallet callbacks on ${backend}`, () => {
    let wallet: TestWallet;

    beforeAll(async () => {
      wallet = await createTestWallet(await openDb());
    });
    afterAll(async () => {
      await wallet?.close();
    });

    const requestId = () => uniqueId("req");

    async function balanceOf(playerId: string): Promise<unknown> {
      const response = await wallet.call("balance", { requestId: requestId(), playerId });
      return response.body.balance;
    }

    async function statement(playerId: string) {
      const response = await wallet.admin("GET", `/admin/players/${encodeURIComponent(playerId)}`);
      expect(response.statusCode).toBe(200);
      return response.body as {
        balance: string;
        reconciled: boolean;
        transactions: { transactionId: string; kind: string; amount: string; reversedBy: string | null }[];
        rounds: { id: string; closed: boolean }[];
      };
    }

    function debitBody(playerId: string, amount: string, ids: { tx?: string; round?: string } = {}) {
      return {
        requestId: requestId(),
        playerId,
        transactionId: ids.tx ?? uniqueId("tx"),
        roundId: ids.round ?? uniqueId("round"),
        gameCode: "dice-alpha",
        amount,
      };
    }

    function creditBody(
      playerId: string,
      amount: string,
      round: string,
      roundClosed: boolean,
      tx = uniqueId("tx"),
    ) {
      return {
        requestId: requestId(),
        playerId,
        transactionId: tx,
        roundId: round,
        roundClosed,
        gameId: "dice-alpha",
        amount,
      };
    }

    function rollbackBody(
      playerId: string,
      reverse: string,
      round: string,
      tx = uniqueId("rb"),
      roundClosed = true,
    ) {
      return {
        requestId: requestId(),
        playerId,
        transactionId: tx,
        reverseTransactionId: reverse,
        roundId: round,
        roundClosed,
        gameId: "dice-alpha",
      };
    }

    describe("authenticate", () => {
      it("answers the balance and the account currency, echoing requestId", async () => {
        const playerId = await wallet.player("USD", "1000.00");
        const response = await wallet.call("authenticate", {
          requestId: "auth-1",
          playerId,
          currency: "USD",
          gameCode: "dice-alpha",
        });
        expect(response).toEqual({
          statusCode: 200,
          body: {
            requestId: "auth-1",
            status: "OK",
            balance: "1000.00",
            accountCurrency: "USD",
            excluded: false,
          },
        });
      });

      it("treats RMB as CNY and refuses any other currency", async () => {
        const playerId = await wallet.player("CNY", "5.00");
        const rmb = await wallet.call("authenticate", {
          requestId: "a",
          playerId,
          currency: "RMB",
          gameCode: "dice-alpha",
        });
        expect(rmb.body).toMatchObject({ status: "OK", accountCurrency: "RMB", balance: "5.00" });
        const eur = await wallet.call("authenticate", {
          requestId: "b",
          playerId,
          currency: "EUR",
          gameCode: "dice-alpha",
        });
        expect(eur).toEqual({ statusCode: 200, body: { requestId: "b", status: "ERROR_WRONG_CURRENCY" } });
        const bogus = await wallet.call("authenticate", {
          requestId: "c",
          playerId,
          currency: "ZZZ",
          gameCode: "dice-alpha",
        });
        expect(bogus.body.status).toBe("ERROR_WRONG_CURRENCY");
      });

      it("refuses unknown and disabled players, and flags self-excluded ones", async () => {
        const unknown = await wallet.call("authenticate", {
          requestId: "u",
          playerId: uniqueId("nobody"),
          currency: "USD",
          gameCode: "dice-alpha",
        });
        expect(unknown).toEqual({
          statusCode: 200,
          body: { requestId: "u", status: "ERROR_PLAYER_DISABLED" },
        });

        const disabled = await wallet.player("USD", "10.00", { disabled: true });
        const refused = await wallet.call("authenticate", {
          requestId: "d",
          playerId: disabled,
          currency: "USD",
          gameCode: "dice-alpha",
        });
        expect(refused.body.status).toBe("ERROR_PLAYER_DISABLED");

        const excluded = await wallet.player("USD", "10.00", { excluded: true });
        const flagged = await wallet.call("authenticate", {
          requestId: "e",
          playerId: excluded,
          currency: "USD",
          gameCode: "dice-alpha",
        });
        expect(flagged.body).toMatchObject({ status: "OK", excluded: true });
        const bet = await wallet.call("debit", debitBody(excluded, "1.00"));
        expect(bet.body.status).toBe("ERROR_PLAYER_DISABLED");
      });
    });

    describe("balance", () => {
      it("answers the current balance, zero written as 0", async () => {
        const playerId = await wallet.player("USD", "0");
        expect(await wallet.call("balance", { requestId: "b1", playerId })).toEqual({
          statusCode: 200,
          body: { requestId: "b1", status: "OK", balance: "0" },
        });
        const unknown = await wallet.call("balance", { requestId: "b2", playerId: uniqueId("nobody") });
        expect(unknown.body).toEqual({ requestId: "b2", status: "ERROR_PLAYER_DISABLED" });
      });
    });

    describe("debit, credit and rollback", () => {
      it("plays a full round: debit, winning credit closing the round", async () => {
        const playerId = await wallet.player("USD", "1000.00");
        const round = uniqueId("round");
        const debit = await wallet.call("debit", debitBody(playerId, "10.50", { round }));
        expect(debit.statusCode).toBe(200);
        expect(debit.body).toMatchObject({ status: "OK", balance: "989.50" });
        const credit = await wallet.call("credit", creditBody(playerId, "21.00", round, true));
        expect(credit.body).toMatchObject({ status: "OK", balance: "1010.50" });
        const view = await statement(playerId);
        expect(view.balance).toBe("1010.50");
        expect(view.reconciled).toBe(true);
        expect(view.rounds).toEqual([{ id: round, closed: true }]);
      });

      it("closes a lost round with a zero credit answered with the current balance", async () => {
        const playerId = await wallet.player("EUR", "5.00");
        const round = uniqueId("round");
        await wallet.call("debit", debitBody(playerId, "5.00", { round }));
        const close = await wallet.call("credit", creditBody(playerId, "0", round, true));
        expect(close.body).toMatchObject({ status: "OK", balance: "0" });
        expect((await statement(playerId)).rounds[0]?.closed).toBe(true);
      });

      it("accepts several debits and credits in one round until roundClosed", async () => {
        const playerId = await wallet.player("USD", "100.00");
        const round = uniqueId("round");
        expect((await wallet.call("debit", debitBody(playerId, "10.00", { round }))).body.balance).toBe(
          "90.00",
        );
        expect((await wallet.call("credit", creditBody(playerId, "5.00", round, false))).body.balance).toBe(
          "95.00",
        );
        expect((await wallet.call("debit", debitBody(playerId, "10.00", { round }))).body.balance).toBe(
          "85.00",
        );
        expect((await wallet.call("debit", debitBody(playerId, "5.00", { round }))).body.balance).toBe(
          "80.00",
        );
        expect((await wallet.call("credit", creditBody(playerId, "40.00", round, true))).body.balance).toBe(
          "120.00",
        );
        const view = await statement(playerId);
        expect(view.transactions.map((t) => t.kind)).toEqual(["debit", "credit", "debit", "debit", "credit"]);
        expect(view.reconciled).toBe(true);
      });

      it("refuses money movements into a closed round, nothing moves", async () => {
        const playerId = await wallet.player("USD", "100.00");
        const round = uniqueId("round");
        await wallet.call("debit", debitBody(playerId, "10.00", { round }));
        await wallet.call("credit", creditBody(playerId, "0", round, true));
        const late = await wallet.call("credit", creditBody(playerId, "50.00", round, false));
        expect(late.body.status).toBe("ERROR_WRONG_SYNTAX");
        const lateDebit = await wallet.call("debit", debitBody(playerId, "1.00", { round }));
        expect(lateDebit.body.status).toBe("ERROR_WRONG_SYNTAX");
        expect(await balanceOf(playerId)).toBe("90.00");
      });

      it("refuses a movement into another player's round", async () => {
        const alice = await wallet.player("USD", "100.00");
        const bob = await wallet.player("USD", "100.00");
        const round = uniqueId("round");
        await wallet.call("debit", debitBody(alice, "10.00", { round }));
        const intrude = await wallet.call("credit", creditBody(bob, "10.00", round, true));
        expect(intrude.body.status).toBe("ERROR_WRONG_SYNTAX");
        expect(await balanceOf(bob)).toBe("100.00");
      });

      it("refuses a debit one cent above the balance and accepts the exact balance", async () => {
        const playerId = await wallet.player("USD", "25.00");
        const over = await wallet.call("debit", debitBody(playerId, "25.01"));
        expect(over).toMatchObject({ statusCode: 200, body: { status: "ERROR_NOT_ENOUGH_MONEY" } });
        expect(over.body).not.toHaveProperty("customUserError");
        expect(await balanceOf(playerId)).toBe("25.00");
        const all = await wallet.call("debit", debitBody(playerId, "25.00"));
        expect(all.body).toMatchObject({ status: "OK", balance: "0" });
      });

      it("rolls back an applied debit once", async () => {
        const playerId = await wallet.player("USD", "50.00");
        const round = uniqueId("round");
        const debit = debitBody(playerId, "20.00", { round });
        await wallet.call("debit", debit);
        const rollback = rollbackBody(playerId, debit.transactionId, round);
        const first = await wallet.call("rollback", rollback);
        expect(first.body).toEqual({ requestId: rollback.requestId, status: "OK", balance: "50.00" });

        const replay = await wallet.call("rollback", { ...rollback, requestId: "replayed" });
        expect(replay.body).toEqual({ requestId: "replayed", status: "OK", balance: "50.00" });
        const second = await wallet.call("rollback", rollbackBody(playerId, debit.transactionId, round));
        expect(second.body).toMatchObject({ status: "OK", balance: "50.00" });
        expect(await balanceOf(playerId)).toBe("50.00");

        const view = await statement(playerId);
        expect(view.transactions.find((t) => t.transactionId === debit.transactionId)?.reversedBy).toBe(
          rollback.transactionId,
        );
        expect(view.rounds[0]?.closed).toBe(true);
        expect(view.reconciled).toBe(true);
      });

      it("answers a rollback of an unknown transaction OK and refuses the debit arriving later", async () => {
        const playerId = await wallet.player("USD", "50.00");
        const round = uniqueId("round");
        const debit = debitBody(playerId, "20.00", { round });
        const rollback = await wallet.call("rollback", rollbackBody(playerId, debit.transactionId, round));
        expect(rollback.body).toMatchObject({ status: "OK", balance: "50.00" });

        const late = await wallet.call("debit", debit);
        expect(late).toMatchObject({ statusCode: 200, body: { status: "ERROR_DUPLICATE_TRANSACTION" } });
        expect(await balanceOf(playerId)).toBe("50.00");
        const view = await statement(playerId);
        expect(view.transactions.map((t) => t.kind).sort()).toEqual(["rollback", "tombstone"]);
      });

      it("refuses a replayed debit once it has been rolled back", async () => {
        const playerId = await wallet.player("USD", "50.00");
        const round = uniqueId("round");
        const debit = debitBody(playerId, "20.00", { round });
        await wallet.call("debit", debit);
        await wallet.call(
          "rollback",
          rollbackBody(playerId, debit.transactionId, round, uniqueId("rb"), false),
        );
        const replay = await wallet.call("debit", debit);
        expect(replay.body.status).toBe("ERROR_DUPLICATE_TRANSACTION");
        expect(await balanceOf(playerId)).toBe("50.00");
      });

      it("answers ERROR_TRANSACTION_DOES_NOT_EXIST when the named transaction is not a debit of this player and round", async () => {
        const alice = await wallet.player("USD", "50.00");
        const bob = await wallet.player("USD", "50.00");
        const round = uniqueId("round");
        const debit = debitBody(alice, "20.00", { round });
        await wallet.call("debit", debit);
        const credit = creditBody(alice, "5.00", round, false);
        await wallet.call("credit", credit);

        const ofCredit = await wallet.call("rollback", rollbackBody(alice, credit.transactionId, round));
        expect(ofCredit).toMatchObject({
          statusCode: 200,
          body: { status: "ERROR_TRANSACTION_DOES_NOT_EXIST" },
        });
        const otherRound = await wallet.call(
          "rollback",
          rollbackBody(alice, debit.transactionId, uniqueId("round")),
        );
        expect(otherRound.body.status).toBe("ERROR_TRANSACTION_DOES_NOT_EXIST");
        const otherPlayer = await wallet.call(
          "rollback",
          rollbackBody(bob, debit.transactionId, uniqueId("round")),
        );
        expect(otherPlayer.body.status).toBe("ERROR_TRANSACTION_DOES_NOT_EXIST");
        expect(await balanceOf(alice)).toBe("35.00");
        expect(await balanceOf(bob)).toBe("50.00");
      });
    });

    describe("idempotency", () => {
      it("answers a replayed debit with the original balance and moves money once", async () => {
        const playerId = await wallet.player("USD", "100.00");
        const debit = debitBody(playerId, "10.00");
        const first = await wallet.call("debit", debit);
        await wallet.call("debit", debitBody(playerId, "5.00"));
        const replay = await wallet.call("debit", { ...debit, requestId: "again" });
        expect(first.body).toMatchObject({ status: "OK", balance: "90.00" });
        expect(replay.body).toEqual({ requestId: "again", status: "OK", balance: "90.00" });
        expect(await balanceOf(playerId)).toBe("85.00");
      });

      it("answers a replayed credit with the original balance and pays once", async () => {
        const playerId = await wallet.player("USD", "100.00");
        const round = uniqueId("round");
        await wallet.call("debit", debitBody(playerId, "10.00", { round }));
        const credit = creditBody(playerId, "30.00", round, true);
        const first = await wallet.call("credit", credit);
        const replay = await wallet.call("credit", credit);
        expect(first.body.balance).toBe("120.00");
        expect(replay.body).toEqual(first.body);
        expect(await balanceOf(playerId)).toBe("120.00");
      });

      it("treats 1.5 and 1.50 as the same amount", async () => {
        const playerId = await wallet.player("USD", "10.00");
        const debit = debitBody(playerId, "1.50");
        await wallet.call("debit", debit);
        const replay = await wallet.call("debit", { ...debit, amount: "1.5" });
        expect(replay.body).toMatchObject({ status: "OK", balance: "8.50" });
        expect(await balanceOf(playerId)).toBe("8.50");
      });

      it("refuses a transactionId reused with different parameters", async () => {
        const playerId = await wallet.player("USD", "100.00");
        const other = await wallet.player("USD", "100.00");
        const round = uniqueId("round");
        const debit = debitBody(playerId, "10.00", { round });
        await wallet.call("debit", debit);
        const variants = [
          { ...debit, amount: "11.00" },
          { ...debit, roundId: uniqueId("round") },
          { ...debit, gameCode: "limbo-alpha" },
          { ...debit, playerId: other },
        ];
        for (const variant of variants) {
          const response = await wallet.call("debit", variant);
          expect(response).toMatchObject({
            statusCode: 200,
            body: { status: "ERROR_DUPLICATE_TRANSACTION" },
          });
        }
        const asCredit = await wallet.call(
          "credit",
          creditBody(playerId, "10.00", round, false, debit.transactionId),
        );
        expect(asCredit.body.status).toBe("ERROR_DUPLICATE_TRANSACTION");
        const rollback = rollbackBody(playerId, debit.transactionId, round, uniqueId("rb"), false);
        await wallet.call("rollback", rollback);
        const otherTarget = await wallet.call("rollback", {
          ...rollback,
          reverseTransactionId: uniqueId("tx"),
        });
        expect(otherTarget.body.status).toBe("ERROR_DUPLICATE_TRANSACTION");
        expect(await balanceOf(playerId)).toBe("100.00");
        expect(await balanceOf(other)).toBe("100.00");
      });
    });

    describe("malformed requests", () => {
      it.each([
        ["not JSON", "{not json"],
        ["an array", "[]"],
        ["no requestId", { playerId: "p" }],
      ])("refuses %s with ERROR_WRONG_SYNTAX", async (_label, body) => {
        const response = await wallet.call("debit", body);
        expect(response.statusCode).toBe(200);
        expect(response.body.status).toBe("ERROR_WRONG_SYNTAX");
      });

      it("refuses bad amounts and fields, echoing requestId, and nothing moves", async () => {
        const playerId = await wallet.player("USD", "100.00");
        const base = debitBody(playerId, "1.00");
        const cases: Record<string, unknown>[] = [
          { ...base, amount: 1 },
          { ...base, amount: "-1.00" },
          { ...base, amount: "1e2" },
          { ...base, amount: "1.001" },
          { ...base, amount: "0.000000001" },
          { ...base, amount: "+1.00" },
          { ...base, amount: "" },
          { ...base, amount: "0" },
          { ...base, amount: "NaN" },
          { ...base, amount: " 1.00" },
          { ...base, amount: undefined },
          { ...base, transactionId: 42 },
          { ...base, roundId: "" },
          { ...base, gameCode: null },
          { ...base, playerId: ["x"] },
          { ...base, metadata: { a: 1 } },
        ];
        for (const body of cases) {
          const response = await wallet.call("debit", body);
          expect(response, JSON.stringify(body)).toEqual({
            statusCode: 200,
            body: { requestId: base.requestId, status: "ERROR_WRONG_SYNTAX" },
          });
        }
        const credit = creditBody(playerId, "1.00", uniqueId("round"), true);
        for (const body of [
          { ...credit, roundClosed: "true" },
          { ...credit, amount: "-0.01" },
          { ...credit, gameId: undefined },
        ]) {
          expect((await wallet.call("credit", body)).body.status).toBe("ERROR_WRONG_SYNTAX");
        }
        const rollback = rollbackBody(playerId, uniqueId("tx"), uniqueId("round"));
        for (const body of [
          { ...rollback, reverseTransactionId: undefined },
          { ...rollback, reverseTransactionId: rollback.transactionId },
        ]) {
          expect((await wallet.call("rollback", body)).body.status).toBe("ERROR_WRONG_SYNTAX");
        }
        expect(await balanceOf(playerId)).toBe("100.00");
        expect((await statement(playerId)).transactions).toEqual([]);
      });

      it("uses the player's currency precision", async () => {
        const btc = await wallet.player("BTC", "1.00000000");
        const debit = await wallet.call("debit", debitBody(btc, "0.00000001"));
        expect(debit.body).toMatchObject({ status: "OK", balance: "0.99999999" });
        const tooFine = await wallet.call("debit", debitBody(btc, "0.000000001"));
        expect(tooFine.body.status).toBe("ERROR_WRONG_SYNTAX");
        const yen = await wallet.player("JPY", "1000");
        expect((await wallet.call("debit", debitBody(yen, "1.5"))).body.status).toBe("ERROR_WRONG_SYNTAX");
        expect((await wallet.call("debit", debitBody(yen, "15"))).body).toMatchObject({
          status: "OK",
          balance: "985",
        });
      });

      it("stores amounts beyond 64-bit minor units exactly", async () => {
        const playerId = await wallet.player("BTC", "0");
        const huge = `1${"0".repeat(29)}`;
        const round = uniqueId("round");
        const credit = await wallet.call("credit", creditBody(playerId, `${huge}.00000001`, round, true));
        expect(credit.body).toMatchObject({ status: "OK", balance: `${huge}.00000001` });
        expect((await statement(playerId)).reconciled).toBe(true);
      });
    });

    describe("hostile player ids", () => {
      it.each([
        "' OR '1'='1",
        "'; DROP TABLE wallet_players; --",
        '<script>alert("x")</script>',
        "../../etc/passwd",
        "x".repeat(256),
      ])("answers %j as an unknown player and keeps working", async (playerId) => {
        const response = await wallet.call("authenticate", {
          requestId: "h",
          playerId,
          currency: "USD",
          gameCode: "dice-alpha",
        });
        expect(response).toEqual({
          statusCode: 200,
          body: { requestId: "h", status: "ERROR_PLAYER_DISABLED" },
        });
        const debit = await wallet.call("debit", debitBody(playerId, "1.00"));
        expect(debit.body.status).toBe("ERROR_PLAYER_DISABLED");
        const alive = await wallet.player("USD", "1.00");
        expect(await balanceOf(alive)).toBe("1.00");
      });

      it("refuses ids that are too long or carry control characters", async () => {
        for (const playerId of ["x".repeat(257), "a\u0000b", "line\nbreak", "a\u0085b", "\ud800"]) {
          const response = await wallet.call("balance", { requestId: "h", playerId });
          expect(response.body.status, JSON.stringify(playerId)).toBe("ERROR_WRONG_SYNTAX");
        }
      });

      it("refuses a request whose optional fields break the contract's rules", async () => {
        const playerId = await wallet.player("USD", "5.00");
        for (const extra of [{ sessionToken: 7 }, { sessionToken: "" }, { requestId: "" }]) {
          const response = await wallet.call("balance", { requestId: "h", playerId, ...extra });
          expect(response.body.status, JSON.stringify(extra)).toBe("ERROR_WRONG_SYNTAX");
        }
        const response = await wallet.call("balance", { requestId: "h", playerId, sessionToken: null });
        expect(response.body).toEqual({ requestId: "h", status: "OK", balance: "5.00" });
      });

      it("serves players with Unicode ids", async () => {
        const id = `Jürgen_日本_🎲_${uniqueId("u")}`;
        const created = await wallet.admin("POST", "/admin/players", {
          id,
          currency: "EUR",
          balance: "10.00",
        });
        expect(created.statusCode).toBe(201);
        const debit = await wallet.call("debit", debitBody(id, "2.50"));
        expect(debit.body).toMatchObject({ status: "OK", balance: "7.50" });
      });
    });

    describe("concurrency", () => {
      it("moves money once for 20 identical debits sent at the same time", async () => {
        const playerId = await wallet.player("USD", "100.00");
        const debit = debitBody(playerId, "10.00");
        const responses = await Promise.all(Array.from({ length: 20 }, () => wallet.call("debit", debit)));
        for (const response of responses) {
          expect(response).toEqual({
            statusCode: 200,
            body: { requestId: debit.requestId, status: "OK", balance: "90.00" },
          });
        }
        const view = await statement(playerId);
        expect(view.balance).toBe("90.00");
        expect(view.transactions).toHaveLength(1);
      });

      it("stays consistent when a debit and its rollback race", async () => {
        const playerId = await wallet.player("USD", "100.00");
        for (let i = 0; i < 10; i++) {
          const round = uniqueId("round");
          const debit = debitBody(playerId, "10.00", { round });
          const [debitAnswer, rollbackAnswer] = await Promise.all([
            wallet.call("debit", debit),
            wallet.call("rollback", rollbackBody(playerId, debit.transactionId, round)),
          ]);
          expect(rollbackAnswer.body.status).toBe("OK");
          expect(["OK", "ERROR_DUPLICATE_TRANSACTION"]).toContain(debitAnswer.body.status);
          expect(await balanceOf(playerId)).toBe("100.00");
          expect((await wallet.call("debit", debit)).body.status).toBe("ERROR_DUPLICATE_TRANSACTION");
        }
        const view = await statement(playerId);
        expect(view.balance).toBe("100.00");
        expect(view.reconciled).toBe(true);
      });

      it("gives a transactionId to one player only when two race for it", async () => {
        const alice = await wallet.player("USD", "100.00");
        const bob = await wallet.player("USD", "100.00");
        const tx = uniqueId("tx");
        const answers = await Promise.all([
          wallet.call("debit", debitBody(alice, "10.00", { tx })),
          wallet.call("debit", debitBody(bob, "10.00", { tx })),
        ]);
        expect(answers.map((a) => a.body.status).sort()).toEqual(["ERROR_DUPLICATE_TRANSACTION", "OK"]);
        const balances = [await balanceOf(alice), await balanceOf(bob)].sort();
        expect(balances).toEqual(["100.00", "90.00"]);
      });

      it("never overdraws under concurrent different debits", async () => {
        const playerId = await wallet.player("USD", "50.00");
        const responses = await Promise.all(
          Array.from({ length: 12 }, () => wallet.call("debit", debitBody(playerId, "10.00"))),
        );
        const ok = responses.filter((r) => r.body.status === "OK");
        expect(ok).toHaveLength(5);
        expect(responses.filter((r) => r.body.status === "ERROR_NOT_ENOUGH_MONEY")).toHaveLength(7);
        const view = await statement(playerId);
        expect(view.balance).toBe("0");
        expect(view.reconciled).toBe(true);
      });
    });
  });
}
