/**
 * Degen Mining: dig down ten levels, one of four shafts per level. A shaft holds coal, silver, gold or diamond
 * (each multiplies the mine cart's value) or collapses and ends the round. The cart rides down as you dig.
 */
import type { MiningView } from "@rgs/games/games/degen_mining/game";
import {
  DIFFICULTIES,
  type Difficulty,
  LEVELS,
  maxMultiplier,
  OUTCOMES,
  SHAFTS,
  TABLES,
  type Tile,
} from "@rgs/games/games/degen_mining/paytable";
import { toFixedDown } from "@rgs/games/math/rational";
import { DifficultyControls, readDifficulty, simplePanel } from "../cashout/difficulty.tsx";
import { CashOutBoard } from "../cashout/frame.tsx";
import { CashOutButton, LossNote } from "../cashout/panel.tsx";
import { isOpen, percentOf, shortMultiplier, shownView } from "../cashout/round.ts";
import { rtpOf } from "../shared/rtp.ts";
import type { GameViewProps } from "../types.ts";
import "./degen_mining.css";

export const defaultParams = (_gameCode: string): { difficulty: Difficulty } => ({ difficulty: "easy" });

const readMining = (params: unknown): Difficulty => readDifficulty(params, DIFFICULTIES, "easy");

const LEVEL_KEYS: Record<Difficulty, string> = {
  easy: "games.degen_mining.level.easy",
  medium: "games.degen_mining.level.medium",
  hard: "games.degen_mining.level.hard",
  degen: "games.degen_mining.level.degen",
};

const TILE_KEYS: Record<Tile, string> = {
  collapse: "games.degen_mining.tile.collapse",
  coal: "games.degen_mining.tile.coal",
  silver: "games.degen_mining.tile.silver",
  gold: "games.degen_mining.tile.gold",
  diamond: "games.degen_mining.tile.diamond",
};

/** What a dig may find at a difficulty: chance out of 64 and the factor it multiplies the cart by. */
export function findsOf(difficulty: Difficulty): { tile: Tile; chance: string; factor: string | null }[] {
  const table = TABLES[difficulty];
  return [
    { tile: "collapse" as Tile, chance: percentOf(`${table.collapse}/${OUTCOMES}`), factor: null },
    ...(["coal", "silver", "gold", "diamond"] as const).map((ore) => ({
      tile: ore as Tile,
      chance: percentOf(`${table.ores[ore].weight}/${OUTCOMES}`),
      factor: toFixedDown(table.ores[ore].factor, 2),
    })),
  ];
}

const miningRound = (props: GameViewProps) =>
  shownView<MiningView>(props.round, (view) => view.difficulty === readMining(props.params));

function Gem(props: { tile: Tile }) {
  return <span class={`mining-ore mining-${props.tile}`} aria-hidden="true" />;
}

