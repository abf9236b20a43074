/** Mines: a 5 x 5 grid hides 1-24 mines; reveal gems one by one, each raising the multiplier, and cash out. */
import type { MinesView } from "@rgs/games/games/mines/game";
import { CashOutBoard, Ladder } from "../cashout/frame.tsx";
import { Outcome } from "../cashout/panel.tsx";
import { isOpen, shortMultiplier } from "../cashout/round.ts";
import { rtpOf } from "../shared/rtp.ts";
import type { GameViewProps } from "../types.ts";
import { MinesGrid } from "./grid.tsx";
import { minesLadder, readMines } from "./params.ts";
import { MinesControls, MinesLadderTable, minesRound } from "./parts.tsx";

export { defaultParams } from "./params.ts";

export function Board(props: GameViewProps) {
  const { t } = props;
  const view = minesRound<MinesView>(props);
  const open = isOpen(props.round) && view !== undefined;
  const rtp = rtpOf(props.gameCode);
  const mines = view?.mines ?? readMines(props.params).mines;
  const ladder = rtp ? minesLadder(rtp, mines).map((rung) => shortMultiplier(rung.multiplier)) : [];
  return (
    <CashOutBoard view={props} class="mines-board" label={t("games.mines.board")}>
      <MinesGrid
        t={t}
        state={view}
        playable={open}
        busy={props.busy}
        onReveal={(tile) => void props.act("reveal", { tile })}
      />
      <Ladder
        label={t("games.cashout.ladder")}
        multipliers={ladder}
        reached={view?.revealed.length ?? 0}
        failed={view?.status === "lost"}
      />
      {!open && !view && <p class="cashout-hint">{t("games.mines.hint")}</p>}
      <Outcome
        t={t}
        formatAmount={props.formatAmount}
        status={view?.status}
        payout={view?.payout}
        multiplier={view?.multiplier}
        lossText={t("games.mines.lost")}
      />
    </CashOutBoard>
  );
}

export function Controls(props: GameViewProps) {
  return <MinesControls {...props} view={minesRound<MinesView>(props)} />;
}

export function Rules(props: GameViewProps) {
  return (
    <div class="views-rules mines-rules">
      <p>{props.t("games.mines.rules.intro")}</p>
      <MinesLadderTable {...props} />
    </div>
  );
}
