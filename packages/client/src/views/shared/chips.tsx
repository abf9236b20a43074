/** The chip selector of the multi-bet views: preset chips plus a custom value, all in the session currency. */
import { useId, useState } from "preact/hooks";
import type { GameViewProps } from "../types.ts";
import { type ChipStore, useChip } from "./chip-store.ts";
import { chipLabel, chipPresets, decimalOf, minorOf } from "./money.ts";
import "./views.css";

export function ChipPicker(props: { store: ChipStore; view: GameViewProps }) {
  const { t, currency, busy } = props.view;
  const chip = useChip(props.store, currency.decimals);
  const [text, setText] = useState<string | null>(null);
  const name = useId();
  const invalid = text !== null && minorOf(text, currency.decimals) === undefined;
  return (
    <fieldset class="views-field views-fieldset" disabled={busy}>
      <legend class="views-label">{t("games.common.chipValue")}</legend>
      <div class="views-chips">
        {chipPresets(currency.decimals).map((value) => (
          <label key={value.toString()} class={`views-chip${value === chip ? " views-checked" : ""}`}>
            <input
              type="radio"
              class="views-visually-hidden"
              name={name}
              checked={value === chip}
              aria-label={t("games.common.chipOf", { amount: props.view.formatAmount(value) })}
              onChange={() => {
                setText(null);
                props.store.set(value);
              }}
            />
            <span aria-hidden="true">{chipLabel(value, currency.decimals)}</span>
          </label>
        ))}
      </div>
      <input
        class="views-input"
        inputMode="decimal"
        aria-label={t("games.common.customChip")}
        aria-invalid={invalid}
        value={text ?? decimalOf(chip, currency.decimals)}
        onInput={(event) => {
          const value = (event.currentTarget as HTMLInputElement).value;
          setText(value);
          const minor = minorOf(value, currency.decimals);
          if (minor !== undefined) props.store.set(minor);
        }}
        onBlur={() => setText(null)}
      />
      {invalid && <span class="views-error">{t("games.common.invalidChip")}</span>}
    </fieldset>
  );
}
