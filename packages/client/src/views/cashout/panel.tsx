/**
 * What every cash-out view shows around its board: the value of the round now and the next step's multiplier
 * and chance (its settings), and the Cash out button with the amount it pays (its move, in the shell's bet bar
 * while the round is open). Before the first step the button is there but disabled: the server refuses a
 * cash-out with no step taken.
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

type View = Pick<GameViewProps, "t" | "format" | "busy" | "act" | "readOnly">;

const multiplierText = (view: View, text: string | null | undefined) =>
  text === null || text === undefined ? "-" : view.format.multiplier(shortMultiplier(text));

/** "Now 1.50× · next 1.78× (84.21 %)": the figures of an open round in one line (no "now" before a step). */
export function figuresLine(view: View, state: PanelState, liveMultiplier?: string): string {
  const current = liveMultiplier ?? state.multiplier;
  const now = multiplierText(view, current);
  if (!state.next) return current === null ? "" : view.t("games.cashout.now", { multiplier: now });
  const vars = {
    multiplier: now,
    next: multiplierText(view, state.next.multiplier),
    chance: state.next.chance === undefined ? "" : view.format.percent(state.next.chance),
  };
  const withChance = state.next.chance !== undefined;
  if (current === null)
    return view.t(withChance ? "games.cashout.nextOnlyChance" : "games.cashout.nextOnly", vars);
  return view.t(withChance ? "games.cashout.nowNextChance" : "games.cashout.nowNext", vars);
}

/** The cash-out value and the next step (the settings column beside the board). */
export function CashOutFigures(props: {
  view: View;
  state: PanelState | undefined;
  liveMultiplier?: string;
  children?: ComponentChildren;
}) {
  const { t, format } = props.view;
  const state = props.state;
  const multiplier = props.liveMultiplier ?? state?.multiplier ?? null;
  return (
    <div class="cashout-panel">
      {props.children}
      <div class="cashout-figures">
        <div class="views-stat">
          <span class="views-label">{t("games.cashout.current")}</span>
          <output class="views-stat-value" data-testid="cash-out-value">
            {state && multiplier !== null ? multiplierText(props.view, multiplier) : "-"}
          </output>
        </div>
        <div class="views-stat">
          <span class="views-label">{t("games.cashout.next")}</span>
          <output class="views-stat-value">
            {state?.next
              ? state.next.chance === undefined
                ? multiplierText(props.view, state.next.multiplier)
                : t("games.cashout.nextWithChance", {
                    multiplier: multiplierText(props.view, state.next.multiplier),
                    chance: format.percent(state.next.chance),
                  })
              : "-"}
          </output>
        </div>
      </div>
    </div>
  );
}

/** Cash out, with what it pays now and the round's figures on one line: the move of every cash-out round. */
export function CashOutButton(props: {
  view: View;
  state: PanelState | undefined;
  /** Overrides the amount on the button (a flight's live value). */
  liveMinor?: bigint;
  liveMultiplier?: string;
  children?: ComponentChildren;
}) {
  const { t, format, busy, act, readOnly } = props.view;
  const state = props.state;
  const open = state !== undefined && (state.status === "open" || props.liveMinor !== undefined);
  const value =
    props.liveMinor ?? (state?.multiplierExact ? payoutOf(state.stake, state.multiplierExact) : 0n);
  const canCashOut = state?.canCashOut === true && !busy && !readOnly;
  return (
    <>
      {state && open && (
        <p class="cashout-line" data-testid="cash-out-line">
          {figuresLine(props.view, state, props.liveMultiplier)}
        </p>
      )}
      <div class="cashout-moves">
        {props.children}
        <button
          type="button"
          class="button play-button cashout-button"
          data-testid="cash-out"
          data-main-action=""
          disabled={!canCashOut}
          onClick={() => void act("cash_out")}
        >
          <span>{t("games.cashout.cashOut")}</span>
          {open && value > 0n && <span class="play-stake">{format.amount(value)}</span>}
        </button>
      </div>
      {open && !state.canCashOut && props.liveMinor === undefined && (
        <p class="cashout-hint">{t("games.cashout.firstStep")}</p>
      )}
    </>
  );
}

/**
 * The game's own words for how a round ended badly ("Boom!", "The balloon popped"), under its board. What it
 * cost, and what any round returned, is the shell's result line's to say.
 */
export function LossNote(props: {
  status: string | undefined;
  payout: string | null | undefined;
  text: string;
}) {
  const ending = props.status ? endingOf(props.status, props.payout ?? null) : undefined;
  return (
    <p class="cashout-outcome" data-testid="outcome" data-outcome={ending ?? "none"} aria-live="polite">
      {ending === "lost" ? props.text : ""}
    </p>
  );
}
