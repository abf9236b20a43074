import { compareDecimal, type ExactDecimal, formatDecimal, minorToDecimal } from "@rgs/protocol/money";
import { type CheckDefinition, type CheckRun, describeReply, isCleanRefusal, isOk } from "./check-run.ts";
import { closeWithCredit } from "./flows.ts";
import { probeUnknownPlayer } from "./probes.ts";
import { RULES } from "./rules.ts";

const CLEAN = "a clean answer: HTTP 200 with an error status, or a 4xx";

function subtract(a: ExactDecimal, b: ExactDecimal): ExactDecimal {
  const scale = Math.max(a.scale, b.scale);
  const units = a.units * 10n ** BigInt(scale - a.scale) - b.units * 10n ** BigInt(scale - b.scale);
  return { units, scale };
}

/**
 * Sends debits one after another into one round and judges each as a distinct transaction: an OK must
 * take exactly one stake; a refusal naming a duplicate means the wallet confused two different ids.
 * Returns how many stakes were taken, for the clean-up credit.
 */
async function distinctDebits(
  t: CheckRun,
  roundId: string,
  ids: readonly { id: string; what: string }[],
  rule: string,
): Promise<bigint> {
  let balance = await t.readBalance("before the debits");
  let taken = 0n;
  for (const { id, what } of ids) {
    const reply = await t.debit({ transactionId: id, roundId, amount: t.stake }, `debit with ${what}`);
    const after = await t.readBalance(`after the debit with ${what}`);
    if (isOk(reply) && after === balance - t.stake) {
      taken += 1n;
    } else if (isOk(reply) && after === balance) {
      t.fail(
        `The debit with ${what} was answered OK but took nothing: the wallet took it for an earlier transaction.`,
        {
          expected: `one stake taken (balance ${t.money(balance - t.stake)}): transactionIds are compared exactly`,
          rule,
          replies: [reply],
        },
      );
    } else if (isOk(reply)) {
      t.fail(`The debit with ${what} moved the balance by ${t.signed(after - balance)}.`, {
        expected: `-${t.money(t.stake)}`,
        rule,
        replies: [reply],
      });
      taken += (balance - after) / t.stake;
    } else if (reply.http === 200 && reply.status === "ERROR_DUPLICATE_TRANSACTION") {
      t.fail(
        `The debit with ${what} was refused as a duplicate: the wallet took it for an earlier transaction.`,
        {
          expected: "the debit processed as the new transaction it is",
          rule,
          replies: [reply],
        },
      );
    } else if (isCleanRefusal(reply)) {
      t.warn(`The debit with ${what} was refused with ${describeReply(reply)}.`, {
        expected: "the debit processed like any other",
        rule,
        replies: [reply],
      });
    } else {
      t.fail(`The debit with ${what} was answered ${describeReply(reply)}.`, {
        expected: CLEAN,
        rule,
        replies: [reply],
      });
    }
    balance = after;
  }
  return taken;
}

/** Rolls back every applied debit of a round, the last rollback closing it. */
async function rollBackAll(t: CheckRun, roundId: string, transactionIds: readonly string[]): Promise<void> {
  for (const [index, transactionId] of transactionIds.entries()) {
    await t.rollback(
      {
        transactionId: t.id("tx"),
        reverseTransactionId: transactionId,
        roundId,
        roundClosed: index === transactionIds.length - 1,
      },
      "roll back an applied debit",
    );
  }
}

