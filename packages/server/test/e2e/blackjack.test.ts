/**
 * Blackjack's wallet flows end to end against the reference wallet, on both stores: the extra debits of doubles,
 * splits and insurance, the multi-seat game's deal credit and closing credit, a refused double, an unconfirmed
 * split rolled back with the round going on, an action held back while the deal credit is undelivered, and the
 * abandon rule. Cards come from real seeds, so each test plays rounds until the situation it needs is dealt.
 */
import { expect, it } from "vitest";
import { DEBIT_RETRIES, type Environment, type Session } from "./support/environment.ts";
import type { RoundAnswer } from "./support/games.ts";
import { cents, eventually, reconcile } from "./support/reconcile.ts";
import { onEveryStore } from "./support/stores.ts";

interface HandView {
  cards: unknown[];
}
interface TableView {
  phase: "insurance" | "playing" | "settled";
  actions: string[];
  dealPaid: string;
  seats: { hands: HandView[] }[];
}

const MULTI_SEATS = Array.from({ length: 5 }, () => ({
  bet: "1.00",
  perfectPairs: "0.10",
  threeCardPoker: "0.10",
}));
const EVERY_ATTEMPT = DEBIT_RETRIES + 1;

const viewOf = (answer: RoundAnswer) => answer.round.view as TableView;