export function Board(props: GameViewProps) {
  const { t } = props;
  const view = miningRound(props);
  const open = isOpen(props.round) && view !== undefined;
  const difficulty = view?.difficulty ?? readMining(props.params);
  const level = view?.level ?? 0;
  const dug = new Map((view?.digs ?? []).map((dig) => [`${dig.level}:${dig.shaft}`, dig.tile]));
  return (
    <CashOutBoard view={props} class="mining-board" label={t("games.degen_mining.board")}>
      <div class="mining-layout">
        <fieldset class="mining-shafts">
          <legend class="views-visually-hidden">{t("games.degen_mining.mine")}</legend>
          {Array.from({ length: LEVELS }, (_, row) => (
            <div
              key={row}
              class={`mining-level${open && row === level ? " mining-current" : ""}${row < level ? " mining-done" : ""}`}
              data-level={row}
            >
              <span class="mining-depth">{t("games.degen_mining.depth", { level: row + 1 })}</span>
              {Array.from({ length: SHAFTS }, (_, shaft) => {
                const found = dug.get(`${row}:${shaft}`);
                const hidden = view?.mine?.[row]?.[shaft];
                const tile = found ?? hidden;
                return (
                  <button
                    key={shaft}
                    type="button"
                    class={`mining-cell${found ? " mining-dug" : hidden ? " mining-dim" : ""}${tile ? ` mining-cell-${tile}` : ""}`}
                    data-shaft={shaft}
                    data-tile={tile ?? "rock"}
                    disabled={!open || row !== level || props.busy}
                    aria-label={
                      tile
                        ? t(TILE_KEYS[tile])
                        : t("games.degen_mining.shaftLabel", { level: row + 1, shaft: shaft + 1 })
                    }
                    onClick={() => void props.act("dig", { shaft })}
                  >
                    {tile && <Gem tile={tile} />}
                  </button>
                );
              })}
            </div>
          ))}
        </fieldset>
        <div
          class="mining-cart"
          style={{ transform: `translateY(calc(${Math.min(level, LEVELS - 1)} * var(--row-h)))` }}
          aria-label={t("games.degen_mining.cart", {
            multiplier: props.format.multiplier(shortMultiplier(view?.multiplier ?? "1")),
          })}
          role="img"
        >
          <span class="mining-cart-value">
            {view?.multiplier ? props.format.multiplier(shortMultiplier(view.multiplier)) : "-"}
          </span>
          <span class="mining-cart-body">
            {(view?.digs ?? [])
              .filter((dig) => dig.tile !== "collapse")
              .slice(-4)
              .map((dig, i) => (
                <Gem key={i} tile={dig.tile} />
              ))}
          </span>
        </div>
      </div>
      <ul class="mining-finds" aria-label={t("games.degen_mining.finds")}>
        {findsOf(difficulty).map((find) => (
          <li key={find.tile}>
            <Gem tile={find.tile} /> {t(TILE_KEYS[find.tile])} · {props.format.percent(find.chance)}
            {find.factor ? ` · ×${props.format.decimal(find.factor)}` : ""}
          </li>
        ))}
      </ul>
      {!view && <p class="cashout-hint">{t("games.degen_mining.hint")}</p>}
      <LossNote status={view?.status} payout={view?.payout} text={t("games.degen_mining.lost")} />
    </CashOutBoard>
  );
}

export function Controls(props: GameViewProps) {
  const view = miningRound(props);
  return (
    <DifficultyControls
      view={props}
      levels={DIFFICULTIES}
      labels={LEVEL_KEYS}
      chosen={readMining(props.params)}
      playing={view?.difficulty}
      state={simplePanel(view, undefined)}
    />
  );
}

export function Actions(props: GameViewProps) {
  return <CashOutButton view={props} state={simplePanel(miningRound(props), undefined)} />;
}

export function Rules(props: GameViewProps) {
  const { t } = props;
  const difficulty = readMining(props.params);
  const rtp = rtpOf(props.gameCode);
  return (
    <div class="views-rules mining-rules">
      <p>{t("games.degen_mining.rules.intro", { levels: LEVELS, shafts: SHAFTS })}</p>
      <p>
        {t("games.degen_mining.rules.table", {
          level: t(LEVEL_KEYS[difficulty]),
          max: rtp
            ? props.format.multiplier(shortMultiplier(toFixedDown(maxMultiplier(difficulty, rtp), 4)))
            : "-",
        })}
      </p>
      <table class="views-table">
        <thead>
          <tr>
            <th scope="col">{t("games.degen_mining.rules.find")}</th>
            <th scope="col">{t("games.common.chance")}</th>
            <th scope="col">{t("games.degen_mining.rules.factor")}</th>
          </tr>
        </thead>
        <tbody>
          {findsOf(difficulty).map((find) => (
            <tr key={find.tile}>
              <td>{t(TILE_KEYS[find.tile])}</td>
              <td>{props.format.percent(find.chance)}</td>
              <td>{find.factor ? `×${props.format.decimal(find.factor)}` : "-"}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
