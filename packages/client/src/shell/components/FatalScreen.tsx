import type { Translate } from "../../i18n/index.ts";
import { LobbyLink } from "./LobbyLink.tsx";

/** A page-wide message when the game cannot run: what happened, and what the player can do. */
export function FatalScreen(props: {
  t: Translate;
  messageKey: string;
  lobbyUrl: string | null;
  onRetry?: () => void;
}) {
  const { t } = props;
  return (
    <div class="overlay" role="alertdialog" aria-labelledby="fatal-title" aria-describedby="fatal-text">
      <div class="dialog">
        <h2 id="fatal-title">{t("shell.fatal.title")}</h2>
        <p id="fatal-text">{t(props.messageKey)}</p>
        {props.onRetry && (
          <button type="button" class="button play-button" onClick={props.onRetry}>
            {t("shell.action.retry")}
          </button>
        )}
        {props.lobbyUrl && <LobbyLink t={t} href={props.lobbyUrl} prominent />}
      </div>
    </div>
  );
}
