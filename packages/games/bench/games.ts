/**
 * Rounds per second per registered game through the production path: seeds, node:crypto HMAC, the float
 * mapping and settlement (parse, stake, start).
 *
 *   npm run bench:games [-- --seconds 2]
 */
import { gamesBySlug } from "@rgs/protocol/catalog";
import { nodeHmacSha256 } from "../src/fair/node-hmac.ts";
import { FairRandom } from "../src/fair/random.ts";
import { rtpFromBasisPoints } from "../src/math/rational.ts";
import { GAMES_BY_SLUG } from "../src/registry.ts";

const args = process.argv.slice(2);
const seconds = args.includes("--seconds") ? Number(args[args.indexOf("--seconds") + 1]) : 1;

/** A typical bet per game; games without one here are benchmarked with `{}` and reported if they refuse it. */
const PARAMS: Record<string, unknown> = {
  dice: { condition: "over", target: "50.50" },
  limbo: { target: "2.00" },
  keno: { picks: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], risk: "classic" },
  lightning_keno: { picks: [1, 2, 3, 4, 5, 6, 7, 8, 9, 10], risk: "classic" },
  roulette: {
    bets: [
      { kind: "red", amount: "1.00" },
      { kind: "straight", numbers: [17], amount: "1.00" },
    ],
  },
  baccarat: { bets: { banker: "1.00", tie: "0.10" } },
  plinko: { rows: 16, risk: "high" },
  plinko_100: { rows: 16, risk: "high" },
  lightning_plinko: { rows: 16, risk: "high" },
  wheel: { segments: 30, risk: "medium" },
  darts: { risk: "medium" },
  cases: { difficulty: "medium" },
  pinball: { risk: "medium" },
};

const rows: string[] = [];
for (const [slug, game] of Object.entries(GAMES_BY_SLUG)) {
  const info = gamesBySlug(slug)[0];
  if (!info) continue;
  const rtp = rtpFromBasisPoints(info.rtpBasisPoints);
  const ctx = { rtp, decimals: 2 };
  const parsed = game.parseParams(PARAMS[slug] ?? {}, ctx);
  if (!parsed.ok) {
    rows.push(`${info.code.padEnd(24)} skipped: ${parsed.detail}`);
    continue;
  }
  const stake = game.stakeOf(parsed.value, 100n);
  const deadline = performance.now() + seconds * 1000;
  let rounds = 0;
  const started = performance.now();
  while (performance.now() < deadline) {
    for (let i = 0; i < 100; i++, rounds++) {
      const random = new FairRandom(nodeHmacSha256, {
        serverSeed: "bench-server-seed",
        clientSeed: "bench",
        nonce: rounds,
      });
      game.start(
        { stake, params: parsed.value, rtp, maxWin: 10n ** 30n },
        { random: random.reader(), now: 0 },
      );
    }
  }
  const perSecond = rounds / ((performance.now() - started) / 1000);
  rows.push(`${info.code.padEnd(24)} ${Math.round(perSecond).toLocaleString("en-US").padStart(10)} rounds/s`);
}
process.stdout.write(`${rows.join("\n")}\n`);
