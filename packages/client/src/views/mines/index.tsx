/**
 * Mines: a 5 x 5 grid hides 1-24 mines; reveal gems one by one, each raising the multiplier, and cash out. In
 * instant mode the player picks the tiles first and the bet reveals them all at once (autobet plays such rounds).
 */
import type { MinesView } from "@rgs/games/games/mines/game";
import { useRef } from "preact/hooks";
import { CashOutBoard, Ladder } from "../cashout/frame.tsx";
import { Outcome } from "../cashout/panel.tsx";
import { isOpen, shortMultiplier } from "../cashout/round.ts";
import { rtpOf } from "../shared/rtp.ts";
import type { GameViewProps } from "../types.ts";
import { MinesGrid } from "./grid.tsx";
import { minesLadder, readMines, togglePick } from "./params.ts";
import { MinesControls, MinesLadderTable, minesRound } from "./parts.tsx";

export { defaultParams, missingChoice, resolvesAtOnce } from "./params.ts";

export function Board(props: GameViewProps) {
  const { t } = props;
  const choice = readMines(props.params);
  const roundOpen = isOpen(props.round);
  const picking = choice.tiles !== undefined && !roundOpen && props.round?.status !== "settling";
  // A finished round stays on the board until the player changes the picks it was played with.
  const playedWith = useRef<{ id: string; params: unknown } | null>(null);
  if (props.round && playedWith.current?.id !== props.round.id)
    playedWith.current = { id: props.round.id, params: props.params };
  const shown = minesRound<MinesView>(props);
  const view = picking && playedWith.current?.params !== props.params ? undefined : shown;
  const open = roundOpen && view !== undefined;
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
        multipliers={ladder}
        reached={view ? view.revealed.length : (choice.tiles?.length ?? 0)}
        failed={view?.status === "lost"}
      />
      {!open && !view && (
        <p class="cashout-hint">{t(choice.tiles ? "games.mines.instantHint" : "games.mines.hint")}</p>
      )}
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
  return <MinesControls {...props} view={minesRound<MinesView>(props)} instantMode />;
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
