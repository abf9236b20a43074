import { CASH_OUT_SCRIPTS, SINGLE_ROUND_PARAMS, slugOf } from "../../e2e/support/games.ts";
import type { Harness } from "../support.ts";
import { gameRequest, ok, type RoundResult } from "./game-support.ts";

/** Plays one round of the game to its close: the bet, then the game's script, cashing out when allowed. */
export async function playToClose(h: Harness, token: string, code: string): Promise<RoundResult> {
  const slug = slugOf(code);
  const script = CASH_OUT_SCRIPTS[slug];
  const params = SINGLE_ROUND_PARAMS[slug] ?? script?.params;
  let last = ok<RoundResult>(await gameRequest(h, token, "POST", "/game/play", { amount: "1.00", params }));
  for (let moves = 0; moves < 40 && last.round.status !== "closed"; moves++) {
    const roundId = last.round.id;
    if (moves > 0 || script?.step === undefined) {
      const cashed = await gameRequest(h, token, "POST", "/game/action", { roundId, action: "cash_out" });
      if (cashed.statusCode === 200) {
        last = cashed.json() as RoundResult;
        continue;
      }
    }
    if (script?.step === undefined) throw new Error(`${code}: cash-out refused and no other move`);
    const move = typeof script.step === "function" ? script.step(last.round.view) : script.step;
    last = ok<RoundResult>(await gameRequest(h, token, "POST", "/game/action", { roundId, ...move }));
  }
  if (last.round.status !== "closed") throw new Error(`${code}: the round did not close`);
  return last;
}
