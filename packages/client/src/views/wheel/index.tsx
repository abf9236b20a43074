/** Wheel: coloured segments of multipliers; the wheel spins, easing out, to the segment the server drew. */

import { RISKS } from "@rgs/games/games/risk";
import { type WheelView, wheelGame } from "@rgs/games/games/wheel/game";
import { SEGMENT_COUNTS } from "@rgs/games/games/wheel/paytable";
import { useRef } from "preact/hooks";
import { toneOf, trimMultiplier } from "../../shell/outcome.ts";
import { RISK_KEYS } from "../plinko/params.ts";
import { BoardFrame } from "../shared/board.tsx";
import { Choice } from "../shared/controls.tsx";
import { maxPayoutOf, PayoutStat } from "../shared/payout.tsx";
import { rtpOf } from "../shared/rtp.ts";
import { decorativeRandom, hashString } from "../shared/timeline.ts";
import { useReveal } from "../shared/use-reveal.ts";
import type { GameViewProps } from "../types.ts";
import { colourMap, legendOf, rotationAt, SPIN_MS, segmentPath, spinTarget } from "./geometry.ts";
import { readWheel, wheelLayout } from "./params.ts";
import "./wheel.css";

export { defaultParams } from "./params.ts";

export const maxPayout = maxPayoutOf(wheelGame);

const RADIUS = 100;

export function Board(props: GameViewProps) {
  const { t } = props;
  const params = readWheel(props.params);
  const view = props.round?.view as WheelView | undefined;
  const reveal = useReveal(props, view ? SPIN_MS : 0);
  const current = view && view.segments === params.segments && view.risk === params.risk ? view : undefined;
  const rtp = rtpOf(props.gameCode);
  const layout = current?.layout ?? (rtp && wheelLayout(params, rtp)) ?? [];
  // Each spin starts where the last one stopped.
  const spin = useRef<{ id: string; from: number; to: number } | null>(null);
  const rest = useRef(0);
  if (current && props.round && spin.current?.id !== props.round.id) {
    const from = spin.current ? spin.current.to : rest.current;
    const offset = decorativeRandom(hashString(props.round.id))() - 0.5;
    spin.current = {
      id: props.round.id,
      from,
      to: spinTarget(from, current.segment, current.segments, offset),
    };
  }
  const rotation =
    current && spin.current
      ? reveal.done
        ? spin.current.to
        : rotationAt(reveal.elapsed, spin.current.from, spin.current.to)
      : (spin.current?.to ?? 0);
  const colours = colourMap(layout);
  const landed = current && reveal.done ? current.multiplier : undefined;
  const tone = landed !== undefined ? toneOf(props.round, props.currency.decimals) : undefined;
  const { format } = props;
  return (
    <BoardFrame reveal={reveal} class="wheel-board" label={t("games.wheel.board")}>
      <div class="wheel-stage">
        <svg class="wheel-svg" viewBox="-110 -116 220 226" aria-hidden="true" focusable="false">
          <g style={{ transform: `rotate(${rotation}deg)` }}>
            <circle r={RADIUS + 4} class="wheel-rim" />
            {layout.map((m, i) => (
              <path
                key={i}
                d={segmentPath(i, layout.length, RADIUS)}
                fill={colours.get(m)}
                class={
                  current && reveal.done && i === current.segment ? "wheel-segment-hit" : "wheel-segment"
                }
              />
            ))}
            <circle r={RADIUS * 0.72} class="wheel-hub" />
          </g>
          <text class="wheel-centre-text" y="0">
            {landed ? format.multiplier(trimMultiplier(landed)) : ""}
          </text>
          <path class="wheel-pointer" d="M -9 -116 L 9 -116 L 0 -96 Z" />
        </svg>
      </div>
      <ul class="wheel-legend">
        {legendOf(layout).map(({ multiplier }) => (
          <li
            key={multiplier}
            class={
              landed !== undefined && Number(landed) === Number(multiplier)
                ? `wheel-legend-hit wheel-legend-${tone ?? "loss"}`
                : undefined
            }
            style={{ borderColor: colours.get(multiplier) }}
          >
            {format.multiplier(multiplier)}
          </li>
        ))}
      </ul>
    </BoardFrame>
  );
}

export function Controls(props: GameViewProps) {
  const { t } = props;
  const params = readWheel(props.params);
  return (
    <div class="wheel-controls views-grid">
      <Choice
        label={t("games.common.risk")}
        value={params.risk}
        options={RISKS.map((risk) => ({ value: risk, label: t(RISK_KEYS[risk]) }))}
        disabled={props.busy}
        onChange={(risk) => props.setParams({ ...params, risk })}
      />
      <Choice
        label={t("games.wheel.segments")}
        value={params.segments}
        options={SEGMENT_COUNTS.map((n) => ({ value: n, label: props.format.integer(n) }))}
        disabled={props.busy}
        onChange={(segments) => props.setParams({ ...params, segments })}
      />
      <PayoutStat game={wheelGame} view={props} kind="max" />
    </div>
  );
}

export function Rules(props: GameViewProps) {
  const { t } = props;
  const params = readWheel(props.params);
  const rtp = rtpOf(props.gameCode);
  const layout = rtp && wheelLayout(params, rtp);
  return (
    <div class="views-rules wheel-rules">
      <p>{t("games.wheel.rules.intro")}</p>
      {layout && (
        <>
          <p>
            {t("games.wheel.rules.table", { segments: params.segments, risk: t(RISK_KEYS[params.risk]) })}
          </p>
          <table class="views-table">
            <thead>
              <tr>
                <th scope="col">{t("games.common.multiplier")}</th>
                <th scope="col">{t("games.wheel.segmentCount")}</th>
              </tr>
            </thead>
            <tbody>
              {legendOf(layout).map((row) => (
                <tr key={row.multiplier}>
                  <td>{props.format.multiplier(row.multiplier)}</td>
                  <td>
                    {row.count} / {layout.length}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </div>
  );
}
