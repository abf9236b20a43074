/** Darts: choose a risk; the dart flies to the server's landing point, and its ring pays. */

import { percent } from "@rgs/games/analysis/report";
import { type DartsView, dartsGame } from "@rgs/games/games/darts/game";
import { cellsPerZone, paytableOf, ZONES, type Zone } from "@rgs/games/games/darts/paytable";
import { RISKS, type Risk } from "@rgs/games/games/risk";
import { type Rational, rat, toFixedDown } from "@rgs/games/math/rational";
import { toneOf } from "../../shell/outcome.ts";
import { RISK_KEYS } from "../plinko/params.ts";
import { BoardFrame } from "../shared/board.tsx";
import { Choice } from "../shared/controls.tsx";
import { firstWithinMaxWin, maxPayoutOf, PayoutStat } from "../shared/payout.tsx";
import { rtpOf } from "../shared/rtp.ts";
import { useReveal } from "../shared/use-reveal.ts";
import type { GameViewProps, ViewContext } from "../types.ts";
import {
  BOARD_NUMBERS,
  CENTRE,
  dartAt,
  FLIGHT_MS,
  landingPoint,
  ringsOf,
  SETTLE_MS,
  sectorPath,
} from "./geometry.ts";
import "./darts.css";

const DEFAULT_RISK: Risk = "medium";

/** Medium risk, or low for a session whose maximum win is too small for medium. */
export const defaultParams = (gameCode: string, context: ViewContext): { risk: Risk } =>
  firstWithinMaxWin(dartsGame, gameCode, context, [{ risk: DEFAULT_RISK }, { risk: "low" as Risk }]);

export const maxPayout = maxPayoutOf(dartsGame);

const readRisk = (params: unknown): Risk =>
  RISKS.find((r) => r === (params as { risk?: unknown } | null)?.risk) ?? DEFAULT_RISK;

export const ZONE_KEYS: Record<Zone, string> = {
  bullseye: "games.darts.zone.bullseye",
  bull: "games.darts.zone.bull",
  treble: "games.darts.zone.treble",
  double: "games.darts.zone.double",
  single: "games.darts.zone.single",
  miss: "games.darts.zone.miss",
};

/** Each zone's multiplier (2 decimals, as the round's view writes it) for a risk. */
export function dartsTable(rtp: Rational, risk: Risk): Record<Zone, string> | undefined {
  const table = paytableOf(rtp, risk);
  return (
    table && (Object.fromEntries(ZONES.map((z) => [z, toFixedDown(table[z], 2)])) as Record<Zone, string>)
  );
}

const SECTORS = 20;
const COLOURS: Record<Zone, [string, string]> = {
  bullseye: ["#e03131", "#e03131"],
  bull: ["#2f9e44", "#2f9e44"],
  treble: ["#e03131", "#2f9e44"],
  double: ["#e03131", "#2f9e44"],
  single: ["#1b1b1b", "#f1e6c8"],
  miss: ["#0b141b", "#0b141b"],
};

function Dartboard(props: { highlight?: Zone }) {
  return (
    <g>
      {[...ringsOf()].reverse().map((ring) =>
        ring.zone === "bullseye" || ring.zone === "bull" ? (
          <circle
            key={ring.outer}
            cx={CENTRE + 0.5}
            cy={CENTRE + 0.5}
            r={ring.outer}
            fill={COLOURS[ring.zone][0]}
            class={props.highlight === ring.zone ? "darts-ring-hit" : undefined}
          />
        ) : (
          <g key={ring.outer} class={props.highlight === ring.zone ? "darts-ring-hit" : undefined}>
            {Array.from({ length: SECTORS }, (_, s) => (
              <path
                key={s}
                d={sectorPath(
                  ring.inner,
                  ring.outer,
                  (s - 0.5) * (360 / SECTORS),
                  (s + 0.5) * (360 / SECTORS),
                )}
                fill={COLOURS[ring.zone][s % 2]}
              />
            ))}
          </g>
        ),
      )}
      {BOARD_NUMBERS.map((n, s) => {
        const a = ((s * 360) / SECTORS - 90) * (Math.PI / 180);
        const r = (ringsOf().at(-1)?.outer ?? 435) + 38;
        return (
          <text
            key={n}
            class="darts-number"
            x={CENTRE + 0.5 + r * Math.cos(a)}
            y={CENTRE + 0.5 + r * Math.sin(a)}
          >
            {n}
          </text>
        );
      })}
    </g>
  );
}

