/** The bet amount with its presets, the play control, and the autobet settings. */
import { useState } from "preact/hooks";
import type { Translate } from "../i18n/index.ts";
import type { Money } from "../views/types.ts";
import { type Adjustment, type AutobetProgress, type AutobetSettings, parsePercent } from "./autobet.ts";
import { type AmountCheck, type Limits, type Preset, toMinor } from "./bet-amount.ts";

const PRESETS: readonly Preset[] = ["min", "half", "double", "max"];

export interface BetPanelProps {
  t: Translate;
  currency: Money;
  amountText: string;
  onAmountText(text: string): void;
  amountCheck: AmountCheck;
  /** The stake is the total of the bets the game's own controls place: shown instead of the amount field. */
  stakeFromParams: boolean;
  limits: Limits;
  formatLimit(minor: bigint): string;
  onPreset(preset: Preset): void;
  /** Inputs locked: a round or autobet runs, or the session ended. */
  busy: boolean;
  /** A round is in flight or being revealed. */
  playing: boolean;
  /** A round still open (the view's controls play it) or settling: no new bet until it is over. */
  roundStatus: "open" | "settling" | null;
  /** What the game's own controls still need before a bet, in the player's language. */
  choiceHint: string | undefined;
  /** Autobet applies to the game with its current choices. */
  autobetAvailable: boolean;
  autobet: AutobetProgress | null;
  onPlay(): void;
  onStartAutobet(settings: AutobetSettings): void;
  onStopAutobet(): void;
}

function amountHint(props: BetPanelProps): string {
  const { t, amountCheck, limits } = props;
  if (amountCheck.ok) return props.roundStatus === null ? (props.choiceHint ?? "") : "";
  if (amountCheck.reason === "invalid") return t("shell.bet.invalid", { decimals: props.currency.decimals });
  if (amountCheck.reason === "empty") return t("shell.bet.noBets");
  return amountCheck.reason === "below"
    ? t("shell.error.bet_below_minimum", { min: props.formatLimit(limits.minBet) })
    : t("shell.error.bet_above_maximum", { max: props.formatLimit(limits.maxBet) });
}

interface AutoForm {
  count: string;
  stopOnProfit: string;
  stopOnLoss: string;
  onWin: "reset" | "increase";
  onWinPercent: string;
  onLoss: "reset" | "increase";
  onLossPercent: string;
}

const INITIAL_FORM: AutoForm = {
  count: "10",
  stopOnProfit: "",
  stopOnLoss: "",
  onWin: "reset",
  onWinPercent: "0",
  onLoss: "reset",
  onLossPercent: "0",
};

/** The settings the form describes, or the first field that is not valid. */
function readForm(
  form: AutoForm,
  decimals: number,
): { settings: AutobetSettings } | { invalid: keyof AutoForm } {
  const count = /^\d{1,6}$/.test(form.count.trim()) ? Number(form.count.trim()) : Number.NaN;
  if (!Number.isSafeInteger(count)) return { invalid: "count" };
  const optionalAmount = (text: string): bigint | null | undefined =>
    text.trim() === "" ? null : toMinor(text.trim(), decimals);
  const stopOnProfit = optionalAmount(form.stopOnProfit);
  if (stopOnProfit === undefined) return { invalid: "stopOnProfit" };
  const stopOnLoss = optionalAmount(form.stopOnLoss);
  if (stopOnLoss === undefined) return { invalid: "stopOnLoss" };
  const adjustment = (mode: "reset" | "increase", percent: string): Adjustment | undefined => {
    if (mode === "reset") return { mode };
    const basisPoints = parsePercent(percent);
    return basisPoints === undefined ? undefined : { mode, basisPoints };
  };
  const onWin = adjustment(form.onWin, form.onWinPercent);
  if (!onWin) return { invalid: "onWinPercent" };
  const onLoss = adjustment(form.onLoss, form.onLossPercent);
  if (!onLoss) return { invalid: "onLossPercent" };
  return {
    settings: {
      count,
      stopOnProfit: stopOnProfit && stopOnProfit > 0n ? stopOnProfit : null,
      stopOnLoss: stopOnLoss && stopOnLoss > 0n ? stopOnLoss : null,
      onWin,
      onLoss,
    },
  };
}

