/**
 * The top bar, on screen at every scroll position: the way back to the casino, the game's name, the balance
 * (marked Demo in demo play, lit up after a win), the responsible-gambling links, the sound, animation and help
 * toggles, and where a jurisdiction asks, the time played and the net position.
 */
import type { ComponentChildren, RefObject } from "preact";
import { useState } from "preact/hooks";
import type { Translate } from "../../i18n/index.ts";
import type { Preferences } from "../preferences.ts";
import { Icon } from "./Icon.tsx";
import { LobbyLink } from "./LobbyLink.tsx";

export function TopBar(props: {
  t: Translate;
  rootRef?: RefObject<HTMLElement>;
  gameName: string;
  demo: boolean;
  balance: string | null;
  /** The last round returned more than its stake: the balance lights up. */
  won: boolean;
  lobbyUrl: string | null;
  preferences: Preferences;
  onPreferences(next: Preferences): void;
  /** The animations toggle is offered (a session may forbid speeding play up). */
  fastPlay: boolean;
  /** The keyboard shortcuts are on (and so listed under help). */
  shortcuts: boolean;
  /** The responsible-gambling menu, first of the tools. */
  menu?: ComponentChildren;
  /** The session's figures a jurisdiction keeps on screen, a line of their own. */
  figures?: ComponentChildren;
}) {
  const { t, preferences } = props;
  const [help, setHelp] = useState(false);
  return (
    <header class={props.figures ? "shell-top has-figures" : "shell-top"} ref={props.rootRef}>
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
        {props.menu}
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
        {props.fastPlay && (
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
        )}
        {props.shortcuts && (
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
                  <kbd>{t("shell.help.space")}</kbd> / <kbd>{t("shell.help.enter")}</kbd>{" "}
                  {t("shell.help.play")}
                </p>
                {props.fastPlay && <p>{t("shell.help.skip")}</p>}
                <p>{t("shell.help.tab")}</p>
              </div>
            )}
          </div>
        )}
      </div>
      {props.figures}
    </header>
  );
}
