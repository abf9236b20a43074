import { randomUUID } from "node:crypto";
import type { Reply } from "../client/wallet-client.ts";
import { type CheckDefinition, type CheckRun, describeReply, isCleanRefusal, isOk } from "./check-run.ts";
import { closeWithCredit, openRound } from "./flows.ts";
import { RULES } from "./rules.ts";

const SPEC_IDEMPOTENCY =
  'SPEC "Integration tester", Idempotency; SPEC "Wallet callback endpoints", rules 1 and 2';

/**
 * Judges the answer to a transactionId reused with different parameters (rule 2): ERROR_DUPLICATE_TRANSACTION
 * passes, the original result passes, any other refusal passes with a warning. Money is checked separately.
 */
function judgeDuplicate(t: CheckRun, reply: Reply, what: string): void {
  if (reply.http === 200 && reply.status === "ERROR_DUPLICATE_TRANSACTION") return;
  if (isOk(reply)) {
    t.note(`${what} was answered OK (the original result); accepted as long as no money moved.`, {
      replies: [reply],
    });
    return;
  }
  t.warn(`${what} was answered ${describeReply(reply)}.`, {
    expected: "HTTP 200 with status ERROR_DUPLICATE_TRANSACTION (recommended), or the original result",
    rule: RULES.duplicateParameters,
    replies: [reply],
  });
}

/** A replay must be answered with the same successful response (rule 1). */
function judgeReplay(t: CheckRun, reply: Reply, what: string): void {
  if (isOk(reply)) return;
  t.fail(`${what} was answered ${describeReply(reply)}.`, {
    expected:
      "HTTP 200 with status OK: the same successful response as the first time, nothing applied again",
    rule: RULES.replaySameAnswer,
    replies: [reply],
  });
}

