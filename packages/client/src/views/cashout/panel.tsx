/**
 * The cash-out panel every cash-out view shows beside its board: the value of the round now, the next step's
 * multiplier (and chance), and the Cash out button with the amount it pays. Before the first step the button is
 * there but disabled: the server refuses a cash-out with no step taken.
 */
import type { ComponentChildren } from "preact";
import type { GameViewProps } from "../types.ts";
import { endingOf, payoutOf, shortMultiplier } from "./round.ts";
import "./cashout.css";

export interface PanelState {
  /** The round's status in its game's words ("open", "lost", "cash_out", "flying"...). */
  status: string;
  stake: string;
  /** Cash-out multiplier now (null before the first step), its exact fraction beside it. */
  multiplier: string | null;
  multiplierExact: string | null;
  /** What one more successful step would be worth, and its chance as a percent, while open. */
  next?: { multiplier: string; chance?: string } | null;
  canCashOut: boolean;
  payout: string | null;
}

export function CashOutPanel(props: {
  view: GameViewProps;
  state: PanelState | undefined;
  /** Overrides the amount on the button (a flight's live value). */
  liveMinor?: bigint;
  liveMultiplier?: string;
  children?: ComponentChildren;
}) {
  const { t, formatAmount, busy, act } = props.view;
  const state = props.state;
  const open = state !== undefined && state.status === "open";
  const value =
    props.liveMinor ?? (state?.multiplierExact ? payoutOf(state.stake, state.multiplierExact) : 0n);
  const multiplier = props.liveMultiplier ?? state?.multiplier ?? null;
  const canCashOut = state?.canCashOut === true && !busy;
  return (
    <div class="cashout-panel">
      {props.children}
      <div class="cashout-figures">
        <div class="views-stat">
          <span class="views-label">{t("games.cashout.current")}</span>
          <output class="views-stat-value" data-testid="cash-out-value">
            {state && multiplier !== null ? `${shortMultiplier(multiplier)}×` : "-"}
          </output>
        </div>
        <div class="views-stat">
          <span class="views-label">{t("games.cashout.next")}</span>
          <output class="views-stat-value">
            {state?.next
              ? state.next.chance === undefined
                ? `${shortMultiplier(state.next.multiplier)}×`
                : t("games.cashout.nextWithChance", {
                    multiplier: shortMultiplier(state.next.multiplier),
                    chance: state.next.chance,
                  })
              : "-"}
          </output>
        </div>
      </div>
      <button
        type="button"
        class="cashout-button"
        data-testid="cash-out"
        disabled={!canCashOut}
        aria-disabled={!canCashOut}
        onClick={() => void act("cash_out")}
      >
        <span>{t("games.cashout.cashOut")}</span>
        <span class="cashout-button-amount">{open && value > 0n ? formatAmount(value) : ""}</span>
      </button>
      {open && !state.canCashOut && <p class="cashout-hint">{t("games.cashout.firstStep")}</p>}
    </div>
  );
}

/** The line under a board: the payout of a finished round or its loss, announced to screen readers. */
export function Outcome(props: {
  t: GameViewProps["t"];
  formatAmount: GameViewProps["formatAmount"];
  status: string | undefined;
  payout: string | null | undefined;
  multiplier: string | null | undefined;
  /** The game's own words for a loss ("Boom!", "The balloon popped"). */
  lossText: string;
}) {
  const ending = props.status ? endingOf(props.status, props.payout ?? null) : undefined;
  const text =
    ending === "won"
      ? props.t("games.cashout.won", {
          amount: props.formatAmount(props.payout ?? "0"),
          multiplier: shortMultiplier(props.multiplier),
        })
      : ending === "lost"
        ? props.lossText
        : "";
  return (
    <p
      class={`cashout-outcome${ending ? ` cashout-${ending}` : ""}`}
      data-testid="outcome"
      data-outcome={ending ?? "none"}
      aria-live="polite"
    >
      {text}
    </p>
  );
}
