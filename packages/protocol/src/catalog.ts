/**
 * The game catalog of SPEC.md: every game code an operator can launch, with the RTP it declares.
 * A code is `<slug>-<suffix>`; the RTP of each code is listed here, never derived from its suffix
 * (`gamma-leo` is 96.5%, `alpha-gemini` 98.65%).
 */

/** "instant": one bet, one outcome. "cash-out": the player advances step by step and may cash out. "table": rounds with several decisions and extra stakes. */
export type GameCategory = "instant" | "cash-out" | "table";

export interface GameInfo {
  /** The full code sent in `gameCode`, e.g. "roulette-alpha-gemini". */
  code: string;
  slug: string;
  /** The part of the code after the slug, e.g. "alpha-gemini". */
  suffix: string;
  name: string;
  /** Declared RTP in percent, written as in the spec ("99", "99.46", "96.5"). */
  rtp: string;
  /** Declared RTP in hundredths of a percent (9946 for 99.46%). */
  rtpBasisPoints: number;
  category: GameCategory;
}

interface SlugInfo {
  name: string;
  category: GameCategory;
}

const SLUGS = {
  dice: { name: "Dice", category: "instant" },
  limbo: { name: "Limbo", category: "instant" },
  plinko: { name: "Plinko", category: "instant" },
  keno: { name: "Keno", category: "instant" },
  mines: { name: "Mines", category: "cash-out" },
  wheel: { name: "Wheel", category: "instant" },
  hilo: { name: "HiLo", category: "cash-out" },
  towers: { name: "Towers", category: "cash-out" },
  cases: { name: "Cases", category: "instant" },
  coinflip: { name: "Coinflip", category: "cash-out" },
  plinko_100: { name: "Plinko 100", category: "instant" },
  darts: { name: "Darts", category: "instant" },
  rock_paper_scissors: { name: "Rock Paper Scissors", category: "cash-out" },
  baccarat: { name: "Baccarat", category: "instant" },
  lightning_plinko: { name: "Lightning Plinko", category: "instant" },
  lightning_keno: { name: "Lightning Keno", category: "instant" },
  blackjack: { name: "Blackjack", category: "table" },
  blackjack_multi: { name: "Blackjack (Multi Seat)", category: "table" },
  doctor_pump: { name: "Doctor Pump", category: "cash-out" },
  roulette: { name: "Roulette", category: "instant" },
  pinball: { name: "Pinball", category: "instant" },
  craps: { name: "Craps", category: "table" },
  war: { name: "War", category: "table" },
  degen_mining: { name: "Degen Mining", category: "cash-out" },
  chicken_crossing: { name: "Chicken Crossing", category: "cash-out" },
  mines_mania: { name: "Mines Mania", category: "cash-out" },
  flight_deck: { name: "Flight Deck", category: "cash-out" },
} as const satisfies Record<string, SlugInfo>;

type Slug = keyof typeof SLUGS;

/** Standard games: each slug is offered with all four suffixes. */
const STANDARD_SLUGS: readonly Slug[] = [
  "dice",
  "limbo",
  "plinko",
  "keno",
  "mines",
  "wheel",
  "hilo",
  "towers",
  "cases",
  "coinflip",
  "plinko_100",
  "darts",
  "rock_paper_scissors",
];

const STANDARD_SUFFIXES: readonly (readonly [suffix: string, rtp: string])[] = [
  ["alpha", "99"],
  ["beta", "98"],
  ["gamma", "97"],
  ["delta", "96"],
];

/** The spec's "Other games" table, one row per exact code. */
const EXACT_CODES: readonly (readonly [slug: Slug, suffix: string, rtp: string])[] = [
  ["baccarat", "alpha", "99"],
  ["lightning_plinko", "gamma", "97"],
  ["lightning_keno", "delta", "96"],
  ["blackjack", "leo", "99.46"],
  ["blackjack_multi", "leo", "99.46"],
  ["doctor_pump", "gamma", "97"],
  ["roulette", "alpha-gemini", "98.65"],
  ["pinball", "gamma-leo", "96.5"],
  ["craps", "alpha-cancer", "98.6"],
  ["war", "gamma-libra", "96.27"],
  ["degen_mining", "alpha", "99"],
  ["degen_mining", "beta", "98"],
  ["degen_mining", "gamma", "97"],
  ["degen_mining", "gamma-leo", "96.5"],
  ["chicken_crossing", "alpha", "99"],
  ["chicken_crossing", "beta", "98"],
  ["chicken_crossing", "gamma", "97"],
  ["chicken_crossing", "gamma-leo", "96.5"],
  ["mines_mania", "gamma", "97"],
  ["mines_mania", "delta", "96"],
  ["flight_deck", "gamma", "97"],
];

/** "96.5" -> 9650: a percent with at most two decimals, as hundredths of a percent. */
function basisPoints(rtp: string): number {
  const [whole = "", fraction = ""] = rtp.split(".");
  if (!/^[0-9]{2}$/.test(whole) || !/^[0-9]{0,2}$/.test(fraction)) throw new Error(`invalid RTP ${rtp}`);
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

function game(slug: Slug, suffix: string, rtp: string): GameInfo {
  const { name, category } = SLUGS[slug];
  return Object.freeze({
    code: `${slug}-${suffix}`,
    slug,
    suffix,
    name,
    rtp,
    rtpBasisPoints: basisPoints(rtp),
    category,
  });
}

export const GAMES: readonly GameInfo[] = Object.freeze([
  ...STANDARD_SLUGS.flatMap((slug) => STANDARD_SUFFIXES.map(([suffix, rtp]) => game(slug, suffix, rtp))),
  ...EXACT_CODES.map(([slug, suffix, rtp]) => game(slug, suffix, rtp)),
]);

/** Every game slug, in the order of the catalog. */
export const GAME_SLUGS: readonly string[] = Object.freeze(Object.keys(SLUGS));

const BY_CODE: ReadonlyMap<string, GameInfo> = new Map(GAMES.map((info) => [info.code, info]));

/** The game of an exact code; codes are case-sensitive ("Dice-Alpha" is unknown). */
export function findGame(code: string): GameInfo | undefined {
  return BY_CODE.get(code);
}

/** Every code of one game, in catalog order (empty for an unknown slug). */
export function gamesBySlug(slug: string): readonly GameInfo[] {
  return GAMES.filter((info) => info.slug === slug);
}
