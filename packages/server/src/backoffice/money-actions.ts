import { formatAmount } from "@rgs/protocol/money";
import type { CallbackView } from "../outbox/dead-letters.ts";
import type { AbandonPreview } from "../rounds/abandon-preview.ts";

/**
 * What a person may do about a callback the outbox could not deliver, and what each means for the player's
 * money: the sentence the page shows before the confirmation, and the audit trail keeps.
 */

export const MONEY_ACTIONS = ["requeue", "replace", "mark_applied"] as const;
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
  if (action === "replace") {
    return `Not applied: the wallet did not move the money. A new credit of ${amount} with its own transaction ID is sent in its place until the wallet confirms it; transaction ${callback.transactionId} ends replaced and never counts as paid. The player gains ${amount}, the win, once the new credit is applied.`;
  }
  return `Applied: the wallet already moved the money. Nothing is sent again; the ${callback.kind} counts as paid in reports and reconciliation${callback.roundClosed ? " and the round closes" : ""}. The player gains nothing more: ${amount} was already theirs.`;
}

/**
 * The actions open to `callback`: none once settled (delivered, resolved or replaced); a rollback is never
 * replaced by a new credit (its refund is tied to the debit it reverses, and a credit would count as a win),
 * and only a dead letter is replaced (a callback still being retried may yet be applied under its own ID).
 */
export function actionsFor(callback: CallbackView): MoneyAction[] {
  if (!awaitsPerson(callback)) return [];
  return MONEY_ACTIONS.filter(
    (action) => action !== "replace" || (callback.kind === "credit" && callback.state === "dead"),
  );
}

/** Only a callback waiting for a person (a dead letter, or one still failing past the alert age) is acted on. */
export function awaitsPerson(callback: CallbackView): boolean {
  return callback.state === "dead" || callback.state === "alerting";
}

/** Settling a stuck round through the sweeper's abandon rule: an approval on the round, not on a callback. */
export const SETTLE_ROUND = "settle_round";

/** What the player gains, in words, if the stuck round is settled as `preview` says the abandon rule would. */
export function settlementMeaning(preview: AbandonPreview): string {
  const money = (amount: bigint) => `${formatAmount(amount, preview.decimals)} ${preview.currency}`;
  if (preview.status === "initializing") {
    return `The round never finished opening. Its stake of ${money(preview.refund)} is rolled back: the player gets back ${money(preview.refund)} if the wallet had taken it, wins nothing, and the round ends cancelled.`;
  }
  const refund =
    preview.refund > 0n
      ? ` A debit never confirmed is rolled back first: the player gets back ${money(preview.refund)} if the wallet had taken it.`
      : "";
  return `The round is closed with the game's abandon rule, as the sweeper would: the player gains ${money(preview.win)}, the abandon rule's credit, and keeps what the round paid before.${refund} Stakes the wallet confirmed stay taken.`;
}
