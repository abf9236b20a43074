/**
 * Flight Deck: the plane takes off and the multiplier climbs until the flight ends at its provably fair crash
 * point. The player may set an automatic cash-out before take-off and cash out by hand during the flight; the
 * server's clock alone decides what was in time, so the view sends the cash-out and shows the server's answer.
 */
import type { FlightView } from "@rgs/games/games/flight_deck/game";
import { survival } from "@rgs/games/games/flight_deck/paytable";
import { toFraction } from "@rgs/games/math/rational";
import { useEffect, useId, useState } from "preact/hooks";
import { parseDecimalInput } from "../../i18n/format.ts";
import { toneOf } from "../../shell/outcome.ts";
import { CashOutBoard } from "../cashout/frame.tsx";
import { CashOutButton, CashOutFigures, LossNote, type PanelState } from "../cashout/panel.tsx";
import { isOpen, percentOf, shortMultiplier } from "../cashout/round.ts";
import { rtpOf } from "../shared/rtp.ts";
import type { GameViewProps } from "../types.ts";
import {
  autoCashOutOf,
  curvePoints,
  endOf,
  hundredthsOf,
  hundredthsText,
  payoutAt,
  shownMultiplier,
  targetPassed,
} from "./flight.ts";
import "./flight_deck.css";

export interface FlightChoice {
  autoCashOut?: string;
}

export const defaultParams = (_gameCode: string): FlightChoice => ({ autoCashOut: "2.00" });

/** The multiplier the flight was cashed out at (by hand, automatically or at the maximum win); none after a crash. */
export const multiplierOf = (view: unknown): string | undefined => {
  const flight = view as FlightView | null;
  return flight ? (flight.cashedOutAt ?? "0") : undefined;
};

const readFlight = (params: unknown): FlightChoice => {
  const text = (params as { autoCashOut?: unknown } | null)?.autoCashOut;
  const auto = typeof text === "string" ? autoCashOutOf(text) : undefined;
  return auto ? { autoCashOut: auto } : {};
};

/**
 * While a flight is in the air the view asks the shell to re-read it every second: the server's clock ends the
 * flight (its crash, or its automatic cash-out), and the player sees that without acting.
 */
const POLL_MS = 1000;
const WIDTH = 400;
const HEIGHT = 220;

const flightOf = (props: GameViewProps): FlightView | undefined =>
  props.round && typeof props.round.view === "object" ? (props.round.view as FlightView) : undefined;

/** Time since take-off on the server's clock, ticking every frame while the flight is in the air. */
function useFlightClock(
  view: FlightView | undefined,
  serverNow: () => number,
): { elapsed: number; flying: boolean } {
  const flying = view?.status === "flying";
  const [now, setNow] = useState(serverNow);
  useEffect(() => {
    if (!flying) return;
    setNow(serverNow());
    let frame = requestAnimationFrame(function tick() {
      setNow(serverNow());
      frame = requestAnimationFrame(tick);
    });
    return () => cancelAnimationFrame(frame);
  }, [flying, serverNow]);
  const elapsed = view ? Math.max(0, now - view.takeOffAt) : 0;
  return { elapsed, flying };
}

export function Board(props: GameViewProps) {
  const { t } = props;
  const view = flightOf(props);
  const { elapsed, flying } = useFlightClock(view, props.serverNow);
  const target = view ? (hundredthsOf(view.cashOutTarget) ?? 100) : 100;
  const live = flying
    ? shownMultiplier(elapsed, target)
    : view
      ? (hundredthsOf(view.multiplier) ?? 100)
      : 100;
  const crashed = view?.status === "crashed";
  const waiting = flying && targetPassed(elapsed, target);

  // Past its automatic cash-out the flight is over at the server too; it is settled there by the server's clock,
  // never by a cash-out sent from here, and shown once the poll reads it.
  const refresh = props.refresh;
  useEffect(() => {
    if (!flying) return;
    const timer = setInterval(() => void refresh(), POLL_MS);
    return () => clearInterval(timer);
  }, [flying, refresh, props.round?.id]);

  const points = view ? curvePoints(flying ? elapsed : endOf(view), WIDTH, HEIGHT) : [];
  const tip = points.at(-1);
  const path = points.map((p, i) => `${i === 0 ? "M" : "L"}${p.x.toFixed(1)} ${p.y.toFixed(1)}`).join(" ");
  const state = crashed ? "crashed" : flying ? "flying" : view ? "landed" : "idle";
  const crashText = view?.crashPoint ? props.format.multiplier(view.crashPoint) : "-";
  return (
    <CashOutBoard view={props} class="flight-board" label={t("games.flight_deck.board")}>
      <div
        class={`flight-sky flight-${state}${toneOf(props.round, props.currency.decimals) === "win" ? " flight-won" : ""}`}
        data-state={state}
      >
        <div class="flight-track">
          <svg
            viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
            class="flight-chart"
            aria-hidden="true"
            preserveAspectRatio="none"
          >
            {path && <path d={`${path} L${tip?.x ?? 0} ${HEIGHT} L0 ${HEIGHT} Z`} class="flight-area" />}
            {path && <path d={path} class="flight-line" />}
          </svg>
          {tip && !crashed && (
            <span
              class="flight-plane"
              style={{ left: `${(tip.x / WIDTH) * 100}%`, top: `${(tip.y / HEIGHT) * 100}%` }}
              aria-hidden="true"
            >
              <svg viewBox="0 0 48 32" aria-hidden="true">
                <path d="M2 18 L40 12 Q48 12 46 16 Q44 20 36 20 L8 22 Z" fill="#e9ecef" />
                <path d="M18 16 L28 2 L32 2 L26 17 Z M20 20 L28 30 L31 30 L27 19 Z" fill="#1475e1" />
                <path d="M4 18 L2 8 L8 8 L12 17 Z" fill="#1475e1" />
              </svg>
            </span>
          )}
        </div>
        <output class="flight-multiplier" data-testid="flight-multiplier" aria-live="off">
          {props.format.multiplier(hundredthsText(live))}
        </output>
        <span class="flight-status" aria-live="polite">
          {crashed
            ? t("games.flight_deck.crashed", { multiplier: crashText })
            : waiting
              ? t("games.flight_deck.landing")
              : flying
                ? t("games.flight_deck.flying")
                : view
                  ? t("games.flight_deck.landed", { multiplier: crashText })
                  : t("games.flight_deck.ready")}
        </span>
      </div>
      {view?.autoCashOut && (
        <p class="cashout-hint">
          {t("games.flight_deck.autoSet", { multiplier: props.format.multiplier(view.autoCashOut) })}
        </p>
      )}
      {!view && <p class="cashout-hint">{t("games.flight_deck.hint")}</p>}
      <LossNote
        status={view?.status}
        payout={view?.payout}
        text={t("games.flight_deck.lost", { multiplier: crashText })}
      />
    </CashOutBoard>
  );
}

