import type { Reply, SigningVariant } from "../client/wallet-client.ts";
import { type CheckDefinition, type CheckRun, describeReply, isOk } from "./check-run.ts";
import { RULES } from "./rules.ts";

const SPEC_HMAC = 'SPEC "Integration tester", HMAC Security; SPEC "Authentication", rules 3 and 4';
const WRONG_SECRET = "not-the-shared-secret";
const REFUSED = "a non-200 status (401 recommended) or HTTP 200 with status ERROR_INVALID_SIGNATURE";

/** How a request with a bad signature was answered. */
type Verdict = "refused" | "accepted" | "other";

/**
 * A refusal as the spec words it is any non-200 status, or HTTP 200 with ERROR_INVALID_SIGNATURE. An OK
 * means the wallet acted on a request it should not have trusted. HTTP 200 with another error status
 * refuses the request but not for the reason it should; no answer at all is not a refusal either.
 */
function judge(
  t: CheckRun,
  reply: Reply,
  what: string,
  acceptedLevel: "fail" | "warn",
  rule: string,
): Verdict {
  if (reply.http !== undefined && (reply.http !== 200 || reply.status === "ERROR_INVALID_SIGNATURE")) {
    return "refused";
  }
  if (isOk(reply)) {
    const message = `${what} was accepted: ${describeReply(reply)}.`;
    const opts = { expected: REFUSED, rule, replies: [reply] };
    if (acceptedLevel === "fail") t.fail(message, opts);
    else t.warn(message, opts);
    return "accepted";
  }
  t.warn(`${what} was answered ${describeReply(reply)}: refused, but not as a signature failure.`, {
    expected: REFUSED,
    rule,
    replies: [reply],
  });
  return "other";
}

/**
 * Sends a debit signed the way `signing` says, judges the answer, undoes an accepted debit with a
 * properly signed rollback, and verifies the balance.
 */
async function forgedDebit(
  t: CheckRun,
  signing: SigningVariant,
  what: string,
  label: string,
  opts: { acceptedLevel?: "fail" | "warn"; rule?: string; bodyAmount?: bigint } = {},
): Promise<Verdict> {
  const before = await t.readBalance(`before: ${label}`);
  const transactionId = t.id("tx");
  const roundId = t.id("rd");
  const reply = await t.debit({ transactionId, roundId, amount: opts.bodyAmount ?? t.stake }, label, {
    signing,
  });
  const verdict = judge(t, reply, what, opts.acceptedLevel ?? "fail", opts.rule ?? RULES.signatureRefused);
  if (verdict === "accepted") {
    await t.rollback(
      { transactionId: t.id("tx"), reverseTransactionId: transactionId, roundId, roundClosed: true },
      "undo: roll back the debit the wallet accepted",
    );
    await t.expectBalance(before, "after undoing the accepted debit", "the rollback returns the stake");
  } else {
    await t.expectBalance(before, `after: ${label}`, "a refused request moves nothing");
  }
  return verdict;
}

