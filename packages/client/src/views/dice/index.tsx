/** Dice: a roll of 00.00-99.99 over or under a target; the slider on the board sets the target, the counter rolls to the result. */
import { type DiceView, diceGame } from "@rgs/games/games/dice/game";
import { targetRange } from "@rgs/games/games/dice/paytable";
import { formatHundredths, parseFixed } from "@rgs/games/games/params";
import { useState } from "preact/hooks";
import { parseDecimalInput } from "../../i18n/format.ts";
import { toneOf } from "../../shell/outcome.ts";
import { BoardFrame } from "../shared/board.tsx";
import { Choice, Stat } from "../shared/controls.tsx";
import { maxPayoutOf, PayoutStat } from "../shared/payout.tsx";
import { rtpOf } from "../shared/rtp.ts";
import { easeOutCubic } from "../shared/timeline.ts";
import { useReveal } from "../shared/use-reveal.ts";
import type { GameViewProps } from "../types.ts";
import { clampTarget, type DiceChoice, figuresOf, flip, readChoice, ruleRows, toParams } from "./params.ts";
import "./dice.css";

export { defaultParams } from "./params.ts";

export const maxPayout = maxPayoutOf(diceGame);
/** The round's multiplier as its board reads: the target's when the roll won, none when it lost. */
export const multiplierOf = (view: unknown): string | undefined => {
  const dice = view as DiceView | null;
  return dice ? (dice.win ? dice.multiplier : "0") : undefined;
};

const ROLL_MS = 900;

const percentOf = (hundredths: number) => hundredths / 100;

function TargetSlider(props: GameViewProps & { choice: DiceChoice }) {
  const { t, choice } = props;
  const { min, max } = targetRange(choice.condition);
  return (
    <input
      type="range"
      class="dice-range"
      min={min}
      max={max}
      step={1}
      value={choice.target}
      disabled={props.busy}
      aria-label={t("games.dice.target")}
      aria-valuetext={props.format.decimal(formatHundredths(choice.target, 2))}
      onInput={(event) =>
        props.setParams(
          toParams({
            ...choice,
            target: clampTarget(choice.condition, Number((event.currentTarget as HTMLInputElement).value)),
          }),
        )
      }
    />
  );
}

export function Board(props: GameViewProps) {
  const { t, format } = props;
  const view = props.round?.view as DiceView | undefined;
  const reveal = useReveal(props, ROLL_MS);
  const choice = readChoice(props.params);
  const roll = view ? Math.round(Number(view.roll) * 100) : undefined;
  const shown = roll === undefined ? undefined : Math.round(roll * easeOutCubic(reveal.elapsed / ROLL_MS));
  const winZone =
    choice.condition === "over"
      ? { left: percentOf(choice.target), width: 100 - percentOf(choice.target) }
      : { left: 0, width: percentOf(choice.target) };
  const tone = view && reveal.done ? toneOf(props.round, props.currency.decimals) : undefined;
  const shownText = shown === undefined ? "--.--" : format.decimal(formatHundredths(shown, 2));
  return (
    <BoardFrame reveal={reveal} class="dice-board" label={t("games.dice.board")}>
      <div class={`dice-roll${tone ? ` dice-roll-${tone}` : ""}`} aria-hidden={!reveal.done}>
        <span class="dice-roll-label">{t("games.dice.roll")}</span>
        <span class="dice-roll-value" data-testid="dice-roll">
          {shownText}
        </span>
      </div>
      <div class="dice-track">
        <div class="dice-scale" aria-hidden="true">
          {[0, 25, 50, 75, 100].map((mark) => (
            <span key={mark} style={{ left: `${mark}%` }}>
              {mark}
            </span>
          ))}
        </div>
        <div class="dice-bar">
          <div class="dice-zone-win" style={{ left: `${winZone.left}%`, width: `${winZone.width}%` }} />
          <div class="dice-target" style={{ left: `${percentOf(choice.target)}%` }} />
          {shown !== undefined && (
            <div
              class={`dice-marker${tone ? ` dice-marker-${tone}` : ""}`}
              style={{ left: `${percentOf(shown)}%` }}
            >
              <span>{shownText}</span>
            </div>
          )}
        </div>
      </div>
      <TargetSlider {...props} choice={choice} />
    </BoardFrame>
  );
}

export function Controls(props: GameViewProps) {
  const { t, format } = props;
  const choice = readChoice(props.params);
  const rtp = rtpOf(props.gameCode);
  const figures = rtp && figuresOf(choice, rtp);
  const { min, max } = targetRange(choice.condition);
  const [text, setText] = useState<string | null>(null);
  const set = (next: DiceChoice) => props.setParams(toParams(next));
  const read = text === null ? undefined : parseDecimalInput(text, format.locale, 2);
  const typed = read?.ok ? parseFixed(read.text, 2, 2) : undefined;
  const invalid = text !== null && (typed === undefined || typed < min || typed > max);
  return (
    <div class="dice-controls views-grid">
      <Choice
        label={t("games.dice.condition")}
        value={choice.condition}
        options={[
          { value: "under", label: t("games.dice.under") },
          { value: "over", label: t("games.dice.over") },
        ]}
        disabled={props.busy}
        onChange={(condition) => condition !== choice.condition && set(flip(choice))}
      />
      <label class="views-field">
        <span class="views-label">{t("games.dice.target")}</span>
        <input
          class="views-input"
          inputMode="decimal"
          aria-invalid={invalid}
          disabled={props.busy}
          value={text ?? format.decimal(formatHundredths(choice.target, 2))}
          onInput={(event) => {
            const value = (event.currentTarget as HTMLInputElement).value;
            setText(value);
            const next = parseDecimalInput(value, format.locale, 2);
            const target = next.ok ? parseFixed(next.text, 2, 2) : undefined;
            if (target !== undefined && target >= min && target <= max) set({ ...choice, target });
          }}
          onBlur={() => setText(null)}
        />
        {invalid && (
          <span class="views-error">
            {t("games.dice.invalidTarget", {
              min: format.decimal(formatHundredths(min, 2)),
              max: format.decimal(formatHundredths(max, 2)),
            })}
          </span>
        )}
      </label>
      {figures && (
        <div class="views-stats">
          <Stat label={t("games.dice.winChance")}>{format.percent(figures.winChance)}</Stat>
          <Stat label={t("games.common.multiplier")}>{format.multiplier(figures.multiplier)}</Stat>
        </div>
      )}
      <PayoutStat game={diceGame} view={props} kind="onWin" />
    </div>
  );
}

export function Rules(props: GameViewProps) {
  const { t, format } = props;
  const rtp = rtpOf(props.gameCode);
  return (
    <div class="views-rules dice-rules">
      <p>{t("games.dice.rules.intro")}</p>
      <p>{t("games.dice.rules.formula")}</p>
      {rtp && (
        <table class="views-table">
          <thead>
            <tr>
              <th scope="col">{t("games.dice.winChance")}</th>
              <th scope="col">{t("games.common.multiplier")}</th>
            </tr>
          </thead>
          <tbody>
            {ruleRows(rtp).map((row) => (
              <tr key={row.winChance}>
                <td>{format.percent(row.winChance)}</td>
                <td>{format.multiplier(row.multiplier)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