/** The figures of the flight on show: its live value while it flies. */
function useFlightPanel(props: GameViewProps): {
  state: PanelState | undefined;
  live?: { minor: bigint; multiplier: string };
} {
  const view = flightOf(props);
  const { elapsed, flying } = useFlightClock(view, props.serverNow);
  const target = view ? (hundredthsOf(view.cashOutTarget) ?? 100) : 100;
  const live = flying ? shownMultiplier(elapsed, target) : 100;
  const state = view && {
    status: flying ? "open" : view.status,
    stake: view.stake,
    multiplier: flying ? hundredthsText(live) : view.cashedOutAt,
    multiplierExact: null,
    next: flying ? { multiplier: view.cashOutTarget } : null,
    canCashOut: view.actions.includes("cash_out"),
    payout: view.payout,
  };
  return flying && view
    ? { state, live: { minor: payoutAt(view.stake, live), multiplier: hundredthsText(live) } }
    : { state };
}

export function Controls(props: GameViewProps) {
  const { t, format } = props;
  const choice = readFlight(props.params);
  const id = useId();
  const [text, setText] = useState<string | null>(null);
  const shown = text ?? (choice.autoCashOut ? format.decimal(choice.autoCashOut) : "");
  const enabled = choice.autoCashOut !== undefined || (text !== null && text !== "");
  const typed = (value: string) => {
    const read = parseDecimalInput(value, format.locale, 2);
    return read.ok ? autoCashOutOf(read.text) : undefined;
  };
  const invalid = text !== null && text.trim() !== "" && typed(text) === undefined;
  const open = isOpen(props.round);
  const panel = useFlightPanel(props);
  return (
    <div class="flight-controls views-grid">
      <div class="views-field">
        <label class="views-label" for={id}>
          {t("games.flight_deck.autoCashOut")}
        </label>
        <div class="flight-auto">
          <input
            type="checkbox"
            class="flight-auto-toggle"
            checked={enabled}
            aria-label={t("games.flight_deck.autoToggle")}
            disabled={props.busy || open}
            onChange={(event) => {
              setText(null);
              props.setParams(event.currentTarget.checked ? { autoCashOut: "2.00" } : {});
            }}
          />
          <input
            id={id}
            class="views-input"
            inputMode="decimal"
            data-testid="auto-cash-out"
            aria-invalid={invalid}
            placeholder={t("games.flight_deck.autoOff")}
            value={shown}
            disabled={props.busy || open}
            onInput={(event) => {
              const value = event.currentTarget.value;
              setText(value);
              const auto = typed(value);
              if (auto) props.setParams({ autoCashOut: auto });
              else if (value.trim() === "") props.setParams({});
            }}
            onBlur={() => {
              if (!invalid) setText(null);
            }}
          />
        </div>
        {invalid && <span class="views-error">{t("games.flight_deck.autoInvalid")}</span>}
      </div>
      <CashOutFigures
        view={props}
        state={panel.state}
        {...(panel.live && { liveMultiplier: panel.live.multiplier })}
      />
    </div>
  );
}

export function Actions(props: GameViewProps) {
  const panel = useFlightPanel(props);
  return (
    <CashOutButton
      view={props}
      state={panel.state}
      {...(panel.live && { liveMinor: panel.live.minor, liveMultiplier: panel.live.multiplier })}
    />
  );
}

const TARGETS = [150, 200, 300, 500, 1000, 10000, 100000];

export function Rules(props: GameViewProps) {
  const { t } = props;
  const rtp = rtpOf(props.gameCode);
  return (
    <div class="views-rules flight-rules">
      <p>{t("games.flight_deck.rules.intro")}</p>
      <p>{t("games.flight_deck.rules.clock")}</p>
      {rtp && (
        <table class="views-table">
          <thead>
            <tr>
              <th scope="col">{t("games.flight_deck.rules.target")}</th>
              <th scope="col">{t("games.common.chance")}</th>
            </tr>
          </thead>
          <tbody>
            {TARGETS.map((target) => (
              <tr key={target}>
                <td>{props.format.multiplier(shortMultiplier(hundredthsText(target)))}</td>
                <td>{props.format.percent(percentOf(toFraction(survival(target, rtp))))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
