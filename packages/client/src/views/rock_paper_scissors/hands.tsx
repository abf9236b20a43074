/** The three hands, drawn in SVG so that they look the same on every device (no emoji font needed). */
import type { Hand } from "@rgs/games/games/rock_paper_scissors/paytable";

export function HandIcon(props: { hand: Hand; class?: string }) {
  return (
    <svg viewBox="0 0 64 64" class={`rps-icon ${props.class ?? ""}`} aria-hidden="true">
      {props.hand === "rock" && (
        <g fill="#f2c7a5" stroke="#8a5a3c" stroke-width="2">
          <rect x="14" y="18" width="36" height="32" rx="12" />
          <path
            d="M20 18v-4a5 5 0 0 1 10 0v4M30 18v-5a5 5 0 0 1 10 0v5M40 18v-3a5 5 0 0 1 10 0v8"
            fill="#f2c7a5"
          />
          <path d="M14 34c-6 0-8-8-2-10l8-2" />
        </g>
      )}
      {props.hand === "paper" && (
        <g fill="#f2c7a5" stroke="#8a5a3c" stroke-width="2">
          <rect x="16" y="28" width="32" height="26" rx="10" />
          <rect x="17" y="8" width="7" height="26" rx="3.5" />
          <rect x="25" y="4" width="7" height="30" rx="3.5" />
          <rect x="33" y="6" width="7" height="28" rx="3.5" />
          <rect x="41" y="12" width="7" height="24" rx="3.5" />
          <path d="M16 40l-8-8c-3-3 1-8 5-5l6 5" />
        </g>
      )}
      {props.hand === "scissors" && (
        <g fill="#f2c7a5" stroke="#8a5a3c" stroke-width="2">
          <rect x="14" y="30" width="34" height="26" rx="11" />
          <rect x="18" y="4" width="7" height="32" rx="3.5" transform="rotate(-12 21 20)" />
          <rect x="32" y="4" width="7" height="32" rx="3.5" transform="rotate(12 35 20)" />
          <path d="M44 36a5 5 0 0 1 0 10M14 44c-6 0-7-8-1-9l6-1" />
        </g>
      )}
    </svg>
  );
}
