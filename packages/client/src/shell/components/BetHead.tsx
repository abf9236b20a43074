/**
 * The top of the bet controls: Manual or Auto, the bet amount typed in the player's language and its presets (the
 * Bet button says the stake it was read as); or, for games whose bets are chips on the table, their total.
 */
import type { Formats } from "../../i18n/format.ts";
import type { Translate } from "../../i18n/index.ts";
import type { Limits } from "../../views/types.ts";
import type { Preset } from "../bet-amount.ts";
import type { BetAmount } from "../hooks/use-bet-amount.ts";

const PRESETS: readonly Preset[] = ["min", "half", "double", "max"];

export type BetMode = "manual" | "auto";

export function BetHead(props: {
  t: Translate;
  format: Formats;
  currencyCode: string;
  limits: Limits;
  amount: BetAmount;
  /** The amount cannot change now (a round or autobet runs, the session ended). */
  locked: boolean;
  mode: BetMode;
  onMode(mode: BetMode): void;
  /** Autobet applies to this game now (and the session allows it); undefined: no Auto tab at all. */
  autoTab: { available: boolean; running: boolean } | undefined;
}) {
  const { t, format, amount } = props;
  const range = t("shell.bet.range", {
    min: format.amount(props.limits.minBet),
    max: format.amount(props.limits.maxBet),
  });
  return (
    <div class="dock-head">
      {props.autoTab && (
        <div class="segmented" role="tablist" aria-label={t("shell.mode.label")}>
          {(["manual", "auto"] as const).map((value) => (
            <button
              key={value}
              type="button"
              role="tab"
              class="button button-ghost"
              aria-selected={props.mode === value}
              data-testid={`mode-${value}`}
              disabled={props.autoTab?.running || (value === "auto" && !props.autoTab?.available)}
              onClick={() => props.onMode(value)}
            >
              {t(`shell.mode.${value}`)}
            </button>
          ))}
        </div>
      )}
      {amount.fromParams ? (
        <div class="field">
          <span class="field-label">
            <span id="bet-total-label">{t("shell.bet.total")}</span>
            <span class="muted">{range}</span>
          </span>
          <output
            class="input bet-total"
            aria-labelledby="bet-total-label"
            aria-describedby="bet-hint"
            data-testid="bet-total"
          >
            {amount.check.minor === undefined
              ? t("shell.balance.unknown")
              : format.amount(amount.check.minor)}
          </output>
        </div>
      ) : (
        <div class="field">
          <label class="field-label" for="bet-amount">
            <span>{t("shell.bet.amount")}</span>
            <span class="muted">{range}</span>
          </label>
          <div class="amount-row">
            <span class="amount-input">
              <input
                id="bet-amount"
                class="input"
                inputMode="decimal"
                autoComplete="off"
                spellcheck={false}
                aria-label={t("shell.bet.amountLabel", { currency: props.currencyCode })}
                aria-invalid={!amount.check.ok}
                aria-describedby="bet-hint"
                disabled={props.locked}
                value={amount.text}
                onInput={(event) => amount.setText(event.currentTarget.value)}
              />
              <span class="amount-code" aria-hidden="true">
                {props.currencyCode}
              </span>
            </span>
            {PRESETS.map((preset) => (
              <button
                key={preset}
                type="button"
                class="button preset"
                disabled={props.locked}
                aria-label={t(`shell.preset.${preset}.label`)}
                onClick={() => amount.preset(preset)}
              >
                {t(`shell.preset.${preset}`)}
              </button>
            ))}
          </div>
        </div>
      )}
    </div>
  );
}
