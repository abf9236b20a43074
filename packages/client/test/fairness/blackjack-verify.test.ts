import { nodeHmacSha256 } from "@rgs/games/fair/node-hmac";
import { FairRandom } from "@rgs/games/fair/random";
import { commitment } from "@rgs/games/fair/seeds";
import type { TableState, TableView } from "@rgs/games/games/blackjack/table";
import type { Step } from "@rgs/games/model";
import { gameForCode } from "@rgs/games/registry";
import { formatAmount } from "@rgs/protocol/money";
import { describe, expect, it } from "vitest";
import type { RoundDetails } from "../../src/api/types.ts";
import { verifyRound } from "../../src/fairness/verify.ts";

const plain = (value: unknown): unknown =>
  JSON.parse(
    JSON.stringify(value, (_key, entry: unknown) => (typeof entry === "bigint" ? entry.toString() : entry)),
  );

const SERVER_SEED = "9f1c2e7a4b5d6c8e0a1b2c3d4e5f60718293a4b5c6d7e8f90a1b2c3d4e5f6071";
const CLIENT_SEED = "player-seed";
type TableStep = Step<TableState, TableView>;

/**
 * A round played as the engine plays it: every action applied, except that the wallet refuses the first double
 * (the game's onDebitRefused step, logged with `debitRefused`), recorded as the server records it.
 */
function playedRecord(gameCode: string, input: unknown, nonce: number): RoundDetails | undefined {
  const resolved = gameForCode(gameCode);
  if (!resolved?.game.act || !resolved.game.parseAction || !resolved.game.onDebitRefused)
    throw new Error(gameCode);
  const { game, rtp } = resolved;
  const { act, parseAction, onDebitRefused } = resolved.game;
  if (!act || !parseAction || !onDebitRefused) throw new Error(`${gameCode} takes no actions`);
  const parsed = game.parseParams(input, { rtp, decimals: 2 });
  if (!parsed.ok) throw new Error(parsed.detail);
  const stake = game.stakeOf(parsed.value, 100n);
  const random = new FairRandom(nodeHmacSha256, { serverSeed: SERVER_SEED, clientSeed: CLIENT_SEED, nonce });
  let step = game.start(
    { stake, params: parsed.value, rtp, maxWin: 10n ** 30n },
    { random: random.reader(0), now: 0 },
  ) as TableStep;
  const ops = [...step.ops];
  const actions: { type: "act"; action: string; at: string; debitRefused?: boolean }[] = [];
  let refused = false;
  while (!step.closed) {
    const legal = step.view.actions;
    const action = legal.includes("decline_insurance")
      ? "decline_insurance"
      : legal.includes("double")
        ? "double"
        : "stand";
    const parsedAction = parseAction({ action }, step.state, { rtp, decimals: 2 });
    if (!parsedAction.ok) throw new Error(parsedAction.detail);
    const ctx = { random: random.reader(step.state.randomPosition), now: 0 };
    if (action === "double" && !refused) {
      refused = true;
      step = onDebitRefused(step.state, parsedAction.value, ctx) as TableStep;
      actions.push({ type: "act", action, at: "2030-01-01T00:00:00.000Z", debitRefused: true });
      // Refused once: the player stands instead.
      const stand = parseAction({ action: "stand" }, step.state, { rtp, decimals: 2 });
      if (!stand.ok) throw new Error(stand.detail);
      step = act(step.state, stand.value, {
        random: random.reader(step.state.randomPosition),
        now: 0,
      }) as TableStep;
      actions.push({ type: "act", action: "stand", at: "2030-01-01T00:00:00.000Z" });
    } else {
      step = act(step.state, parsedAction.value, ctx) as TableStep;
      actions.push({ type: "act", action, at: "2030-01-01T00:00:00.000Z" });
    }
    ops.push(...step.ops);
  }
  if (!refused) return undefined;
  const sum = (kind: "debit" | "credit") => ops.reduce((t, op) => (op.kind === kind ? t + op.amount : t), 0n);
  return {
    id: "3f0c9e8e-0000-4000-8000-000000000002",
    gameCode,
    status: "closed",
    stake: formatAmount(sum("debit"), 2),
    payout: formatAmount(sum("credit"), 2),
    currency: "USD",
    view: plain(step.view),
    createdAt: "2030-01-01T00:00:00.000Z",
    closedAt: "2030-01-01T00:00:00.000Z",
    params: plain(parsed.value),
    actions,
    fairness: {
      serverSeedHash: commitment(SERVER_SEED),
      clientSeed: CLIENT_SEED,
      nonce,
      serverSeed: SERVER_SEED,
    },
    reveal: plain(game.reveal(step.state)),
  };
}

describe("the fairness panel recomputes blackjack rounds", () => {
  for (const [code, params] of [
    ["blackjack-leo", {}],
    [
      "blackjack_multi-leo",
      {
        seats: [
          { bet: "1.00", perfectPairs: "0.10" },
          { bet: "1.00", threeCardPoker: "0.10" },
        ],
      },
    ],
  ] as const) {
    it(`${code}: a round with a refused double and later actions replays to the recorded result`, () => {
      let verified = 0;
      for (let nonce = 0; nonce < 200 && verified < 3; nonce++) {
        const record = playedRecord(code, params, nonce);
        if (!record) continue;
        const result = verifyRound(record, { hmac: nodeHmacSha256 });
        expect(result).toMatchObject({ status: "verified", match: true });
        const tampered = verifyRound({ ...record, payout: "999.00" }, { hmac: nodeHmacSha256 });
        expect(tampered).toMatchObject({ status: "verified", match: false });
        verified++;
      }
      expect(verified).toBe(3);
    });
  }
});