export const edgeCaseChecks: CheckDefinition[] = [
  {
    id: "edge.long-ids",
    category: "Edge Cases",
    title: "Very long ids",
    requirement:
      "a 4096-character player id is refused cleanly; two debits whose 300-character transactionIds differ only in their last character are either both refused cleanly or both processed as two transactions (never one OK that takes nothing)",
    source: RULES.edge("very long player IDs"),
    async run(t) {
      const rule = RULES.edge("very long player IDs: an id is compared in full, never cut");
      await probeUnknownPlayer(t, `${t.id("player")}-${"p".repeat(4096)}`, "a 4096-character id", rule);
      const prefix = `${t.id("tx")}-${"x".repeat(300)}`;
      const roundId = t.id("rd");
      const first = `${prefix}-a`;
      const second = `${prefix}-b`;
      const before = await t.readBalance("before the long-id debits");
      const replyA = await t.debit(
        { transactionId: first, roundId, amount: t.stake },
        "debit with a 300-character transactionId ending in a",
      );
      const afterA = await t.readBalance("after the first long-id debit");
      const replyB = await t.debit(
        { transactionId: second, roundId, amount: t.stake },
        "debit with the same 300 characters ending in b",
      );
      const afterB = await t.readBalance("after the second long-id debit");
      const applied: string[] = [];
      for (const [reply, id, from, to] of [
        [replyA, first, before, afterA],
        [replyB, second, afterA, afterB],
      ] as const) {
        if (isOk(reply) && to === from - t.stake) applied.push(id);
        else if (isOk(reply)) {
          t.fail(
            `A debit with a long transactionId was answered OK but moved the balance by ${t.signed(to - from)}: the wallet seems to cut long ids, so two transactions collide.`,
            { expected: `one stake taken, or a clean refusal of the long id`, rule, replies: [reply] },
          );
        } else if (!isCleanRefusal(reply)) {
          t.fail(`A debit with a long transactionId was answered ${describeReply(reply)}.`, {
            expected: CLEAN,
            rule,
            replies: [reply],
          });
        } else if (to !== from) {
          t.fail(`A refused long-id debit moved the balance by ${t.signed(to - from)}.`, {
            expected: "no movement",
            rule,
            replies: [reply],
          });
        }
      }
      if (isOk(replyA) && !isOk(replyB) && isCleanRefusal(replyB)) {
        t.warn(
          `The first long transactionId was processed but the second, differing only in its last character, was refused with ${describeReply(replyB)}: the wallet seems to cut long ids.`,
          { expected: "both processed, or both refused", rule, replies: [replyA, replyB] },
        );
      }
      await rollBackAll(t, roundId, applied);
      await t.expectBalance(before, "after rolling back", "the long-id debits are undone");
    },
  },
  {
    id: "edge.unicode",
    category: "Edge Cases",
    title: "Unicode",
    requirement:
      "a Unicode player id nobody has is refused cleanly; a debit with Unicode transactionId, roundId and metadata is processed (one stake, its replay takes nothing, its rollback returns it) or refused cleanly",
    source: RULES.edge("Unicode"),
    async run(t) {
      const rule = RULES.edge("Unicode");
      await probeUnknownPlayer(t, `${t.id("player")}-игрок-玩家-🎲`, "a Unicode player id", rule);
      const before = await t.readBalance("before the Unicode debit");
      const debit = {
        transactionId: `${t.id("tx")}-ünïcødé-交易-🎲`,
        roundId: `${t.id("rd")}-раунд-🎰`,
        amount: t.stake,
        metadata: JSON.stringify({ note: "café ☕ 🎲 ¿qué? 日本語" }),
      };
      const reply = await t.debit(debit, "debit with Unicode ids and metadata");
      if (isCleanRefusal(reply)) {
        t.note(`The wallet refuses Unicode ids (${describeReply(reply)}); the RGS's own ids are ASCII.`, {
          replies: [reply],
        });
        await t.expectBalance(before, "after the refused Unicode debit", "a refused debit moves nothing");
        return;
      }
      if (!isOk(reply)) {
        t.stop(`The debit with Unicode ids was answered ${describeReply(reply)}.`, {
          expected: CLEAN,
          rule,
          replies: [reply],
        });
      }
      t.expectAnswered(reply, before - t.stake, "The Unicode debit");
      const replay = await t.debit(debit, "the same Unicode debit again");
      if (!isOk(replay)) {
        t.fail(`The replay of the Unicode debit was answered ${describeReply(replay)}.`, {
          expected: "HTTP 200 OK: the same transaction",
          rule: RULES.replaySameAnswer,
          replies: [replay],
        });
      }
      await t.expectBalance(
        before - t.stake,
        "after the replay",
        "the replay of a Unicode transactionId takes nothing",
      );
      const undo = await t.rollback(
        {
          transactionId: t.id("tx"),
          reverseTransactionId: debit.transactionId,
          roundId: debit.roundId,
          roundClosed: true,
        },
        "roll back the Unicode debit",
      );
      t.requireOk(undo, "The rollback of the Unicode debit", rule);
      await t.expectBalance(
        before,
        "after the rollback",
        "the rollback finds the Unicode transaction and returns the stake",
      );
    },
  },
  {
    id: "edge.distinct-ids",
    category: "Edge Cases",
    title: "Ids that differ only in case or Unicode normalisation",
    requirement:
      'transactionIds that differ only in letter case ("abc", "ABC") or in Unicode normalisation ("é" precomposed, "e" + combining accent) are different transactions: each debit takes its own stake',
    source: RULES.edge("Unicode; a transactionId is compared exactly, as the string sent"),
    async run(t) {
      const rule = RULES.edge("Unicode; a transactionId is compared exactly, as the string sent");
      const base = t.id("tx");
      const roundId = t.id("rd");
      const before = await t.readBalance("before the debits");
      const taken = await distinctDebits(
        t,
        roundId,
        [
          { id: `${base}-abc`, what: `transactionId ${JSON.stringify(`${base}-abc`)}` },
          { id: `${base}-ABC`, what: `transactionId ${JSON.stringify(`${base}-ABC`)} (upper case)` },
          { id: `${base}-\u00e9`, what: 'a transactionId ending in "é" (precomposed U+00E9)' },
          { id: `${base}-e\u0301`, what: 'a transactionId ending in "é" (e + combining U+0301)' },
        ],
        rule,
      );
      if (taken > 0n) {
        await closeWithCredit(
          t,
          roundId,
          taken * t.stake,
          before,
          "credit the stakes back, closing the round",
          {
            rule,
            checkAnswer: false,
          },
        );
      }
      await t.expectBalance(before, "at the end", "every stake taken is paid back");
    },
  },
  {
    id: "edge.high-precision",
    category: "Edge Cases",
    title: "High-precision decimals",
    requirement:
      "a debit with one decimal more than the currency has (e.g. 0.105 USD), or a trailing zero (0.100), is refused cleanly or applied exactly: a wallet that rounds the amount fails",
    source: RULES.edge("high-precision decimals: money is exact, never rounded"),
    async run(t) {
      const rule = RULES.edge("high-precision decimals: money is exact, never rounded");
      const scale = t.decimals + 1;
      for (const units of [t.stake * 10n + 5n, t.stake * 10n]) {
        const amount: ExactDecimal = { units, scale };
        const text = formatDecimal(amount);
        const before = await t.readBalance(`before the debit of ${text}`);
        const roundId = t.id("rd");
        const transactionId = t.id("tx");
        const reply = await t.debit({ transactionId, roundId, amount: text }, `debit of ${text}`);
        if (isOk(reply)) {
          const expected = subtract(minorToDecimal(before, t.decimals), amount);
          const check = await t.balanceCall({}, `balance after the debit of ${text}`);
          for (const [answer, what] of [
            [reply, "the debit's answer"],
            [check, "the balance callback"],
          ] as const) {
            const exact = t.exactBalance(answer);
            if (exact === undefined || compareDecimal(exact, expected) !== 0) {
              t.fail(
                `A debit of ${text} was accepted and ${what} shows ${JSON.stringify(answer.balance)}: the amount was rounded.`,
                {
                  expected: `a clean refusal, or the exact balance ${formatDecimal(expected)}`,
                  rule,
                  replies: [answer],
                },
              );
            }
          }
          await t.rollback(
            { transactionId: t.id("tx"), reverseTransactionId: transactionId, roundId, roundClosed: true },
            `roll back the debit of ${text}`,
          );
        } else if (!isCleanRefusal(reply)) {
          t.fail(`A debit of ${text} was answered ${describeReply(reply)}.`, {
            expected: `${CLEAN}, or the exact amount applied`,
            rule,
            replies: [reply],
          });
        }
        await t.expectBalance(
          before,
          `after the debit of ${text}`,
          "the high-precision debit is refused or undone",
        );
      }
    },
  },
  {
    id: "edge.huge-amount",
    category: "Edge Cases",
    title: "Huge amount",
    requirement:
      "a debit of 10^24 units of the currency is refused cleanly (ERROR_NOT_ENOUGH_MONEY expected) without overflowing, and moves nothing",
    source: RULES.edge("high-precision decimals: large values neither overflow nor wrap"),
    async run(t) {
      const rule = RULES.edge("high-precision decimals: large values neither overflow nor wrap");
      const before = await t.readBalance("before the huge debit");
      const amount = 10n ** BigInt(24 + t.decimals);
      const transactionId = t.id("tx");
      const roundId = t.id("rd");
      const reply = await t.debit({ transactionId, roundId, amount }, `debit of ${t.money(amount)}`);
      if (isOk(reply)) {
        t.fail(`A debit of ${t.money(amount)} was answered OK.`, {
          expected: "HTTP 200 with status ERROR_NOT_ENOUGH_MONEY",
          rule,
          replies: [reply],
        });
        await t.rollback(
          { transactionId: t.id("tx"), reverseTransactionId: transactionId, roundId, roundClosed: true },
          "roll back the huge debit",
        );
      } else if (!isCleanRefusal(reply)) {
        t.fail(`A debit of ${t.money(amount)} was answered ${describeReply(reply)}.`, {
          expected: CLEAN,
          rule,
          replies: [reply],
        });
      }
      await t.expectBalance(before, "after the huge debit", "a refused debit moves nothing");
    },
  },
  {
    id: "edge.rapid-sequential",
    category: "Edge Cases",
    title: "Rapid sequential requests",
    requirement:
      "10 rounds (debit, then a credit of twice the stake or 0) sent back to back without pause are all answered OK, each with the exact balance after it",
    source: RULES.edge("rapid sequential requests"),
    async run(t) {
      const rule = RULES.edge("rapid sequential requests");
      let expected = await t.readBalance("before the rounds");
      const start = expected;
      for (let i = 0; i < 10; i++) {
        const roundId = t.id("rd");
        const debit = await t.debit(
          { transactionId: t.id("tx"), roundId, amount: t.stake },
          `round ${i + 1}: debit`,
        );
        if (!t.requireOk(debit, `The debit of round ${i + 1}`, rule)) break;
        expected -= t.stake;
        t.expectAnswered(debit, expected, `The debit of round ${i + 1}`);
        const payout = i % 2 === 0 ? t.stake * 2n : 0n;
        const credit = await t.credit(
          { transactionId: t.id("tx"), roundId, amount: payout, roundClosed: true },
          `round ${i + 1}: credit ${t.money(payout)}`,
        );
        if (!t.requireOk(credit, `The credit of round ${i + 1}`, rule)) break;
        expected += payout;
        t.expectAnswered(credit, expected, `The credit of round ${i + 1}`);
      }
      await t.expectBalance(expected, "after the rounds", "every answer's movement adds up");
      if (expected !== start)
        t.note(
          `The rounds ended ${t.signed(expected - start)} from the start; settled at the end of the run.`,
        );
    },
  },
  {
    id: "edge.drain-exact",
    category: "Edge Cases",
    title: "Debit of the whole balance, then more bets",
    requirement:
      'a debit of exactly the whole balance is answered OK with balance "0"; a further one-unit debit is refused (ERROR_NOT_ENOUGH_MONEY; another refusal warns); a zero debit then moves nothing; the balance never goes below zero',
    source: RULES.tester("a balance is spent to exactly zero and never below"),
    async run(t) {
      const rule = RULES.tester("a balance is spent to exactly zero and never below");
      const before = await t.readBalance("before the drain");
      const roundId = t.id("rd");
      const drain = await t.debit(
        { transactionId: t.id("tx"), roundId, amount: before },
        `debit the whole balance (${t.money(before)})`,
      );
      if (!isOk(drain)) {
        t.warn(
          `The debit of the whole balance was refused with ${describeReply(drain)}; the rest of the check cannot run.`,
          {
            expected: 'HTTP 200 OK with balance "0"',
            rule,
            replies: [drain],
          },
        );
        await t.expectBalance(before, "after the refused drain", "a refused debit moves nothing");
        return;
      }
      t.expectAnswered(drain, 0n, "The debit of the whole balance");
      const one = await t.debit(
        { transactionId: t.id("tx"), roundId, amount: 1n },
        "debit one minor unit at balance 0",
      );
      if (isOk(one)) {
        t.fail("A debit of one minor unit at balance 0 was answered OK.", {
          expected: "HTTP 200 with status ERROR_NOT_ENOUGH_MONEY",
          rule: RULES.notEnoughMoney,
          replies: [one],
        });
      } else if (!(one.http === 200 && one.status === "ERROR_NOT_ENOUGH_MONEY")) {
        t.warn(`The one-unit debit at balance 0 was refused with ${describeReply(one)}.`, {
          expected: "HTTP 200 with status ERROR_NOT_ENOUGH_MONEY",
          rule: RULES.notEnoughMoney,
          replies: [one],
        });
      }
      const zero = await t.debit(
        { transactionId: t.id("tx"), roundId, amount: "0" },
        'debit "0" at balance 0',
      );
      if (!isOk(zero) && !isCleanRefusal(zero)) {
        t.fail(`A zero debit at balance 0 was answered ${describeReply(zero)}.`, {
          expected: CLEAN,
          rule,
          replies: [zero],
        });
      }
      const afterBets = await t.expectBalance(
        0n,
        "after the bets at zero",
        "nothing can be taken from an empty balance",
      );
      await closeWithCredit(
        t,
        roundId,
        before - afterBets,
        before,
        "credit everything back, closing the round",
        {
          rule,
          checkAnswer: false,
        },
      );
      await t.expectBalance(before, "at the end", "the drained balance is paid back");
    },
  },
];
