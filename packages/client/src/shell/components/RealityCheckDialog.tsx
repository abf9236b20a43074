/**
 * The reality check: the time played and, where the session shows it, the net position, with three choices.
 * Continue acknowledges it with the server and play goes on; Stop ends play (back to the casino's lobby when
 * there is one, else the screen below that says play stopped); Lobby goes back to the casino. It is modal (focus stays inside, the page behind is inert to the keyboard) and Escape does nothing:
 * the regulations ask for an explicit acknowledgement, so no key dismisses it by accident.
 */
import { useEffect, useRef, useState } from "preact/hooks";
import type { Formats } from "../../i18n/format.ts";
import type { Translate } from "../../i18n/index.ts";
import type { RealityCheck } from "../hooks/use-protection.ts";
import { clockText, signedAmount } from "./SessionFigures.tsx";

/** Keeps Tab and Shift+Tab on the dialog's own controls. */
function trapFocus(event: KeyboardEvent, root: HTMLElement | null): void {
  if (event.key === "Escape") {
    event.preventDefault();
    return;
  }
  if (event.key !== "Tab" || !root) return;
  const controls = Array.from(root.querySelectorAll<HTMLElement>("button:not(:disabled), a[href]"));
  const first = controls[0];
  const last = controls[controls.length - 1];
  if (!first || !last) return;
  if (event.shiftKey && document.activeElement === first) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && document.activeElement === last) {
    event.preventDefault();
    first.focus();
  }
}

export interface RealityCheckDialogProps {
  t: Translate;
  format: Formats;
  check: RealityCheck;
  showNetPosition: boolean;
  lobbyUrl: string | null;
  onContinue(): Promise<void>;
  onStop(): void;
}

export function RealityCheckDialog(props: RealityCheckDialogProps) {
  const { t, check } = props;
  const root = useRef<HTMLDivElement>(null);
  const [sending, setSending] = useState(false);
  useEffect(() => {
    const previous = document.activeElement as HTMLElement | null;
    root.current?.querySelector<HTMLButtonElement>("button")?.focus();
    return () => previous?.focus?.();
  }, []);
  const onContinue = () => {
    setSending(true);
    void props.onContinue().finally(() => setSending(false));
  };
  return (
    <div class="overlay" data-testid="reality-check">
      <div
        class="dialog"
        role="alertdialog"
        aria-modal="true"
        aria-labelledby="reality-title"
        aria-describedby="reality-figures"
        ref={root}
        onKeyDown={(event) => trapFocus(event, root.current)}
      >
        <h2 id="reality-title">{t("shell.reality.title")}</h2>
        <div id="reality-figures" class="reality-figures">
          {check.playedSeconds !== undefined && (
            <p>{t("shell.reality.played", { time: clockText(check.playedSeconds) })}</p>
          )}
          {props.showNetPosition && check.netPosition !== undefined && (
            <p data-testid="reality-net">
              {t("shell.reality.net", { amount: signedAmount(props.format, check.netPosition) })}
            </p>
          )}
        </div>
        <div class="reality-choices">
          <button
            type="button"
            class="button play-button"
            data-testid="reality-continue"
            disabled={sending}
            onClick={onContinue}
          >
            {t("shell.reality.continue")}
          </button>
          {props.lobbyUrl ? (
            <a
              class="button"
              href={props.lobbyUrl}
              target="_top"
              rel="noreferrer noopener"
              data-testid="reality-stop"
            >
              {t("shell.reality.stop")}
            </a>
          ) : (
            <button type="button" class="button" data-testid="reality-stop" onClick={props.onStop}>
              {t("shell.reality.stop")}
            </button>
          )}
          {props.lobbyUrl && (
            <a class="button" href={props.lobbyUrl} target="_top" rel="noreferrer noopener">
              {t("shell.lobby.label")}
            </a>
          )}
        </div>
      </div>
    </div>
  );
}

/** The player chose Stop and the casino has no lobby to go back to: play ends here. */
export function SessionStopped(props: { t: Translate }) {
  return (
    <div class="overlay" role="alertdialog" aria-labelledby="stopped-title" data-testid="session-stopped">
      <div class="dialog">
        <h2 id="stopped-title">{props.t("shell.stopped.title")}</h2>
        <p>{props.t("shell.stopped.body")}</p>
      </div>
    </div>
  );
}
