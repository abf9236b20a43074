import type { Translate } from "../../i18n/index.ts";

/**
 * A page-wide message when a page cannot run: what happened, and what the player can do. It has no lobby
 * link: without a readable session the client knows no lobby it can trust, and the operator's page around
 * the game has its own way back.
 */
export function FatalScreen(props: {
  t: Translate;
  messageKey: string;
  /** The heading's text key; the game page's by default. */
  titleKey?: string;
  onRetry?: () => void;
}) {
  const { t } = props;
  return (
    <div class="overlay" role="alertdialog" aria-labelledby="fatal-title" aria-describedby="fatal-text">
      <div class="dialog">
        <h2 id="fatal-title">{t(props.titleKey ?? "shell.fatal.title")}</h2>
        <p id="fatal-text">{t(props.messageKey)}</p>
        {props.onRetry && (
          <button type="button" class="button play-button" onClick={props.onRetry}>
            {t("shell.action.retry")}
          </button>
        )}
      </div>
    </div>
  );
}
