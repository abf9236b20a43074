import { useState } from "preact/hooks";
import type { Translate } from "../i18n/index.ts";
import { Icon } from "./Icon.tsx";
import { LobbyLink } from "./LobbyLink.tsx";
import type { Preferences } from "./preferences.ts";

export function TopBar(props: {
  t: Translate;
  gameName: string;
  demo: boolean;
  balance: string | null;
  /** The last round won: the balance lights up. */
  won: boolean;
  lobbyUrl: string | null;
  preferences: Preferences;
  onPreferences(next: Preferences): void;
}) {
  const { t, preferences } = props;
  const [help, setHelp] = useState(false);
  return (
    <header class="shell-top">
      {props.lobbyUrl && <LobbyLink t={t} href={props.lobbyUrl} />}
      <h1 class="shell-title">{props.gameName}</h1>
      <div class={props.won ? "shell-balance is-win" : "shell-balance"}>
        <span class="shell-balance-label">
          {props.demo && <span class="shell-demo">{t("shell.demo")}</span>}
          {t("shell.balance.label")}
        </span>
        <span class="shell-balance-value" data-testid="balance">
          {props.balance ?? t("shell.balance.unknown")}
        </span>
      </div>
      <div class="tools">
        <button
          type="button"
          class="button button-ghost button-icon"
          aria-pressed={preferences.sound}
          aria-label={t(preferences.sound ? "shell.sound.off" : "shell.sound.on")}
          title={t(preferences.sound ? "shell.sound.off" : "shell.sound.on")}
          onClick={() => props.onPreferences({ ...preferences, sound: !preferences.sound })}
        >
          <Icon name={preferences.sound ? "soundOn" : "soundOff"} />
        </button>
        <button
          type="button"
          class="button button-ghost button-icon"
          aria-pressed={preferences.animations}
          aria-label={t(preferences.animations ? "shell.animations.off" : "shell.animations.on")}
          title={t(preferences.animations ? "shell.animations.off" : "shell.animations.on")}
          onClick={() => props.onPreferences({ ...preferences, animations: !preferences.animations })}
        >
          <Icon name={preferences.animations ? "motionOn" : "motionOff"} />
        </button>
        <div class="help">
          <button
            type="button"
            class="button button-ghost button-icon"
            aria-expanded={help}
            aria-controls="shell-help"
            aria-label={t("shell.help.label")}
            onClick={() => setHelp(!help)}
            onKeyDown={(event) => {
              if (event.key === "Escape") setHelp(false);
            }}
          >
            <Icon name="help" />
          </button>
          {help && (
            <div class="help-popover" id="shell-help" role="note">
              <p>
                <kbd>{t("shell.help.space")}</kbd> / <kbd>{t("shell.help.enter")}</kbd> {t("shell.help.play")}
              </p>
              <p>{t("shell.help.skip")}</p>
              <p>{t("shell.help.tab")}</p>
            </div>
          )}
        </div>
      </div>
    </header>
  );
}
