import { NO_ANSWER, SIGNATURE_REFUSED } from "../model.ts";
import { BLACKJACK, type CheckDefinition, describeReply, isOk, isSignatureRefusal } from "./check-run.ts";
import { closeWithCredit, openRound } from "./flows.ts";
import { RULES } from "./rules.ts";

const SPEC_HAPPY = 'SPEC "Integration tester", Happy Path';

export const happyPathChecks: CheckDefinition[] = [
  {
    id: "happy.authenticate",
    category: "Happy Path",
    title: "Authenticate the test player",
    requirement:
      "authenticate for the test player in the configured currency and dice-alpha is answered HTTP 200 OK with the balance; accountCurrency, when sent, equals the request currency; excluded, when sent, is a JSON boolean; the player is not self-excluded",
    source: SPEC_HAPPY,
    async run(t) {
      const reply = await t.authenticate({}, "authenticate the test player");
      if (reply.http === undefined) {
        t.halt(NO_ANSWER, {
          expected: `an answer from ${t.env.config.walletUrl}: ${describeReply(reply)}`,
          rule: RULES.happyPath,
          replies: [reply],
        });
      }
      if (isSignatureRefusal(reply)) {
        // The first request of the run: every other one is signed the same way and would be refused too.
        t.halt(SIGNATURE_REFUSED, {
          expected: `HTTP 200 with status OK: the wallet accepts a request signed with the configured secret over X-Timestamp + ${new URL(reply.exchange.request.url).pathname} + the body (was answered ${describeReply(reply)})`,
          rule: RULES.signedPath,
          replies: [reply],
        });
      }
      if (!t.requireOk(reply, "Authenticate for the test player", RULES.happyPath)) {
        t.stop("The test player cannot be authenticated, so no other check can run.", {
          expected: `the player ${JSON.stringify(t.player)} exists in the wallet in ${t.env.config.currency}`,
        });
      }
      if (t.exactBalance(reply) === undefined) {
        t.fail(
          `Authenticate answered OK without a decimal-string balance (got ${JSON.stringify(reply.balance)}).`,
          {
            expected: 'a balance such as "100.00"',
            rule: RULES.decimalStrings,
            replies: [reply],
          },
        );
      }
      const accountCurrency = reply.json?.accountCurrency;
      if (accountCurrency !== undefined && accountCurrency !== t.env.config.currency) {
        t.fail(
          `Authenticate answered accountCurrency ${JSON.stringify(accountCurrency)} for a request in ${t.env.config.currency}: the RGS would refuse every launch.`,
          {
            expected: `accountCurrency absent or ${t.env.config.currency}`,
            rule: RULES.authenticateResponse,
            replies: [reply],
          },
        );
      }
      const excluded = reply.json?.excluded;
      if (excluded !== undefined && excluded !== null && typeof excluded !== "boolean") {
        t.fail(
          `Authenticate answered excluded ${JSON.stringify(excluded)}, not a JSON boolean: the RGS cannot read the self-exclusion and refuses every launch with wallet_answer_invalid.`,
          {
            expected: "excluded absent, null, true or false (JSON booleans, not strings or numbers)",
            rule: RULES.authenticateResponse,
            replies: [reply],
          },
        );
      }
      if (excluded === true) {
        t.fail("Authenticate answered excluded: true: the RGS refuses launches of a self-excluded player.", {
          expected: "a test player that is not self-excluded",
          rule: RULES.authenticateResponse,
          replies: [reply],
        });
      }
    },
  },
  {
    id: "happy.balance",
    category: "Happy Path",
    title: "Balance of the test player",
    requirement:
      "the balance callback is answered HTTP 200 OK with the balance as a decimal string, the same balance authenticate reported; the player holds at least 20 minimum bets",
    source: SPEC_HAPPY,
    async run(t) {
      const auth = await t.authenticate({}, "authenticate, for the balance it reports");
      const reply = await t.balanceCall({}, "read the balance");
      if (!t.requireOk(reply, "The balance callback", RULES.happyPath)) {
        t.stop("Without a working balance callback no check can verify money.");
      }
      const balance = t.minorBalance(reply);
      if (balance === undefined) {
        return t.stop(
          `The balance callback answered balance ${JSON.stringify(reply.balance)}, not a decimal string with at most ${t.decimals} decimals.`,
          { expected: 'a balance such as "100.00"', rule: RULES.decimalStrings, replies: [reply] },
        );
      }
      const authBalance = isOk(auth) ? t.minorBalance(auth) : undefined;
      if (authBalance !== undefined && authBalance !== balance) {
        t.fail(
          `Authenticate reported ${t.money(authBalance)} but the balance callback right after it ${t.money(balance)}.`,
          { expected: "the same balance from both callbacks", rule: RULES.happyPath, replies: [auth, reply] },
        );
      }
      const needed = t.stake * 20n;
      if (balance < needed) {
        t.stop(
          `The test player holds ${t.money(balance)} ${t.env.config.currency}; the checks need at least ${t.money(needed)} (20 minimum bets of ${t.money(t.stake)}).`,
          { expected: `a test player balance of at least ${t.money(needed)}`, replies: [reply] },
        );
      }
      t.env.startBalance = balance;
    },
  },
  {
    id: "happy.debit",
    category: "Happy Path",
    title: "Debit",
    requirement: "a debit is answered HTTP 200 OK with the balance after it, and the balance callback agrees",
    source: SPEC_HAPPY,
    async run(t) {
      const before = await t.readBalance("before the debit");
      const round = await openRound(t, before, t.stake, "debit one stake");
      await t.expectBalance(before - t.stake, "after the debit", "a debit takes exactly its amount");
      await closeWithCredit(t, round.roundId, t.stake, before, "credit the stake back, closing the round");
    },
  },
  {
    id: "happy.credit",
    category: "Happy Path",
    title: "Credit",
    requirement: "a credit closing a round is answered HTTP 200 OK with the balance after it",
    source: SPEC_HAPPY,
    async run(t) {
      const before = await t.readBalance("before the round");
      const round = await openRound(t, before, t.stake, "debit one stake");
      await closeWithCredit(
        t,
        round.roundId,
        t.stake * 2n,
        before + t.stake,
        "credit a win of twice the stake",
      );
      await t.expectBalance(before + t.stake, "after the credit", "a credit adds exactly its amount");
      const back = await openRound(
        t,
        before + t.stake,
        t.stake,
        "debit one stake (a lost round, to restore the balance)",
      );
      await closeWithCredit(t, back.roundId, 0n, before, "credit 0, closing the lost round");
    },
  },
  {
    id: "happy.zero-credit",
    category: "Happy Path",
    title: "Zero-amount credit",
    requirement:
      'a credit of "0" with roundClosed true (a lost round) is answered HTTP 200 OK with the current balance',
    source: `${SPEC_HAPPY}; SPEC "Wallet callback endpoints", rule 6`,
    async run(t) {
      const before = await t.readBalance("before the round");
      const round = await openRound(t, before, t.stake, "debit one stake");
      const reply = await t.credit(
        { transactionId: t.id("tx"), roundId: round.roundId, amount: "0", roundClosed: true },
        'credit "0" closing the lost round',
      );
      if (t.requireOk(reply, 'A credit of "0" with roundClosed true', RULES.zeroCredit)) {
        t.expectAnswered(reply, before - t.stake, 'The credit of "0"');
      }
      await t.expectBalance(before - t.stake, "after the zero credit", "a zero credit moves nothing");
      const win = await openRound(
        t,
        before - t.stake,
        t.stake,
        "debit one stake (a won round, to restore the balance)",
      );
      await closeWithCredit(t, win.roundId, t.stake * 2n, before, "credit twice the stake");
    },
  },
  {
    id: "happy.rollback",
    category: "Happy Path",
    title: "Rollback",
    requirement: "a rollback of an applied debit is answered HTTP 200 OK and returns the stake exactly once",
    source: SPEC_HAPPY,
    async run(t) {
      const before = await t.readBalance("before the debit");
      const round = await openRound(t, before, t.stake, "debit one stake");
      const reply = await t.rollback(
        {
          transactionId: t.id("tx"),
          reverseTransactionId: round.transactionId,
          roundId: round.roundId,
          roundClosed: true,
        },
        "roll the debit back, closing the round",
      );
      if (t.requireOk(reply, "The rollback of an applied debit", RULES.happyPath)) {
        t.expectAnswered(reply, before, "The rollback");
      }
      await t.expectBalance(before, "after the rollback", "a rollback returns the debit's stake");
    },
  },
  {
    id: "happy.round-dice",
    category: "Happy Path",
    title: "Full round flows (dice-alpha)",
    requirement:
      "a won round (debit, credit of twice the stake, roundClosed true) and a lost round (debit, credit 0, roundClosed true) of dice-alpha all succeed, each answer carrying the right balance",
    source: SPEC_HAPPY,
    async run(t) {
      const before = await t.readBalance("before the rounds");
      const won = await openRound(t, before, t.stake, "won round: debit one stake");
      await closeWithCredit(
        t,
        won.roundId,
        t.stake * 2n,
        before + t.stake,
        "won round: credit twice the stake",
      );
      await t.expectBalance(before + t.stake, "after the won round", "the win adds one stake net");
      const lost = await openRound(t, before + t.stake, t.stake, "lost round: debit one stake");
      await closeWithCredit(t, lost.roundId, 0n, before, "lost round: credit 0");
      await t.expectBalance(before, "after the lost round", "the loss takes the stake");
    },
  },
  {
    id: "happy.round-multi-debit",
    category: "Happy Path",
    title: "Multi-debit round (blackjack-leo)",
    requirement:
      "a blackjack-leo round with a debit, an extra debit for a double and a credit with roundClosed true all succeed; skipped only when the wallet refuses the game's first debit with ERROR_INVALID_GAME",
    source: `${SPEC_HAPPY}; SPEC "Wallet callback endpoints", rule 7`,
    async run(t) {
      const before = await t.readBalance("before the round");
      const roundId = t.id("rd");
      const first = await t.debit(
        { transactionId: t.id("tx"), roundId, amount: t.stake, gameCode: BLACKJACK },
        "blackjack-leo: the bet",
      );
      if (first.http === 200 && first.status === "ERROR_INVALID_GAME") {
        await t.expectBalance(before, "after the refused bet", "a refused debit moves nothing");
        t.skip("the wallet refuses blackjack-leo (ERROR_INVALID_GAME); the multi-debit round is not offered");
      }
      if (!t.requireOk(first, "The blackjack-leo bet", RULES.blackjack))
        t.stop("The round could not be opened.");
      t.expectAnswered(first, before - t.stake, "The bet");
      const double = await t.debit(
        { transactionId: t.id("tx"), roundId, amount: t.stake, gameCode: BLACKJACK },
        "blackjack-leo: the extra debit of a double, same round",
      );
      if (!t.requireOk(double, "A second debit in the same round (a double)", RULES.severalPerRound)) {
        await closeWithCredit(t, roundId, t.stake, before, "credit the bet back", { gameId: BLACKJACK });
        t.stop("The wallet does not take a second debit in one round.");
      }
      t.expectAnswered(double, before - 2n * t.stake, "The double");
      await closeWithCredit(t, roundId, 2n * t.stake, before, "credit the push after the double", {
        gameId: BLACKJACK,
      });
      await t.expectBalance(before, "after the round", "two stakes taken, two stakes paid back");
    },
  },
];
