import { nodeHmacSha256 } from "@rgs/games/fair/node-hmac";
import { FairRandom } from "@rgs/games/fair/random";
import { commitment } from "@rgs/games/fair/seeds";
import { gameForCode } from "@rgs/games/registry";
import { formatAmount, parseAmount } from "@rgs/protocol/money";
import { describe, expect, it } from "vitest";
import type { RoundDetails } from "../../src/api/types.ts";
import { canonicalJson, reviveMinorUnits, verifyRound } from "../../src/fairness/verify.ts";

const plain = (value: unknown): unknown =>
  JSON.parse(
    JSON.stringify(value, (_key, entry: unknown) => (typeof entry === "bigint" ? entry.toString() : entry)),
  );

/** A finished round as the server records it: played with node:crypto's HMAC, stored as JSON. */
function serverRecord(gameCode: string, input: unknown, amount: string, nonce: number): RoundDetails {
  const resolved = gameForCode(gameCode);
  if (!resolved) throw new Error(gameCode);
  const { game, rtp } = resolved;
  const parsed = game.parseParams(input, { rtp, decimals: 2 });
  if (!parsed.ok) throw new Error(parsed.detail);
  const minor = parseAmount(amount, 2);
  if (!minor.ok) throw new Error(amount);
  const stake = game.stakeOf(parsed.value, minor.minor);
  const serverSeed = "9f1c2e7a4b5d6c8e0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f6071";
  const clientSeed = "player-seed";
  const step = game.start(
    { stake, params: parsed.value, rtp, maxWin: 10n ** 30n },
    {
      random: new FairRandom(nodeHmacSha256, { serverSeed, clientSeed, nonce }).reader(0),
      now: Date.UTC(2030, 0, 1),
    },
  );
  const payout = step.ops.reduce((total, op) => (op.kind === "credit" ? total + op.amount : total), 0n);
  return {
    id: "3f0c9e8e-0000-4000-8000-000000000001",
    gameCode,
    status: "closed",
    stake: formatAmount(stake, 2),
    payout: formatAmount(payout, 2),
    currency: "USD",
    view: plain(step.view),
    createdAt: "2030-01-01T00:00:00.000Z",
    closedAt: "2030-01-01T00:00:00.000Z",
    params: plain(parsed.value),
    actions: [],
    fairness: { serverSeedHash: commitment(serverSeed), clientSeed, nonce, serverSeed },
    reveal: plain(game.reveal(step.state)),
  };
}

const ROUNDS: [string, unknown, string][] = [
  ["dice-alpha", { condition: "over", target: "50.50" }, "1.00"],
  ["plinko-alpha", { rows: 16, risk: "high" }, "2.50"],
  ["keno-beta", { picks: [3, 17, 42, 55, 71], risk: "classic" }, "1.00"],
  [
    "roulette-alpha-gemini",
    {
      bets: [
        { kind: "red", amount: "1.00" },
        { kind: "straight", numbers: [17], amount: "0.50" },
      ],
    },
    "1.50",
  ],
  ["baccarat-alpha", { bets: { banker: "10.00", tie: "1.00" } }, "11.00"],
];

describe("local verification of a finished round", () => {
  for (const [code, params, amount] of ROUNDS) {
    it(`${code}: the browser's replay matches the server's record over several nonces`, () => {
      for (let nonce = 0; nonce < 5; nonce++) {
        const result = verifyRound(serverRecord(code, params, amount, nonce));
        expect(result).toMatchObject({ status: "verified", match: true });
        if (result.status === "verified") {
          expect(result.checks.map((check) => check.name)).toEqual([
            "commitment",
            "stake",
            "payout",
            "view",
            "closed",
            "outcome",
          ]);
        }
      }
    });
  }

  it("reports a mismatch when the record's payout, result or seed commitment was altered", () => {
    const record = serverRecord("dice-alpha", { condition: "over", target: "50.50" }, "1.00", 3);
    const altered = (patch: Partial<RoundDetails>) => verifyRound({ ...record, ...patch });
    const payout = altered({ payout: record.payout === "0" ? "1.98" : "0" });
    expect(payout).toMatchObject({ status: "verified", match: false });
    if (payout.status === "verified")
      expect(payout.checks.filter((check) => !check.ok).map((check) => check.name)).toEqual(["payout"]);
    const view = altered({ view: { ...(record.view as object), roll: 1 } });
    expect(view).toMatchObject({ status: "verified", match: false });
    const commitmentBroken = altered({ fairness: { ...record.fairness, serverSeedHash: "0".repeat(64) } });
    expect(commitmentBroken).toMatchObject({ status: "verified", match: false });
    const otherSeed = altered({ fairness: { ...record.fairness, clientSeed: "someone-else" } });
    expect(otherSeed).toMatchObject({ status: "verified", match: false });
  });

  it("asks for a rotation while the server seed is secret, and refuses unknown games", () => {
    const record = serverRecord("dice-alpha", { condition: "under", target: "10.00" }, "1.00", 0);
    const { serverSeed: _secret, ...hidden } = record.fairness;
    expect(verifyRound({ ...record, fairness: hidden })).toEqual({ status: "unrevealed" });
    expect(verifyRound({ ...record, gameCode: "nope-alpha" })).toEqual({ status: "unsupported" });
  });

  it("calls a cancelled round cancelled, never a mismatch, whether or not its seed is revealed", () => {
    const record = serverRecord("dice-alpha", { condition: "over", target: "50.50" }, "1.00", 3);
    const cancelled: RoundDetails = {
      ...record,
      status: "cancelled",
      stake: "0",
      payout: "0",
      view: null,
      note: "bet_cancelled",
      actions: [],
    };
    const { reveal: _none, ...unrevealedOutcome } = cancelled;
    expect(verifyRound(unrevealedOutcome)).toEqual({ status: "cancelled" });
    const { serverSeed: _secret, ...hidden } = record.fairness;
    expect(verifyRound({ ...unrevealedOutcome, fairness: hidden })).toEqual({ status: "cancelled" });
  });

  it("revives minor-unit amounts and compares values whatever their key order", () => {
    expect(reviveMinorUnits({ bets: [{ amount: "150", bet: { kind: "red" } }], target: 5050 })).toEqual({
      bets: [{ amount: 150n, bet: { kind: "red" } }],
      target: 5050,
    });
    expect(canonicalJson({ b: 1, a: [2n, { d: 1, c: 2 }] })).toBe(
      canonicalJson({ a: ["2", { c: 2, d: 1 }], b: 1 }),
    );
  });
});
