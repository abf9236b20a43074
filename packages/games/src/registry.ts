/**
 * Every game this package implements, by slug, with its exact RTP analysis; and the lookup from a
 * catalog game code to the game and its declared RTP.
 */
import { findGame, type GameInfo } from "@rgs/protocol/catalog";
import type { ConfigurationReport } from "./analysis/report.ts";
import * as baccarat from "./games/baccarat/index.ts";
import * as blackjack from "./games/blackjack/index.ts";
import * as blackjackMulti from "./games/blackjack_multi/index.ts";
import * as cases from "./games/cases/index.ts";
import * as chickenCrossing from "./games/chicken_crossing/index.ts";
import * as coinflip from "./games/coinflip/index.ts";
import * as craps from "./games/craps/index.ts";
import * as darts from "./games/darts/index.ts";
import * as degenMining from "./games/degen_mining/index.ts";
import * as dice from "./games/dice/index.ts";
import * as doctorPump from "./games/doctor_pump/index.ts";
import * as flightDeck from "./games/flight_deck/index.ts";
import * as hilo from "./games/hilo/index.ts";
import * as keno from "./games/keno/index.ts";
import * as lightningKeno from "./games/lightning_keno/index.ts";
import * as lightningPlinko from "./games/lightning_plinko/index.ts";
import * as limbo from "./games/limbo/index.ts";
import * as mines from "./games/mines/index.ts";
import * as minesMania from "./games/mines_mania/index.ts";
import * as pinball from "./games/pinball/index.ts";
import * as plinko from "./games/plinko/index.ts";
import * as plinko100 from "./games/plinko_100/index.ts";
import * as rockPaperScissors from "./games/rock_paper_scissors/index.ts";
import * as roulette from "./games/roulette/index.ts";
import * as towers from "./games/towers/index.ts";
import * as war from "./games/war/index.ts";
import * as wheel from "./games/wheel/index.ts";
import { type Rational, rtpFromBasisPoints } from "./math/rational.ts";
import type { GameDefinition } from "./model.ts";

// biome-ignore lint/suspicious/noExplicitAny: a registry holds games of every parameter and state type
type AnyGame = GameDefinition<any, any, any, any>;

export const GAMES_BY_SLUG: Record<string, AnyGame> = {
  dice: dice.diceGame,
  limbo: limbo.limboGame,
  keno: keno.kenoGame,
  lightning_keno: lightningKeno.lightningKenoGame,
  roulette: roulette.rouletteGame,
  baccarat: baccarat.baccaratGame,
  blackjack: blackjack.blackjackGame,
  blackjack_multi: blackjackMulti.blackjackMultiGame,
  plinko: plinko.plinkoGame,
  plinko_100: plinko100.plinko100Game,
  lightning_plinko: lightningPlinko.lightningPlinkoGame,
  wheel: wheel.wheelGame,
  darts: darts.dartsGame,
  cases: cases.casesGame,
  pinball: pinball.pinballGame,
  mines: mines.minesGame,
  mines_mania: minesMania.minesManiaGame,
  towers: towers.towersGame,
  hilo: hilo.hiloGame,
  coinflip: coinflip.coinflipGame,
  flight_deck: flightDeck.flightDeckGame,
  degen_mining: degenMining.degenMiningGame,
  chicken_crossing: chickenCrossing.chickenCrossingGame,
  doctor_pump: doctorPump.doctorPumpGame,
  rock_paper_scissors: rockPaperScissors.rockPaperScissorsGame,
  craps: craps.crapsGame,
  war: war.warGame,
};

/** Exact reports of every configuration of a game, for a declared RTP (cash-out games: under any strategy). */
export const ANALYSES: Record<string, (rtp: Rational) => ConfigurationReport[]> = {
  dice: dice.analyze,
  limbo: limbo.analyze,
  keno: keno.analyze,
  lightning_keno: lightningKeno.analyze,
  roulette: roulette.analyze,
  baccarat: baccarat.analyze,
  blackjack: blackjack.analyze,
  blackjack_multi: blackjackMulti.analyze,
  plinko: plinko.analyze,
  plinko_100: plinko100.analyze,
  lightning_plinko: lightningPlinko.analyze,
  wheel: wheel.analyze,
  darts: darts.analyze,
  cases: cases.analyze,
  pinball: pinball.analyze,
  mines: mines.analyze,
  mines_mania: minesMania.analyze,
  towers: towers.analyze,
  hilo: hilo.analyze,
  coinflip: coinflip.analyze,
  flight_deck: flightDeck.analyze,
  degen_mining: degenMining.analyze,
  chicken_crossing: chickenCrossing.analyze,
  doctor_pump: doctorPump.analyze,
  rock_paper_scissors: rockPaperScissors.analyze,
  craps: craps.analyze,
  war: war.analyze,
};

export interface ResolvedGame {
  info: GameInfo;
  game: AnyGame;
  /** The declared RTP of the code, exact. */
  rtp: Rational;
}

/** The game behind a catalog code ("dice-alpha"), or undefined if the code is unknown or its game is not here. */
export function gameForCode(code: string): ResolvedGame | undefined {
  const info = findGame(code);
  const game = info && GAMES_BY_SLUG[info.slug];
  if (!info || !game) return undefined;
  return { info, game, rtp: rtpFromBasisPoints(info.rtpBasisPoints) };
}
