/**
 * Rock Paper Scissors: throw a hand against the house. A win doubles the streak's value (at the game's RTP), a
 * tie is a push played again at no cost, a loss ends the round. Both hands shake, then open on the throw.
 */
import type { RpsView } from "@rgs/games/games/rock_paper_scissors/game";
import {
  HANDS,
  type Hand,
  MAX_WINS,
  multiplierAfter,
  probabilityOfWins,
} from "@rgs/games/games/rock_paper_scissors/paytable";
import { toFixedDown, toFraction } from "@rgs/games/math/rational";
import { CashOutBoard, Ladder } from "../cashout/frame.tsx";
import { CashOutButton, CashOutFigures, LossNote, type PanelState } from "../cashout/panel.tsx";
import { isOpen, percentOf, shortMultiplier, shownView } from "../cashout/round.ts";
import { LadderTable } from "../shared/ladder-table.tsx";
import { rtpOf } from "../shared/rtp.ts";
import type { GameViewProps } from "../types.ts";
import { HandIcon } from "./hands.tsx";
import "./rps.css";

export const defaultParams = (_gameCode: string): Record<string, never> => ({});

const rpsRound = (props: GameViewProps) => shownView<RpsView>(props.round, () => true);

const HAND_KEYS: Record<Hand, string> = {
  rock: "games.rock_paper_scissors.rock",
  paper: "games.rock_paper_scissors.paper",
  scissors: "games.rock_paper_scissors.scissors",
};

const RESULT_KEYS = {
  win: "games.rock_paper_scissors.win",
  tie: "games.rock_paper_scissors.tie",
  loss: "games.rock_paper_scissors.loss",
} as const;

export function rpsLadder(gameCode: string): string[] {
  const rtp = rtpOf(gameCode);
  return rtp ? Array.from({ length: MAX_WINS }, (_, i) => toFixedDown(multiplierAfter(i + 1, rtp), 4)) : [];
}

export function Board(props: GameViewProps) {
  const { t } = props;
  const view = rpsRound(props);
  const open = isOpen(props.round) && view !== undefined;
  const last = view?.throws.at(-1);
  const key = view?.throws.length ?? 0;
  return (
    <CashOutBoard view={props} class="rps-board" label={t("games.rock_paper_scissors.board")}>
      <div class="rps-arena" key={key}>
        <div class="rps-side">
          <span class="views-label">{t("games.rock_paper_scissors.you")}</span>
          <span class={`rps-hand rps-player${last ? " rps-thrown" : ""}`}>
            {last && <HandIcon hand="rock" class="rps-fist" />}
            <HandIcon hand={last?.player ?? "rock"} class={last ? "rps-actual" : ""} />
          </span>
        </div>
        <span class={`rps-versus${last ? ` rps-${last.result}` : ""}`} data-testid="throw-result">
          {last ? t(RESULT_KEYS[last.result]) : t("games.rock_paper_scissors.versus")}
        </span>
        <div class="rps-side">
          <span class="views-label">{t("games.rock_paper_scissors.house")}</span>
          <span class={`rps-hand rps-house${last ? " rps-thrown" : ""}`}>
            {last && <HandIcon hand="rock" class="rps-fist" />}
            <HandIcon hand={last?.house ?? "rock"} class={last ? "rps-actual" : ""} />
          </span>
        </div>
      </div>
      <div class="cashout-steps">
        {HANDS.map((hand) => (
          <button
            key={hand}
            type="button"
            class="cashout-step rps-choice"
            data-action={hand}
            disabled={!open || props.busy}
            onClick={() => void props.act("throw", { hand })}
          >
            <HandIcon hand={hand} class="rps-choice-icon" />
            {t(HAND_KEYS[hand])}
          </button>
        ))}
      </div>
      <Ladder
        label={t("games.cashout.ladder")}
        format={props.format}
        multipliers={rpsLadder(props.gameCode).map(shortMultiplier)}
        reached={view?.wins ?? 0}
        failed={view?.status === "lost"}
      />
      {!view && <p class="cashout-hint">{t("games.rock_paper_scissors.hint")}</p>}
      <LossNote status={view?.status} payout={view?.payout} text={t("games.rock_paper_scissors.lost")} />
    </CashOutBoard>
  );
}

function panelState(view: RpsView | undefined): PanelState | undefined {
  return (
    view && {
      status: view.status,
      stake: view.stake,
      multiplier: view.multiplier,
      multiplierExact: view.multiplierExact,
      next:
        view.nextMultiplier === null
          ? null
          : { multiplier: view.nextMultiplier, chance: percentOf(toFraction(probabilityOfWins(1))) },
      canCashOut: view.actions.includes("cash_out"),
      payout: view.payout,
    }
  );
}

export function Controls(props: GameViewProps) {
  return <CashOutFigures view={props} state={panelState(rpsRound(props))} />;
}

export function Actions(props: GameViewProps) {
  return <CashOutButton view={props} state={panelState(rpsRound(props))} />;
}

export function Rules(props: GameViewProps) {
  const { t } = props;
  return (
    <div class="views-rules rps-rules">
      <p>{t("games.rock_paper_scissors.rules.intro", { max: MAX_WINS })}</p>
      <p>{t("games.rock_paper_scissors.rules.odds")}</p>
      <LadderTable
        view={props}
        stepLabel={t("games.rock_paper_scissors.rules.wins")}
        rungs={rpsLadder(props.gameCode).map((multiplier, i) => ({
          multiplier,
          chance: percentOf(toFraction(probabilityOfWins(i + 1))),
        }))}
      />
    </div>
  );
}
