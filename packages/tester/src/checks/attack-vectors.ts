import { randomUUID } from "node:crypto";
import type { Reply } from "../client/wallet-client.ts";
import { type CheckDefinition, type CheckRun, describeReply, isCleanRefusal, isOk } from "./check-run.ts";
import { closeWithCredit, openRound } from "./flows.ts";
import { burst, probeDebit, probeUnknownPlayer } from "./probes.ts";
import { RULES } from "./rules.ts";

const SQL_PAYLOADS = ["' OR '1'='1", "'; DROP TABLE transactions; --", '" OR 1=1 --'];
const XSS_PAYLOADS = [
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  // biome-ignore lint/suspicious/noTemplateCurlyInString: a template-injection payload, sent as plain text
  "{{7*7}}${7*7}",
];
const BURST = 15;

/** A debit or credit that must be refused cleanly and move nothing (negative and zero amounts). */
async function mustNotMove(
  t: CheckRun,
  send: () => Promise<Reply>,
  what: string,
  rule: string,
  okAllowed: boolean,
  before: bigint,
): Promise<void> {
  const reply = await send();
  if (isOk(reply)) {
    if (!okAllowed) {
      t.fail(`${what} was answered OK.`, {
        expected: "a refusal: HTTP 200 with an error status, or a 4xx",
        rule,
        replies: [reply],
      });
    } else {
      t.expectAnswered(reply, before, what);
    }
  } else if (!isCleanRefusal(reply)) {
    t.fail(`${what} was answered ${describeReply(reply)}.`, {
      expected: "a clean refusal: HTTP 200 with an error status, or a 4xx",
      rule,
      replies: [reply],
    });
  }
  await t.expectBalance(before, `after: ${what}`, `${what} must not move money`);
}

