import type { Reply } from "../client/wallet-client.ts";
import { type CheckDefinition, type CheckRun, describeReply, isCleanRefusal, isOk } from "./check-run.ts";
import { openRound } from "./flows.ts";
import { warmUp } from "./probes.ts";
import { RULES } from "./rules.ts";

const PAIRS = 6;

/** Closes a round whose debits were rolled back with roundClosed false: a credit of 0, status not judged. */
async function closeRound(t: CheckRun, roundId: string): Promise<void> {
  await t.credit(
    { transactionId: t.id("tx"), roundId, amount: "0", roundClosed: true },
    "close the round with a credit of 0",
  );
}

function rollbackConfirmed(reply: Reply): boolean {
  return reply.http === 200 && (reply.status === "OK" || reply.status === "ERROR_TRANSACTION_DOES_NOT_EXIST");
}

/** A debit arriving after its rollback: any clean answer, as long as no money moves. */
async function lateDebit(
  t: CheckRun,
  debit: { transactionId: string; roundId: string },
  before: bigint,
  label: string,
  rule: string,
): Promise<void> {
  const reply = await t.debit({ ...debit, amount: t.stake }, label);
  if (!isOk(reply) && !isCleanRefusal(reply)) {
    t.fail(`The late debit was answered ${describeReply(reply)}.`, {
      expected: "HTTP 200: a refusal (ERROR_DUPLICATE_TRANSACTION, for example), with nothing moved",
      rule: RULES.http200,
      replies: [reply],
    });
  }
  const after = await t.readBalance("after the late debit");
  if (after !== before) {
    t.fail(
      `The debit arriving after its confirmed rollback was answered ${describeReply(reply)} and moved the balance by ${t.signed(after - before)}: the player has paid a stake the RGS considers returned.`,
      { expected: "no money moved: the transaction is rolled back for good", rule, replies: [reply] },
    );
    if (after < before) {
      await t.rollback(
        {
          transactionId: t.id("tx"),
          reverseTransactionId: debit.transactionId,
          roundId: debit.roundId,
          roundClosed: true,
        },
        "undo: roll the late debit back again",
      );
    }
  }
}

export const orderingChecks: CheckDefinition[] = [
  {
    id: "ordering.rollback-before-debit",
    category: "Debit/Rollback Ordering",
    title: "Rollback before its debit",
    requirement:
      "a rollback arriving before its debit (round left open) answers HTTP 200 with OK or ERROR_TRANSACTION_DOES_NOT_EXIST and moves nothing; when the debit then arrives it moves no money",
    source: `${RULES.ordering("rollback before debit")}; SPEC "Wallet callback endpoints", rules 4 and 5`,
    async run(t) {
      const before = await t.readBalance("before the rollback");
      const debit = { transactionId: t.id("tx"), roundId: t.id("rd") };
      const rollback = await t.rollback(
        {
          transactionId: t.id("tx"),
          reverseTransactionId: debit.transactionId,
          roundId: debit.roundId,
          roundClosed: false,
        },
        "rollback of a debit not sent yet (the round stays open, as after a failed extra bet)",
      );
      if (!rollbackConfirmed(rollback)) {
        t.fail(`The rollback arriving before its debit was answered ${describeReply(rollback)}.`, {
          expected: "HTTP 200 with status OK (or ERROR_TRANSACTION_DOES_NOT_EXIST)",
          rule: RULES.rollbackUnknown,
          replies: [rollback],
        });
      }
      await t.expectBalance(before, "after the early rollback", "there was nothing to reverse yet");
      await lateDebit(t, debit, before, "the debit, arriving after its rollback", RULES.lateDebit);
      await closeRound(t, debit.roundId);
    },
  },
  {
    id: "ordering.late-debit-after-rollback",
    category: "Debit/Rollback Ordering",
    title: "Late debit after a confirmed rollback",
    requirement:
      "after a debit is applied and its rollback confirmed, the same debit delivered again (a late copy) moves no money",
    source: `${RULES.ordering("late debit after a confirmed rollback")}; SPEC "Wallet callback endpoints", rule 5`,
    async run(t) {
      const before = await t.readBalance("before the debit");
      const round = await openRound(t, before, t.stake, "debit one stake", { rule: RULES.lateDebit });
      const rollback = await t.rollback(
        {
          transactionId: t.id("tx"),
          reverseTransactionId: round.transactionId,
          roundId: round.roundId,
          roundClosed: true,
        },
        "roll the debit back",
      );
      if (!t.requireOk(rollback, "The rollback", RULES.rollbackReverses))
        t.stop("The rollback was not confirmed.");
      await t.expectBalance(before, "after the rollback", "the rollback returns the stake");
      await lateDebit(t, round, before, "the same debit again, after its rollback", RULES.lateDebit);
    },
  },
  {
    id: "ordering.concurrent-debit-rollback",
    category: "Debit/Rollback Ordering",
    title: "Debit and its rollback at the same moment",
    requirement: `${PAIRS} debits each sent together with their own rollback (half of them rollback first, rounds left open as after a failed extra bet): every rollback answers HTTP 200 OK or ERROR_TRANSACTION_DOES_NOT_EXIST and the balance ends where it started`,
    source: `${RULES.ordering("concurrent debit and rollback")}; SPEC "Wallet callback endpoints", rules 4 and 5`,
    async run(t) {
      const before = await t.readBalance("before the races");
      const pairs = Array.from({ length: PAIRS }, () => ({
        debit: { transactionId: t.id("tx"), roundId: t.id("rd") },
        rollbackId: t.id("tx"),
      }));
      const race = async (pair: (typeof pairs)[number], index: number) => {
        const sendDebit = () =>
          t.debit({ ...pair.debit, amount: t.stake }, `race ${index + 1}: the debit`, { concurrent: true });
        const sendRollback = () =>
          t.rollback(
            {
              transactionId: pair.rollbackId,
              reverseTransactionId: pair.debit.transactionId,
              roundId: pair.debit.roundId,
              roundClosed: false,
            },
            `race ${index + 1}: its rollback`,
            { concurrent: true },
          );
        if (index % 2 === 0) {
          const [debit, rollback] = await Promise.all([sendDebit(), sendRollback()]);
          return { debit, rollback };
        }
        const [rollback, debit] = await Promise.all([sendRollback(), sendDebit()]);
        return { debit, rollback };
      };
      await warmUp(t, PAIRS * 2);
      const results = await Promise.all(pairs.map(race));
      for (const { rollback } of results) {
        if (!rollbackConfirmed(rollback)) {
          t.fail(`A rollback racing its debit was answered ${describeReply(rollback)}.`, {
            expected: "HTTP 200 with status OK or ERROR_TRANSACTION_DOES_NOT_EXIST",
            rule: RULES.rollbackUnknown,
            replies: [rollback],
          });
        }
      }
      const after = await t.readBalance("after the races");
      for (const pair of pairs) await closeRound(t, pair.debit.roundId);
      if (after !== before) {
        t.fail(
          `After ${PAIRS} debits raced their confirmed rollbacks the balance moved by ${t.signed(after - before)}: ${(before - after) / t.stake} stake(s) kept although rolled back.`,
          {
            expected: "the balance where it started: each debit either reversed or never applied",
            rule: RULES.lateDebit,
            replies: results
              .filter((r) => isOk(r.debit))
              .map((r) => r.debit)
              .slice(0, 4),
          },
        );
      }
    },
  },
];
