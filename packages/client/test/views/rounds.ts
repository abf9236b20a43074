/** Real rounds of the games package, played from fixed seeds, for checking what the views draw against them. */
import { browserHmacSha256 } from "@rgs/games/fair/noble-hmac";
import { FairRandom } from "@rgs/games/fair/random";
import { rtpFromBasisPoints } from "@rgs/games/math/rational";
import { GAMES_BY_SLUG } from "@rgs/games/registry";
import { findGame } from "@rgs/protocol/catalog";

export function parse(code: string, params: unknown, decimals = 2) {
  const info = findGame(code);
  const game = info && GAMES_BY_SLUG[info.slug];
  if (!info || !game) throw new Error(`no game for ${code}`);
  const rtp = rtpFromBasisPoints(info.rtpBasisPoints);
  return { game, rtp, parsed: game.parseParams(params, { rtp, decimals }) };
}

/** The `view` of a round of `code` with these params, stake 100 minor units, nonce `nonce`. */
export function playView<V>(code: string, params: unknown, nonce: number): V {
  const { game, rtp, parsed } = parse(code, params);
  if (!parsed.ok) throw new Error(`${code} refused ${JSON.stringify(params)}: ${parsed.detail}`);
  const random = new FairRandom(browserHmacSha256, {
    serverSeed: "views-test-seed",
    clientSeed: "views",
    nonce,
  });
  const stake = game.stakeOf(parsed.value, 100n);
  return game.start(
    { stake, params: parsed.value, rtp, maxWin: 10n ** 15n },
    { random: random.reader(), now: 0 },
  ).view as V;
}
