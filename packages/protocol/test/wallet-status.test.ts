import { describe, expect, it } from "vitest";
import { isWalletStatus, WALLET_STATUSES } from "../src/wallet-status.ts";

describe("WALLET_STATUSES", () => {
  it("lists the spec's statuses, in the spec's order", () => {
    expect(WALLET_STATUSES).toEqual([
      "OK",
      "ERROR_NOT_ENOUGH_MONEY",
      "ERROR_PLAYER_DISABLED",
      "ERROR_INVALID_SESSION",
      "ERROR_SESSION_EXPIRED",
      "ERROR_INVALID_GAME",
      "ERROR_WRONG_CURRENCY",
      "ERROR_DUPLICATE_TRANSACTION",
      "ERROR_TRANSACTION_DOES_NOT_EXIST",
      "ERROR_INVALID_SIGNATURE",
      "ERROR_WRONG_SYNTAX",
      "ERROR_UNKNOWN",
    ]);
  });

  it("recognises only exact status strings", () => {
    expect(isWalletStatus("ERROR_UNKNOWN")).toBe(true);
    expect(isWalletStatus("ok")).toBe(false);
    expect(isWalletStatus("OK ")).toBe(false);
    expect(isWalletStatus(200)).toBe(false);
    expect(isWalletStatus(undefined)).toBe(false);
  });
});
