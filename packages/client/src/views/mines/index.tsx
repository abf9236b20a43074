/**
 * Mines: a 5 x 5 grid hides 1-24 mines; reveal gems one by one, each raising the multiplier, and cash out. In
 * instant mode the player picks the tiles first and the bet reveals them all at once (autobet plays such rounds).
 */
import type { MinesView } from "@rgs/games/games/mines/game";
import { CashOutBoard, Ladder } from "../cashout/frame.tsx";
import { usePicking } from "../cashout/instant.tsx";
import { LossNote } from "../cashout/panel.tsx";
import { isOpen, shortMultiplier } from "../cashout/round.ts";
import { rtpOf } from "../shared/rtp.ts";
import type { GameViewProps } from "../types.ts";
import { MinesGrid } from "./grid.tsx";
import { minesLadder, readMines, togglePick } from "./params.ts";
import { MinesActions, MinesControls, MinesLadderTable, minesRound } from "./parts.tsx";

export { defaultParams, missingChoice, resolvesAtOnce } from "./params.ts";

export function Board(props: GameViewProps) {
  const { t } = props;
  const choice = readMines(props.params);
  const { picking, view } = usePicking(props, choice.tiles !== undefined, minesRound<MinesView>(props));
  const open = isOpen(props.round) && view !== undefined;
  const rtp = rtpOf(props.gameCode);
  const mines = view?.mines ?? choice.mines;
  const ladder = rtp ? minesLadder(rtp, mines).map((rung) => shortMultiplier(rung.multiplier)) : [];
  return (
    <CashOutBoard view={props} class="mines-board" label={t("games.mines.board")}>
      <MinesGrid
        t={t}
        state={view}
        playable={open}
        busy={props.busy}
        {...(choice.tiles && { picked: choice.tiles, picking })}
        onReveal={(tile) =>
          picking ? props.setParams(togglePick(choice, tile)) : void props.act("reveal", { tile })
        }
      />
      <Ladder
        label={t("games.cashout.ladder")}
        format={props.format}
        multipliers={ladder}
        reached={view ? view.revealed.length : (choice.tiles?.length ?? 0)}
        failed={view?.status === "lost"}
      />
      {!open && !view && (
        <p class="cashout-hint">{t(choice.tiles ? "games.mines.instantHint" : "games.mines.hint")}</p>
      )}
      <LossNote status={view?.status} payout={view?.payout} text={t("games.mines.lost")} />
    </CashOutBoard>
  );
}

export function Controls(props: GameViewProps) {
  return <MinesControls {...props} view={minesRound<MinesView>(props)} instantMode />;
}

export function Actions(props: GameViewProps) {
  return <MinesActions {...props} view={minesRound<MinesView>(props)} />;
}

export function Rules(props: GameViewProps) {
  return (
    <div class="views-rules mines-rules">
      <p>{props.t("games.mines.rules.intro")}</p>
      <p>{props.t("games.mines.rules.instant")}</p>
      <MinesLadderTable {...props} />
    </div>
  );
}
