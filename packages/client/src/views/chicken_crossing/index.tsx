/**
 * Chicken Crossing: the chicken crosses a 24-lane road lane by lane; a lane may hold a car. Every lane crossed
 * raises the multiplier; cash out on the kerb before a car comes. The road scrolls to follow the chicken.
 */
import type { ChickenView } from "@rgs/games/games/chicken_crossing/game";
import {
  CARS,
  DIFFICULTIES,
  type Difficulty,
  LANES,
  laneSafety,
  multiplierAfter,
  probabilityOfLanes,
} from "@rgs/games/games/chicken_crossing/paytable";
import { type Rational, toFixedDown, toFraction } from "@rgs/games/math/rational";
import { useEffect, useRef } from "preact/hooks";
import { DifficultyControls, readDifficulty, simplePanel } from "../cashout/difficulty.tsx";
import { CashOutBoard } from "../cashout/frame.tsx";
import { CashOutButton, LossNote } from "../cashout/panel.tsx";
import { isOpen, percentOf, shortMultiplier, shownView } from "../cashout/round.ts";
import { LadderTable } from "../shared/ladder-table.tsx";
import { rtpOf } from "../shared/rtp.ts";
import type { GameViewProps } from "../types.ts";
import "./chicken_crossing.css";

export const defaultParams = (_gameCode: string): { difficulty: Difficulty } => ({ difficulty: "easy" });

const readChicken = (params: unknown): Difficulty => readDifficulty(params, DIFFICULTIES, "easy");

const LEVEL_KEYS: Record<Difficulty, string> = {
  easy: "games.chicken_crossing.level.easy",
  medium: "games.chicken_crossing.level.medium",
  hard: "games.chicken_crossing.level.hard",
  daredevil: "games.chicken_crossing.level.daredevil",
};

export function chickenLadder(
  rtp: Rational,
  difficulty: Difficulty,
): { multiplier: string; chance: string }[] {
  return Array.from({ length: LANES }, (_, i) => ({
    multiplier: toFixedDown(multiplierAfter(i + 1, difficulty, rtp), 4),
    chance: percentOf(toFraction(probabilityOfLanes(i + 1, difficulty))),
  }));
}

const chickenRound = (props: GameViewProps) =>
  shownView<ChickenView>(props.round, (view) => view.difficulty === readChicken(props.params));

/** Lane width in CSS pixels; the chicken stands on the kerb (position 0) or in lane n (position n). */
export const LANE_PX = 76;

export function Board(props: GameViewProps) {
  const { t } = props;
  const view = chickenRound(props);
  const open = isOpen(props.round) && view !== undefined;
  const difficulty = view?.difficulty ?? readChicken(props.params);
  const rtp = rtpOf(props.gameCode);
  const ladder = rtp ? chickenLadder(rtp, difficulty) : [];
  const crossed = view?.crossed ?? 0;
  const hit = view?.status === "lost";
  // After a loss the chicken stands in the lane it was hit in.
  const position = hit ? crossed + 1 : crossed;
  const road = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = road.current;
    if (!element) return;
    const target = position * LANE_PX - element.clientWidth / 2 + LANE_PX;
    element.scrollTo({ left: Math.max(0, target), behavior: props.animate ? "smooth" : "auto" });
  }, [position, props.animate]);
  return (
    <CashOutBoard view={props} class="chicken-board" label={t("games.chicken_crossing.board")}>
      <div class="chicken-road" ref={road}>
        <div class="chicken-track" style={{ width: `${(LANES + 2) * LANE_PX}px` }}>
          <div class="chicken-kerb" />
          {Array.from({ length: LANES }, (_, lane) => {
            const car = view?.carLanes?.includes(lane) ?? false;
            const passed = lane < crossed;
            return (
              <div
                key={lane}
                class={`chicken-lane${passed ? " chicken-passed" : ""}${open && lane === crossed ? " chicken-next" : ""}`}
                data-lane={lane}
              >
                <span class="chicken-lane-multiplier">
                  {props.format.multiplier(shortMultiplier(ladder[lane]?.multiplier))}
                </span>
                {car && (
                  <span
                    class={`chicken-car${hit && lane === crossed ? " chicken-crash" : ""}`}
                    aria-hidden="true"
                  />
                )}
              </div>
            );
          })}
          <div class="chicken-kerb chicken-far" />
          <span
            class={`chicken-chicken${hit ? " chicken-hit" : ""}`}
            style={{ transform: `translateX(${position * LANE_PX + LANE_PX / 2 - 22}px)` }}
            role="img"
            aria-label={t("games.chicken_crossing.chicken", { count: crossed })}
          >
            <svg viewBox="0 0 44 44" aria-hidden="true">
              <ellipse cx="22" cy="28" rx="14" ry="12" fill="#fff" />
              <circle cx="28" cy="14" r="8" fill="#fff" />
              <path d="M35 14l6 2-6 2z" fill="#ffa94d" />
              <circle cx="30" cy="12" r="1.6" fill="#111" />
              <path d="M26 6l2-4 2 4 2-3 1 4z" fill="#e03131" />
              <path d="M18 40v3M26 40v3" stroke="#ffa94d" stroke-width="2.5" />
            </svg>
          </span>
        </div>
      </div>
      <div class="cashout-steps">
        <button
          type="button"
          class="cashout-step chicken-go"
          data-action="step"
          disabled={!open || props.busy}
          onClick={() => void props.act("step")}
        >
          {t("games.chicken_crossing.go")}
          <small>{t("games.chicken_crossing.lanes", { crossed, lanes: LANES })}</small>
        </button>
      </div>
      {!view && <p class="cashout-hint">{t("games.chicken_crossing.hint")}</p>}
      <LossNote status={view?.status} payout={view?.payout} text={t("games.chicken_crossing.lost")} />
    </CashOutBoard>
  );
}

const chickenPanel = (view: ChickenView | undefined) =>
  simplePanel(view, view && percentOf(toFraction(laneSafety(view.difficulty))));

export function Controls(props: GameViewProps) {
  const view = chickenRound(props);
  return (
    <DifficultyControls
      view={props}
      levels={DIFFICULTIES}
      labels={LEVEL_KEYS}
      chosen={readChicken(props.params)}
      playing={view?.difficulty}
      state={chickenPanel(view)}
    />
  );
}

export function Actions(props: GameViewProps) {
  return <CashOutButton view={props} state={chickenPanel(chickenRound(props))} />;
}

export function Rules(props: GameViewProps) {
  const { t } = props;
  const difficulty = readChicken(props.params);
  const rtp = rtpOf(props.gameCode);
  return (
    <div class="views-rules chicken-rules">
      <p>{t("games.chicken_crossing.rules.intro", { lanes: LANES })}</p>
      <p>
        {t("games.chicken_crossing.rules.table", {
          level: t(LEVEL_KEYS[difficulty]),
          cars: CARS[difficulty],
        })}
      </p>
      {rtp && (
        <LadderTable
          view={props}
          stepLabel={t("games.chicken_crossing.rules.lane")}
          rungs={chickenLadder(rtp, difficulty)}
        />
      )}
    </div>
  );
}
