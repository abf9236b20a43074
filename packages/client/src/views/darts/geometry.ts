/**
 * The dartboard drawn on the game's own 1024 x 1024 grid: ring radii are read from the game's zoneOf (so the
 * drawing cannot disagree with the zone that paid), and the dart lands on the centre of the server's cell.
 */
import { GRID, type Zone, zoneOf } from "@rgs/games/games/darts/paytable";
import { clamp01, easeOutCubic } from "../shared/timeline.ts";

export const CENTRE = (GRID - 1) / 2;

export interface Ring {
  zone: Zone;
  inner: number;
  outer: number;
}

let rings: Ring[] | undefined;

/** The rings from the centre out, walking the row through the centre and noting where the zone changes. */
export function ringsOf(): Ring[] {
  if (rings) return rings;
  const found: Ring[] = [];
  const y = GRID / 2;
  let zone = zoneOf(GRID / 2, y);
  let inner = 0;
  for (let x = GRID / 2 + 1; x < GRID; x++) {
    const next = zoneOf(x, y);
    if (next !== zone) {
      const boundary = x - GRID / 2;
      found.push({ zone, inner, outer: boundary });
      zone = next;
      inner = boundary;
    }
  }
  rings = found;
  return found;
}

/** The point drawn for a landing cell: the centre of the cell. */
export const landingPoint = (x: number, y: number) => ({ x: x + 0.5, y: y + 0.5 });

/** An annulus sector of the board, angles in degrees clockwise from the top. */
export function sectorPath(inner: number, outer: number, from: number, to: number): string {
  const point = (r: number, angle: number) => {
    const a = ((angle - 90) * Math.PI) / 180;
    return `${(CENTRE + 0.5 + r * Math.cos(a)).toFixed(2)} ${(CENTRE + 0.5 + r * Math.sin(a)).toFixed(2)}`;
  };
  return [
    `M ${point(outer, from)}`,
    `A ${outer} ${outer} 0 0 1 ${point(outer, to)}`,
    `L ${point(inner, to)}`,
    inner > 0 ? `A ${inner} ${inner} 0 0 0 ${point(inner, from)}` : "",
    "Z",
  ].join(" ");
}

/** The order of the numbers around a regulation board, from the top clockwise (decoration only). */
export const BOARD_NUMBERS = [20, 1, 18, 4, 13, 6, 10, 15, 2, 17, 3, 19, 7, 16, 8, 11, 14, 9, 12, 5] as const;

export const FLIGHT_MS = 620;
export const SETTLE_MS = 380;

/**
 * The dart in flight at `elapsed` ms: it comes from below the board, rising in an arc and shrinking as it
 * travels away from the player, and lands exactly on `to` at FLIGHT_MS.
 */
export function dartAt(
  elapsed: number,
  to: { x: number; y: number },
): { x: number; y: number; scale: number; landed: boolean } {
  const u = clamp01(elapsed / FLIGHT_MS);
  const eased = easeOutCubic(u);
  const from = { x: CENTRE + (to.x - CENTRE) * 0.3, y: GRID + 260 };
  return {
    x: from.x + (to.x - from.x) * eased,
    y: from.y + (to.y - from.y) * eased - 220 * Math.sin(Math.PI * u),
    scale: 2.6 - 1.6 * eased,
    landed: u >= 1,
  };
}
