import type { RunningWallet } from "@rgs/reference-wallet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { referenceWalletOperator } from "../reference-wallet.ts";
import { createHarness, DEMO_LAUNCH, errorOf, type Harness, type TestOperator } from "../support.ts";
import { cents, DICE, gameRequest, ok, type RoundResult } from "./game-support.ts";

const SECRET = "reference-wallet-secret-for-tests";

let h: Harness;
let wallet: RunningWallet;
let operator: TestOperator;

beforeAll(async () => {
  h = await createHarness();
  ({ wallet, operator } = await referenceWalletOperator(h, {
    name: "Reference wallet operator",
    secret: SECRET,
    players: "alice:USD:100.00,carol:CNY:500.00",
  }));
  await wallet.ledger.createPlayer({ id: "dave", currency: "USD", balance: 1000n, disabled: true });
  await wallet.ledger.createPlayer({ id: "erin", currency: "USD", balance: 1000n, excluded: true });
});
afterAll(async () => {
  await h.close();
  await wallet.close();
});

/** Each launch is signed a second after the previous one: an identical signed request is a replay. */
function launch(body: Record<string, unknown>) {
  h.clock.advance(1000);
  return h.signed({
    method: "POST",
    path: "/operator/launch",
    body: { ...DEMO_LAUNCH, demo: false, ...body },
    operator,
  });
}

async function tokenOf(body: Record<string, unknown>): Promise<string> {
  const response = await launch(body);
  if (response.statusCode !== 200) throw new Error(response.body);
  return new URL((response.json() as { launchUrl: string }).launchUrl).searchParams.get("sessionToken") ?? "";
}

describe("real play against the reference wallet", () => {
  it("launches, plays dice rounds and leaves the wallet at start - stakes + payouts", async () => {
    const token = await tokenOf({ playerId: "alice" });
    expect(ok<{ balance: string }>(await gameRequest(h, token, "POST", "/game/current")).balance).toBe(
      "100.00",
    );
    let expected = 10_000n;
    for (let i = 0; i < 3; i++) {
      const { round, balance } = ok<RoundResult>(
        await gameRequest(h, token, "POST", "/game/play", { amount: "2.00", params: DICE }),
      );
      expected += cents(round.payout) - 200n;
      expect(round.status).toBe("closed");
      expect(cents(balance ?? "")).toBe(expected);
    }
    const player = await wallet.ledger.findPlayer("alice");
    expect(player?.balance).toBe(expected);
    expect(ok<{ balance: string }>(await gameRequest(h, token, "POST", "/game/current")).balance).toBe(
      `${expected / 100n}.${String(expected % 100n).padStart(2, "0")}`,
    );
  });

  it("refuses a bet above the wallet balance with not_enough_money, moving nothing", async () => {
    const token = await tokenOf({ playerId: "alice" });
    const before = (await wallet.ledger.findPlayer("alice"))?.balance;
    const error = errorOf(
      await gameRequest(h, token, "POST", "/game/play", { amount: "999.00", params: DICE }),
    );
    expect(error).toMatchObject({ status: 402, code: "not_enough_money" });
    expect((await wallet.ledger.findPlayer("alice"))?.balance).toBe(before);
  });

  it("launches in RMB for a CNY account", async () => {
    expect((await launch({ playerId: "carol", currency: "RMB" })).statusCode).toBe(200);
  });

  it.each([
    ["an unknown player", "nobody", "player_disabled"],
    ["a disabled player", "dave", "player_disabled"],
    ["a self-excluded player", "erin", "player_self_excluded"],
  ])("refuses %s", async (_name, playerId, code) => {
    expect(errorOf(await launch({ playerId })).code).toBe(code);
  });

  it("refuses a launch in another currency than the account's", async () => {
    expect(errorOf(await launch({ playerId: "alice", currency: "EUR" })).code).toBe("currency_mismatch");
  });
});