async function bet(
  env: Environment,
  session: Session,
  amount: string,
  params: unknown,
): Promise<RoundAnswer> {
  const answer = await env.game<RoundAnswer>(session, "POST", "/game/play", { amount, params });
  if (answer.status !== 200) throw new Error(`play: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

function act(env: Environment, session: Session, answer: RoundAnswer, action: string) {
  return env.game<RoundAnswer>(session, "POST", "/game/action", { roundId: answer.round.id, action });
}

/** Stands on every hand and declines insurance until the round is over. */
async function standOut(env: Environment, session: Session, answer: RoundAnswer): Promise<RoundAnswer> {
  let last = answer;
  for (let moves = 0; last.round.status === "open"; moves++) {
    if (moves > 40) throw new Error("the round does not end");
    const view = viewOf(last);
    const moved = await act(
      env,
      session,
      last,
      view.actions.includes("decline_insurance") ? "decline_insurance" : "stand",
    );
    if (moved.status !== 200) throw new Error(`action: ${moved.status} ${JSON.stringify(moved.body)}`);
    last = moved.body;
  }
  return last;
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

const transactionsOf = async (env: Environment, playerId: string, roundId: string) =>
  (await env.statement(playerId)).transactions.filter((t) => t.roundId === roundId);

onEveryStore("blackjack against the reference wallet", { rgsEnv: { SWEEPER_IDLE_SECONDS: "8" } }, (env) => {
  it("blackjack-leo: each double, split (to the limit of 3 hands) and insurance is one more debit; one credit closes", async () => {
    const playerId = await env().newPlayer("1000.00");
    const session = await env().launch(playerId, "blackjack-leo");
    const seen = { double: 0, split: 0, insurance: 0 };
    const debits = new Map<string, bigint[]>();
    let mostHands = 0;
    for (let rounds = 0; rounds < 400 && !(seen.double && seen.insurance && mostHands === 3); rounds++) {
      let answer = await bet(env(), session, "1.00", {});
      const expected = [100n];
      while (answer.round.status === "open") {
        const { actions } = viewOf(answer);
        const action = actions.includes("insurance")
          ? seen.insurance
            ? "decline_insurance"
            : "insurance"
          : (["split", "double"].find((a) => actions.includes(a)) ?? "stand");
        const moved = await act(env(), session, answer, action);
        expect(moved.status, JSON.stringify(moved.body)).toBe(200);
        if (action === "insurance" || action === "split" || action === "double") {
          seen[action]++;
          expected.push(action === "insurance" ? 50n : 100n);
        }
        answer = moved.body;
      }
      mostHands = Math.max(mostHands, viewOf(answer).seats[0]?.hands.length ?? 0);
      debits.set(answer.round.id, expected);
    }
    expect(seen.double).toBeGreaterThan(0);
    expect(seen.split).toBeGreaterThan(0);
    expect(seen.insurance).toBeGreaterThan(0);
    // Splitting whenever allowed reached the limit: 2 splits, 3 hands, and never more.
    expect(mostHands).toBe(3);
    const { statement } = await reconcile(env(), playerId, [session]);
    for (const [roundId, amounts] of debits) {
      const round = statement.transactions.filter((t) => t.roundId === roundId);
      expect(round.filter((t) => t.kind === "debit").map((t) => cents(t.amount))).toEqual(amounts);
      expect(round.filter((t) => t.kind === "rollback")).toEqual([]);
      expect(round.filter((t) => t.kind === "credit")).toHaveLength(1);
      expect(round.at(-1)?.kind).toBe("credit");
    }
  }, 180_000);

  it("blackjack_multi-leo: one debit for every seat, a deal credit of the wins decided at the deal, then the rest", async () => {
    const playerId = await env().newPlayer("1000.00");
    const session = await env().launch(playerId, "blackjack_multi-leo");
    const dealt = new Map<string, bigint>();
    let withDealCredit = 0;
    let nothingLeft = 0;
    for (let rounds = 0; rounds < 400 && !(withDealCredit > 0 && nothingLeft > 0); rounds++) {
      const opened = await bet(env(), session, "6.00", { seats: MULTI_SEATS });
      const paidAtDeal = BigInt(viewOf(opened).dealPaid);
      const closed = await standOut(env(), session, opened);
      dealt.set(closed.round.id, paidAtDeal);
      if (paidAtDeal > 0n) {
        withDealCredit++;
        if (cents(closed.round.payout) === paidAtDeal) nothingLeft++;
      }
      await settled(env(), session);
    }
    expect(withDealCredit).toBeGreaterThan(0);
    expect(nothingLeft).toBeGreaterThan(0);
    const { statement, rounds } = await reconcile(env(), playerId, [session]);
    for (const round of rounds) {
      const txs = statement.transactions.filter((t) => t.roundId === round.id);
      expect(txs.filter((t) => t.kind === "debit").map((t) => t.amount)).toEqual(["6.00"]);
      const credits = txs.filter((t) => t.kind === "credit").map((t) => cents(t.amount));
      const paidAtDeal = dealt.get(round.id) ?? 0n;
      if (paidAtDeal > 0n) {
        expect(credits).toEqual([paidAtDeal, cents(round.payout) - paidAtDeal]);
      } else {
        expect(credits).toEqual([cents(round.payout)]);
      }
    }
  }, 180_000);

  it("a double the wallet refuses leaves the hand as it was, and the round goes on", async () => {
    let refused = false;
    for (let attempt = 0; attempt < 100 && !refused; attempt++) {
      const playerId = await env().newPlayer("60.00");
      const session = await env().launch(playerId, "blackjack-leo");
      const opened = await bet(env(), session, "60.00", {});
      if (opened.round.status === "open" && viewOf(opened).actions.includes("double")) {
        const double = await act(env(), session, opened, "double");
        expect(double).toMatchObject({ status: 402, body: { code: "not_enough_money" } });
        const current = await env().game<{ round: RoundAnswer["round"] }>(session, "POST", "/game/current");
        expect(current.body.round.view).toEqual(opened.round.view);
        refused = true;
      }
      await standOut(env(), session, {
        round: (await currentOrLast(env(), session, opened)).round,
        balance: null,
      });
      const { rounds } = await reconcile(env(), playerId, [session]);
      expect(rounds).toHaveLength(1);
      expect(rounds[0]?.stake).toBe("60.00");
      const txs = await transactionsOf(env(), playerId, opened.round.id);
      expect(txs.filter((t) => t.kind === "debit")).toHaveLength(1);
      if (refused) {
        // The refused double is part of the round's record: the round recomputes from its revealed seeds.
        await env().game(session, "POST", "/seed/rotate", {});
        const verified = await env().game(session, "POST", "/game/verify", { roundId: opened.round.id });
        expect(verified).toMatchObject({ status: 200, body: { matches: true } });
      }
    }
    expect(refused).toBe(true);
  }, 180_000);

  it("a split whose debit is never confirmed is rolled back; the round continues as before the split", async () => {
    const playerId = await env().newPlayer("1000.00");
    const session = await env().launch(playerId, "blackjack-leo");
    let tried = false;
    for (let rounds = 0; rounds < 200 && !tried; rounds++) {
      let answer = await bet(env(), session, "1.00", {});
      if (answer.round.status === "open" && viewOf(answer).actions.includes("split")) {
        await env().fault({ callback: "debit", mode: "error_after", count: EVERY_ATTEMPT });
        const split = await act(env(), session, answer, "split");
        expect(split).toMatchObject({ status: 503, body: { code: "wallet_unavailable" } });
        await env().clearFaults();
        const current = await env().game<{ round: RoundAnswer["round"] }>(session, "POST", "/game/current");
        expect(current.body.round).toMatchObject({ id: answer.round.id, status: "open" });
        expect((current.body.round.view as TableView).seats[0]?.hands).toHaveLength(1);
        answer = { round: current.body.round, balance: null };
        tried = true;
      }
      await standOut(env(), session, answer);
      await settled(env(), session);
      if (tried) {
        const txs = await transactionsOf(env(), playerId, answer.round.id);
        const debits = txs.filter((t) => t.kind === "debit");
        expect(debits.map((t) => t.amount)).toEqual(["1.00", "1.00"]);
        expect(debits[1]?.reversedBy).not.toBeNull();
        expect(txs.filter((t) => t.kind === "rollback")).toHaveLength(1);
        expect(txs.at(-1)?.kind).toBe("credit");
      }
    }
    expect(tried).toBe(true);
    await reconcile(env(), playerId, [session]);
  }, 180_000);

  it("an action's debit waits while the deal credit is undelivered (round_busy)", async () => {
    const playerId = await env().newPlayer("1000.00");
    const session = await env().launch(playerId, "blackjack_multi-leo");
    let held = false;
    for (let rounds = 0; rounds < 200 && !held; rounds++) {
      await env().fault({ callback: "credit", mode: "error_before", count: 1000 });
      const opened = await bet(env(), session, "6.00", { seats: MULTI_SEATS });
      const view = viewOf(opened);
      const debitAction = ["insurance", "double", "split"].find((a) => view.actions.includes(a));
      const dealCredit = opened.round.status === "open" && BigInt(view.dealPaid) > 0n;
      if (dealCredit && debitAction) {
        const busy = await act(env(), session, opened, debitAction);
        expect(busy).toMatchObject({ status: 409, body: { code: "round_busy" } });
        held = true;
      }
      await env().clearFaults();
      if (dealCredit) {
        // The round goes on once the deal credit has reached the wallet.
        await eventually(
          "the deal credit delivered",
          async () =>
            (await transactionsOf(env(), playerId, opened.round.id)).some((t) => t.kind === "credit")
              ? true
              : undefined,
          20_000,
        );
      }
      await standOut(env(), session, opened);
      await settled(env(), session);
    }
    expect(held).toBe(true);
    await reconcile(env(), playerId, [session]);
  }, 180_000);

  it("abandon: a round nobody finishes stands on every hand, sends no further debit and closes with its payout", async () => {
    const playerId = await env().newPlayer("100.00");
    const session = await env().launch(playerId, "blackjack-leo");
    let opened = await bet(env(), session, "1.00", {});
    for (let rounds = 0; rounds < 30 && opened.round.status !== "open"; rounds++) {
      await settled(env(), session);
      opened = await bet(env(), session, "1.00", {});
    }
    expect(opened.round.status).toBe("open");
    const { rounds, statement } = await reconcile(env(), playerId, [session], { timeoutMs: 45_000 });
    const abandoned = rounds.find((round) => round.id === opened.round.id);
    expect(abandoned).toMatchObject({ status: "closed", note: "abandoned", stake: "1.00" });
    const txs = statement.transactions.filter((t) => t.roundId === opened.round.id);
    expect(txs.filter((t) => t.kind === "debit")).toHaveLength(1);
    expect(txs.filter((t) => t.kind === "credit")).toHaveLength(1);
  }, 180_000);
});

/** The round as the server has it now: the open one, or the last answer when it is already over. */
async function currentOrLast(env: Environment, session: Session, last: RoundAnswer): Promise<RoundAnswer> {
  const current = await env.game<{ round: RoundAnswer["round"] | null }>(session, "POST", "/game/current");
  return current.body.round ? { round: current.body.round, balance: null } : last;
}
