/** The 80-number keno board, shared by Keno and Lightning Keno: picks, drawn numbers, hits, lightning. */
import { BOARD } from "@rgs/games/games/keno/odds";
import { type OutcomeKind, trimMultiplier } from "../../shell/outcome.ts";
import type { GameViewProps } from "../types.ts";
import "./keno.css";

export function KenoGrid(props: {
  t: GameViewProps["t"];
  picks: readonly number[];
  /** Drawn numbers showing so far. */
  drawn: ReadonlySet<number>;
  /** The number drawn last, animated in. */
  latest?: number;
  /** Lightning numbers showing so far, with their boosts. */
  lightning?: ReadonlyMap<number, number>;
  /** False while the draw animates: a click then skips instead of editing the picks. */
  editable: boolean;
  disabled: boolean;
  onToggle(n: number): void;
}) {
  const { t } = props;
  return (
    <div class="keno-grid">
      {Array.from({ length: BOARD }, (_, i) => {
        const n = i + 1;
        const picked = props.picks.includes(n);
        const drawn = props.drawn.has(n);
        const boost = props.lightning?.get(n);
        const state = picked && drawn ? "hit" : drawn ? "drawn" : picked ? "picked" : "idle";
        const label = [
          String(n),
          drawn ? t(picked ? "games.keno.hit" : "games.keno.drawn") : "",
          boost ? t("games.lightning_keno.struck", { boost }) : "",
        ]
          .filter(Boolean)
          .join(", ");
        return (
          <button
            key={n}
            type="button"
            class={`keno-cell keno-${state}${boost ? " keno-lightning" : ""}${props.latest === n ? " keno-latest" : ""}`}
            aria-pressed={picked}
            aria-label={label}
            disabled={props.disabled}
            onClick={() => {
              if (props.editable) props.onToggle(n);
            }}
          >
            <span class="keno-number">{n}</span>
            {boost && <span class="keno-boost">×{boost}</span>}
          </button>
        );
      })}
    </div>
  );
}

/**
 * The paytable strip under the board: multiplier per number of hits, the current count marked. It takes the
 * win colour only for a count that pays more than the stake: a box of 0 hits, or of a return below the stake,
 * is never lit as a win.
 */
export function HitStrip(props: {
  view: Pick<GameViewProps, "t" | "format">;
  table: readonly string[];
  hits?: number | undefined;
  /** How the round on show ended, once its draw is done. */
  tone?: OutcomeKind | undefined;
}) {
  const { t, format } = props.view;
  return (
    <ol class="keno-strip" aria-label={t("games.keno.paytable")}>
      {props.table.map((multiplier, hits) => {
        const current = hits === props.hits;
        const kind = current ? (props.tone ?? (Number(multiplier) > 1 ? "win" : "loss")) : undefined;
        return (
          <li
            key={hits}
            class={current ? `keno-strip-current keno-strip-${kind}` : undefined}
            data-outcome={kind}
          >
            <span class="keno-strip-multiplier">{format.multiplier(trimMultiplier(multiplier))}</span>
            <span class="keno-strip-hits">{t("games.keno.hits", { count: hits })}</span>
          </li>
        );
      })}
    </ol>
  );
}