export const hmacSecurityChecks: CheckDefinition[] = [
  {
    id: "hmac.invalid-signature",
    category: "HMAC Security",
    title: "Invalid signature",
    requirement:
      "a debit signed with another secret, a debit without signature headers and a credit with a made-up signature are all refused (non-200, 401 recommended, or HTTP 200 ERROR_INVALID_SIGNATURE) and move nothing",
    source: SPEC_HMAC,
    async run(t) {
      await forgedDebit(
        t,
        { secret: WRONG_SECRET },
        "A debit signed with the wrong secret",
        "debit signed with a wrong secret",
      );
      await forgedDebit(
        t,
        { unsigned: true },
        "A debit with no X-Timestamp and no X-HMAC-SHA256",
        "debit without signature headers",
      );

      const before = await t.readBalance("before the forged credit");
      const roundId = t.id("rd");
      const forged = await t.credit(
        { transactionId: t.id("tx"), roundId, amount: t.stake, roundClosed: false },
        "credit with a made-up signature (64 zeros)",
        { signing: { signature: "0".repeat(64) } },
      );
      const verdict = judge(t, forged, "A credit with a made-up signature", "fail", RULES.signatureRefused);
      if (verdict === "accepted") {
        await t.debit(
          { transactionId: t.id("tx"), roundId, amount: t.stake },
          "undo: debit what the forged credit paid",
        );
        await t.credit(
          { transactionId: t.id("tx"), roundId, amount: "0", roundClosed: true },
          "undo: close the round",
        );
      }
      await t.expectBalance(before, "after the forged credit", "a forged credit must pay nothing");
    },
  },
  {
    id: "hmac.expired-timestamp",
    category: "HMAC Security",
    title: "Expired timestamp",
    requirement:
      "correctly signed debits whose X-Timestamp is 5 minutes in the past, or 5 minutes in the future, are refused and move nothing",
    source: SPEC_HMAC,
    async run(t) {
      await forgedDebit(
        t,
        { timestampOffsetSeconds: -300 },
        "A debit with a 5-minute-old timestamp",
        "debit signed 300 s ago",
      );
      await forgedDebit(
        t,
        { timestampOffsetSeconds: 300 },
        "A debit with a timestamp 5 minutes in the future",
        "debit signed 300 s ahead",
      );
    },
  },
  {
    id: "hmac.timestamp-60s",
    category: "HMAC Security",
    title: "60-second-old timestamp",
    requirement:
      "a correctly signed debit with a 60-second-old X-Timestamp should be refused; accepting it gives a warning, not a failure",
    source: SPEC_HMAC,
    async run(t) {
      await forgedDebit(
        t,
        { timestampOffsetSeconds: -60 },
        "A debit with a 60-second-old timestamp",
        "debit signed 60 s ago",
        {
          acceptedLevel: "warn",
          rule: RULES.timestamp60,
        },
      );
    },
  },
  {
    id: "hmac.tampered-body",
    category: "HMAC Security",
    title: "Body changed after signing",
    requirement:
      "a debit whose body was changed after signing (the signature covers one stake, the body asks for ten) is refused and moves nothing",
    source: SPEC_HMAC,
    async run(t) {
      const sentAmount = `"amount":"${t.money(t.stake * 10n)}"`;
      const signedBody = (sent: string) => sent.replace(sentAmount, `"amount":"${t.money(t.stake)}"`);
      await forgedDebit(
        t,
        { signedBody },
        "A debit whose body differs from the signed one",
        "debit with a body changed after signing",
        {
          bodyAmount: t.stake * 10n,
        },
      );
    },
  },
  {
    id: "hmac.authenticate-bad-signature",
    category: "HMAC Security",
    title: "Bad signature on authenticate",
    requirement: "authenticate signed with the wrong secret is refused and reveals no player data",
    source: SPEC_HMAC,
    async run(t) {
      const reply = await t.authenticate({}, "authenticate signed with a wrong secret", {
        signing: { secret: WRONG_SECRET },
      });
      const verdict = judge(t, reply, "Authenticate with a bad signature", "fail", RULES.signatureRefused);
      if (verdict !== "accepted" && reply.json?.balance !== undefined) {
        t.fail("The refusal of an unsigned authenticate still carries the player's balance.", {
          expected: "no player data in a refused answer",
          rule: RULES.signatureRefused,
          replies: [reply],
        });
      }
    },
  },
  {
    id: "hmac.signed-path",
    category: "HMAC Security",
    title: "Signature bound to the path",
    requirement:
      "a debit carrying a signature made for another callback path (the credit callback), or over timestamp and body without any path, is refused and moves nothing",
    source: RULES.signedPath,
    async run(t) {
      await forgedDebit(
        t,
        { path: t.env.client.pathOf("credit") },
        "A debit signed for the credit callback's path",
        "debit signed with the credit path",
        { rule: RULES.signedPath },
      );
      await forgedDebit(
        t,
        { path: "" },
        "A debit signed without the path",
        "debit signed over timestamp + body only",
        {
          rule: RULES.signedPath,
        },
      );
    },
  },
];
