/** Pinball: the ball bounces off bumpers and the ramp as the server played it, lighting lamps until it drains. */
import { type PinballView, pinballGame } from "@rgs/games/games/pinball/game";
import { LAMPS, tableOf } from "@rgs/games/games/pinball/paytable";
import { RISKS, type Risk } from "@rgs/games/games/risk";
import { type Rational, toFixedDown } from "@rgs/games/math/rational";
import { useMemo } from "preact/hooks";
import { toneOf } from "../../shell/outcome.ts";
import { RISK_KEYS } from "../plinko/params.ts";
import { BoardFrame } from "../shared/board.tsx";
import { Choice } from "../shared/controls.tsx";
import { firstWithinMaxWin, maxPayoutOf, PayoutStat } from "../shared/payout.tsx";
import { rtpOf } from "../shared/rtp.ts";
import { hashString } from "../shared/timeline.ts";
import { useReveal } from "../shared/use-reveal.ts";
import type { GameViewProps, ViewContext } from "../types.ts";
import {
  BUMPERS,
  buildLegs,
  DRAIN,
  HEIGHT,
  LAMP_POSITIONS,
  LOCK,
  legsDuration,
  stateAt,
  WIDTH,
} from "./path.ts";
import "./pinball.css";

const DEFAULT_RISK: Risk = "medium";

/** Medium risk, or low for a session whose maximum win is too small for medium. */
export const defaultParams = (gameCode: string, context: ViewContext): { risk: Risk } =>
  firstWithinMaxWin(pinballGame, gameCode, context, [{ risk: DEFAULT_RISK }, { risk: "low" as Risk }]);

export const maxPayout = maxPayoutOf(pinballGame);

const readRisk = (params: unknown): Risk =>
  RISKS.find((r) => r === (params as { risk?: unknown } | null)?.risk) ?? DEFAULT_RISK;

/** Multiplier by lamps lit, 0 to 15, as the round's view writes it (2 decimals). */
export const pinballTable = (rtp: Rational, risk: Risk): string[] | undefined =>
  tableOf(rtp, risk)?.map((m) => toFixedDown(m, 2));

export function Board(props: GameViewProps) {
  const { t } = props;
  const risk = readRisk(props.params);
  const view = props.round?.view as PinballView | undefined;
  const id = props.round?.id ?? "";
  const legs = useMemo(() => (view ? buildLegs(view.bounces, hashString(id)) : []), [view, id]);
  const reveal = useReveal(props, legsDuration(legs));
  const rtp = rtpOf(props.gameCode);
  const table =
    (view?.risk === risk ? view.multipliers : undefined) ?? (rtp && pinballTable(rtp, risk)) ?? [];
  const state = view ? stateAt(legs, reveal.done ? Number.POSITIVE_INFINITY : reveal.elapsed) : undefined;
  const lamps = state?.lamps ?? 0;
  const tone = view && reveal.done ? toneOf(props.round, props.currency.decimals) : undefined;
  return (
    <BoardFrame
      reveal={reveal}
      class="pinball-board"
      label={t("games.pinball.board")}
      {...(view && { result: t("games.pinball.lampsLit", { count: view.lamps }) })}
    >
      <div class="pinball-layout">
        <svg class="pinball-svg" viewBox={`0 0 ${WIDTH} ${HEIGHT + 10}`} aria-hidden="true" focusable="false">
          <rect class="pinball-table" x="4" y="4" width={WIDTH - 8} height={HEIGHT} rx="40" />
          <path class="pinball-lane" d={`M 270 470 L 270 70 Q 270 20 220 20`} />
          <path class="pinball-ramp" d="M 40 330 Q 10 200 40 70 Q 70 30 110 40 Q 150 50 160 80" />
          <circle
            class={`pinball-lock${view?.jackpot && reveal.done ? " pinball-lock-hit" : ""}`}
            cx={LOCK.x}
            cy={LOCK.y}
            r="14"
          />
          {BUMPERS.map((b, i) => (
            <circle
              key={i}
              class={`pinball-bumper${state?.flash === i ? " pinball-bumper-hit" : ""}`}
              cx={b.x}
              cy={b.y}
              r="20"
            />
          ))}
          {LAMP_POSITIONS.map((p, i) => (
            <circle
              key={i}
              class={`pinball-lamp${i < lamps ? " pinball-lamp-lit" : ""}`}
              cx={p.x}
              cy={p.y}
              r="7"
            />
          ))}
          <path class="pinball-flipper" d={`M 70 440 L 128 462`} />
          <path class="pinball-flipper" d={`M 230 440 L 172 462`} />
          <rect class="pinball-drain" x={DRAIN.x - 22} y={HEIGHT - 6} width="44" height="10" />
          {state && <circle class="pinball-ball" cx={state.ball.x} cy={state.ball.y} r="8" />}
        </svg>
        <ol class="pinball-ladder" aria-label={t("games.pinball.paytable")}>
          {table
            .map((multiplier, lit) => ({ multiplier, lit }))
            .reverse()
            .map(({ multiplier, lit }) => (
              <li
                key={lit}
                class={
                  state && lit === lamps
                    ? `pinball-ladder-current${tone ? ` pinball-ladder-${tone}` : ""}`
                    : undefined
                }
              >
                <span>
                  {lit === LAMPS ? t("games.pinball.jackpot") : t("games.pinball.lamps", { count: lit })}
                </span>
                <span class="pinball-ladder-multiplier">{props.format.multiplier(multiplier)}</span>
              </li>
            ))}
        </ol>
      </div>
    </BoardFrame>
  );
}

export function Controls(props: GameViewProps) {
  const { t } = props;
  const risk = readRisk(props.params);
  return (
    <div class="pinball-controls views-grid">
      <Choice
        label={t("games.common.risk")}
        value={risk}
        options={RISKS.map((r) => ({ value: r, label: t(RISK_KEYS[r]) }))}
        disabled={props.busy}
        onChange={(next) => props.setParams({ risk: next })}
      />
      <PayoutStat game={pinballGame} view={props} kind="max" />
    </div>
  );
}

export function Rules(props: GameViewProps) {
  const { t } = props;
  const risk = readRisk(props.params);
  const rtp = rtpOf(props.gameCode);
  const table = rtp && pinballTable(rtp, risk);
  return (
    <div class="views-rules pinball-rules">
      <p>{t("games.pinball.rules.intro", { lamps: LAMPS })}</p>
      <p>{t("games.pinball.rules.odds")}</p>
      {table && (
        <table class="views-table">
          <thead>
            <tr>
              <th scope="col">{t("games.pinball.lampsColumn")}</th>
              <th scope="col">{t("games.common.multiplier")}</th>
            </tr>
          </thead>
          <tbody>
            {table.map((multiplier, lit) => (
              <tr key={lit}>
                <td>{lit === LAMPS ? t("games.pinball.jackpot") : props.format.integer(lit)}</td>
                <td>{props.format.multiplier(multiplier)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
