/** The frame of every board: a click (or Escape) during the animation skips to the end; the result is announced. */
import type { ComponentChildren } from "preact";
import type { Reveal } from "./use-reveal.ts";
import "./views.css";

export function BoardFrame(props: {
  reveal: Reveal;
  class: string;
  label: string;
  /** The round's outcome in words, announced once the reveal is done. */
  result?: string;
  tone?: "win" | "loss";
  children: ComponentChildren;
}) {
  const { reveal } = props;
  return (
    <section
      class={`views-board ${props.class}`}
      aria-label={props.label}
      data-animating={!reveal.done}
      onClick={reveal.done ? undefined : reveal.skip}
      onKeyDown={(event) => {
        if (event.key === "Escape" && !reveal.done) reveal.skip();
      }}
    >
      {props.children}
      <p class={`views-result${props.tone ? ` views-${props.tone}` : ""}`} aria-live="polite">
        {reveal.done ? (props.result ?? "") : ""}
      </p>
    </section>
  );
}

/** The common result sentence: payout and multiplier, or no win. */
export function resultText(
  t: (key: string, vars?: Record<string, string | number>) => string,
  formatAmount: (minor: string) => string,
  payout: string,
  multiplier: string,
): { text: string; tone: "win" | "loss" } {
  return BigInt(payout) > 0n
    ? { text: t("games.common.won", { amount: formatAmount(payout), multiplier }), tone: "win" }
    : { text: t("games.common.noWin"), tone: "loss" };
}
