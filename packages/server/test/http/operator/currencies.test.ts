import { CURRENCIES } from "@rgs/protocol/currencies";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createHarness, type Harness } from "../support.ts";

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => h.close());

type Currencies = { currencies: Record<string, unknown>[] };

describe("GET /operator/currencies", () => {
  it("lists every supported currency with decimals and default limits", async () => {
    const response = await h.signed({ method: "GET", path: "/operator/currencies" });
    expect(response.statusCode).toBe(200);
    const { currencies } = response.json() as Currencies;
    expect(currencies.map((c) => c.code)).toEqual(CURRENCIES.map((c) => c.code));
    expect(currencies.find((c) => c.code === "USD")).toEqual({
      code: "USD",
      name: "US Dollar",
      decimals: 2,
      kind: "fiat",
      minBet: "0.10",
      maxBet: "1000.00",
      maxWin: "100000.00",
    });
    expect(currencies.find((c) => c.code === "BTC")).toMatchObject({ decimals: 8, kind: "crypto" });
    expect(currencies.find((c) => c.code === "JPY")).toMatchObject({ decimals: 0, minBet: "10" });
  });

  it("names RMB as an alias of CNY", async () => {
    const { currencies } = (
      await h.signed({ method: "GET", path: "/operator/currencies" })
    ).json() as Currencies;
    expect(currencies.find((c) => c.code === "CNY")?.aliases).toEqual(["RMB"]);
    expect(currencies.some((c) => c.code === "RMB")).toBe(false);
  });
});
