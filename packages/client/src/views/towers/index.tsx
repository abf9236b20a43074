/**
 * Towers: climb nine rows, picking one tile per row; each row hides its traps. A safe pick lights the row and
 * moves the player up; a trap ends the round and the whole tower shows where the traps were. In instant mode the
 * player picks the tiles first and the bet plays the climb at once (autobet plays such rounds).
 */
import { type TowersView, towersGame } from "@rgs/games/games/towers/game";
import { useRef } from "preact/hooks";
import { CashOutBoard } from "../cashout/frame.tsx";
import { CashOutPanel, Outcome } from "../cashout/panel.tsx";
import { isOpen, percentOf, shortMultiplier, shownView } from "../cashout/round.ts";
import { Choice, Stat } from "../shared/controls.tsx";
import { PayoutStat } from "../shared/payout.tsx";
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

export function Board(props: GameViewProps) {
  const { t } = props;
  const choice = readTowers(props.params);
  const roundOpen = isOpen(props.round);
  const picking = choice.picks !== undefined && !roundOpen && props.round?.status !== "settling";
  // A finished round stays on the tower until the player changes the picks it was played with.
  const playedWith = useRef<{ id: string; params: unknown } | null>(null);
  if (props.round && playedWith.current?.id !== props.round.id)
    playedWith.current = { id: props.round.id, params: props.params };
  const shown = towersRound(props);
  const view = picking && playedWith.current?.params !== props.params ? undefined : shown;
  const open = roundOpen && view !== undefined;
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
              <span class="towers-multiplier">{shortMultiplier(ladder[row]?.multiplier)}×</span>
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
      <Outcome
        t={t}
        formatAmount={props.formatAmount}
        status={view?.status}
        payout={view?.payout}
        multiplier={view?.multiplier}
        lossText={t("games.towers.lost")}
      />
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
      <Choice
        label={t("games.cashout.mode")}
        value={choice.picks ? "instant" : "steps"}
        options={[
          { value: "steps", label: t("games.cashout.mode.steps") },
          { value: "instant", label: t("games.cashout.mode.instant") },
        ]}
        disabled={props.busy || open}
        onChange={(mode) =>
          props.setParams(
            mode === "instant"
              ? { difficulty: choice.difficulty, picks: [] }
              : { difficulty: choice.difficulty },
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
        <InstantPicks {...props} choice={{ difficulty: choice.difficulty, picks: choice.picks }} />
      ) : (
        <CashOutPanel
          view={props}
          state={
            view && {
              status: view.status,
              stake: view.stake,
              multiplier: view.climbed > 0 ? view.multiplier : null,
              multiplierExact: view.climbed > 0 ? view.multiplierExact : null,
              next: view.next && {
                multiplier: view.next.multiplier,
                chance: percentOf(view.next.safeChance),
              },
              canCashOut: view.actions.includes("cash_out"),
              payout: view.payout,
            }
          }
        />
      )}
    </div>
  );
}

/** Instant mode before the bet: the rows picked, what the climb pays if every pick is safe, and its chance. */
function InstantPicks(props: GameViewProps & { choice: Required<TowersChoice> }) {
  const { t, choice } = props;
  const rtp = rtpOf(props.gameCode);
  const count = choice.picks.length;
  const rung = rtp && count > 0 ? towersLadder(rtp, choice.difficulty)[count - 1] : undefined;
  const { tiles } = DIFFICULTIES[choice.difficulty];
  return (
    <div class="cashout-panel towers-instant">
      <div class="cashout-figures">
        <Stat label={t("games.cashout.picked")}>
          <span data-testid="picked-count">{t("games.towers.pickedCount", { count, rows: ROWS })}</span>
        </Stat>
        <Stat label={t("games.cashout.ifAllSafe")}>
          {rung
            ? t("games.cashout.nextWithChance", {
                multiplier: shortMultiplier(rung.multiplier),
                chance: rung.chance,
              })
            : "-"}
        </Stat>
      </div>
      <PayoutStat game={towersGame} view={props} kind="onWin" />
      <div class="towers-instant-actions">
        <button
          type="button"
          class="cashout-step"
          data-testid="random-tile"
          disabled={props.busy || count >= ROWS}
          onClick={() => props.setParams(togglePick(choice, count, Math.floor(Math.random() * tiles)))}
        >
          {t("games.cashout.randomPick")}
        </button>
        <button
          type="button"
          class="cashout-step"
          data-testid="clear-picks"
          disabled={props.busy || count === 0}
          onClick={() => props.setParams({ difficulty: choice.difficulty, picks: [] })}
        >
          {t("games.cashout.clearPicks")}
        </button>
      </div>
    </div>
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
        <table class="views-table">
          <thead>
            <tr>
              <th scope="col">{t("games.towers.rules.row")}</th>
              <th scope="col">{t("games.common.multiplier")}</th>
              <th scope="col">{t("games.common.chance")}</th>
            </tr>
          </thead>
          <tbody>
            {towersLadder(rtp, choice.difficulty).map((rung, i) => (
              <tr key={i}>
                <td>{i + 1}</td>
                <td>{rung.multiplier}×</td>
                <td>{rung.chance}%</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
