/** Cases: pick a difficulty; the case opens and a reel of its items scrolls to land on the item drawn. */
import { type CasesView, casesGame } from "@rgs/games/games/cases/game";
import { DIFFICULTIES } from "@rgs/games/games/cases/paytable";
import { useMemo } from "preact/hooks";
import { toneOf } from "../../shell/outcome.ts";
import { BoardFrame } from "../shared/board.tsx";
import { Choice } from "../shared/controls.tsx";
import { maxPayoutOf, PayoutStat } from "../shared/payout.tsx";
import { rtpOf } from "../shared/rtp.ts";
import { decorativeRandom, hashString } from "../shared/timeline.ts";
import { useReveal } from "../shared/use-reveal.ts";
import type { GameViewProps } from "../types.ts";
import { caseItems, DIFFICULTY_KEYS, itemChance, readDifficulty, type ShownItem } from "./params.ts";
import { buildReel, DURATION, LANDING, OPEN_MS, reelPosition, TILE, tierOf, tileCentre } from "./reel.ts";
import "./cases.css";

export { defaultParams } from "./params.ts";

export const maxPayout = maxPayoutOf(casesGame);

function ItemTile(props: {
  item: ShownItem;
  index: number;
  count: number;
  hit?: boolean;
  format: GameViewProps["format"];
}) {
  return (
    <div
      class={`cases-tile cases-tier-${tierOf(props.index, props.count)}${props.hit ? " cases-tile-hit" : ""}`}
    >
      <span class="cases-gem" aria-hidden="true" />
      <span class="cases-tile-multiplier">{props.format.multiplier(props.item.multiplier)}</span>
    </div>
  );
}

export function Board(props: GameViewProps) {
  const { t } = props;
  const difficulty = readDifficulty(props.params);
  const view = props.round?.view as CasesView | undefined;
  const reveal = useReveal(props, view ? DURATION : 0);
  const current = view && view.difficulty === difficulty ? view : undefined;
  const rtp = rtpOf(props.gameCode);
  const items = current?.items ?? (rtp && caseItems(rtp, difficulty)) ?? [];
  const id = props.round?.id ?? "";
  const reel = useMemo(
    () =>
      current
        ? buildReel(
            current.items.map((i) => i.weight),
            current.item,
            hashString(id),
          )
        : [],
    [current, id],
  );
  const offset = decorativeRandom(hashString(`${id}:stop`))() * 0.8 - 0.4;
  const position = reveal.done ? tileCentre(LANDING) : reelPosition(reveal.elapsed, offset);
  const opening = current && !reveal.done && reveal.elapsed < OPEN_MS;
  const tone = current && reveal.done ? toneOf(props.round, props.currency.decimals) : undefined;
  return (
    <BoardFrame reveal={reveal} class="cases-board" label={t("games.cases.board")}>
      {current ? (
        <div class={`cases-window${opening ? " cases-opening" : ""}`}>
          <div class="cases-marker" aria-hidden="true" />
          <div class="cases-strip" style={{ transform: `translateX(${-position}px)` }}>
            {reel.map((item, i) => (
              <div key={i} class="cases-slot" style={{ width: `${TILE}px` }}>
                <ItemTile
                  item={current.items[item] as ShownItem}
                  index={item}
                  count={current.items.length}
                  hit={reveal.done && i === LANDING}
                  format={props.format}
                />
              </div>
            ))}
          </div>
        </div>
      ) : (
        <div class="cases-closed" aria-hidden="true">
          <div class="cases-box">
            <div class="cases-lid" />
            <div class="cases-body" />
          </div>
        </div>
      )}
      <ul class="cases-items" aria-label={t("games.cases.contents")}>
        {items.map((item, i) => (
          <li
            key={item.multiplier}
            class={
              current && reveal.done && i === current.item ? `cases-item-hit cases-item-${tone}` : undefined
            }
          >
            <ItemTile item={item} index={i} count={items.length} format={props.format} />
            <span class="cases-item-chance">{props.format.percent(itemChance(item.weight))}</span>
          </li>
        ))}
      </ul>
    </BoardFrame>
  );
}

export function Controls(props: GameViewProps) {
  const { t } = props;
  const difficulty = readDifficulty(props.params);
  return (
    <div class="cases-controls views-grid">
      <Choice
        label={t("games.cases.difficulty")}
        value={difficulty}
        options={DIFFICULTIES.map((d) => ({ value: d, label: t(DIFFICULTY_KEYS[d]) }))}
        disabled={props.busy}
        onChange={(next) => props.setParams({ difficulty: next })}
      />
      <PayoutStat game={casesGame} view={props} kind="max" />
    </div>
  );
}

export function Rules(props: GameViewProps) {
  const { t } = props;
  const difficulty = readDifficulty(props.params);
  const rtp = rtpOf(props.gameCode);
  const items = rtp && caseItems(rtp, difficulty);
  return (
    <div class="views-rules cases-rules">
      <p>{t("games.cases.rules.intro")}</p>
      {items && (
        <>
          <p>{t("games.cases.rules.table", { difficulty: t(DIFFICULTY_KEYS[difficulty]) })}</p>
          <table class="views-table">
            <thead>
              <tr>
                <th scope="col">{t("games.common.multiplier")}</th>
                <th scope="col">{t("games.common.chance")}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.multiplier}>
                  <td>{props.format.multiplier(item.multiplier)}</td>
                  <td>{props.format.percent(itemChance(item.weight))}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </div>
  );
}
