/**
 * The session's figures a jurisdiction asks to keep on screen (the top bar, at every width): the time played
 * since the session's first launch and the net position, payouts minus stakes, signed.
 */
import type { Formats } from "../../i18n/format.ts";
import type { Translate } from "../../i18n/index.ts";

/** 3725 -> "1:02:05", 65 -> "0:01:05": hours need no padding, minutes and seconds two digits. */
export function clockText(seconds: number): string {
  const whole = Math.max(0, Math.floor(seconds));
  const two = (n: number) => String(n).padStart(2, "0");
  return `${Math.floor(whole / 3600)}:${two(Math.floor(whole / 60) % 60)}:${two(whole % 60)}`;
}

/** A net position with its sign always written: "+1.50 EUR", "−2.00 EUR", "0.00 EUR". */
export function signedAmount(format: Formats, minor: bigint): string {
  if (minor === 0n) return format.amount(0n);
  return minor > 0n ? `+${format.amount(minor)}` : `−${format.amount(-minor)}`;
}

export function SessionFigures(props: {
  t: Translate;
  format: Formats;
  playedSeconds: number | undefined;
  netPosition: bigint | undefined;
}) {
  const { t } = props;
  return (
    <div class="session-figures" data-testid="session-figures">
      {props.playedSeconds !== undefined && (
        <span class="session-figure">
          <span class="session-figure-label">{t("shell.session.played")}</span>{" "}
          <time class="session-figure-value" data-testid="session-timer">
            {clockText(props.playedSeconds)}
          </time>
        </span>
      )}
      {props.netPosition !== undefined && (
        <span class="session-figure">
          <span class="session-figure-label">{t("shell.session.net")}</span>{" "}
          <span class="session-figure-value" data-testid="net-position">
            {signedAmount(props.format, props.netPosition)}
          </span>
        </span>
      )}
    </div>
  );
}
