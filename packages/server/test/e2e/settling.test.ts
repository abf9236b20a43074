/**
 * A player who bets again the moment each answer arrives should almost never be told that the previous
 * bet is still being settled: the debit's quick resends, the inline credit and its quick resends, and the
 * rollback sent at once leave a round settling only when several calls in a row fail. With every wallet
 * call failing independently one time in five (half of the failures after the wallet applied the call,
 * answering 500 or never answering), fewer than 5 % of bets are refused so, and every round reconciles.
 */
import { expect, it } from "vitest";
import type { Session } from "./support/environment.ts";
import { play } from "./support/games.ts";
import { reconcile } from "./support/reconcile.ts";
import { onEveryStore } from "./support/stores.ts";

const PLAYERS = 3;
const BETS_EACH = 40;
/**
 * Long enough that only the injected faults time out: on a busy machine the wallet's own healthy answers
 * would otherwise count as failures too, and the measure would be of the machine.
 */
const TIMEOUT_MS = 1_500;

onEveryStore(
  "betting again at once while the wallet fails one call in five",
  { rgsEnv: { CALLBACK_TIMEOUT_MS: String(TIMEOUT_MS) } },
  (env) => {
    it("refuses fewer than 5 % of bets for a round still settling, and reconciles every round", async () => {
      const players: { id: string; session: Session }[] = [];
      for (let index = 0; index < PLAYERS; index++) {
        const id = await env().newPlayer("500.00");
        players.push({ id, session: await env().launch(id, "dice-alpha") });
      }
      await env().randomFaults({
        share: 0.2,
        callbacks: ["debit", "credit", "rollback"],
        modes: ["error_before", "error_after", "slow", "hang_after"],
        delayMs: TIMEOUT_MS + 200,
      });
      const answers = new Map<string, number>();
      await Promise.all(
        players.map(async ({ session }) => {
          for (let bet = 0; bet < BETS_EACH; bet++) {
            const answer = await play(env(), session);
            const code = answer.status === 200 ? "played" : String((answer.body as { code?: string }).code);
            answers.set(code, (answers.get(code) ?? 0) + 1);
          }
        }),
      );
      await env().clearFaults();
      const refused = answers.get("active_round_exists") ?? 0;
      const tally = JSON.stringify(Object.fromEntries(answers));
      expect(refused / (PLAYERS * BETS_EACH), tally).toBeLessThan(0.05);
      expect(answers.get("played") ?? 0, tally).toBeGreaterThan(PLAYERS * BETS_EACH * 0.8);
      for (const { id, session } of players) await reconcile(env(), id, [session], { timeoutMs: 60_000 });
    }, 240_000);
  },
);
