/**
 * Writes docs/fairness-vectors.json: for each game, seeds + nonce -> the first floats -> the outcome, as
 * published in docs/fairness.md. A test replays every vector through the production path.
 *
 *   npx tsx packages/games/scripts/fairness-vectors.ts
 */
import { writeFileSync } from "node:fs";
import { nodeHmacSha256 } from "../src/fair/node-hmac.ts";
import { FairRandom } from "../src/fair/random.ts";
import { vectorCases, vectorOutcome } from "../test/fairness-vector-cases.ts";

const vectors = vectorCases.map((c) => {
  const random = new FairRandom(nodeHmacSha256, c.seeds);
  return {
    ...c,
    floats: Array.from({ length: c.floatsShown }, (_, i) => random.float(i)),
    outcome: vectorOutcome(c),
  };
});
const path = new URL("../../../docs/fairness-vectors.json", import.meta.url);
writeFileSync(path, `${JSON.stringify(vectors, null, 2)}\n`);
process.stdout.write(`wrote ${vectors.length} vectors to ${path.pathname}\n`);
