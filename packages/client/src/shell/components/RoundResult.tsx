/**
 * The line under the board that tells how the last round ended, in the same words for every game: a win only
 * when it returned more than the stake, a push when it returned the stake, and a loss said as plainly as a
 * win (with what came back, if anything). Announced to screen readers.
 */
import type { Formats } from "../../i18n/format.ts";
import type { Translate } from "../../i18n/index.ts";
import { type RoundOutcome, trimMultiplier } from "../outcome.ts";

export function resultText(t: Translate, format: Formats, outcome: RoundOutcome): string {
  const multiplier =
    outcome.multiplier === undefined ? "-" : format.multiplier(trimMultiplier(outcome.multiplier));
  switch (outcome.kind) {
    case "win":
      return t("shell.result.win", { amount: format.amount(outcome.payout), multiplier });
    case "push":
      return t("shell.result.push", { amount: format.amount(outcome.payout) });
    case "loss":
      if (outcome.free) return t("freerounds.result.noWin");
      return outcome.payout > 0n
        ? t("shell.result.partial", {
            payout: format.amount(outcome.payout),
            stake: format.amount(outcome.stake),
            loss: format.amount(outcome.stake - outcome.payout),
            multiplier,
          })
        : t("shell.result.loss", { amount: format.amount(outcome.stake) });
  }
}

export function RoundResult(props: { t: Translate; format: Formats; outcome: RoundOutcome | null }) {
  const { outcome } = props;
  return (
    <p
      class={`round-result${outcome ? ` is-${outcome.kind}` : ""}`}
      data-testid="round-result"
      data-outcome={outcome?.kind ?? "none"}
      aria-live="polite"
    >
      {outcome ? resultText(props.t, props.format, outcome) : ""}
    </p>
  );
}
