import type { RunningWallet } from "@rgs/reference-wallet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { referenceWalletOperator } from "../reference-wallet.ts";
import { createHarness, errorOf, type Harness, type TestOperator } from "../support.ts";
import { DICE, gameRequest, launchReal, ok } from "./game-support.ts";

let h: Harness;
let wallet: RunningWallet;
let operator: TestOperator;

beforeAll(async () => {
  h = await createHarness();
  ({ wallet, operator } = await referenceWalletOperator(h, {
    name: "British wallet operator",
    secret: "reference-wallet-secret-for-pace",
    players: "fiona:USD:5.00",
  }));
}, 120_000);
afterAll(async () => {
  await h.close();
  await wallet.close();
});

describe("the minimum round duration against a real wallet", () => {
  it("gives a bet the wallet refuses its start back, so the player may bet again at once", async () => {
    const token = await launchReal(h, operator, { playerId: "fiona", countryCode: "GB" });
    const bet = (amount: string) => gameRequest(h, token, "POST", "/game/play", { amount, params: DICE });
    ok(await bet("1.00"));
    h.clock.advance(1000);
    expect(errorOf(await bet("1.00")).code).toBe("round_too_soon");

    h.clock.advance(1500);
    expect(errorOf(await bet("50.00"))).toMatchObject({ status: 402, code: "not_enough_money" });
    ok(await bet("1.00"));
    expect(errorOf(await bet("1.00")).code).toBe("round_too_soon");
  });
});
