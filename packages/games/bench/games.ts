/**
 * Rounds per second per registered game through the production path: seeds, node:crypto HMAC, the float
 * mapping and settlement (parse, stake, start), printed beside the HMAC floor: one HMAC-SHA256 gives 8 floats,
 * so a game that reads h hashes per round can never open more than (HMACs per second / h) rounds per second on
 * one core. Coinflip and rock paper scissors draw on the first action, not at start ("draws later").
 *
 *   npm run bench:games [-- --seconds 2]
 */
import { gamesBySlug } from "@rgs/protocol/catalog";
import { nodeHmacSha256 } from "../src/fair/node-hmac.ts";
import { FairRandom, type HmacSha256 } from "../src/fair/random.ts";
import { rtpFromBasisPoints } from "../src/math/rational.ts";
import { GAMES_BY_SLUG } from "../src/registry.ts";

const args = process.argv.slice(2);
const seconds = args.includes("--seconds") ? Number(args[args.indexOf("--seconds") + 1]) : 1;

/** A typical bet per game (every game needs one: most refuse `{}`). */
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
  blackjack: {},
  blackjack_multi: { seats: [{ bet: "1.00" }, { bet: "1.00" }, { bet: "1.00" }] },
  plinko: { rows: 16, risk: "high" },
  plinko_100: { rows: 16, risk: "high" },
  lightning_plinko: { rows: 16, risk: "high" },
  wheel: { segments: 30, risk: "medium" },
  darts: { risk: "medium" },
  cases: { difficulty: "medium" },
  pinball: { risk: "medium" },
  mines: { mines: 3 },
  mines_mania: { mines: 3 },
  towers: { difficulty: "medium" },
  hilo: {},
  coinflip: {},
  flight_deck: {},
  degen_mining: { difficulty: "medium" },
  chicken_crossing: { difficulty: "medium" },
  doctor_pump: { difficulty: "medium" },
  rock_paper_scissors: {},
  craps: { bets: [{ bet: "pass", amount: "1.00" }] },
  war: { main: "1.00" },
};

/** HMAC-SHA256 calls per second on this core, with the key and message shapes the rounds use. */
function hmacPerSecond(): number {
  const deadline = performance.now() + seconds * 1000;
  const started = performance.now();
  let calls = 0;
  while (performance.now() < deadline) {
    for (let i = 0; i < 100; i++, calls++) nodeHmacSha256("bench-server-seed", `bench:${calls}:0`);
  }
  return calls / ((performance.now() - started) / 1000);
}

function measure(slug: string, hmacs: number): string {
  const game = GAMES_BY_SLUG[slug];
  const info = gamesBySlug(slug)[0];
  if (!game || !info) return `${slug.padEnd(26)} not in the catalog`;
  const rtp = rtpFromBasisPoints(info.rtpBasisPoints);
  const parsed = game.parseParams(PARAMS[slug] ?? {}, { rtp, decimals: 2 });
  if (!parsed.ok) return `${info.code.padEnd(26)} refused its benchmark bet: ${parsed.detail}`;
  const stake = game.stakeOf(parsed.value, 100n);
  let hashes = 0;
  const counted: HmacSha256 = (key, message) => {
    hashes++;
    return nodeHmacSha256(key, message);
  };
  const deadline = performance.now() + seconds * 1000;
  let rounds = 0;
  const started = performance.now();
  while (performance.now() < deadline) {
    for (let i = 0; i < 100; i++, rounds++) {
      const random = new FairRandom(counted, {
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
  const perRound = hashes / rounds;
  if (perRound === 0) return `${row(info.code, perSecond, perRound)} ${"draws later".padStart(12)}`;
  const floor = hmacs / perRound;
  return [
    row(info.code, perSecond, perRound),
    format(floor).padStart(12),
    `${((100 * perSecond) / floor).toFixed(0)}%`.padStart(7),
  ].join(" ");
}

function row(code: string, perSecond: number, perRound: number): string {
  return [code.padEnd(26), format(perSecond).padStart(10), perRound.toFixed(2).padStart(8)].join(" ");
}

const format = (n: number): string => Math.round(n).toLocaleString("en-US");

const hmacs = hmacPerSecond();
const rows = [
  `HMAC-SHA256 floor: ${format(hmacs)} hashes/s on one core (8 floats each)`,
  "",
  `${"code".padEnd(26)} ${"rounds/s".padStart(10)} ${"HMACs/rd".padStart(8)} ${"HMAC floor".padStart(12)} ${"of it".padStart(7)}`,
  ...Object.keys(GAMES_BY_SLUG).map((slug) => measure(slug, hmacs)),
];
process.stdout.write(`${rows.join("\n")}\n`);
