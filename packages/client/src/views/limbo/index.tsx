/** Limbo: pick a target multiplier; the counter climbs to the round's result, a win when it reaches the target. */
import { type LimboView, limboGame } from "@rgs/games/games/limbo/game";
import { MAX_TARGET, MIN_TARGET } from "@rgs/games/games/limbo/paytable";
import { formatHundredths } from "@rgs/games/games/params";
import { useState } from "preact/hooks";
import { parseDecimalInput } from "../../i18n/format.ts";
import { toneOf } from "../../shell/outcome.ts";
import { BoardFrame } from "../shared/board.tsx";
import { Stat } from "../shared/controls.tsx";
import { maxPayoutOf, PayoutStat } from "../shared/payout.tsx";
import { rtpOf } from "../shared/rtp.ts";
import { useReveal } from "../shared/use-reveal.ts";
import type { GameViewProps } from "../types.ts";
import {
  clampTarget,
  counterAt,
  counterDuration,
  parseTarget,
  readTarget,
  toParams,
  winChanceOf,
} from "./params.ts";
import "./limbo.css";

export { defaultParams } from "./params.ts";

export const maxPayout = maxPayoutOf(limboGame);
/** The round's multiplier as its board reads: the target's when the result reached it, none when not. */
export const multiplierOf = (view: unknown): string | undefined => {
  const limbo = view as LimboView | null;
  return limbo ? (limbo.win ? limbo.target : "0") : undefined;
};

const RULE_TARGETS = [101, 150, 200, 500, 1000, 10_000, 100_000, 1_000_000] as const;

export function Board(props: GameViewProps) {
  const view = props.round?.view as LimboView | undefined;
  const result = view ? Number(view.result) : 1;
  const duration = view ? counterDuration(result) : 0;
  const reveal = useReveal(props, duration);
  const shown = view
    ? reveal.done
      ? view.result
      : counterAt(reveal.elapsed, result, duration).toFixed(2)
    : "1.00";
  const tone = view && reveal.done ? toneOf(props.round, props.currency.decimals) : undefined;
  const { format } = props;
  return (
    <BoardFrame
      reveal={reveal}
      class="limbo-board"
      label={props.t("games.limbo.board")}
      {...(view && { result: props.t("games.limbo.resultIs", { result: format.multiplier(view.result) }) })}
    >
      <div class="limbo-stage">
        <div class="limbo-glow" data-tone={tone ?? "none"} />
        <span class={`limbo-counter${tone ? ` limbo-${tone}` : ""}`} aria-hidden={!reveal.done}>
          {format.multiplier(shown)}
        </span>
        {view && (
          <span class="limbo-target">
            {props.t("games.limbo.targetIs", { target: format.multiplier(view.target) })}
          </span>
        )}
      </div>
    </BoardFrame>
  );
}

export function Controls(props: GameViewProps) {
  const { t, format } = props;
  const target = readTarget(props.params);
  const rtp = rtpOf(props.gameCode);
  const [text, setText] = useState<string | null>(null);
  const typed = (value: string) => {
    const read = parseDecimalInput(value, format.locale, 2);
    return read.ok ? parseTarget(read.text) : undefined;
  };
  const invalid = text !== null && typed(text) === undefined;
  const set = (next: number) => {
    setText(null);
    props.setParams(toParams(clampTarget(next)));
  };
  return (
    <div class="limbo-controls views-grid">
      <div class="views-field">
        <span class="views-label">{t("games.limbo.target")}</span>
        <div class="limbo-input-row">
          <input
            class="views-input"
            aria-label={t("games.limbo.target")}
            inputMode="decimal"
            aria-invalid={invalid}
            disabled={props.busy}
            value={text ?? format.decimal(formatHundredths(target))}
            onInput={(event) => {
              const value = (event.currentTarget as HTMLInputElement).value;
              setText(value);
              const parsed = typed(value);
              if (parsed !== undefined) props.setParams(toParams(parsed));
            }}
            onBlur={() => setText(null)}
          />
          <button
            type="button"
            class="limbo-step"
            disabled={props.busy || target <= MIN_TARGET}
            aria-label={t("games.limbo.halve")}
            onClick={() => set(target / 2)}
          >
            ½
          </button>
          <button
            type="button"
            class="limbo-step"
            disabled={props.busy || target >= MAX_TARGET}
            aria-label={t("games.limbo.double")}
            onClick={() => set(target * 2)}
          >
            2×
          </button>
        </div>
        {invalid && (
          <span class="views-error">
            {t("games.limbo.invalidTarget", {
              min: format.decimal(formatHundredths(MIN_TARGET)),
              max: format.decimal(formatHundredths(MAX_TARGET)),
            })}
          </span>
        )}
      </div>
      {rtp && <Stat label={t("games.limbo.winChance")}>{format.percent(winChanceOf(target, rtp))}</Stat>}
      <PayoutStat game={limboGame} view={props} kind="onWin" />
    </div>
  );
}

export function Rules(props: GameViewProps) {
  const { t, format } = props;
  const rtp = rtpOf(props.gameCode);
  return (
    <div class="views-rules limbo-rules">
      <p>{t("games.limbo.rules.intro")}</p>
      <p>
        {t("games.limbo.rules.range", {
          min: format.multiplier(formatHundredths(MIN_TARGET)),
          max: format.multiplier(formatHundredths(MAX_TARGET)),
        })}
      </p>
      {rtp && (
        <table class="views-table">
          <thead>
            <tr>
              <th scope="col">{t("games.limbo.target")}</th>
              <th scope="col">{t("games.limbo.winChance")}</th>
            </tr>
          </thead>
          <tbody>
            {RULE_TARGETS.map((target) => (
              <tr key={target}>
                <td>{format.multiplier(formatHundredths(target))}</td>
                <td>{format.percent(winChanceOf(target, rtp))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
