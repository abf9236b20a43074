/**
 * The frame of every single-round board: a click (or Escape) during the animation skips to the end, and once
 * the reveal is done a line states what the round drew (the roll, the pocket, the hits). Whether the round won
 * is the shell's to say, in the same words for every game (shell/components/RoundResult.tsx).
 */
import type { ComponentChildren } from "preact";
import type { Reveal } from "./use-reveal.ts";
import "./views.css";

export function BoardFrame(props: {
  reveal: Reveal;
  class: string;
  label: string;
  /** What the round drew, in words, shown and announced once the reveal is done. */
  result?: string;
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
      {props.result !== undefined && (
        <p class="views-result" aria-live="polite" data-testid="board-result">
          {reveal.done ? props.result : ""}
        </p>
      )}
    </section>
  );
}
