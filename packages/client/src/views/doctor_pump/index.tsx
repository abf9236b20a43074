/**
 * Doctor Pump: the doctor pumps a balloon one squeeze at a time; some of the 25 squeezes pop it. Every safe
 * pump inflates the balloon and the multiplier; cash out before it bursts.
 */
import type { PumpView } from "@rgs/games/games/doctor_pump/game";
import { DIFFICULTIES, maxPumps, POPS, STEPS } from "@rgs/games/games/doctor_pump/paytable";
import { DifficultyControls, simplePanel } from "../cashout/difficulty.tsx";
import { CashOutBoard, Ladder } from "../cashout/frame.tsx";
import { CashOutButton, LossNote } from "../cashout/panel.tsx";
import { isOpen, shortMultiplier, shownView } from "../cashout/round.ts";
import { LadderTable } from "../shared/ladder-table.tsx";
import { rtpOf } from "../shared/rtp.ts";
import type { GameViewProps } from "../types.ts";
import { nextPumpChance, PUMP_LEVEL_KEYS, pumpLadder, readPump } from "./params.ts";
import "./doctor_pump.css";

export { defaultParams } from "./params.ts";

const pumpRound = (props: GameViewProps) =>
  shownView<PumpView>(props.round, (view) => view.difficulty === readPump(props.params));

/** Balloon size: from 0.45 empty to 1 when every safe pump is done. */
export const balloonScale = (pumps: number, most: number): number => 0.45 + 0.55 * Math.min(1, pumps / most);

export function Board(props: GameViewProps) {
  const { t } = props;
  const view = pumpRound(props);
  const open = isOpen(props.round) && view !== undefined;
  const difficulty = view?.difficulty ?? readPump(props.params);
  const pumps = view?.pumps ?? 0;
  const popped = view?.status === "lost";
  const rtp = rtpOf(props.gameCode);
  const ladder = rtp ? pumpLadder(rtp, difficulty).map((rung) => shortMultiplier(rung.multiplier)) : [];
  const scale = balloonScale(pumps, maxPumps(difficulty));
  return (
    <CashOutBoard view={props} class="pump-board" label={t("games.doctor_pump.board")}>
      <div class="pump-stage" data-pumps={pumps}>
        <svg
          viewBox="0 0 200 220"
          class="pump-svg"
          role="img"
          aria-label={t("games.doctor_pump.balloon", { count: pumps })}
        >
          <g class="pump-device">
            <rect x="20" y="150" width="36" height="56" rx="6" fill="#1475e1" />
            <rect
              key={`h${pumps}`}
              class="pump-handle"
              x="14"
              y="128"
              width="48"
              height="10"
              rx="4"
              fill="#b1bad3"
            />
            <rect x="35" y="136" width="6" height="16" fill="#b1bad3" />
            <path d="M56 192 C 90 200, 100 200, 100 180" stroke="#2f4553" stroke-width="6" fill="none" />
          </g>
          {popped ? (
            <g class="pump-burst" transform="translate(100 100)">
              {Array.from({ length: 10 }, (_, i) => (
                <path key={i} d="M0 -18 L6 -46 L-6 -46 Z" fill="#ed4163" transform={`rotate(${i * 36})`} />
              ))}
              <text y="8" text-anchor="middle" class="pump-pop-text">
                {t("games.doctor_pump.pop")}
              </text>
            </g>
          ) : (
            <g class="pump-balloon" style={{ transform: `translate(100px, 176px) scale(${scale})` }}>
              <ellipse cx="0" cy="-82" rx="62" ry="76" fill="url(#pump-gradient)" />
              <path d="M-6 -6 L6 -6 L0 4 Z" fill="#c2255c" />
              <ellipse cx="-22" cy="-118" rx="12" ry="20" fill="#fff" opacity="0.35" />
            </g>
          )}
          <defs>
            <radialGradient id="pump-gradient" cx="0.35" cy="0.3" r="0.8">
              <stop offset="0" stop-color="#ff8fab" />
              <stop offset="0.6" stop-color="#f03e6e" />
              <stop offset="1" stop-color="#a3123d" />
            </radialGradient>
          </defs>
        </svg>
        <output class="pump-multiplier">
          {props.format.multiplier(view?.multiplier ? shortMultiplier(view.multiplier) : "1.00")}
        </output>
      </div>
      <div class="cashout-steps">
        <button
          type="button"
          class="cashout-step pump-pump"
          data-action="pump"
          disabled={!open || props.busy}
          onClick={() => void props.act("pump")}
        >
          {t("games.doctor_pump.pump")}
          <small>{t("games.doctor_pump.pumpsLeft", { pumps, max: maxPumps(difficulty) })}</small>
        </button>
      </div>
      <Ladder
        label={t("games.cashout.ladder")}
        format={props.format}
        multipliers={ladder}
        reached={pumps}
        failed={popped}
      />
      {!view && <p class="cashout-hint">{t("games.doctor_pump.hint")}</p>}
      <LossNote status={view?.status} payout={view?.payout} text={t("games.doctor_pump.lost")} />
    </CashOutBoard>
  );
}

const pumpPanel = (view: PumpView | undefined) =>
  simplePanel(view, view && nextPumpChance(view.pumps, view.difficulty));

export function Controls(props: GameViewProps) {
  const view = pumpRound(props);
  return (
    <DifficultyControls
      view={props}
      levels={DIFFICULTIES}
      labels={PUMP_LEVEL_KEYS}
      chosen={readPump(props.params)}
      playing={view?.difficulty}
      state={pumpPanel(view)}
    />
  );
}

export function Actions(props: GameViewProps) {
  return <CashOutButton view={props} state={pumpPanel(pumpRound(props))} />;
}

export function Rules(props: GameViewProps) {
  const { t } = props;
  const difficulty = readPump(props.params);
  const rtp = rtpOf(props.gameCode);
  return (
    <div class="views-rules pump-rules">
      <p>{t("games.doctor_pump.rules.intro", { steps: STEPS })}</p>
      <p>
        {t("games.doctor_pump.rules.table", {
          level: t(PUMP_LEVEL_KEYS[difficulty]),
          pops: POPS[difficulty],
        })}
      </p>
      {rtp && (
        <LadderTable
          view={props}
          stepLabel={t("games.doctor_pump.rules.pumps")}
          rungs={pumpLadder(rtp, difficulty)}
        />
      )}
    </div>
  );
}