export const idempotencyChecks: CheckDefinition[] = [
  {
    id: "idempotency.debit-replay",
    category: "Idempotency",
    title: "Debit sent twice",
    requirement:
      "a debit sent again with the same transactionId (a retry, new requestId) is answered OK again and the stake is taken once",
    source: SPEC_IDEMPOTENCY,
    async run(t) {
      const before = await t.readBalance("before the debit");
      const round = await openRound(t, before, t.stake, "debit one stake", { rule: RULES.idempotency });
      const replay = await t.debit(
        { transactionId: round.transactionId, roundId: round.roundId, amount: t.stake },
        "the same debit again (retry with a new requestId)",
      );
      judgeReplay(t, replay, "The replayed debit");
      await t.expectBalance(
        before - t.stake,
        "after the replay",
        "the replayed debit must not take the stake again",
      );
      await closeWithCredit(t, round.roundId, t.stake, before, "credit the stake back, closing the round", {
        rule: RULES.idempotency,
        checkAnswer: false,
      });
    },
  },
  {
    id: "idempotency.credit-replay",
    category: "Idempotency",
    title: "Credit sent twice",
    requirement: "a credit sent again with the same transactionId is answered OK again and pays once",
    source: SPEC_IDEMPOTENCY,
    async run(t) {
      const before = await t.readBalance("before the round");
      const round = await openRound(t, before, t.stake, "debit one stake", { rule: RULES.idempotency });
      const creditId = t.id("tx");
      const first = await t.credit(
        { transactionId: creditId, roundId: round.roundId, amount: t.stake, roundClosed: true },
        "credit the stake, closing the round",
      );
      if (!t.requireOk(first, "The credit", RULES.idempotency)) t.stop("The credit was not applied.");
      const replay = await t.credit(
        { transactionId: creditId, roundId: round.roundId, amount: t.stake, roundClosed: true },
        "the same credit again (retry with a new requestId)",
      );
      judgeReplay(t, replay, "The replayed credit");
      await t.expectBalance(before, "after the replay", "the replayed credit must not pay again");
    },
  },
  {
    id: "idempotency.rollback-replay",
    category: "Idempotency",
    title: "Rollback sent twice",
    requirement:
      "a rollback sent again with the same transactionId answers HTTP 200 with OK or ERROR_TRANSACTION_DOES_NOT_EXIST and returns the stake once",
    source: SPEC_IDEMPOTENCY,
    async run(t) {
      const before = await t.readBalance("before the debit");
      const round = await openRound(t, before, t.stake, "debit one stake", { rule: RULES.idempotency });
      const rollback = {
        transactionId: t.id("tx"),
        reverseTransactionId: round.transactionId,
        roundId: round.roundId,
        roundClosed: true,
      };
      const first = await t.rollback(rollback, "roll the debit back");
      if (!t.requireOk(first, "The rollback", RULES.idempotency)) t.stop("The rollback was not applied.");
      const replay = await t.rollback(rollback, "the same rollback again (retry with a new requestId)");
      if (
        !(
          replay.http === 200 &&
          (replay.status === "OK" || replay.status === "ERROR_TRANSACTION_DOES_NOT_EXIST")
        )
      ) {
        t.fail(`The replayed rollback was answered ${describeReply(replay)}.`, {
          expected: "HTTP 200 with status OK or ERROR_TRANSACTION_DOES_NOT_EXIST",
          rule: RULES.rollbackReplay,
          replies: [replay],
        });
      }
      await t.expectBalance(before, "after the replay", "the stake is returned once");
    },
  },
  {
    id: "idempotency.debit-different-params",
    category: "Idempotency",
    title: "Debit transactionId reused with a different amount",
    requirement:
      "a debit reusing a processed transactionId with a different amount is refused (ERROR_DUPLICATE_TRANSACTION recommended; another refusal gives a warning) or answered with the original result, and never moves money",
    source: SPEC_IDEMPOTENCY,
    async run(t) {
      const before = await t.readBalance("before the debit");
      const round = await openRound(t, before, t.stake, "debit one stake", { rule: RULES.idempotency });
      const reuse = await t.debit(
        { transactionId: round.transactionId, roundId: round.roundId, amount: t.stake * 3n },
        "the same transactionId with three times the amount",
      );
      judgeDuplicate(t, reuse, "The debit reusing a transactionId with a different amount");
      await t.expectBalance(
        before - t.stake,
        "after the reuse",
        "a reused transactionId never moves money again",
      );
      await closeWithCredit(t, round.roundId, t.stake, before, "credit the stake back, closing the round", {
        rule: RULES.idempotency,
        checkAnswer: false,
      });
    },
  },
  {
    id: "idempotency.credit-different-params",
    category: "Idempotency",
    title: "Credit transactionId reused with a different amount",
    requirement:
      "a credit reusing a processed transactionId with a different amount is refused (ERROR_DUPLICATE_TRANSACTION recommended) or answered with the original result, and never pays",
    source: SPEC_IDEMPOTENCY,
    async run(t) {
      const before = await t.readBalance("before the round");
      const round = await openRound(t, before, t.stake, "debit one stake", { rule: RULES.idempotency });
      const creditId = t.id("tx");
      const first = await t.credit(
        { transactionId: creditId, roundId: round.roundId, amount: t.stake, roundClosed: false },
        "credit the stake, round stays open",
      );
      if (!t.requireOk(first, "A credit with roundClosed false", RULES.severalPerRound))
        t.stop("The credit was not applied.");
      const reuse = await t.credit(
        { transactionId: creditId, roundId: round.roundId, amount: t.stake * 5n, roundClosed: false },
        "the same transactionId with five times the amount",
      );
      judgeDuplicate(t, reuse, "The credit reusing a transactionId with a different amount");
      await t.expectBalance(before, "after the reuse", "a reused transactionId never pays again");
      await closeWithCredit(t, round.roundId, 0n, before, "credit 0, closing the round", {
        rule: RULES.idempotency,
        checkAnswer: false,
      });
    },
  },
  {
    id: "idempotency.rollback-different-params",
    category: "Idempotency",
    title: "Rollback transactionId reused for another debit",
    requirement:
      "a rollback reusing a processed transactionId to name a different debit is refused (ERROR_DUPLICATE_TRANSACTION recommended) or answered with the original result, and never reverses that other debit",
    source: SPEC_IDEMPOTENCY,
    async run(t) {
      const before = await t.readBalance("before the debits");
      const round = await openRound(t, before, t.stake, "first debit of one stake", {
        rule: RULES.idempotency,
      });
      const secondId = t.id("tx");
      const second = await t.debit(
        { transactionId: secondId, roundId: round.roundId, amount: t.stake },
        "second debit of one stake, same round",
      );
      if (!t.requireOk(second, "A second debit in the same round", RULES.severalPerRound)) {
        t.stop("The round could not take a second debit.");
      }
      const rollbackId = t.id("tx");
      const first = await t.rollback(
        {
          transactionId: rollbackId,
          reverseTransactionId: round.transactionId,
          roundId: round.roundId,
          roundClosed: false,
        },
        "roll the first debit back",
      );
      if (!t.requireOk(first, "The rollback of the first debit", RULES.idempotency))
        t.stop("The rollback was not applied.");
      const reuse = await t.rollback(
        {
          transactionId: rollbackId,
          reverseTransactionId: secondId,
          roundId: round.roundId,
          roundClosed: false,
        },
        "the same rollback transactionId naming the second debit",
      );
      judgeDuplicate(t, reuse, "The rollback reusing a transactionId for another debit");
      await t.expectBalance(
        before - t.stake,
        "after the reuse",
        "the reused rollback id must not reverse the second debit",
      );
      const cleanup = await t.rollback(
        {
          transactionId: t.id("tx"),
          reverseTransactionId: secondId,
          roundId: round.roundId,
          roundClosed: true,
        },
        "roll the second debit back with its own rollback, closing the round",
      );
      t.requireOk(cleanup, "The rollback of the second debit", RULES.idempotency);
    },
  },
  {
    id: "idempotency.replay-request-id",
    category: "Idempotency",
    title: "Replays echo the requestId they carry",
    requirement:
      "a replayed debit carrying the original requestId gets that requestId back; one carrying a new requestId gets the new one (the answer is not the stored original)",
    source: RULES.requestIdEcho,
    async run(t) {
      const before = await t.readBalance("before the debit");
      const roundId = t.id("rd");
      const transactionId = t.id("tx");
      const requestId = randomUUID();
      const body = { transactionId, roundId, amount: t.stake, requestId };
      const first = await t.debit(body, "debit one stake");
      if (!t.requireOk(first, "The debit", RULES.idempotency)) t.stop("The round could not be opened.");
      const same = await t.debit(body, "the identical request again (same requestId)");
      const newRequestId = randomUUID();
      const renewed = await t.debit(
        { ...body, requestId: newRequestId },
        "the same debit with a new requestId",
      );
      for (const [reply, sent, what] of [
        [first, requestId, "The debit"],
        [same, requestId, "The replay with the original requestId"],
        [renewed, newRequestId, "The replay with a new requestId"],
      ] as const) {
        if (reply.http === 200 && reply.json?.requestId !== sent) {
          t.fail(
            `${what} carried requestId ${sent} but was answered with ${JSON.stringify(reply.json?.requestId)}.`,
            {
              expected: `"requestId": "${sent}"`,
              rule: RULES.requestIdEcho,
              replies: [reply],
            },
          );
        }
      }
      await t.expectBalance(before - t.stake, "after the replays", "replays never take the stake again");
      await closeWithCredit(t, roundId, t.stake, before, "credit the stake back, closing the round", {
        rule: RULES.idempotency,
        checkAnswer: false,
      });
    },
  },
  {
    id: "idempotency.cross-player",
    category: "Idempotency",
    title: "One transactionId for two players",
    requirement:
      "a debit for the second player reusing the first player's transactionId is either processed for that player (their own stake taken) or refused as a duplicate; never an OK that moves nothing, never the first player's money",
    source: RULES.tester("a transactionId names one movement of one player's money"),
    needsSecondPlayer: true,
    async run(t) {
      const second = t.secondPlayer ?? "";
      const auth = await t.authenticate({ playerId: second }, "authenticate the second test player");
      if (!isOk(auth)) {
        t.skip(
          `the second test player ${JSON.stringify(second)} cannot be authenticated (${describeReply(auth)})`,
        );
      }
      const before1 = await t.readBalance("of the first player before");
      const before2 = await t.readBalance("of the second player before", second);
      if (before2 < t.stake) t.skip(`the second test player holds less than one stake (${t.money(before2)})`);
      const round1 = await openRound(t, before1, t.stake, "first player: debit one stake", {
        rule: RULES.idempotency,
      });
      const round2 = t.id("rd");
      const reuse = await t.debit(
        { transactionId: round1.transactionId, roundId: round2, amount: t.stake, playerId: second },
        "second player: debit with the first player's transactionId",
      );
      const after1 = await t.expectBalance(
        before1 - t.stake,
        "of the first player after the second player's debit",
        "the second player's request must never move the first player's money",
      );
      const after2 = await t.readBalance("of the second player after their debit", second);
      if (isOk(reuse)) {
        if (after2 === before2) {
          t.fail("The second player's debit was answered OK but took nothing from the second player.", {
            expected: `the second player's balance reduced by ${t.money(t.stake)}, or a refusal (ERROR_DUPLICATE_TRANSACTION)`,
            rule: RULES.tester("an OK to a debit means the stake was taken from that player"),
            replies: [reuse],
          });
        } else if (after2 !== before2 - t.stake) {
          t.fail(
            `The second player's balance moved by ${t.signed(after2 - before2)} for a debit of ${t.money(t.stake)}.`,
            {
              expected: `a movement of -${t.money(t.stake)}`,
              replies: [reuse],
            },
          );
        } else {
          t.expectAnswered(reuse, before2 - t.stake, "The second player's debit");
        }
      } else if (isCleanRefusal(reuse)) {
        if (reuse.status !== "ERROR_DUPLICATE_TRANSACTION") {
          t.warn(`The second player's debit was refused with ${describeReply(reuse)}.`, {
            expected: "processed for the second player, or HTTP 200 ERROR_DUPLICATE_TRANSACTION",
            rule: RULES.duplicateParameters,
            replies: [reuse],
          });
        }
        if (after2 !== before2) {
          t.fail(`The refused debit moved the second player's balance by ${t.signed(after2 - before2)}.`, {
            expected: "no movement after a refusal",
            replies: [reuse],
          });
        }
      } else {
        t.fail(`The second player's debit was answered ${describeReply(reuse)}.`, {
          expected: "HTTP 200: OK with the stake taken, or ERROR_DUPLICATE_TRANSACTION",
          rule: RULES.http200,
          replies: [reuse],
        });
      }
      await closeWithCredit(
        t,
        round1.roundId,
        t.stake,
        after1 + t.stake,
        "first player: credit the stake back",
        {
          rule: RULES.idempotency,
          checkAnswer: false,
        },
      );
      if (after2 !== before2) {
        const refund = await t.credit(
          {
            transactionId: t.id("tx"),
            roundId: round2,
            amount: before2 - after2,
            roundClosed: true,
            playerId: second,
          },
          "second player: credit back what the debit took, closing the round",
        );
        t.requireOk(refund, "The second player's refund", RULES.idempotency);
      }
      await t.expectBalance(
        before2,
        "of the second player at the end",
        "the check leaves both players as found",
        second,
      );
    },
  },
];
