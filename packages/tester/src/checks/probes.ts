import { randomUUID } from "node:crypto";
import type { Reply } from "../client/wallet-client.ts";
import { type CheckRun, describeReply, isCleanRefusal, isOk } from "./check-run.ts";
import { SAFE_HANDLING } from "./rules.ts";

/** Probes shared by the Attack Vectors and Edge Cases checks: hostile or unusual input, money verified. */

const CLEAN = "a clean answer: HTTP 200 with an error status, or a 4xx";

/** A response that renders as HTML and echoes the payload could run it in a back-office page. */
function checkNotHtmlEcho(t: CheckRun, reply: Reply, payload: string, rule: string): void {
  const type = reply.exchange.response?.headers["content-type"] ?? "";
  if (type.includes("html") && (reply.exchange.response?.body ?? "").includes(payload)) {
    t.fail(`The answer is ${type} and echoes the payload ${JSON.stringify(payload)} unescaped.`, {
      expected: "a JSON answer (Content-Type application/json)",
      rule,
      replies: [reply],
    });
  }
}

/**
 * A player id nobody has: authenticate and balance must both refuse it cleanly. An OK means the wallet
 * found a player for it, which for an injection string means the injection worked.
 */
export async function probeUnknownPlayer(
  t: CheckRun,
  playerId: string,
  what: string,
  rule: string,
): Promise<void> {
  for (const reply of [
    await t.authenticate({ playerId }, `authenticate with ${what} as playerId`),
    await t.balanceCall({ playerId }, `balance with ${what} as playerId`),
  ]) {
    const callback = reply.exchange.callback;
    if (isOk(reply)) {
      t.fail(`${callback} with ${what} as playerId was answered OK: the wallet found a player for it.`, {
        expected: "a refusal (HTTP 200 with an error status, e.g. ERROR_PLAYER_DISABLED)",
        rule,
        replies: [reply],
      });
    } else if (!isCleanRefusal(reply)) {
      t.fail(`${callback} with ${what} as playerId was answered ${describeReply(reply)}.`, {
        expected: CLEAN,
        rule: `${rule}; ${SAFE_HANDLING}`,
        replies: [reply],
      });
    }
    checkNotHtmlEcho(t, reply, playerId, rule);
  }
}

/**
 * A debit of one stake for the test player carrying unusual ids or metadata. Either it is processed like
 * any debit (OK, exactly one stake taken, and its rollback returns it) or refused cleanly with nothing
 * moved. Returns whether it was processed.
 */
export async function probeDebit(
  t: CheckRun,
  ids: { transactionId: string; roundId: string; metadata?: string; gameCode?: string },
  what: string,
  rule: string,
  opts: { payload?: string } = {},
): Promise<boolean> {
  const before = await t.readBalance(`before the debit with ${what}`);
  const reply = await t.debit({ ...ids, amount: t.stake }, `debit with ${what}`);
  if (opts.payload !== undefined) checkNotHtmlEcho(t, reply, opts.payload, rule);
  if (isOk(reply)) {
    t.expectAnswered(reply, before - t.stake, `The debit with ${what}`);
    await t.expectBalance(
      before - t.stake,
      `after the debit with ${what}`,
      "an accepted debit takes exactly its stake",
    );
    const undo = await t.rollback(
      {
        transactionId: t.id("tx"),
        reverseTransactionId: ids.transactionId,
        roundId: ids.roundId,
        roundClosed: true,
        ...(ids.gameCode === undefined ? {} : { gameId: ids.gameCode }),
      },
      `roll back the debit with ${what}`,
    );
    if (!isOk(undo)) {
      t.fail(
        `The wallet accepted the debit with ${what} but its rollback was answered ${describeReply(undo)}.`,
        {
          expected: "HTTP 200 OK, the stake returned",
          rule,
          replies: [reply, undo],
        },
      );
    }
    await t.expectBalance(
      before,
      `after the rollback of the debit with ${what}`,
      "the rollback returns the stake",
    );
    return true;
  }
  if (!isCleanRefusal(reply)) {
    t.fail(`The debit with ${what} was answered ${describeReply(reply)}.`, {
      expected: `${CLEAN}, or OK with exactly one stake taken`,
      rule: `${rule}; ${SAFE_HANDLING}`,
      replies: [reply],
    });
  }
  await t.expectBalance(before, `after the refused debit with ${what}`, "a refused debit moves nothing");
  return false;
}

/**
 * Opens `count` connections to the wallet with simultaneous balance reads, so a burst sent next does not
 * wait for connection set-up and lands within a millisecond or two.
 */
export async function warmUp(t: CheckRun, count: number): Promise<void> {
  await Promise.all(
    Array.from({ length: count }, () =>
      t.send({
        callback: "balance",
        body: { requestId: randomUUID(), playerId: t.player },
        label: "warm-up: open a connection for the burst",
        concurrent: true,
      }),
    ),
  );
}

/** Sends `count` requests at once, on warm connections, and waits for all of them. */
export async function burst(
  t: CheckRun,
  count: number,
  send: (index: number) => Promise<Reply>,
): Promise<Reply[]> {
  await warmUp(t, count);
  return Promise.all(Array.from({ length: count }, (_, index) => send(index)));
}
