/**
 * Free rounds as the player sees them: the offer (how many, the fixed bet, the fixed settings, until when)
 * with an explicit choice before the first, "Play free rounds" or "Later"; the line above the Bet button while
 * they wait or are played; and the summary of what they paid once the last one ended. A social session reads
 * them without money words.
 */
import { useEffect, useRef } from "preact/hooks";
import type { Formats } from "../../i18n/format.ts";
import type { Translate } from "../../i18n/index.ts";
import type { FreeRounds } from "../hooks/use-free-rounds.ts";
import "./free-rounds.css";

export interface FreeRoundsProps {
  t: Translate;
  format: Formats;
  free: FreeRounds;
  social: boolean;
}

/** When unplayed rounds lapse, in the player's language and time zone. */
function expiryText(language: string, endsAt: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: "medium", timeStyle: "short" }).format(
    new Date(endsAt),
  );
}

/** Moves focus into a dialog while it is on show, and back where it was after. */
function useDialogFocus() {
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    root.current?.querySelector<HTMLButtonElement>("button")?.focus();
    return () => previous?.focus?.();
  }, []);
  return root;
}

function Offer(props: FreeRoundsProps) {
  const { t, format, free } = props;
  const root = useDialogFocus();
  const offer = free.offer;
  if (!offer || free.bet === undefined) return null;
  const bet = format.amount(free.bet);
  return (
    <div class="overlay" data-testid="free-rounds-offer">
      <div
        class="dialog"
        role="dialog"
        aria-modal="true"
        aria-labelledby="free-rounds-title"
        aria-describedby="free-rounds-facts"
        ref={root}
        onKeyDown={(event) => event.key === "Escape" && free.later()}
      >
        <span class="free-rounds-gift" aria-hidden="true">
          ★
        </span>
        <h2 id="free-rounds-title">{t("freerounds.offer.title", { count: offer.roundsRemaining })}</h2>
        <div id="free-rounds-facts" class="free-rounds-facts">
          <p data-testid="free-rounds-bet">
            {t(props.social ? "freerounds.social.bet" : "freerounds.offer.bet", { amount: bet })}
          </p>
          {offer.params !== undefined && <p>{t("freerounds.offer.params")}</p>}
          {offer.endsAt !== undefined && (
            <p>{t("freerounds.offer.expires", { date: expiryText(t.language, offer.endsAt) })}</p>
          )}
        </div>
        <div class="reality-choices">
          <button
            type="button"
            class="button play-button"
            data-testid="free-rounds-accept"
            onClick={free.accept}
          >
            {t("freerounds.offer.accept")}
          </button>
          <button type="button" class="button" data-testid="free-rounds-later" onClick={free.later}>
            {t("freerounds.offer.later")}
          </button>
        </div>
      </div>
    </div>
  );
}

function Summary(props: FreeRoundsProps) {
  const { t, format, free } = props;
  const root = useDialogFocus();
  const { played, won } = free.tally;
  return (
    <div class="overlay" data-testid="free-rounds-summary">
      <div class="dialog" role="dialog" aria-modal="true" aria-labelledby="free-rounds-done" ref={root}>
        <h2 id="free-rounds-done">{t("freerounds.summary.title")}</h2>
        <p class="free-rounds-facts">
          {t(props.social ? "freerounds.social.summary" : "freerounds.summary.won", { count: played })}
        </p>
        <p class="free-rounds-total" data-testid="free-rounds-total">
          {format.amount(won)}
        </p>
        <div class="reality-choices">
          <button
            type="button"
            class="button play-button"
            data-testid="free-rounds-close"
            onClick={free.close}
          >
            {t("freerounds.summary.continue")}
          </button>
        </div>
      </div>
    </div>
  );
}

/** The offer or the summary as a dialog, when one is due. */
export function FreeRoundsDialog(props: FreeRoundsProps) {
  if (props.free.phase === "offer") return <Offer {...props} />;
  if (props.free.phase === "summary") return <Summary {...props} />;
  return null;
}

/** Above the Bet button: rounds put off for later (a way back to the offer), or the fixed bet being played. */
export function FreeRoundsBar(props: FreeRoundsProps) {
  const { t, format, free } = props;
  const count = free.offer?.roundsRemaining ?? 0;
  if (free.phase === "later") {
    return (
      <div class="free-rounds-bar" data-testid="free-rounds-bar">
        <span>{t("freerounds.waiting", { count })}</span>
        <button type="button" class="button" data-testid="free-rounds-reopen" onClick={free.reopen}>
          {t("freerounds.offer.accept")}
        </button>
      </div>
    );
  }
  if (free.phase !== "playing" || free.bet === undefined) return null;
  const amount = format.amount(free.bet);
  return (
    <div class="free-rounds-bar" role="status" data-testid="free-rounds-bar">
      <span>{t(props.social ? "freerounds.social.fixed" : "freerounds.fixed", { amount })}</span>
    </div>
  );
}
