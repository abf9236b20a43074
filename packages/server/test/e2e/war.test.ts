/**
 * War's wallet flows end to end against the reference wallet, on both stores: one debit of the main and side
 * bets, a debit of the main bet for each war (several in a row), exactly one closing credit, surrender with side
 * bet wins, and a war debit the wallet refuses or never confirms leaving the player at the same tie decision.
 * The cards come from real seeds, so each test plays rounds until it is dealt the tie it needs.
 */
import { expect, it } from "vitest";
import { DEBIT_RETRIES, type Environment, type Session } from "./support/environment.ts";
import type { RoundAnswer } from "./support/games.ts";
import { cents, eventually, reconcile } from "./support/reconcile.ts";
import { onEveryStore } from "./support/stores.ts";

interface WarView {
  status: string;
  raises: number;
  sideResults: Record<string, string>;
  decision: { warCost: string; warAllowed: boolean; surrenderPays: string } | null;
}

const EVERY_ATTEMPT = DEBIT_RETRIES + 1;
const viewOf = (answer: RoundAnswer) => answer.round.view as WarView;

async function bet(env: Environment, session: Session, params: Record<string, string>): Promise<RoundAnswer> {
  const answer = await env.game<RoundAnswer>(session, "POST", "/game/play", { amount: params.main, params });
  if (answer.status !== 200) throw new Error(`play: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

const act = (env: Environment, session: Session, answer: RoundAnswer, action: "war" | "surrender") =>
  env.game<RoundAnswer>(session, "POST", "/game/action", { roundId: answer.round.id, action });

async function settled(env: Environment, session: Session): Promise<void> {
  await eventually(
    "the round settled",
    async () => {
      const current = await env.game<{ round: unknown }>(session, "POST", "/game/current");
      return current.status === 200 && current.body.round === null ? true : undefined;
    },
    20_000,
  );
}

const transactionsOf = async (env: Environment, playerId: string, roundId: string) =>
  (await env.statement(playerId)).transactions.filter((t) => t.roundId === roundId);

async function currentRound(env: Environment, session: Session) {
  return (await env.game<{ round: RoundAnswer["round"] | null }>(session, "POST", "/game/current")).body
    .round;
}

onEveryStore("war against the reference wallet", {}, (env) => {
  it("goes to war at every tie: a debit of the main bet per war, several in a row, and one closing credit", async () => {
    const playerId = await env().newPlayer("2000.00");
    const session = await env().launch(playerId, "war-gamma-libra");
    const wars = new Map<string, number>();
    let most = 0;
    // Two wars in a row come once in about 180 rounds (a tie is dealt 7.4 % of the time); the bound leaves
    // a chance of about one in a million of not seeing one.
    for (let rounds = 0; rounds < 2_500 && most < 2; rounds++) {
      let answer = await bet(env(), session, { main: "1.00" });
      while (answer.round.status === "open") {
        const moved = await act(env(), session, answer, "war");
        expect(moved.status, JSON.stringify(moved.body)).toBe(200);
        answer = moved.body;
      }
      const raises = viewOf(answer).raises;
      if (raises > 0) wars.set(answer.round.id, raises);
      most = Math.max(most, raises);
      await settled(env(), session);
    }
    expect(most).toBeGreaterThanOrEqual(2);
    const { statement, rounds } = await reconcile(env(), playerId, [session]);
    for (const round of rounds) {
      const txs = statement.transactions.filter((t) => t.roundId === round.id);
      const raises = wars.get(round.id) ?? 0;
      expect(txs.filter((t) => t.kind === "debit").map((t) => t.amount)).toEqual(
        Array(1 + raises).fill("1.00"),
      );
      expect(txs.filter((t) => t.kind === "credit").map((t) => t.amount)).toEqual([round.payout]);
      expect(txs.at(-1)?.kind).toBe("credit");
    }
  }, 300_000);

  it("surrender pays half the main bet plus the side bets won, in the one credit", async () => {
    const playerId = await env().newPlayer("1000.00");
    const session = await env().launch(playerId, "war-gamma-libra");
    let surrendered: RoundAnswer | undefined;
    for (let rounds = 0; rounds < 200 && !surrendered; rounds++) {
      const answer = await bet(env(), session, { main: "1.00", tie: "0.10", coloured_tie: "0.10" });
      if (answer.round.status === "open") {
        const moved = await act(env(), session, answer, "surrender");
        expect(moved.status).toBe(200);
        surrendered = moved.body;
      }
      await settled(env(), session);
    }
    if (!surrendered) throw new Error("no tie dealt");
    const sides = viewOf(surrendered).sideResults;
    expect(BigInt(sides.tie ?? "0")).toBe(110n);
    const expected = 50n + BigInt(sides.tie ?? "0") + BigInt(sides.coloured_tie ?? "0");
    expect(cents(surrendered.round.payout)).toBe(expected);
    const txs = await transactionsOf(env(), playerId, surrendered.round.id);
    expect(txs.map((t) => [t.kind, cents(t.amount)])).toEqual([
      ["debit", 120n],
      ["credit", expected],
    ]);
    await reconcile(env(), playerId, [session]);
  });

  it("a war the wallet refuses leaves the player at the same tie decision", async () => {
    let refused = false;
    for (let attempt = 0; attempt < 200 && !refused; attempt++) {
      const playerId = await env().newPlayer("1.00");
      const session = await env().launch(playerId, "war-gamma-libra");
      const opened = await bet(env(), session, { main: "1.00" });
      if (opened.round.status === "open") {
        const war = await act(env(), session, opened, "war");
        expect(war).toMatchObject({ status: 402, body: { code: "not_enough_money" } });
        expect((await currentRound(env(), session))?.view).toEqual(opened.round.view);
        const surrendered = await act(env(), session, opened, "surrender");
        expect(surrendered.status).toBe(200);
        const { rounds, statement } = await reconcile(env(), playerId, [session]);
        expect(rounds).toMatchObject([{ stake: "1.00", payout: "0.50" }]);
        expect(statement.transactions.map((t) => [t.kind, t.amount])).toEqual([
          ["debit", "1.00"],
          ["credit", "0.50"],
        ]);
        refused = true;
      }
    }
    expect(refused).toBe(true);
  });

  it("a war debit never confirmed is rolled back; the player is still at the tie and may war again", async () => {
    const playerId = await env().newPlayer("1000.00");
    const session = await env().launch(playerId, "war-gamma-libra");
    let tried = false;
    for (let rounds = 0; rounds < 200 && !tried; rounds++) {
      let answer = await bet(env(), session, { main: "1.00" });
      if (answer.round.status === "open") {
        await env().fault({ callback: "debit", mode: "error_after", count: EVERY_ATTEMPT });
        const war = await act(env(), session, answer, "war");
        expect(war).toMatchObject({ status: 503, body: { code: "wallet_unavailable" } });
        await env().clearFaults();
        const current = await currentRound(env(), session);
        expect(current).toMatchObject({ id: answer.round.id, status: "open", view: answer.round.view });
        // The same decision again: this time the war goes through.
        const again = await act(env(), session, answer, "war");
        expect(again.status, JSON.stringify(again.body)).toBe(200);
        answer = again.body;
        while (answer.round.status === "open") answer = (await act(env(), session, answer, "surrender")).body;
        const txs = await eventually(
          "the round's credit delivered",
          async () => {
            const all = await transactionsOf(env(), playerId, answer.round.id);
            return all.some((t) => t.kind === "credit") ? all : undefined;
          },
          20_000,
        );
        const debits = txs.filter((t) => t.kind === "debit");
        expect(debits.map((t) => t.amount)).toEqual(["1.00", "1.00", "1.00"]);
        expect(debits[1]?.reversedBy).not.toBeNull();
        expect(txs.filter((t) => t.kind === "rollback")).toHaveLength(1);
        expect(txs.filter((t) => t.kind === "credit")).toHaveLength(1);
        expect(txs.at(-1)?.kind).toBe("credit");
        tried = true;
      }
      await settled(env(), session);
    }
    expect(tried).toBe(true);
    await reconcile(env(), playerId, [session]);
  });
});
