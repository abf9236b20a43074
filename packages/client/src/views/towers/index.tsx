/**
 * Towers: climb nine rows, picking one tile per row; each row hides its traps. A safe pick lights the row and
 * moves the player up; a trap ends the round and the whole tower shows where the traps were. In instant mode the
 * player picks the tiles first and the bet plays the climb at once (autobet plays such rounds).
 */
import { type TowersView, towersGame } from "@rgs/games/games/towers/game";
import { CashOutBoard } from "../cashout/frame.tsx";
import { InstantPicks, PlayMode, usePicking } from "../cashout/instant.tsx";
import { CashOutButton, CashOutFigures, LossNote, type PanelState } from "../cashout/panel.tsx";
import { isOpen, percentOf, shortMultiplier, shownView } from "../cashout/round.ts";
import { Choice } from "../shared/controls.tsx";
import { LadderTable } from "../shared/ladder-table.tsx";
import { rtpOf } from "../shared/rtp.ts";
import type { GameViewProps } from "../types.ts";
import {
  DIFFICULTIES,
  DIFFICULTY_KEYS,
  DIFFICULTY_NAMES,
  ROWS,
  readTowers,
  type TowersChoice,
  togglePick,
  towersLadder,
  validPicks,
} from "./params.ts";
import "./towers.css";

export { defaultParams, missingChoice, resolvesAtOnce } from "./params.ts";

const towersRound = (props: GameViewProps) =>
  shownView<TowersView>(props.round, (view) => view.difficulty === readTowers(props.params).difficulty);

type TileLook = "idle" | "safe" | "trap" | "safe-dim" | "trap-dim" | "locked";

function lookOf(
  view: TowersView | undefined,
  row: number,
  tile: number,
  picks?: readonly number[],
): TileLook {
  if (!view) return row <= (picks?.length ?? 0) ? "idle" : "locked";
  const pick = view.picks[row];
  const trapped = view.traps?.[row]?.includes(tile) ?? false;
  if (pick === tile) return trapped ? "trap" : "safe";
  if (view.traps) return trapped ? "trap-dim" : "safe-dim";
  return row === view.climbed && view.status === "open" ? "idle" : "locked";
}

function panelState(view: TowersView | undefined): PanelState | undefined {
  return (
    view && {
      status: view.status,
      stake: view.stake,
      multiplier: view.climbed > 0 ? view.multiplier : null,
      multiplierExact: view.climbed > 0 ? view.multiplierExact : null,
      next: view.next && { multiplier: view.next.multiplier, chance: percentOf(view.next.safeChance) },
      canCashOut: view.actions.includes("cash_out"),
      payout: view.payout,
    }
  );
}

export function Board(props: GameViewProps) {
  const { t } = props;
  const choice = readTowers(props.params);
  const { picking, view } = usePicking(props, choice.picks !== undefined, towersRound(props));
  const open = isOpen(props.round) && view !== undefined;
  const difficulty = view?.difficulty ?? choice.difficulty;
  const tiles = DIFFICULTIES[difficulty].tiles;
  const rtp = rtpOf(props.gameCode);
  const ladder = rtp ? towersLadder(rtp, difficulty) : [];
  return (
    <CashOutBoard view={props} class="towers-board" label={t("games.towers.board")}>
      <ol class="towers-tower" aria-label={t("games.towers.tower")}>
        {Array.from({ length: ROWS }, (_, row) => {
          const current = open ? view?.climbed === row : picking && row === choice.picks?.length;
          const rowPick = choice.picks?.[row];
          return (
            <li
              key={row}
              class={`towers-row${current ? " towers-current" : ""}${view && row < view.climbed ? " towers-climbed" : ""}`}
              data-row={row}
            >
              <span class="towers-multiplier">
                {props.format.multiplier(shortMultiplier(ladder[row]?.multiplier))}
              </span>
              <span class="towers-tiles" style={{ gridTemplateColumns: `repeat(${tiles}, 1fr)` }}>
                {Array.from({ length: tiles }, (_, tile) => {
                  const look = lookOf(view, row, tile, choice.picks);
                  const picked = rowPick === tile && (!view || view.picks[row] === undefined);
                  return (
                    <button
                      key={tile}
                      type="button"
                      class={`towers-tile towers-${look}${picked ? " towers-picked" : ""}`}
                      data-tile={tile}
                      data-look={look}
                      data-picked={picked || undefined}
                      aria-label={t(picked ? "games.towers.tilePicked" : "games.towers.tileLabel", {
                        row: row + 1,
                        tile: tile + 1,
                      })}
                      aria-pressed={picking ? picked : undefined}
                      disabled={props.busy || (picking ? row > (choice.picks?.length ?? 0) : !current)}
                      onClick={() =>
                        picking
                          ? props.setParams(togglePick(choice, row, tile))
                          : void props.act("pick", { tile })
                      }
                    >
                      <span aria-hidden="true">
                        {look === "safe" || look === "safe-dim"
                          ? "◆"
                          : look === "trap" || look === "trap-dim"
                            ? "✖"
                            : ""}
                      </span>
                    </button>
                  );
                })}
              </span>
            </li>
          );
        })}
      </ol>
      {!view && (
        <p class="cashout-hint">{t(choice.picks ? "games.towers.instantHint" : "games.towers.hint")}</p>
      )}
      <LossNote status={view?.status} payout={view?.payout} text={t("games.towers.lost")} />
    </CashOutBoard>
  );
}

