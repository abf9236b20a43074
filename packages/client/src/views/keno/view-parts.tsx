/** The board, controls and paytable table shared by Keno and Lightning Keno. */

import { MAX_PICKS } from "@rgs/games/games/keno/odds";
import { RISKS } from "@rgs/games/games/keno/paytable";
import type { GameDefinition } from "@rgs/games/model";
import { toneOf } from "../../shell/outcome.ts";
import { BoardFrame } from "../shared/board.tsx";
import { Choice } from "../shared/controls.tsx";
import { PayoutStat } from "../shared/payout.tsx";
import { useReveal } from "../shared/use-reveal.ts";
import type { GameViewProps } from "../types.ts";
import { HitStrip, KenoGrid } from "./grid.tsx";
import { autoPick, RISK_KEYS, readKeno, samePicks, togglePick } from "./params.ts";
import { hitChances } from "./tables.ts";
import { drawDuration, hitsSoFar, revealedCount, strikesShown } from "./timeline.ts";

interface DrawView {
  picks: number[];
  risk: string;
  drawn: number[];
  payout: string;
  multiplier: string;
  lightning?: { number: number; boost: number }[];
}

export function KenoBoard(
  props: GameViewProps & { slug: string; boardLabel: string; table: readonly string[] },
) {
  const { t } = props;
  const choice = readKeno(props.params);
  const view = props.round?.view as DrawView | undefined;
  const strikes = view?.lightning?.length ?? 0;
  const reveal = useReveal(props, view ? drawDuration(view.drawn.length, strikes) : 0);
  // The round's draw stays on the board until the player changes the picks or the risk.
  const current = view && samePicks(view.picks, choice.picks) && view.risk === choice.risk ? view : undefined;
  const shown = current
    ? reveal.done
      ? current.drawn.length
      : revealedCount(reveal.elapsed, current.drawn.length, strikes)
    : 0;
  const struck = current?.lightning
    ? current.lightning.slice(0, reveal.done ? strikes : strikesShown(reveal.elapsed, strikes))
    : [];
  const hits = current ? hitsSoFar(current.drawn, shown, choice.picks) : undefined;
  const tone = current && reveal.done ? toneOf(props.round, props.currency.decimals) : undefined;
  return (
    <BoardFrame
      reveal={reveal}
      class={`keno-board ${props.slug}-board`}
      label={props.boardLabel}
      {...(current && { result: t("games.keno.hits", { count: hits ?? 0 }) })}
    >
      <KenoGrid
        t={t}
        picks={choice.picks}
        drawn={new Set(current?.drawn.slice(0, shown))}
        latest={reveal.done ? undefined : current?.drawn[shown - 1]}
        lightning={new Map(struck.map((s) => [s.number, s.boost]))}
        editable={reveal.done && !props.busy}
        disabled={props.busy && reveal.done}
        onToggle={(n) => props.setParams({ ...choice, picks: togglePick(choice.picks, n) })}
      />
      {choice.picks.length === 0 ? (
        <p class="keno-hint">{t("games.keno.pickHint", { max: MAX_PICKS })}</p>
      ) : (
        <HitStrip view={props} table={props.table} hits={hits} tone={tone} />
      )}
    </BoardFrame>
  );
}

/** `game`: the launched Keno's definition, for the maximum payout of the bet amount. */
export function KenoControls<P>(
  props: GameViewProps & { game: Pick<GameDefinition<P>, "parseParams" | "maxPayout"> },
) {
  const { t } = props;
  const choice = readKeno(props.params);
  return (
    <div class="keno-controls views-grid">
      <Choice
        label={t("games.common.risk")}
        value={choice.risk}
        options={RISKS.map((risk) => ({ value: risk, label: t(RISK_KEYS[risk]) }))}
        disabled={props.busy}
        onChange={(risk) => props.setParams({ ...choice, risk })}
      />
      <div class="views-field">
        <span class="views-label">
          {t("games.keno.picked", { count: choice.picks.length, max: MAX_PICKS })}
        </span>
        <div class="keno-actions">
          <button
            type="button"
            disabled={props.busy}
            onClick={() =>
              props.setParams({ ...choice, picks: autoPick(choice.picks.length || MAX_PICKS, Math.random) })
            }
          >
            {t("games.keno.autoPick")}
          </button>
          <button
            type="button"
            disabled={props.busy || choice.picks.length === 0}
            onClick={() => props.setParams({ ...choice, picks: [] })}
          >
            {t("games.keno.clear")}
          </button>
        </div>
      </div>
      <PayoutStat game={props.game} view={props} kind="max" />
    </div>
  );
}

/** Multiplier and chance per number of hits for the current picks. */
export function PaytableTable(props: {
  view: Pick<GameViewProps, "t" | "format">;
  table: readonly string[];
}) {
  const { t, format } = props.view;
  const chances = hitChances(props.table.length - 1);
  return (
    <table class="views-table">
      <thead>
        <tr>
          <th scope="col">{t("games.keno.hitsColumn")}</th>
          <th scope="col">{t("games.common.multiplier")}</th>
          <th scope="col">{t("games.common.chance")}</th>
        </tr>
      </thead>
      <tbody>
        {props.table.map((multiplier, hits) => (
          <tr key={hits}>
            <td>{format.integer(hits)}</td>
            <td>{format.multiplier(multiplier)}</td>
            <td>{format.percent(chances[hits] ?? "0")}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
