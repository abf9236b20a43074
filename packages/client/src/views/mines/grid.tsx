/**
 * The 5 x 5 board of Mines and Mines Mania. Each tile is a button (tile = row x 5 + column): hidden tiles of an
 * open round can be revealed; a gem flips up green, the mine that ended the round explodes, and once the round
 * is over the tiles nobody picked show what they hid, dimmed.
 */
import { GRID_SIZE } from "@rgs/games/games/mines/ladder";
import type { ComponentChildren } from "preact";
import type { GameViewProps } from "../types.ts";
import "./mines.css";

export interface GridState {
  revealed: readonly number[];
  hitMine: number | null;
  /** Every mine, once the round is closed. */
  minePositions: readonly number[] | null;
}

export type TileLook = "hidden" | "gem" | "mine" | "gem-dim" | "mine-dim";

/** What a tile shows: picked gems and the mine hit bright, the rest of a finished board dimmed. */
export function tileLook(state: GridState | undefined, tile: number): TileLook {
  if (!state) return "hidden";
  if (state.hitMine === tile) return "mine";
  if (state.revealed.includes(tile)) return "gem";
  if (state.minePositions) return state.minePositions.includes(tile) ? "mine-dim" : "gem-dim";
  return "hidden";
}

export function MinesGrid(props: {
  t: GameViewProps["t"];
  state: GridState | undefined;
  /** Tiles may be revealed now. */
  playable: boolean;
  busy: boolean;
  /** Tiles a line reveal would turn (Mines Mania), highlighted while the player points at the line. */
  highlight?: readonly number[];
  /** Instant mode: the tiles picked for the next bet, marked; with `picking`, a click picks or unpicks. */
  picked?: readonly number[];
  picking?: boolean;
  /** Mines Mania: a button at the end of each row and under each column, revealing that line. */
  line?: (kind: "row" | "column", index: number) => ComponentChildren;
  onReveal(tile: number): void;
}) {
  const { t, state } = props;
  return (
    <fieldset class={`mines-grid${props.line ? " mines-grid-lines" : ""}`}>
      <legend class="views-visually-hidden">{t("games.mines.grid")}</legend>
      {Array.from({ length: GRID_SIZE }, (_, row) => (
        <div class="mines-row" key={row}>
          {Array.from({ length: GRID_SIZE }, (_, column) => {
            const tile = row * GRID_SIZE + column;
            const look = tileLook(state, tile);
            const hidden = look === "hidden";
            const picked = props.picked?.includes(tile) ?? false;
            const label = t(
              look === "gem" || look === "gem-dim"
                ? "games.mines.tileGem"
                : look === "mine" || look === "mine-dim"
                  ? "games.mines.tileMine"
                  : picked
                    ? "games.mines.tilePicked"
                    : "games.mines.tileHidden",
              { row: row + 1, column: column + 1 },
            );
            return (
              <button
                key={tile}
                type="button"
                class={`mines-tile mines-${look}${props.highlight?.includes(tile) ? " mines-aim" : ""}${picked ? " mines-picked" : ""}`}
                data-tile={tile}
                data-look={look}
                data-picked={picked || undefined}
                aria-label={label}
                aria-pressed={props.picking ? picked : undefined}
                disabled={props.picking ? props.busy : !hidden || !props.playable || props.busy}
                onClick={() => props.onReveal(tile)}
              >
                <span class="mines-face" aria-hidden="true">
                  {look === "gem" || look === "gem-dim" ? (
                    <Gem />
                  ) : look === "mine" || look === "mine-dim" ? (
                    <Mine />
                  ) : null}
                </span>
              </button>
            );
          })}
          {props.line?.("row", row)}
        </div>
      ))}
      {props.line && (
        <div class="mines-row">
          {Array.from({ length: GRID_SIZE }, (_, column) => props.line?.("column", column))}
          <span aria-hidden="true" />
        </div>
      )}
    </fieldset>
  );
}

function Gem() {
  return (
    <svg viewBox="0 0 40 40" class="mines-icon" aria-hidden="true">
      <path d="M12 6h16l8 10-16 19L4 16z" fill="#1fe07a" />
      <path d="M12 6l8 10 8-10M4 16h32M20 16v19" stroke="#0b7a3b" stroke-width="2" fill="none" />
      <path d="M12 6l-8 10h16z" fill="#8bffc0" opacity="0.7" />
    </svg>
  );
}

function Mine() {
  return (
    <svg viewBox="0 0 40 40" class="mines-icon" aria-hidden="true">
      <circle cx="20" cy="22" r="11" fill="#1c1f26" stroke="#ff4d6d" stroke-width="2" />
      <path
        d="M20 6v6M8 10l4 4M32 10l-4 4M6 22h3M31 22h3"
        stroke="#ff4d6d"
        stroke-width="2.5"
        stroke-linecap="round"
      />
      <circle cx="16" cy="18" r="3" fill="#fff" opacity="0.6" />
    </svg>
  );
}
