import type { Translate } from "../../i18n/index.ts";

/** The session is over: said in a dialog, with the way back to the casino when there is one. */
export function SessionEnded(props: { t: Translate; lobbyUrl: string | null }) {
  const { t } = props;
  return (
    <div class="overlay" role="alertdialog" aria-labelledby="ended-title">
      <div class="dialog">
        <h2 id="ended-title">{t("shell.ended.title")}</h2>
        <p>{t("shell.error.session_expired")}</p>
        {props.lobbyUrl && (
          <a class="button play-button" href={props.lobbyUrl} target="_top" rel="noreferrer noopener">
            {t("shell.lobby.label")}
          </a>
        )}
      </div>
    </div>
  );
}
