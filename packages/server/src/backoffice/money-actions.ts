import type { CallbackView } from "../outbox/dead-letters.ts";

/**
 * What a person may do about a callback the outbox could not deliver, and what each means for the player's
 * money: the sentence the page shows before the confirmation, and the audit trail keeps.
 */

export const MONEY_ACTIONS = ["requeue", "mark_applied"] as const;
export type MoneyAction = (typeof MONEY_ACTIONS)[number];

export function isMoneyAction(value: unknown): value is MoneyAction {
  return typeof value === "string" && (MONEY_ACTIONS as readonly string[]).includes(value);
}

/** What the player gains or loses, in words, if `action` is taken on `callback`. */
export function moneyMeaning(action: MoneyAction, callback: CallbackView): string {
  const amount = `${callback.amount} ${callback.currency}`;
  const what = callback.kind === "rollback" ? "the refund of the stake" : "the win";
  if (action === "requeue") {
    return `Not applied: the wallet did not move the money. The same ${callback.kind} (transaction ${callback.transactionId}) is sent again until the wallet confirms it; the player gains ${amount}, ${what}, once it is applied.`;
  }
  return `Applied: the wallet already moved the money. Nothing is sent again; the ${callback.kind} counts as paid in reports and reconciliation${callback.roundClosed ? " and the round closes" : ""}. The player gains nothing more: ${amount} was already theirs.`;
}

/** Only a callback waiting for a person (a dead letter, or one still failing past the alert age) is acted on. */
export function awaitsPerson(callback: CallbackView): boolean {
  return callback.state === "dead" || callback.state === "alerting";
}
