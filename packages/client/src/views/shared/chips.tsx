/**
 * The chips of the games whose bets are chips on a table: the value chosen (shared by the view's Board, which
 * places chips, and its Controls, which choose the value), the preset chips within the session's limits and a
 * value of one's own typed in the player's language. A chip's colour says its value (money.ts).
 */
import { useId, useState } from "preact/hooks";
import { inputText, parseDecimalInput } from "../../i18n/format.ts";
import type { GameViewProps } from "../types.ts";
import { chipColour, chipLabel, chipPresets, defaultStake } from "./money.ts";
import { useShared } from "./shared-state.ts";
import "./views.css";

type ChipProps = Pick<GameViewProps, "shared" | "currency" | "limits">;

/** The chip value chosen: a unit of the currency (within the limits) until the player picks one. */
export function useChip(view: ChipProps): [bigint, (minor: bigint) => void] {
  return useShared(
    view.shared,
    "chip",
    defaultStake({ decimals: view.currency.decimals, limits: view.limits }),
  );
}

/** A chip as drawn on a table: its value's colour and its short face. */
export function ChipFace(props: { minor: bigint; decimals: number; locale: string; class?: string }) {
  return (
    <span
      class={`views-chip-face views-chip-${chipColour(props.minor, props.decimals)}${props.class ? ` ${props.class}` : ""}`}
      aria-hidden="true"
    >
      {chipLabel(props.minor, props.decimals, props.locale)}
    </span>
  );
}

export function ChipPicker(props: { view: GameViewProps }) {
  const { t, currency, busy, format, limits } = props.view;
  const [chip, setChip] = useChip(props.view);
  const [text, setText] = useState<string | null>(null);
  const name = useId();
  const typed = text === null ? undefined : parseDecimalInput(text, format.locale, currency.decimals);
  const invalid = typed !== undefined && (!typed.ok || typed.minor <= 0n);
  // A chip above the maximum bet could never be placed alone.
  const presets = chipPresets(currency.decimals).filter((value) => value <= limits.maxBet);
  return (
    <fieldset class="views-field views-fieldset" disabled={busy}>
      <legend class="views-label">{t("games.common.chipValue")}</legend>
      <div class="views-chips">
        {presets.map((value) => (
          <label
            key={value.toString()}
            class={`views-chip views-chip-${chipColour(value, currency.decimals)}${value === chip ? " views-checked" : ""}`}
          >
            <input
              type="radio"
              class="views-visually-hidden"
              name={name}
              checked={value === chip}
              aria-label={t("games.common.chipOf", { amount: format.amount(value) })}
              onChange={() => {
                setText(null);
                setChip(value);
              }}
            />
            <span aria-hidden="true">{chipLabel(value, currency.decimals, format.locale)}</span>
          </label>
        ))}
      </div>
      <span class="views-amount-input">
        <input
          class="views-input"
          inputMode="decimal"
          aria-label={t("games.common.customChip", { currency: currency.code })}
          aria-invalid={invalid}
          value={text ?? inputText(chip, currency.decimals, format.locale)}
          onInput={(event) => {
            const value = (event.currentTarget as HTMLInputElement).value;
            setText(value);
            const read = parseDecimalInput(value, format.locale, currency.decimals);
            if (read.ok && read.minor > 0n) setChip(read.minor);
          }}
          onBlur={() => setText(null)}
        />
        <span class="views-amount-code" aria-hidden="true">
          {currency.code}
        </span>
      </span>
      {invalid && <span class="views-error">{t("games.common.invalidChip")}</span>}
    </fieldset>
  );
}
