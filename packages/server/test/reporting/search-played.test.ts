import type { RoundSearchResponse, TransactionSearchResponse } from "@rgs/protocol/operator-api";
import type { RunningWallet } from "@rgs/reference-wallet";
import { sql } from "kysely";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SETTLE_MS } from "../../src/reporting/search-service.ts";
import {
  DICE,
  gameRequest,
  launchDemo,
  ok,
  type Round,
  type RoundResult,
} from "../http/game/game-support.ts";
import { referenceWalletOperator } from "../http/reference-wallet.ts";
import { createHarness, DEMO_LAUNCH, type Harness, type TestOperator } from "../http/support.ts";

/**
 * Rounds played through the game API against the reference wallet, then found through the operator's
 * searches: the rounds and callbacks the searches answer are the ones the player played and the wallet
 * booked, with the amounts the game answered.
 */

const SECRET = "search-played-reference-wallet-secret";
const STARTED = Date.parse("2030-05-10T12:00:00Z");

let h: Harness;
let wallet: RunningWallet;
let operator: TestOperator;
const played: Round[] = [];

async function tokenOf(playerId: string): Promise<string> {
  const response = await h.signed({
    method: "POST",
    path: "/operator/launch",
    body: { ...DEMO_LAUNCH, demo: false, playerId, currency: "USD" },
    operator,
  });
  return new URL(ok<{ launchUrl: string }>(response).launchUrl).searchParams.get("sessionToken") ?? "";
}

async function settled(): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const open = await sql<{ n: number }>`
      select count(*)::int as n from rounds where status <> 'closed'`.execute(h.store.db);
    if (open.rows[0]?.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error("rounds still open");
}

beforeAll(async () => {
  h = await createHarness();
  ({ wallet, operator } = await referenceWalletOperator(h, {
    name: "Search operator",
    secret: SECRET,
    players: "frank:USD:500.00,gina:USD:500.00",
  }));
  h.clock.set(STARTED);
  for (const [i, playerId] of ["frank", "gina", "frank", "frank", "gina"].entries()) {
    h.clock.advance(60_000);
    const token = await tokenOf(playerId);
    const amount = `${2 + i}.${String(i * 11).padStart(2, "0")}`;
    played.push(
      ok<RoundResult>(await gameRequest(h, token, "POST", "/game/play", { amount, params: DICE })).round,
    );
    await settled();
  }
  const demo = await launchDemo(h, {}, operator);
  ok(await gameRequest(h, demo.token, "POST", "/game/play", { amount: "5.00", params: DICE }));
  h.clock.advance(SETTLE_MS + 1000);
}, 120_000);

afterAll(async () => {
  await h?.close();
  await wallet?.close();
});

function post<T>(path: string, body: object): Promise<T> {
  h.clock.advance(1000);
  return h.signed({ method: "POST", path, body, operator }).then((response) => ok<T>(response));
}

const RANGE = { from: "2030-05-10T00:00:00Z", to: "2030-05-11T00:00:00Z" };

describe("searching rounds played through the game API", () => {
  it("finds each player's rounds, newest first, as played, and no demo round", async () => {
    for (const playerId of ["frank", "gina"]) {
      const found = await post<RoundSearchResponse>("/operator/rounds/search", { ...RANGE, playerId });
      const mine = played.filter((_, i) => ["frank", "gina", "frank", "frank", "gina"][i] === playerId);
      expect(found.rounds.map((r) => [r.roundId, r.stake, r.payout, r.status])).toEqual(
        mine.reverse().map((r) => [r.id, r.stake, r.payout, "closed"]),
      );
    }
    const all = await post<RoundSearchResponse>("/operator/rounds/search", RANGE);
    expect(all.rounds).toHaveLength(played.length);
    expect(all.demoExcluded).toBe(true);
  });

  it("lists each round's callbacks as the reference wallet booked them", async () => {
    const found = await post<RoundSearchResponse>("/operator/rounds/search", RANGE);
    const ledger = [];
    for (const player of ["frank", "gina"])
      ledger.push(...((await wallet.ledger.statement(player))?.entries ?? []));
    const booked = ledger
      .filter((e) => e.kind === "debit" || e.kind === "credit")
      .map((e) => [e.roundId, e.transactionId, e.kind])
      .sort();
    const listed = found.rounds
      .flatMap((r) => r.transactions.map((t) => [r.roundId, t.transactionId, t.kind]))
      .sort();
    expect(listed).toEqual(booked);
    expect(found.rounds.flatMap((r) => r.transactions.map((t) => [t.state, t.lastStatus]))).toEqual(
      listed.map(() => ["ok", "OK"]),
    );
  });

  it("finds a round by its ID and by one of its callbacks' IDs, without a range", async () => {
    const round = played[2] as Round;
    const byId = await post<RoundSearchResponse>("/operator/rounds/search", { roundId: round.id });
    expect(byId.rounds.map((r) => r.roundId)).toEqual([round.id]);
    const debit = byId.rounds[0]?.transactions.find((t) => t.kind === "debit")?.transactionId;
    const byTransaction = await post<RoundSearchResponse>("/operator/rounds/search", {
      transactionId: debit,
    });
    expect(byTransaction.rounds.map((r) => r.roundId)).toEqual([round.id]);
  });

  it("finds the callbacks by confirmation time, kind and player", async () => {
    const debits = await post<TransactionSearchResponse>("/operator/transactions/search", {
      ...RANGE,
      kind: "debit",
      playerId: "gina",
    });
    const ginas = played.filter((_, i) => i === 1 || i === 4);
    expect(debits.transactions.map((t) => [t.roundId, t.amount, t.playerId, t.gameCode])).toEqual(
      ginas.reverse().map((r) => [r.id, r.stake, "gina", "dice-alpha"]),
    );
  });
});