export function Controls(props: GameViewProps) {
  const { t } = props;
  const view = towersRound(props);
  const open = isOpen(props.round);
  const choice = readTowers(props.params);
  return (
    <div class="towers-controls views-grid">
      <PlayMode
        view={props}
        instant={choice.picks !== undefined}
        onChange={(instant) =>
          props.setParams(
            instant ? { difficulty: choice.difficulty, picks: [] } : { difficulty: choice.difficulty },
          )
        }
      />
      <Choice
        label={t("games.towers.difficulty")}
        value={open && view ? view.difficulty : choice.difficulty}
        options={DIFFICULTY_NAMES.map((d) => ({ value: d, label: t(DIFFICULTY_KEYS[d]) }))}
        disabled={props.busy || open}
        onChange={(difficulty) =>
          props.setParams(
            choice.picks ? { difficulty, picks: validPicks(difficulty, choice.picks) } : { difficulty },
          )
        }
      />
      {choice.picks && !open ? (
        <TowersInstant {...props} choice={{ difficulty: choice.difficulty, picks: choice.picks }} />
      ) : (
        <CashOutFigures view={props} state={panelState(view)} />
      )}
    </div>
  );
}

export function Actions(props: GameViewProps) {
  return <CashOutButton view={props} state={panelState(towersRound(props))} />;
}

/** Instant mode before the bet: the rows picked, what the climb pays if every pick is safe, and its chance. */
function TowersInstant(props: GameViewProps & { choice: Required<TowersChoice> }) {
  const { choice } = props;
  const rtp = rtpOf(props.gameCode);
  const count = choice.picks.length;
  const { tiles } = DIFFICULTIES[choice.difficulty];
  return (
    <InstantPicks
      view={props}
      game={towersGame}
      countText={props.t("games.towers.pickedCount", { count, rows: ROWS })}
      rung={rtp && count > 0 ? towersLadder(rtp, choice.difficulty)[count - 1] : undefined}
      canPick={count < ROWS}
      empty={count === 0}
      onRandom={() => props.setParams(togglePick(choice, count, Math.floor(Math.random() * tiles)))}
      onClear={() => props.setParams({ difficulty: choice.difficulty, picks: [] })}
    />
  );
}

export function Rules(props: GameViewProps) {
  const { t } = props;
  const choice = readTowers(props.params);
  const rtp = rtpOf(props.gameCode);
  const { tiles, traps } = DIFFICULTIES[choice.difficulty];
  return (
    <div class="views-rules towers-rules">
      <p>{t("games.towers.rules.intro")}</p>
      <p>{t("games.towers.rules.instant")}</p>
      <p>
        {t("games.towers.rules.table", { difficulty: t(DIFFICULTY_KEYS[choice.difficulty]), tiles, traps })}
      </p>
      {rtp && (
        <LadderTable
          view={props}
          stepLabel={t("games.towers.rules.row")}
          rungs={towersLadder(rtp, choice.difficulty)}
        />
      )}
    </div>
  );
}
