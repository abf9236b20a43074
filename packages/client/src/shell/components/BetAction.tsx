/**
 * The bottom of the bet controls, always on the first screen: a message, why the bet cannot be placed, and the
 * main action: Bet with the stake it will send (or the seconds until a round may start, where a jurisdiction
 * sets a minimum round duration: a wait, not an error), Start or Stop autobet, or while a round is open the
 * game's own moves (Cash out, Hit, Stand, Roll...).
 */
import type { ComponentChildren } from "preact";
import type { Formats } from "../../i18n/format.ts";
import type { Translate } from "../../i18n/index.ts";
import type { Limits } from "../../views/types.ts";
import type { AmountCheck } from "../bet-amount.ts";
import type { Notice } from "../notice.ts";
import type { BetMode } from "./BetHead.tsx";

export interface BetActionProps {
  t: Translate;
  format: Formats;
  limits: Limits;
  check: AmountCheck;
  /** The amount field's decimals, for the message of an amount with too many. */
  decimals: number;
  /** The stake is the bets on the table (no amount field). */
  fromParams: boolean;
  notice: Notice | null;
  onDismiss(): void;
  onRetry(): void;
  mode: BetMode;
  /** A bet is on its way or being revealed. */
  playing: boolean;
  /** A round still open or settling: no new bet until it is over. */
  roundStatus: "open" | "settling" | null;
  /** A bet may be placed now (nothing in flight, no round open, the session alive, the choices complete). */
  canBet: boolean;
  /** What the game's own controls still need, in the player's language. */
  choiceHint: string | undefined;
  /** The balance shown is below the stake: said, and checked again with the server on Bet. */
  overBalance: boolean;
  onBet(): void;
  autobet: { running: boolean; canStart: boolean; onStart(): void; onStop(): void };
  /** Whole seconds until the next round may start (a minimum round duration); 0: now. */
  waitSeconds: number;
  /** The game's moves while a round is open. */
  actions: ComponentChildren | undefined;
  /** Words of the Bet button other than "Bet" (a free round, with how many are left). */
  label?: string | undefined;
}

function hintOf(props: BetActionProps): string {
  const { t, check, format, limits } = props;
  if (props.roundStatus !== null) return "";
  if (check.ok) {
    if (props.choiceHint !== undefined) return props.choiceHint;
    return props.overBalance ? t("shell.bet.aboveBalance") : "";
  }
  switch (check.reason) {
    case "grouping":
      return t("shell.bet.grouping", { separator: format.decimal("0.1").charAt(1) });
    case "decimals":
      return props.decimals === 0
        ? t("shell.bet.noDecimals")
        : t("shell.bet.decimals", { count: props.decimals });
    case "malformed":
      return t("shell.bet.malformed");
    case "empty":
      return t(props.fromParams ? "shell.bet.noBets" : "shell.bet.enterAmount");
    case "below":
      return t("shell.error.bet_below_minimum", { min: format.amount(limits.minBet) });
    case "above":
      return t("shell.error.bet_above_maximum", { max: format.amount(limits.maxBet) });
    case "maxWin":
      return t("shell.error.max_win_exceeded", { maxWin: format.amount(limits.maxWin) });
  }
}

export function BetAction(props: BetActionProps) {
  const { t, notice, check } = props;
  const hint = hintOf(props);
  const playLabel =
    props.roundStatus === "open"
      ? t("shell.play.inProgress")
      : props.roundStatus === "settling"
        ? t("shell.play.settling")
        : props.playing
          ? t("shell.play.busy")
          : props.waitSeconds > 0
            ? t("shell.play.wait", { count: props.waitSeconds })
            : (props.label ?? t("shell.play.label"));
  const stake =
    check.ok && props.roundStatus === null && !props.playing && props.waitSeconds === 0
      ? props.format.amount(check.minor)
      : "";
  return (
    <>
      {notice && (
        <div
          class={notice.tone === "info" ? "notice is-info" : "notice"}
          role={notice.tone === "error" ? "alert" : "status"}
          data-testid="notice"
        >
          <span>{notice.text}</span>
          <span class="notice-actions">
            {notice.retry && (
              <button type="button" class="button" onClick={props.onRetry}>
                {t("shell.action.retry")}
              </button>
            )}
            <button
              type="button"
              class="button button-ghost button-icon"
              aria-label={t("shell.action.dismiss")}
              onClick={props.onDismiss}
            >
              ×
            </button>
          </span>
        </div>
      )}
      <div class="field-hint" id="bet-hint" aria-live="polite" data-testid="bet-hint">
        {hint}
      </div>
      {props.actions !== undefined ? (
        <div class="dock-moves" data-testid="moves">
          {props.actions}
        </div>
      ) : props.mode === "auto" ? (
        props.autobet.running ? (
          <button
            type="button"
            class="button play-button is-stop"
            data-shortcut="play"
            data-main-action=""
            aria-keyshortcuts="Space Enter"
            onClick={props.autobet.onStop}
          >
            {t("shell.autobet.stop")}
          </button>
        ) : (
          <button
            type="button"
            class="button play-button"
            data-shortcut="play"
            data-main-action=""
            data-testid="autobet-start"
            aria-keyshortcuts="Space Enter"
            disabled={!props.autobet.canStart}
            onClick={props.autobet.onStart}
          >
            {t("shell.autobet.start")}
          </button>
        )
      ) : (
        <button
          type="button"
          class={
            props.playing && props.roundStatus === null
              ? "button play-button is-playing"
              : "button play-button"
          }
          data-shortcut="play"
          data-main-action=""
          data-testid="play"
          data-free-round={props.label === undefined ? undefined : ""}
          disabled={!props.canBet || !check.ok || props.waitSeconds > 0}
          data-wait={props.waitSeconds > 0 ? props.waitSeconds : undefined}
          aria-keyshortcuts="Space Enter"
          onClick={props.onBet}
        >
          <span class="play-label">{playLabel}</span>
          {stake && (
            <span class="play-stake" data-testid="play-stake">
              {stake}
            </span>
          )}
        </button>
      )}
    </>
  );
}
