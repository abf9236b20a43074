import { type CheckDefinition, describeReply, isOk } from "./check-run.ts";
import { RULES } from "./rules.ts";

const SPEC_ERRORS = 'SPEC "Integration tester", Error Handling';

export const errorHandlingChecks: CheckDefinition[] = [
  {
    id: "errors.insufficient-funds",
    category: "Error Handling",
    title: "Debit of one unit above the balance",
    requirement:
      "a debit of the balance plus one minor unit is refused and moves nothing; any refusal passes, but only HTTP 200 with ERROR_NOT_ENOUGH_MONEY avoids a warning",
    source: SPEC_ERRORS,
    async run(t) {
      const before = await t.readBalance("before the debit");
      const transactionId = t.id("tx");
      const roundId = t.id("rd");
      const reply = await t.debit(
        { transactionId, roundId, amount: before + 1n },
        "debit one minor unit more than the balance",
      );
      if (isOk(reply)) {
        t.fail(
          `A debit of ${t.money(before + 1n)} against a balance of ${t.money(before)} was answered OK.`,
          {
            expected: "HTTP 200 with status ERROR_NOT_ENOUGH_MONEY",
            rule: RULES.notEnoughMoney,
            replies: [reply],
          },
        );
        await t.rollback(
          { transactionId: t.id("tx"), reverseTransactionId: transactionId, roundId, roundClosed: true },
          "roll the accepted debit back",
        );
      } else if (!(reply.http === 200 && reply.status === "ERROR_NOT_ENOUGH_MONEY")) {
        t.warn(`The debit above the balance was refused with ${describeReply(reply)}.`, {
          expected:
            "HTTP 200 with status ERROR_NOT_ENOUGH_MONEY: the only answer that lets the RGS tell the player the balance is too low",
          rule: RULES.notEnoughMoney,
          replies: [reply],
        });
      }
      await t.expectBalance(before, "after the refused debit", "a refused debit moves nothing");
    },
  },
  {
    id: "errors.unknown-rollback",
    category: "Error Handling",
    title: "Rollback of an unknown transaction",
    requirement:
      "a rollback naming a transaction the wallet never saw answers HTTP 200 with OK or ERROR_TRANSACTION_DOES_NOT_EXIST and moves nothing",
    source: `${SPEC_ERRORS}; SPEC "Wallet callback endpoints", rule 4`,
    async run(t) {
      const before = await t.readBalance("before the rollback");
      const reply = await t.rollback(
        {
          transactionId: t.id("tx"),
          reverseTransactionId: t.id("tx"),
          roundId: t.id("rd"),
          roundClosed: true,
        },
        "roll back a transaction that was never sent",
      );
      if (
        !(
          reply.http === 200 &&
          (reply.status === "OK" || reply.status === "ERROR_TRANSACTION_DOES_NOT_EXIST")
        )
      ) {
        t.fail(`The rollback of an unknown transaction was answered ${describeReply(reply)}.`, {
          expected:
            "HTTP 200 with status OK (or ERROR_TRANSACTION_DOES_NOT_EXIST); anything else makes the RGS retry the rollback forever",
          rule: RULES.rollbackUnknown,
          replies: [reply],
        });
      }
      await t.expectBalance(before, "after the rollback", "there was nothing to reverse");
    },
  },
  {
    id: "errors.unknown-player",
    category: "Error Handling",
    title: "Authenticate of an unknown player",
    requirement:
      "authenticate for a player the wallet does not know is refused with an error status (HTTP 200); a refusal with another HTTP status gives a warning",
    source: `${SPEC_ERRORS}; SPEC "Errors"`,
    async run(t) {
      const reply = await t.authenticate(
        { playerId: t.id("player") },
        "authenticate a player that does not exist",
      );
      if (isOk(reply)) {
        t.fail("Authenticate for a player that does not exist was answered OK.", {
          expected: "HTTP 200 with an error status, e.g. ERROR_PLAYER_DISABLED",
          rule: RULES.unknownPlayer,
          replies: [reply],
        });
      } else if (reply.http !== 200 || reply.status === undefined) {
        t.warn(`The unknown player was refused with ${describeReply(reply)}.`, {
          expected: "HTTP 200 with an error status in the body",
          rule: RULES.http200,
          replies: [reply],
        });
      }
    },
  },
];
