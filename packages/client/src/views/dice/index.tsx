/** Dice: a roll of 00.00-99.99 over or under a target; the slider sets the target, the counter rolls to the result. */
import { type DiceView, diceGame } from "@rgs/games/games/dice/game";
import { targetRange } from "@rgs/games/games/dice/paytable";
import { formatHundredths, parseFixed } from "@rgs/games/games/single-round";
import { useState } from "preact/hooks";
import { BoardFrame, resultText } from "../shared/board.tsx";
import { Choice, Stat } from "../shared/controls.tsx";
import { PayoutStat } from "../shared/payout.tsx";
import { rtpOf } from "../shared/rtp.ts";
import { easeOutCubic } from "../shared/timeline.ts";
import { useReveal } from "../shared/use-reveal.ts";
import type { GameViewProps } from "../types.ts";
import { clampTarget, type DiceChoice, figuresOf, flip, readChoice, ruleRows, toParams } from "./params.ts";
import "./dice.css";

export { defaultParams } from "./params.ts";

const ROLL_MS = 900;

const percentOf = (hundredths: number) => hundredths / 100;

export function Board(props: GameViewProps) {
  const view = props.round?.view as DiceView | undefined;
  const reveal = useReveal(props, ROLL_MS);
  const choice = readChoice(props.params);
  const roll = view ? Math.round(Number(view.roll) * 100) : undefined;
  const shown = roll === undefined ? undefined : Math.round(roll * easeOutCubic(reveal.elapsed / ROLL_MS));
  const winZone =
    choice.condition === "over"
      ? { left: percentOf(choice.target), width: 100 - percentOf(choice.target) }
      : { left: 0, width: percentOf(choice.target) };
  const result = view && resultText(props.t, props.formatAmount, view.payout, view.multiplier);
  const tone = view && reveal.done ? (view.win ? "win" : "loss") : undefined;
  return (
    <BoardFrame
      reveal={reveal}
      class="dice-board"
      label={props.t("games.dice.board")}
      result={result?.text}
      tone={result?.tone}
    >
      <div class={`dice-roll${tone ? ` dice-roll-${tone}` : ""}`} aria-hidden={!reveal.done}>
        <span class="dice-roll-label">{props.t("games.dice.roll")}</span>
        <span class="dice-roll-value">{shown === undefined ? "--.--" : formatHundredths(shown, 2)}</span>
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
              <span>{formatHundredths(shown, 2)}</span>
            </div>
          )}
        </div>
      </div>
    </BoardFrame>
  );
}

export function Controls(props: GameViewProps) {
  const { t } = props;
  const choice = readChoice(props.params);
  const rtp = rtpOf(props.gameCode);
  const figures = rtp && figuresOf(choice, rtp);
  const { min, max } = targetRange(choice.condition);
  const [text, setText] = useState<string | null>(null);
  const set = (next: DiceChoice) => props.setParams(toParams(next));
  const typed = text === null ? undefined : parseFixed(text, 2, 2);
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
          value={text ?? formatHundredths(choice.target, 2)}
          onInput={(event) => {
            const value = (event.currentTarget as HTMLInputElement).value;
            setText(value);
            const target = parseFixed(value, 2, 2);
            if (target !== undefined && target >= min && target <= max) set({ ...choice, target });
          }}
          onBlur={() => setText(null)}
        />
        {invalid && (
          <span class="views-error">
            {t("games.dice.invalidTarget", { min: formatHundredths(min, 2), max: formatHundredths(max, 2) })}
          </span>
        )}
      </label>
      <div class="dice-slider views-field">
        <input
          type="range"
          class="dice-range"
          min={min}
          max={max}
          step={1}
          value={choice.target}
          disabled={props.busy}
          aria-label={t("games.dice.target")}
          aria-valuetext={formatHundredths(choice.target, 2)}
          onInput={(event) =>
            set({
              ...choice,
              target: clampTarget(choice.condition, Number((event.currentTarget as HTMLInputElement).value)),
            })
          }
        />
      </div>
      {figures && (
        <>
          <Stat label={t("games.dice.winChance")}>{figures.winChance}%</Stat>
          <Stat label={t("games.common.multiplier")}>{figures.multiplier}×</Stat>
        </>
      )}
      <PayoutStat game={diceGame} view={props} kind="onWin" />
    </div>
  );
}

export function Rules(props: GameViewProps) {
  const { t } = props;
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
                <td>{row.winChance}%</td>
                <td>{row.multiplier}×</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
