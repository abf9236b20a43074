/**
 * Values every rule set of the blackjack search exactly and prints those whose optimal-play return rounds to the
 * declared 99.46% ([99.455%, 99.465%)), for each hand limit (3: blackjack-leo, 4: blackjack_multi-leo).
 * `--all` prints every rule set.
 */
import { percent } from "../src/analysis/report.ts";
import { describeRules, exactReturn, inTargetWindow, ruleGrid } from "../src/games/blackjack/search.ts";

const all = process.argv.includes("--all");
for (const maxHands of [3, 4]) {
  let searched = 0;
  let hits = 0;
  for (const rules of ruleGrid(maxHands)) {
    searched++;
    const rtp = exactReturn(rules);
    const hit = inTargetWindow(rtp);
    if (hit) hits++;
    if (hit || all)
      process.stdout.write(`${percent(rtp, 5)}%  ${describeRules(rules)}${hit ? "  <- in window" : ""}\n`);
  }
  process.stdout.write(`${maxHands} hands: ${hits} of ${searched} rule sets in [99.455%, 99.465%)\n\n`);
}
