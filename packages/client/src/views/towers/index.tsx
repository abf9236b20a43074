/**
 * Towers: climb nine rows, picking one tile per row; each row hides its traps. A safe pick lights the row and
 * moves the player up; a trap ends the round and the whole tower shows where the traps were.
 */
import type { TowersView } from "@rgs/games/games/towers/game";
import { CashOutBoard } from "../cashout/frame.tsx";
import { CashOutPanel, Outcome } from "../cashout/panel.tsx";
import { isOpen, percentOf, shortMultiplier, shownView } from "../cashout/round.ts";
import { Choice } from "../shared/controls.tsx";
import { rtpOf } from "../shared/rtp.ts";
import type { GameViewProps } from "../types.ts";
import { DIFFICULTIES, DIFFICULTY_KEYS, DIFFICULTY_NAMES, ROWS, readTowers, towersLadder } from "./params.ts";
import "./towers.css";

export { defaultParams } from "./params.ts";

const towersRound = (props: GameViewProps) =>
  shownView<TowersView>(props.round, (view) => view.difficulty === readTowers(props.params).difficulty);

type TileLook = "idle" | "safe" | "trap" | "safe-dim" | "trap-dim" | "locked";

function lookOf(view: TowersView | undefined, row: number, tile: number): TileLook {
  if (!view) return row === 0 ? "idle" : "locked";
  const pick = view.picks[row];
  const trapped = view.traps?.[row]?.includes(tile) ?? false;
  if (pick === tile) return trapped ? "trap" : "safe";
  if (view.traps) return trapped ? "trap-dim" : "safe-dim";
  return row === view.climbed && view.status === "open" ? "idle" : "locked";
}

export function Board(props: GameViewProps) {
  const { t } = props;
  const view = towersRound(props);
  const open = isOpen(props.round) && view !== undefined;
  const difficulty = view?.difficulty ?? readTowers(props.params).difficulty;
  const tiles = DIFFICULTIES[difficulty].tiles;
  const rtp = rtpOf(props.gameCode);
  const ladder = rtp ? towersLadder(rtp, difficulty) : [];
  return (
    <CashOutBoard view={props} class="towers-board" label={t("games.towers.board")}>
      <ol class="towers-tower" aria-label={t("games.towers.tower")}>
        {Array.from({ length: ROWS }, (_, row) => {
          const current = open && view?.climbed === row;
          return (
            <li
              key={row}
              class={`towers-row${current ? " towers-current" : ""}${view && row < view.climbed ? " towers-climbed" : ""}`}
              data-row={row}
            >
              <span class="towers-multiplier">{shortMultiplier(ladder[row]?.multiplier)}×</span>
              <span class="towers-tiles" style={{ gridTemplateColumns: `repeat(${tiles}, 1fr)` }}>
                {Array.from({ length: tiles }, (_, tile) => {
                  const look = lookOf(view, row, tile);
                  return (
                    <button
                      key={tile}
                      type="button"
                      class={`towers-tile towers-${look}`}
                      data-tile={tile}
                      data-look={look}
                      aria-label={t("games.towers.tileLabel", { row: row + 1, tile: tile + 1 })}
                      disabled={!current || props.busy}
                      onClick={() => void props.act("pick", { tile })}
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
      {!view && <p class="cashout-hint">{t("games.towers.hint")}</p>}
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
        label={t("games.towers.difficulty")}
        value={open && view ? view.difficulty : choice.difficulty}
        options={DIFFICULTY_NAMES.map((d) => ({ value: d, label: t(DIFFICULTY_KEYS[d]) }))}
        disabled={props.busy || open}
        onChange={(difficulty) => props.setParams({ difficulty })}
      />
      <CashOutPanel
        view={props}
        state={
          view && {
            status: view.status,
            stake: view.stake,
            multiplier: view.climbed > 0 ? view.multiplier : null,
            multiplierExact: view.climbed > 0 ? view.multiplierExact : null,
            next: view.next && { multiplier: view.next.multiplier, chance: percentOf(view.next.safeChance) },
            canCashOut: view.actions.includes("cash_out"),
            payout: view.payout,
          }
        }
      />
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
