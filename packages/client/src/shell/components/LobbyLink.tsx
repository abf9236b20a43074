import type { Translate } from "../../i18n/index.ts";
import { Icon } from "./Icon.tsx";

/** Back to the casino's lobby: the whole window, not just the game's frame, and no referrer. */
export function LobbyLink(props: { t: Translate; href: string }) {
  return (
    <a
      class="button button-ghost"
      href={props.href}
      target="_top"
      rel="noreferrer noopener"
      aria-label={props.t("shell.lobby.label")}
    >
      <Icon name="back" />
      <span class="lobby-short">{props.t("shell.lobby.short")}</span>
    </a>
  );
}
