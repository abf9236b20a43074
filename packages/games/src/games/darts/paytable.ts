/**
 * Darts. The dart lands on a point of a 1024 x 1024 grid around the board (x = floor(float 0 x 1024),
 * y = floor(float 1 x 1024)); its distance from the centre picks one of six zones, with the proportions of a
 * regulation dartboard (1 grid cell = 0.39 mm: bullseye 6.35 mm, bull 15.9 mm, treble ring 99-107 mm,
 * double ring 162-170 mm; the grid is 400 mm wide, so a dart can miss the board).
 * Each zone's probability is its number of cells / 2^20, exact: 1024 is a power of two.
 */
import { dec, eq, type Rational, rat } from "../../math/rational.ts";
import type { Risk } from "../risk.ts";

export const GRID = 1024;
export const ZONES = ["bullseye", "bull", "treble", "double", "single", "miss"] as const;
export type Zone = (typeof ZONES)[number];

/** Outer radius of each ring in grid cells, from the centre outwards; beyond 435 the dart misses. */
const RINGS: readonly (readonly [zone: Zone, radius: number])[] = [
  ["bullseye", 16],
  ["bull", 40],
  ["single", 253],
  ["treble", 274],
  ["single", 415],
  ["double", 435],
];

/**
 * The zone of grid cell (x, y). Distances use doubled coordinates from the board's centre (511.5, 511.5),
 * dx = 2x - 1023, so that every comparison is on integers: inside radius r when dx^2 + dy^2 < (2r)^2.
 */
export function zoneOf(x: number, y: number): Zone {
  const dx = 2 * x - (GRID - 1);
  const dy = 2 * y - (GRID - 1);
  const distance2 = dx * dx + dy * dy;
  for (const [zone, radius] of RINGS) if (distance2 < 4 * radius * radius) return zone;
  return "miss";
}

type Paytable = Readonly<Record<Zone, string>>;

/** Per RTP (hundredths of a percent) and risk. The single and bullseye multipliers carry the RTP differences. */
const DARTS_TABLES: Readonly<Record<number, Readonly<Record<Risk, Paytable>>>> = {
  9900: {
    low: { bullseye: "51.65", bull: "10", treble: "3", double: "2", single: "1.21", miss: "0.3" },
    medium: { bullseye: "152.96", bull: "25", treble: "6", double: "4", single: "0.77", miss: "0" },
    high: { bullseye: "464.7", bull: "40", treble: "8", double: "4", single: "0", miss: "0" },
  },
  9800: {
    low: { bullseye: "51.09", bull: "10", treble: "3", double: "2", single: "1.19", miss: "0.3" },
    medium: { bullseye: "152.39", bull: "25", treble: "6", double: "4", single: "0.75", miss: "0" },
    high: { bullseye: "451.79", bull: "40", treble: "8", double: "4", single: "0", miss: "0" },
  },
  9700: {
    low: { bullseye: "50.52", bull: "10", treble: "3", double: "2", single: "1.17", miss: "0.3" },
    medium: { bullseye: "151.82", bull: "25", treble: "6", double: "4", single: "0.73", miss: "0" },
    high: { bullseye: "438.88", bull: "40", treble: "8", double: "4", single: "0", miss: "0" },
  },
  9600: {
    low: { bullseye: "49.95", bull: "10", treble: "3", double: "2", single: "1.15", miss: "0.3" },
    medium: { bullseye: "151.25", bull: "25", treble: "6", double: "4", single: "0.71", miss: "0" },
    high: { bullseye: "425.96", bull: "40", treble: "8", double: "4", single: "0", miss: "0" },
  },
};

/** The paytable of a declared RTP and risk, or undefined when darts is not offered at that RTP. */
export function paytableOf(rtp: Rational, risk: Risk): Readonly<Record<Zone, Rational>> | undefined {
  for (const [basisPoints, tables] of Object.entries(DARTS_TABLES)) {
    if (eq(rat(BigInt(basisPoints), 10_000n), rtp)) {
      const table = tables[risk];
      return Object.fromEntries(ZONES.map((zone) => [zone, dec(table[zone])])) as Record<Zone, Rational>;
    }
  }
  return undefined;
}

let zoneCells: Readonly<Record<Zone, number>> | undefined;

/** How many of the 2^20 grid cells fall in each zone (counted once, then kept). */
export function cellsPerZone(): Readonly<Record<Zone, number>> {
  if (!zoneCells) {
    const counts = Object.fromEntries(ZONES.map((zone) => [zone, 0])) as Record<Zone, number>;
    for (let x = 0; x < GRID; x++) for (let y = 0; y < GRID; y++) counts[zoneOf(x, y)]++;
    zoneCells = counts;
  }
  return zoneCells;
}
