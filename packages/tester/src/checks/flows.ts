import type { CheckRun } from "./check-run.ts";
import { RULES } from "./rules.ts";

/**
 * Debits `amount` in a fresh round and verifies the answer against `before`; stops the check when the
 * debit is refused, since everything after it needs the open round.
 */
export async function openRound(
  t: CheckRun,
  before: bigint,
  amount: bigint,
  label: string,
  opts: { gameCode?: string; rule?: string } = {},
) {
  const roundId = t.id("rd");
  const transactionId = t.id("tx");
  const reply = await t.debit(
    { transactionId, roundId, amount, ...(opts.gameCode === undefined ? {} : { gameCode: opts.gameCode }) },
    label,
  );
  if (!t.requireOk(reply, `The debit of ${t.money(amount)}`, opts.rule ?? RULES.happyPath)) {
    t.stop("The round could not be opened.");
  }
  t.expectAnswered(reply, before - amount, `The debit of ${t.money(amount)}`);
  return { roundId, transactionId, reply };
}

/**
 * Closes a round with a credit. `checkAnswer` false skips the comparison of the answered balance, for
 * clean-up after a step whose money the check has already judged.
 */
export async function closeWithCredit(
  t: CheckRun,
  roundId: string,
  amount: bigint,
  expectedAfter: bigint,
  label: string,
  opts: { gameId?: string; rule?: string; checkAnswer?: boolean } = {},
) {
  const reply = await t.credit(
    {
      transactionId: t.id("tx"),
      roundId,
      amount,
      roundClosed: true,
      ...(opts.gameId === undefined ? {} : { gameId: opts.gameId }),
    },
    label,
  );
  const ok = t.requireOk(
    reply,
    `The credit of ${t.money(amount)} closing the round`,
    opts.rule ?? RULES.happyPath,
  );
  if (ok && opts.checkAnswer !== false)
    t.expectAnswered(reply, expectedAfter, `The credit of ${t.money(amount)}`);
  return reply;
}

/** Rolls a debit back, closing its round; for clean-up, so only the status is judged. */
export async function rollBack(
  t: CheckRun,
  debit: { transactionId: string; roundId: string },
  label: string,
  rule: string,
) {
  const reply = await t.rollback(
    {
      transactionId: t.id("tx"),
      reverseTransactionId: debit.transactionId,
      roundId: debit.roundId,
      roundClosed: true,
    },
    label,
  );
  t.requireOk(reply, "The clean-up rollback", rule);
  return reply;
}
