/**
 * The fairness panel recomputes craps and war rounds from their seeds and the logged actions: bets added with
 * rolls, a take-down, an added bet or a war whose debit the wallet refused, and an abandoned round.
 */
import { nodeHmacSha256 } from "@rgs/games/fair/node-hmac";
import { FairRandom } from "@rgs/games/fair/random";
import { commitment } from "@rgs/games/fair/seeds";
import type { Step } from "@rgs/games/model";
import { randomPositionOf } from "@rgs/games/model";
import { gameForCode } from "@rgs/games/registry";
import { formatAmount } from "@rgs/protocol/money";
import { describe, expect, it } from "vitest";
import type { RoundDetails } from "../../src/api/types.ts";
import { verifyRound } from "../../src/fairness/verify.ts";

const plain = (value: unknown): unknown =>
  JSON.parse(
    JSON.stringify(value, (_key, entry: unknown) => (typeof entry === "bigint" ? entry.toString() : entry)),
  );

const SERVER_SEED = "4a7d1c9e2b6f3a8d5c0e7b1f4a9d2c6e8b3f5a0d7c1e9b4f6a2d8c5e0b3f7a1d";
const CLIENT_SEED = "table-player";
const AT = "2030-01-01T00:00:00.000Z";

type Move = { action: string; params?: unknown; refused?: boolean } | "abandon";
type AnyStep = Step<unknown, unknown>;

/** Plays a round as the engine does, the wallet refusing the moves marked `refused`, and records it. */
function record(gameCode: string, input: unknown, nonce: number, moves: (view: unknown) => Move | undefined) {
  const resolved = gameForCode(gameCode);
  const { act, parseAction, onDebitRefused } = resolved?.game ?? {};
  if (!resolved || !act || !parseAction || !onDebitRefused) throw new Error(gameCode);
  const { game, rtp } = resolved;
  const parsed = game.parseParams(input, { rtp, decimals: 2 });
  if (!parsed.ok) throw new Error(parsed.detail);
  const random = new FairRandom(nodeHmacSha256, { serverSeed: SERVER_SEED, clientSeed: CLIENT_SEED, nonce });
  let step = game.start(
    { stake: game.stakeOf(parsed.value, 0n), params: parsed.value, rtp, maxWin: 10n ** 30n },
    { random: random.reader(0), now: 0 },
  ) as AnyStep;
  const ops = [...step.ops];
  const actions: Record<string, unknown>[] = [];
  for (let i = 0; i < 100 && !step.closed; i++) {
    const move = moves(step.view);
    if (!move) break;
    const ctx = { random: random.reader(randomPositionOf(step.state)), now: 0 };
    if (move === "abandon") {
      step = game.abandon(step.state, ctx) as AnyStep;
      actions.push({ type: "abandon", at: AT });
    } else {
      const action = parseAction({ action: move.action, params: move.params }, step.state, {
        rtp,
        decimals: 2,
      });
      if (!action.ok) throw new Error(action.detail);
      step = (move.refused ? onDebitRefused : act)(step.state, action.value, ctx) as AnyStep;
      actions.push({
        type: "act",
        action: move.action,
        ...(move.params !== undefined && { params: move.params }),
        at: AT,
        ...(move.refused && { debitRefused: true }),
      });
    }
    ops.push(...step.ops);
  }
  const sum = (kind: "debit" | "credit") => ops.reduce((t, op) => (op.kind === kind ? t + op.amount : t), 0n);
  const details: RoundDetails = {
    id: "3f0c9e8e-0000-4000-8000-000000000012",
    gameCode,
    status: step.closed ? "closed" : "open",
    stake: formatAmount(sum("debit"), 2),
    payout: formatAmount(sum("credit"), 2),
    currency: "USD",
    view: plain(step.view),
    createdAt: AT,
    closedAt: AT,
    params: plain(parsed.value),
    actions,
    fairness: {
      serverSeedHash: commitment(SERVER_SEED),
      clientSeed: CLIENT_SEED,
      nonce,
      serverSeed: SERVER_SEED,
    },
    reveal: plain(game.reveal(step.state)),
  } as RoundDetails;
  return { details, closed: step.closed, actions };
}

const expectVerified = (details: RoundDetails) => {
  expect(verifyRound(details, { hmac: nodeHmacSha256 })).toMatchObject({ status: "verified", match: true });
  expect(verifyRound({ ...details, payout: "999.00" }, { hmac: nodeHmacSha256 })).toMatchObject({
    match: false,
  });
};

describe("the fairness panel recomputes craps and war rounds", () => {
  it("craps: bets added with rolls, a refused addition, a take-down, then abandoned", () => {
    let checked = 0;
    for (let nonce = 0; nonce < 60 && checked < 3; nonce++) {
      let moved = 0;
      const { details, closed, actions } = record(
        "craps-alpha-cancer",
        { bets: [{ bet: "pass", amount: "1.00" }] },
        nonce,
        (view) => {
          const v = view as { bets: { kind: string; number: number | null; removable: boolean }[] };
          moved++;
          if (moved === 1)
            return { action: "roll", params: { bets: [{ bet: "field", amount: "1.00" }] }, refused: true };
          if (moved === 2)
            return { action: "roll", params: { bets: [{ bet: "place", number: 6, amount: "1.20" }] } };
          const place = v.bets.find((b) => b.kind === "place");
          if (moved === 3 && place)
            return { action: "remove", params: { bets: [{ bet: "place", number: 6 }] } };
          return moved < 6 ? { action: "roll" } : "abandon";
        },
      );
      if (!closed || actions.length < 4) continue;
      expectVerified(details);
      checked++;
    }
    expect(checked).toBe(3);
  });

  it("war: a refused war, then wars and a surrender at the tie", () => {
    let checked = 0;
    for (let nonce = 0; nonce < 400 && checked < 3; nonce++) {
      let moved = 0;
      const { details, actions } = record("war-gamma-libra", { main: "1.00", tie: "0.50" }, nonce, () => {
        moved++;
        if (moved === 1) return { action: "war", refused: true };
        return moved === 2 ? { action: "war" } : { action: "surrender" };
      });
      if (actions.length < 2) continue;
      expectVerified(details);
      checked++;
    }
    expect(checked).toBe(3);
  });
});
