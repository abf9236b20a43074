import type { ComponentChildren } from "preact";
import { useEffect, useRef, useState } from "preact/hooks";
import { ApiError, api } from "./api.ts";

/** A refusal as a person reads it: the catalogue's title, its detail, and its code for a ticket. */
export function Refused({ error }: { error: unknown }) {
  if (!error) return null;
  const refusal = error instanceof ApiError ? error.refusal : undefined;
  return (
    <p class="refusal" role="alert">
      <strong>{refusal?.title ?? "Something went wrong"}</strong>
      {refusal?.detail ? ` — ${refusal.detail}` : ""}
      {refusal ? <code> {refusal.code}</code> : null}
    </p>
  );
}

/** Loads `path` once (again when it changes). */
export function useLoaded<T>(path: string | undefined): { data?: T; error?: unknown; reload(): void } {
  const [state, setState] = useState<{ data?: T; error?: unknown }>({});
  const [tick, setTick] = useState(0);
  useEffect(() => {
    if (path === undefined) return;
    setState({});
    api<T>("GET", path).then(
      (data) => setState({ data }),
      (error: unknown) => setState({ error }),
    );
  }, [path, tick]);
  return { ...state, reload: () => setTick((n) => n + 1) };
}

/** The currency filter of the report forms: left empty, every currency (the server checks the code). */
export function CurrencyField() {
  return (
    <label>
      Currency
      <input name="currency" placeholder="every currency" maxLength={8} />
    </label>
  );
}

/** A table that scrolls sideways on a phone instead of squeezing its columns. */
export function Table({ children, label }: { children: ComponentChildren; label: string }) {
  return (
    <section class="table" aria-label={label}>
      <table>{children}</table>
    </section>
  );
}

export const time = (iso: string | null | undefined) =>
  iso
    ? iso
        .replace("T", " ")
        .replace(/\.\d+Z$/, "Z")
        .replace(/Z$/, " UTC")
    : "—";

export interface Operator {
  id: string;
  name: string;
  timeZone: string;
}

/** The operators the person sees: one for an operator's people, every one for a platform admin. */
export function OperatorPicker(props: { value: string; onChange(id: string): void }) {
  const { data } = useLoaded<{ operators: Operator[] }>("/api/operators");
  const operators = data?.operators ?? [];
  // The value as of the last render or the last choice: a choice made between the list's arrival and
  // this effect stands, even before the re-render it asked for (effects run after paint, events before).
  const chosen = useRef(props.value);
  chosen.current = props.value;
  const choose = (id: string) => {
    chosen.current = id;
    props.onChange(id);
  };
  useEffect(() => {
    const first = operators[0];
    if (chosen.current === "" && first) props.onChange(first.id);
  }, [operators.length]);
  return (
    <label>
      Operator
      <select value={props.value} onChange={(e) => choose(e.currentTarget.value)}>
        {operators.map((o) => (
          <option key={o.id} value={o.id}>
            {o.name}
          </option>
        ))}
      </select>
    </label>
  );
}
