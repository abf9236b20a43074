/** The 80-number keno board, shared by Keno and Lightning Keno: picks, drawn numbers, hits, lightning. */
import { BOARD } from "@rgs/games/games/keno/odds";
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

/** The paytable strip under the board: multiplier per number of hits, the current count highlighted. */
export function HitStrip(props: { t: GameViewProps["t"]; table: readonly string[]; hits?: number }) {
  return (
    <ol class="keno-strip" aria-label={props.t("games.keno.paytable")}>
      {props.table.map((multiplier, hits) => (
        <li key={hits} class={hits === props.hits ? "keno-strip-current" : undefined}>
          <span class="keno-strip-multiplier">{multiplier}×</span>
          <span class="keno-strip-hits">{props.t("games.keno.hits", { hits })}</span>
        </li>
      ))}
    </ol>
  );
}
