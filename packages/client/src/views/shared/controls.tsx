/** Controls shared by several views: a labelled choice of options (risk, rows, difficulty) and a stat line. */
import type { ComponentChildren } from "preact";
import { useId } from "preact/hooks";
import "./views.css";

export interface ChoiceOption<T extends string | number> {
  value: T;
  label: string;
}

interface ChoiceProps<T extends string | number> {
  /** Visible group label, also the radio group's accessible name. */
  label: string;
  value: T;
  options: readonly ChoiceOption<T>[];
  disabled: boolean;
  onChange(value: T): void;
}

/** Native radio buttons drawn as a segmented control: one Tab stop, arrow keys move the choice. */
export function Choice<T extends string | number>(props: ChoiceProps<T>) {
  const name = useId();
  return (
    <fieldset class="views-field views-fieldset" disabled={props.disabled}>
      <legend class="views-label">{props.label}</legend>
      <div class="views-choice">
        {props.options.map((option) => (
          <label
            key={String(option.value)}
            class={`views-choice-option${option.value === props.value ? " views-checked" : ""}`}
          >
            <input
              type="radio"
              class="views-visually-hidden"
              name={name}
              checked={option.value === props.value}
              onChange={() => props.onChange(option.value)}
            />
            {option.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}

/** A read-only figure under the controls (win chance, multiplier, total bet). */
export function Stat(props: { label: string; children: ComponentChildren; tone?: "win" | "loss" }) {
  return (
    <div class="views-stat">
      <span class="views-label">{props.label}</span>
      <output class={`views-stat-value${props.tone ? ` views-${props.tone}` : ""}`}>{props.children}</output>
    </div>
  );
}
