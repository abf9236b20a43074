/** The autobet settings (the Auto tab): number of bets, stops on profit and loss, and what a win or a loss changes. */
import { useState } from "preact/hooks";
import { parseDecimalInput } from "../../i18n/format.ts";
import type { Translate } from "../../i18n/index.ts";
import { type Adjustment, type AutobetProgress, type AutobetSettings, parsePercent } from "../autobet.ts";

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

export type AutobetRead = { settings: AutobetSettings } | { invalid: keyof AutoForm };

/** The settings the form describes, or the first field that is not valid. */
export function readForm(form: AutoForm, locale: string, decimals: number): AutobetRead {
  const count = /^\d{1,6}$/.test(form.count.trim()) ? Number(form.count.trim()) : Number.NaN;
  if (!Number.isSafeInteger(count)) return { invalid: "count" };
  const optionalAmount = (text: string): bigint | null | undefined => {
    if (text.trim() === "") return null;
    const read = parseDecimalInput(text, locale, decimals);
    return read.ok ? read.minor : undefined;
  };
  const stopOnProfit = optionalAmount(form.stopOnProfit);
  if (stopOnProfit === undefined) return { invalid: "stopOnProfit" };
  const stopOnLoss = optionalAmount(form.stopOnLoss);
  if (stopOnLoss === undefined) return { invalid: "stopOnLoss" };
  const adjustment = (mode: "reset" | "increase", percent: string): Adjustment | undefined => {
    if (mode === "reset") return { mode };
    const read = parseDecimalInput(percent, locale, 2);
    const basisPoints = read.ok ? parsePercent(read.text) : undefined;
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

/** The form's state, kept by the game screen so the action button can start what the form says. */
export function useAutobetForm(locale: string, decimals: number) {
  const [form, setForm] = useState<AutoForm>(INITIAL_FORM);
  return {
    form,
    set: (patch: Partial<AutoForm>) => setForm((current) => ({ ...current, ...patch })),
    read: readForm(form, locale, decimals),
  };
}

export function AutobetForm(props: {
  t: Translate;
  currencyCode: string;
  form: ReturnType<typeof useAutobetForm>;
  progress: AutobetProgress | null;
}) {
  const { t, progress } = props;
  const { form, set, read } = props.form;
  const invalid = "invalid" in read ? read.invalid : undefined;
  const locked = progress !== null;

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
                disabled={locked}
                onClick={() => set({ [which]: value })}
              >
                {t(`shell.autobet.${value}`)}
              </button>
            ))}
          </div>
          <input
            class="input input-percent"
            inputMode="decimal"
            aria-label={t("shell.autobet.percent", { label })}
            aria-invalid={invalid === percentKey}
            disabled={locked || form[which] === "reset"}
            value={form[percentKey]}
            onInput={(event) => set({ [percentKey]: event.currentTarget.value })}
          />
        </fieldset>
      </div>
    );
  };

  return (
    <div class="autobet-form" data-testid="autobet-form">
      <div class="grid-2">
        <label class="field">
          <span class="field-label">{t("shell.autobet.count")}</span>
          <input
            class="input"
            inputMode="numeric"
            aria-invalid={invalid === "count"}
            aria-describedby="auto-count-hint"
            disabled={locked}
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
            {progress ? t("shell.autobet.played", { count: progress.played }) : "-"}
          </span>
        </div>
      </div>
      <div class="grid-2">
        <label class="field">
          <span class="field-label">{t("shell.autobet.stopOnProfit", { currency: props.currencyCode })}</span>
          <input
            class="input"
            inputMode="decimal"
            aria-invalid={invalid === "stopOnProfit"}
            disabled={locked}
            value={form.stopOnProfit}
            onInput={(event) => set({ stopOnProfit: event.currentTarget.value })}
          />
        </label>
        <label class="field">
          <span class="field-label">{t("shell.autobet.stopOnLoss", { currency: props.currencyCode })}</span>
          <input
            class="input"
            inputMode="decimal"
            aria-invalid={invalid === "stopOnLoss"}
            disabled={locked}
            value={form.stopOnLoss}
            onInput={(event) => set({ stopOnLoss: event.currentTarget.value })}
          />
        </label>
      </div>
      {adjustmentField("onWin")}
      {adjustmentField("onLoss")}
      {invalid && <p class="field-hint">{t(`shell.autobet.invalid.${invalid}`)}</p>}
    </div>
  );
}