export const attackVectorChecks: CheckDefinition[] = [
  {
    id: "attack.sql-injection",
    category: "Attack Vectors",
    title: "SQL injection strings",
    requirement:
      "SQL injection strings as playerId (alone and appended to the test player's id) are refused cleanly, and in transactionId, roundId and metadata of a debit they are either processed as plain text (one stake taken, rolled back) or refused cleanly; the balance only moves as the accepted requests say",
    source: RULES.attack("SQL injection strings"),
    async run(t) {
      const rule = RULES.attack("SQL injection strings");
      for (const payload of SQL_PAYLOADS) {
        await probeUnknownPlayer(t, payload, `SQL injection ${JSON.stringify(payload)}`, rule);
      }
      await probeUnknownPlayer(
        t,
        `${t.player}' OR '1'='1`,
        "the test player's id followed by ' OR '1'='1",
        rule,
      );
      await probeUnknownPlayer(t, `${t.player}'--`, "the test player's id followed by '--", rule);
      for (const payload of SQL_PAYLOADS) {
        await probeDebit(
          t,
          {
            transactionId: `${t.id("tx")}${payload}`,
            roundId: `${t.id("rd")}${payload}`,
            metadata: JSON.stringify({ note: payload }),
          },
          `SQL injection ${JSON.stringify(payload)} in its ids`,
          rule,
        );
      }
    },
  },
  {
    id: "attack.xss",
    category: "Attack Vectors",
    title: "XSS payloads",
    requirement:
      "XSS and template payloads as playerId are refused cleanly; in a debit's ids and metadata they are processed as plain text or refused cleanly; no answer is HTML echoing them; the balance only moves as the accepted requests say",
    source: RULES.attack("XSS payloads"),
    async run(t) {
      const rule = RULES.attack("XSS payloads");
      for (const payload of XSS_PAYLOADS) {
        await probeUnknownPlayer(t, payload, `XSS payload ${JSON.stringify(payload)}`, rule);
        await probeDebit(
          t,
          {
            transactionId: `${t.id("tx")}${payload}`,
            roundId: `${t.id("rd")}${payload}`,
            metadata: JSON.stringify({ note: payload }),
          },
          `XSS payload ${JSON.stringify(payload)} in its ids and metadata`,
          rule,
          { payload },
        );
      }
    },
  },
  {
    id: "attack.negative-amounts",
    category: "Attack Vectors",
    title: "Negative amounts",
    requirement:
      "a debit of a negative amount (which would add money) and a credit of a negative amount (which would take money) are refused cleanly and move nothing",
    source: RULES.attack("negative amounts"),
    async run(t) {
      const rule = RULES.attack("negative amounts");
      const before = await t.readBalance("before the negative debit");
      const negative = `-${t.money(t.stake)}`;
      await mustNotMove(
        t,
        () =>
          t.debit(
            { transactionId: t.id("tx"), roundId: t.id("rd"), amount: negative },
            `debit of ${negative}`,
          ),
        `A debit of ${negative}`,
        rule,
        false,
        before,
      );
      const round = await openRound(t, before, t.stake, "debit one stake to open a round", { rule });
      await mustNotMove(
        t,
        () =>
          t.credit(
            { transactionId: t.id("tx"), roundId: round.roundId, amount: negative, roundClosed: false },
            `credit of ${negative}`,
          ),
        `A credit of ${negative}`,
        rule,
        false,
        before - t.stake,
      );
      await closeWithCredit(t, round.roundId, t.stake, before, "credit the stake back, closing the round", {
        rule,
        checkAnswer: false,
      });
    },
  },
  {
    id: "attack.zero-amounts",
    category: "Attack Vectors",
    title: "Zero-amount debits",
    requirement:
      'a debit of "0" (and of zero written with the currency\'s decimals) is refused cleanly or answered OK with the balance unchanged; it never moves money',
    source: RULES.attack("zero amounts"),
    async run(t) {
      const rule = RULES.attack("zero amounts");
      const zeros = t.decimals > 0 ? ["0", `0.${"0".repeat(t.decimals)}`] : ["0"];
      for (const zero of zeros) {
        const before = await t.readBalance(`before the debit of "${zero}"`);
        const roundId = t.id("rd");
        let accepted = false;
        await mustNotMove(
          t,
          async () => {
            const reply = await t.debit(
              { transactionId: t.id("tx"), roundId, amount: zero },
              `debit of "${zero}"`,
            );
            accepted = isOk(reply);
            return reply;
          },
          `A debit of "${zero}"`,
          rule,
          true,
          before,
        );
        if (accepted) {
          await t.credit(
            { transactionId: t.id("tx"), roundId, amount: "0", roundClosed: true },
            "close the zero-stake round",
          );
        }
      }
    },
  },
  {
    id: "attack.concurrent-duplicate-debits",
    category: "Attack Vectors",
    title: "Concurrent duplicate debits",
    requirement: `${BURST} identical debits (one transactionId) sent at the same moment take the stake exactly once`,
    source: RULES.attack("concurrent duplicates"),
    async run(t) {
      const rule = RULES.attack("concurrent duplicates");
      const before = await t.readBalance("before the burst");
      const transactionId = t.id("tx");
      const roundId = t.id("rd");
      const replies = await burst(t, BURST, (i) =>
        t.debit(
          { transactionId, roundId, amount: t.stake },
          `identical debit ${i + 1} of ${BURST}, sent together`,
          {
            concurrent: true,
          },
        ),
      );
      const accepted = replies.filter(isOk);
      const after = await t.readBalance("after the burst");
      const expected = accepted.length > 0 ? before - t.stake : before;
      if (after !== expected) {
        const times = (before - after) / t.stake;
        t.fail(
          `${accepted.length} of ${BURST} identical debits were answered OK and the balance moved by ${t.signed(after - before)}${
            times > 1n ? `: the stake was taken ${times} times` : ""
          }.`,
          {
            expected: `the stake taken once: balance ${t.money(expected)}`,
            rule: `${RULES.idempotency}; ${rule}`,
            replies: accepted.slice(0, 3),
          },
        );
      }
      const broken = replies.filter((reply) => !isOk(reply) && !isCleanRefusal(reply));
      const firstBroken = broken[0];
      if (firstBroken !== undefined) {
        t.fail(
          `${broken.length} of the simultaneous duplicates were answered ${describeReply(firstBroken)}.`,
          {
            expected: "HTTP 200: OK (the same answer), or a refusal",
            rule: RULES.http200,
            replies: broken.slice(0, 3),
          },
        );
      }
      if (accepted.length > 0 || after !== before) {
        await t.rollback(
          { transactionId: t.id("tx"), reverseTransactionId: transactionId, roundId, roundClosed: true },
          "roll the debit back",
        );
      }
    },
  },
  {
    id: "attack.concurrent-duplicate-credits",
    category: "Attack Vectors",
    title: "Concurrent duplicate credits",
    requirement: `${BURST} identical credits (one transactionId) sent at the same moment pay exactly once`,
    source: RULES.attack("concurrent duplicates"),
    async run(t) {
      const rule = RULES.attack("concurrent duplicates");
      const before = await t.readBalance("before the round");
      const round = await openRound(t, before, t.stake, "debit one stake", { rule });
      const transactionId = t.id("tx");
      const replies = await burst(t, BURST, (i) =>
        t.credit(
          { transactionId, roundId: round.roundId, amount: t.stake, roundClosed: true },
          `identical credit ${i + 1} of ${BURST}, sent together`,
          { concurrent: true },
        ),
      );
      const first = replies[0];
      if (first !== undefined && !replies.some(isOk)) {
        t.fail(
          `None of the ${BURST} identical credits was answered OK; the first was answered ${describeReply(first)}.`,
          {
            expected: "the credit applied once and answered OK",
            rule: RULES.replaySameAnswer,
            replies: replies.slice(0, 1),
          },
        );
      }
      await t.expectBalance(
        before,
        "after the burst",
        "the credit pays once: the stake comes back, nothing more",
      );
    },
  },
  {
    id: "attack.concurrent-overdraw",
    category: "Attack Vectors",
    title: "Concurrent debits beyond the balance",
    requirement:
      "6 different debits, each of more than half the balance, sent at the same moment: at most one is applied, the balance never goes below zero, and every OK matches money actually taken",
    source: RULES.tester("concurrent different debits never overdraw and every OK is money taken"),
    async run(t) {
      const before = await t.readBalance("before the burst");
      const amount = before / 2n + 1n;
      const debits: { transactionId: string; roundId: string }[] = [];
      const replies = await burst(t, 6, (i) => {
        const debit = { transactionId: t.id("tx"), roundId: t.id("rd") };
        debits[i] = debit;
        return t.debit(
          { ...debit, amount, requestId: randomUUID() },
          `debit ${i + 1} of 6 of ${t.money(amount)} (more than half the balance), sent together`,
          { concurrent: true },
        );
      });
      const accepted = debits.filter((_, i) => {
        const reply = replies[i];
        return reply !== undefined && isOk(reply);
      });
      const after = await t.readBalance("after the burst");
      const rule = RULES.tester("concurrent different debits never overdraw and every OK is money taken");
      if (accepted.length > 1) {
        t.fail(
          `${accepted.length} debits of ${t.money(amount)} were accepted against a balance of ${t.money(before)}.`,
          {
            expected: "at most one accepted; the others refused with ERROR_NOT_ENOUGH_MONEY",
            rule,
            replies: replies.filter(isOk).slice(0, 3),
          },
        );
      }
      if (after !== before - BigInt(accepted.length) * amount) {
        t.fail(
          `${accepted.length} debits were answered OK but the balance moved by ${t.signed(after - before)}: answers and money disagree.`,
          {
            expected: `balance ${t.money(before - BigInt(accepted.length) * amount)}`,
            rule,
            replies: replies.filter(isOk).slice(0, 3),
          },
        );
      }
      for (const debit of accepted) {
        await t.rollback(
          {
            transactionId: t.id("tx"),
            reverseTransactionId: debit.transactionId,
            roundId: debit.roundId,
            roundClosed: true,
          },
          "roll back an accepted debit",
        );
      }
    },
  },
];