function Dart(props: { x: number; y: number; scale: number }) {
  return (
    <g class="darts-dart" transform={`translate(${props.x} ${props.y}) scale(${props.scale * 2.2})`}>
      <line x1="0" y1="0" x2="34" y2="58" class="darts-shaft" />
      <path d="M 30 50 L 52 60 L 40 80 Z M 30 50 L 22 76 L 40 80 Z" class="darts-flight" />
      <circle r="4" class="darts-tip" />
    </g>
  );
}

export function Board(props: GameViewProps) {
  const { t } = props;
  const risk = readRisk(props.params);
  const view = props.round?.view as DartsView | undefined;
  const reveal = useReveal(props, view ? FLIGHT_MS + SETTLE_MS : 0);
  const rtp = rtpOf(props.gameCode);
  const table = (view?.risk === risk ? view.paytable : undefined) ?? (rtp && dartsTable(rtp, risk));
  const landing = view && landingPoint(view.x, view.y);
  const dart =
    landing && (reveal.done ? { ...landing, scale: 1, landed: true } : dartAt(reveal.elapsed, landing));
  const hitZone = dart?.landed ? view?.zone : undefined;
  const tone = hitZone ? toneOf(props.round, props.currency.decimals) : undefined;
  return (
    <BoardFrame
      reveal={reveal}
      class="darts-board"
      label={t("games.darts.board")}
      {...(view && { result: t(ZONE_KEYS[view.zone]) })}
    >
      <svg class="darts-svg" viewBox="0 0 1024 1024" aria-hidden="true" focusable="false">
        <Dartboard highlight={hitZone} />
        {dart && <Dart x={dart.x} y={dart.y} scale={dart.scale} />}
      </svg>
      {table && (
        <ul class="darts-paytable">
          {ZONES.map((zone) => (
            <li
              key={zone}
              class={zone === hitZone ? `darts-paytable-hit darts-paytable-${tone ?? "loss"}` : undefined}
            >
              <span class="darts-paytable-zone">{t(ZONE_KEYS[zone])}</span>
              <span class="darts-paytable-multiplier">{props.format.multiplier(table[zone])}</span>
            </li>
          ))}
        </ul>
      )}
    </BoardFrame>
  );
}

export function Controls(props: GameViewProps) {
  const { t } = props;
  const risk = readRisk(props.params);
  return (
    <div class="darts-controls views-grid">
      <Choice
        label={t("games.common.risk")}
        value={risk}
        options={RISKS.map((r) => ({ value: r, label: t(RISK_KEYS[r]) }))}
        disabled={props.busy}
        onChange={(next) => props.setParams({ risk: next })}
      />
      <PayoutStat game={dartsGame} view={props} kind="max" />
    </div>
  );
}

/** Each zone's chance: its cells of the 2^20 grid. */
export const zoneChance = (zone: Zone): string => percent(rat(cellsPerZone()[zone], 1024 * 1024), 4);

export function Rules(props: GameViewProps) {
  const { t } = props;
  const risk = readRisk(props.params);
  const rtp = rtpOf(props.gameCode);
  const table = rtp && dartsTable(rtp, risk);
  return (
    <div class="views-rules darts-rules">
      <p>{t("games.darts.rules.intro")}</p>
      {table && (
        <table class="views-table">
          <thead>
            <tr>
              <th scope="col">{t("games.darts.zone")}</th>
              <th scope="col">{t("games.common.multiplier")}</th>
              <th scope="col">{t("games.common.chance")}</th>
            </tr>
          </thead>
          <tbody>
            {ZONES.map((zone) => (
              <tr key={zone}>
                <td>{t(ZONE_KEYS[zone])}</td>
                <td>{props.format.multiplier(table[zone])}</td>
                <td>{props.format.percent(zoneChance(zone))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