export function BetPanel(props: BetPanelProps) {
  const { t, busy, autobet } = props;
  const [chosenMode, setMode] = useState<"manual" | "auto">("manual");
  const mode = props.autobetAvailable || autobet !== null ? chosenMode : "manual";
  const [form, setForm] = useState<AutoForm>(INITIAL_FORM);
  const hint = amountHint(props);
  const read = readForm(form, props.currency.decimals);
  const invalid = "invalid" in read ? read.invalid : undefined;
  const set = (patch: Partial<AutoForm>) => setForm({ ...form, ...patch });
  const inRound = props.roundStatus !== null;
  const canPlay = props.amountCheck.ok && !busy && !inRound && props.choiceHint === undefined;
  // The stake of an open round is fixed: the amount waits for the next bet.
  const amountLocked = busy || inRound;
  const autoLocked = autobet !== null;
  const range = t("shell.bet.range", {
    min: props.formatLimit(props.limits.minBet),
    max: props.formatLimit(props.limits.maxBet),
  });

  const adjustmentField = (which: "onWin" | "onLoss") => {
    const percentKey = which === "onWin" ? "onWinPercent" : "onLossPercent";
    const label = t(which === "onWin" ? "shell.autobet.onWin" : "shell.autobet.onLoss");
    return (
      <div class="field">
        <span class="field-label" id={`auto-${which}`}>
          {label}
        </span>
        <fieldset class="amount-row" aria-labelledby={`auto-${which}`}>
          <div class="segmented">
            {(["reset", "increase"] as const).map((value) => (
              <button
                key={value}
                type="button"
                class="button button-ghost"
                aria-pressed={form[which] === value}
                disabled={autoLocked}
                onClick={() => set({ [which]: value })}
              >
                {t(`shell.autobet.${value}`)}
              </button>
            ))}
          </div>
          <input
            class="input"
            inputMode="decimal"
            aria-label={t("shell.autobet.percent", { label })}
            aria-invalid={invalid === percentKey}
            disabled={autoLocked || form[which] === "reset"}
            value={form[percentKey]}
            onInput={(event) => set({ [percentKey]: event.currentTarget.value })}
          />
        </fieldset>
      </div>
    );
  };

  return (
    <div class="field">
      <div class="segmented" role="tablist" aria-label={t("shell.mode.label")}>
        {(["manual", "auto"] as const).map((value) => (
          <button
            key={value}
            type="button"
            role="tab"
            class="button button-ghost"
            aria-selected={mode === value}
            disabled={autoLocked || (value === "auto" && (!props.autobetAvailable || inRound))}
            onClick={() => setMode(value)}
          >
            {t(`shell.mode.${value}`)}
          </button>
        ))}
      </div>

      {props.stakeFromParams ? (
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
            {props.amountCheck.minor === undefined
              ? t("shell.balance.unknown")
              : props.formatLimit(props.amountCheck.minor)}
          </output>
        </div>
      ) : (
        <>
          <label class="field">
            <span class="field-label">
              <span>{t("shell.bet.amount")}</span>
              <span class="muted">{range}</span>
            </span>
            <span class="amount-row">
              <input
                class="input"
                inputMode="decimal"
                autoComplete="off"
                spellcheck={false}
                aria-label={t("shell.bet.amountLabel", { currency: props.currency.code })}
                aria-invalid={!props.amountCheck.ok}
                aria-describedby="bet-hint"
                disabled={amountLocked}
                value={props.amountText}
                onInput={(event) => props.onAmountText(event.currentTarget.value)}
              />
            </span>
          </label>
          <div class="preset-row">
            {PRESETS.map((preset) => (
              <button
                key={preset}
                type="button"
                class="button"
                disabled={amountLocked}
                aria-label={t(`shell.preset.${preset}.label`)}
                onClick={() => props.onPreset(preset)}
              >
                {t(`shell.preset.${preset}`)}
              </button>
            ))}
          </div>
        </>
      )}
      <div class="field-hint" id="bet-hint" aria-live="polite">
        {hint}
      </div>

      {mode === "manual" ? (
        <button
          type="button"
          class={props.playing && !inRound ? "button play-button is-playing" : "button play-button"}
          data-shortcut="play"
          data-testid="play"
          disabled={!canPlay}
          aria-keyshortcuts="Space Enter"
          onClick={props.onPlay}
        >
          {props.roundStatus === "open"
            ? t("shell.play.inProgress")
            : props.roundStatus === "settling"
              ? t("shell.play.settling")
              : props.playing
                ? t("shell.play.busy")
                : t("shell.play.label")}
        </button>
      ) : (
        <>
          <div class="grid-2">
            <label class="field">
              <span class="field-label">{t("shell.autobet.count")}</span>
              <input
                class="input"
                inputMode="numeric"
                aria-invalid={invalid === "count"}
                aria-describedby="auto-count-hint"
                disabled={autoLocked}
                value={form.count}
                onInput={(event) => set({ count: event.currentTarget.value })}
              />
              <span class="muted" id="auto-count-hint">
                {t("shell.autobet.countHint")}
              </span>
            </label>
            <div class="field">
              <span class="field-label">{t("shell.autobet.progress")}</span>
              <span class="input" role="status">
                {autobet ? t("shell.autobet.played", { count: autobet.played }) : "-"}
              </span>
            </div>
          </div>
          <div class="grid-2">
            <label class="field">
              <span class="field-label">{t("shell.autobet.stopOnProfit")}</span>
              <input
                class="input"
                inputMode="decimal"
                aria-invalid={invalid === "stopOnProfit"}
                disabled={autoLocked}
                value={form.stopOnProfit}
                onInput={(event) => set({ stopOnProfit: event.currentTarget.value })}
              />
            </label>
            <label class="field">
              <span class="field-label">{t("shell.autobet.stopOnLoss")}</span>
              <input
                class="input"
                inputMode="decimal"
                aria-invalid={invalid === "stopOnLoss"}
                disabled={autoLocked}
                value={form.stopOnLoss}
                onInput={(event) => set({ stopOnLoss: event.currentTarget.value })}
              />
            </label>
          </div>
          {adjustmentField("onWin")}
          {adjustmentField("onLoss")}
          {autoLocked ? (
            <button
              type="button"
              class="button play-button is-stop"
              data-shortcut="play"
              aria-keyshortcuts="Space Enter"
              onClick={props.onStopAutobet}
            >
              {t("shell.autobet.stop")}
            </button>
          ) : (
            <button
              type="button"
              class="button play-button"
              data-shortcut="play"
              data-testid="autobet-start"
              aria-keyshortcuts="Space Enter"
              disabled={!canPlay || "invalid" in read}
              onClick={() => {
                if ("settings" in read) props.onStartAutobet(read.settings);
              }}
            >
              {t("shell.autobet.start")}
            </button>
          )}
        </>
      )}
    </div>
  );
}
