/**
 * The frame of a cash-out board: tells the shell at once that a new round is on show (its steps animate one by
 * one as the player acts), and switches every animation off when the player chose fast play.
 */
import type { ComponentChildren } from "preact";
import { useEffect, useRef } from "preact/hooks";
import type { Formats } from "../../i18n/format.ts";
import { useReveal } from "../shared/use-reveal.ts";
import type { GameViewProps } from "../types.ts";
import "../shared/views.css";
import "./cashout.css";

export function CashOutBoard(props: {
  view: GameViewProps;
  class: string;
  label: string;
  children: ComponentChildren;
}) {
  useReveal(props.view, 0);
  return (
    <section
      class={`views-board cashout-board ${props.class}${props.view.animate ? "" : " cashout-static"}`}
      aria-label={props.label}
    >
      {props.children}
    </section>
  );
}

/** A rung per step of the ladder: reached ones lit, the current one outlined, a failed step red. */
export function Ladder(props: {
  label: string;
  format: Formats;
  /** Decimal strings, as short as the board shows them. */
  multipliers: readonly string[];
  /** Steps reached (0: none). */
  reached: number;
  failed: boolean;
}) {
  const list = useRef<HTMLOListElement>(null);
  // Keeps the rung being played for in sight on narrow screens: the ladder scrolls, the page does not.
  useEffect(() => {
    const element = list.current;
    const rung = element?.children[Math.max(0, props.reached - 1)] as HTMLElement | undefined;
    if (!element || !rung) return;
    element.scrollLeft = Math.max(0, rung.offsetLeft - element.offsetLeft - element.clientWidth / 3);
  }, [props.reached, props.multipliers.length]);
  return (
    <ol class="cashout-ladder" aria-label={props.label} ref={list}>
      {props.multipliers.map((m, i) => {
        const step = i + 1;
        const state =
          step <= props.reached
            ? step === props.reached
              ? "cashout-reached cashout-current"
              : "cashout-reached"
            : props.failed && step === props.reached + 1
              ? "cashout-failed"
              : "";
        return (
          <li key={step} class={state || undefined}>
            {props.format.multiplier(m)}
          </li>
        );
      })}
    </ol>
  );
}
