/**
 * Craps's wallet flows end to end against the reference wallet, on both stores: the opening debit, bets added
 * between rolls as one debit sent with the roll, a bet taken down as a credit that leaves the round open, each
 * paying roll as one credit, a seven-out closing the round with a credit of 0, taking down the last chip closing
 * it, and the abandon rule. The dice come from real seeds, so the flow test plays rounds until it has seen each.
 */
import { expect, it } from "vitest";
import type { Environment, Session } from "./support/environment.ts";
import type { RoundAnswer } from "./support/games.ts";
import { cents, eventually, reconcile } from "./support/reconcile.ts";
import { onEveryStore } from "./support/stores.ts";

interface CrapsView {
  point: number | null;
  bets: { kind: string; number: number | null; amount: string; removable: boolean }[];
  rolls: { dice: [number, number]; paid: string }[];
}

const viewOf = (answer: RoundAnswer) => answer.round.view as CrapsView;

async function open(env: Environment, session: Session, bets: unknown[]): Promise<RoundAnswer> {
  const answer = await env.game<RoundAnswer>(session, "POST", "/game/play", {
    amount: "1.00",
    params: { bets },
  });
  if (answer.status !== 200) throw new Error(`play: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

async function act(
  env: Environment,
  session: Session,
  answer: RoundAnswer,
  action: string,
  params?: unknown,
) {
  const moved = await env.game<RoundAnswer>(session, "POST", "/game/action", {
    roundId: answer.round.id,
    action,
    ...(params !== undefined && { params }),
  });
  if (moved.status !== 200) throw new Error(`${action}: ${moved.status} ${JSON.stringify(moved.body)}`);
  return moved.body;
}

const transactionsOf = async (env: Environment, playerId: string, roundId: string) =>
  (await env.statement(playerId)).transactions.filter((t) => t.roundId === roundId);

/** The wallet has every credit of the round so far, and sees the round open or closed. */
async function walletRound(env: Environment, playerId: string, roundId: string, credits: number) {
  return eventually(
    `${credits} credits of the round delivered`,
    async () => {
      const statement = await env.statement(playerId);
      const delivered = statement.transactions.filter((t) => t.roundId === roundId && t.kind === "credit");
      return delivered.length >= credits ? statement.rounds.find((r) => r.id === roundId) : undefined;
    },
    20_000,
  );
}

/** The player has no unfinished round of this game (its credits all delivered). */
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

onEveryStore("craps against the reference wallet", { rgsEnv: { SWEEPER_IDLE_SECONDS: "8" } }, (env) => {
  it("added bets are one debit with the roll; a take-down and each paying roll are credits; a seven-out closes with 0", async () => {
    const playerId = await env().newPlayer("1000.00");
    const session = await env().launch(playerId, "craps-alpha-cancer");
    const seen = { paidMidRound: false, sevenOut: false };
    for (let rounds = 0; rounds < 60 && !(seen.paidMidRound && seen.sevenOut); rounds++) {
      await settled(env(), session);
      let answer = await open(env(), session, [{ bet: "pass", amount: "1.00" }]);
      if (answer.round.status !== "open") continue;
      const point = viewOf(answer).point as number;
      const place = point === 6 ? 8 : 6;
      answer = await act(env(), session, answer, "roll", {
        bets: [
          { bet: "place", number: place, amount: "1.20" },
          { bet: "field", amount: "1.00" },
        ],
      });
      const expectedDebits = ["1.00", "2.20"];
      const credits: bigint[] = [];
      /** A roll that pays is one credit; the roll that empties the table closes with a credit, 0 if it pays nothing. */
      const record = (rolled: RoundAnswer) => {
        const last = viewOf(rolled).rolls.at(-1);
        const paid = BigInt(last?.paid ?? "0");
        const closed = rolled.round.status !== "open";
        if (paid > 0n) credits.push(paid);
        else if (closed) credits.push(0n);
        if (paid > 0n && !closed) seen.paidMidRound = true;
        if (paid === 0n && closed && last && last.dice[0] + last.dice[1] === 7) seen.sevenOut = true;
      };
      record(answer);
      if (answer.round.status === "open" && viewOf(answer).bets.some((b) => b.kind === "place")) {
        const before = credits.length;
        // The place bet is the last chip when the roll decided the pass line (its point came).
        const last = viewOf(answer).bets.length === 1;
        answer = await act(env(), session, answer, "remove", { bets: [{ bet: "place", number: place }] });
        credits.push(120n);
        // The take-down's credit leaves the round open at the wallet too, unless it took the last chip.
        expect(await walletRound(env(), playerId, answer.round.id, before + 1)).toMatchObject({
          closed: last,
        });
        expect(answer.round.status === "open").toBe(!last);
      }
      while (answer.round.status === "open") {
        answer = await act(env(), session, answer, "roll");
        record(answer);
      }
      const txs = await eventually(
        "the closing credit delivered",
        async () => {
          const all = await transactionsOf(env(), playerId, answer.round.id);
          return all.filter((t) => t.kind === "credit").length === credits.length ? all : undefined;
        },
        20_000,
      );
      expect(txs.filter((t) => t.kind === "debit").map((t) => t.amount)).toEqual(expectedDebits);
      expect(txs.filter((t) => t.kind === "credit").map((t) => cents(t.amount))).toEqual(credits);
      expect(txs.filter((t) => t.kind === "rollback")).toEqual([]);
      expect(txs.at(-1)?.kind).toBe("credit");
    }
    expect(seen).toEqual({ paidMidRound: true, sevenOut: true });
    await reconcile(env(), playerId, [session]);
  });

  it("taking down the last chip closes the round with its refund", async () => {
    const playerId = await env().newPlayer("100.00");
    const session = await env().launch(playerId, "craps-alpha-cancer");
    // Place bets are off on the come-out roll, so the first roll leaves the chip on the table.
    const opened = await open(env(), session, [{ bet: "place", number: 6, amount: "1.20" }]);
    expect(opened.round.status).toBe("open");
    const removed = await act(env(), session, opened, "remove", { bets: [{ bet: "place", number: 6 }] });
    expect(removed.round.status).not.toBe("open");
    expect(await walletRound(env(), playerId, opened.round.id, 1)).toMatchObject({ closed: true });
    const txs = await transactionsOf(env(), playerId, opened.round.id);
    expect(txs.map((t) => [t.kind, t.amount])).toEqual([
      ["debit", "1.20"],
      ["credit", "1.20"],
    ]);
    await reconcile(env(), playerId, [session]);
  });

  it("abandon: bets that can be taken down come back with no debit, and the round closes", async () => {
    const playerId = await env().newPlayer("100.00");
    const session = await env().launch(playerId, "craps-alpha-cancer");
    const opened = await open(env(), session, [{ bet: "hard", number: 8, amount: "1.00" }]);
    expect(opened.round.status).toBe("open");
    const { rounds, statement } = await reconcile(env(), playerId, [session], { timeoutMs: 45_000 });
    expect(rounds.find((round) => round.id === opened.round.id)).toMatchObject({
      status: "closed",
      note: "abandoned",
      stake: "1.00",
      payout: "1.00",
    });
    const txs = statement.transactions.filter((t) => t.roundId === opened.round.id);
    expect(txs.map((t) => [t.kind, t.amount])).toEqual([
      ["debit", "1.00"],
      ["credit", "1.00"],
    ]);
  });
});
