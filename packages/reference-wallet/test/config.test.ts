import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../src/config.ts";

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe("loadConfig", () => {
  it("has safe defaults around the one required secret", () => {
    const config = loadConfig({ WALLET_SECRET: "s" });
    expect(config).toMatchObject({
      port: 9090,
      host: "127.0.0.1",
      secrets: ["s"],
      basePath: "",
      signatureWindowSeconds: 30,
      faults: false,
      players: [],
      databaseUrl: undefined,
      dataDir: undefined,
      adminToken: undefined,
    });
  });

  it("reads every variable", () => {
    const config = loadConfig({
      WALLET_PORT: "0",
      WALLET_HOST: "0.0.0.0",
      WALLET_SECRET: "current",
      WALLET_SECRETS: "current, previous",
      WALLET_OPERATOR_ID: "op-1",
      WALLET_BASE_PATH: "/wallet/v2/",
      WALLET_SIGNATURE_WINDOW_SECONDS: "60",
      WALLET_DATABASE_URL: "postgres://localhost/x",
      WALLET_DATABASE_SCHEMA: "wallet",
      WALLET_PLAYERS: "alice:USD:1000.00, bob:RMB:50,carol:BTC:0.00000001",
      WALLET_ADMIN_TOKEN: "tok",
      WALLET_FAULTS: "1",
      WALLET_NOT_ENOUGH_MONEY_MESSAGE: "Top up",
    });
    expect(config).toMatchObject({
      port: 0,
      host: "0.0.0.0",
      secrets: ["current", "previous"],
      operatorId: "op-1",
      basePath: "/wallet/v2",
      signatureWindowSeconds: 60,
      databaseUrl: "postgres://localhost/x",
      databaseSchema: "wallet",
      adminToken: "tok",
      faults: true,
      notEnoughMoneyMessage: "Top up",
      players: [
        { id: "alice", currency: "USD", balance: 100000n },
        { id: "bob", currency: "CNY", balance: 5000n },
        { id: "carol", currency: "BTC", balance: 1n },
      ],
    });
  });

  it("reports every problem at once, naming the variable", () => {
    const problems = problemsOf({
      WALLET_PORT: "70000",
      WALLET_BASE_PATH: "wallet v2",
      WALLET_SIGNATURE_WINDOW_SECONDS: "-5",
      WALLET_PLAYERS: "alice:USD,bob:XXX:1,carol:USD:1.001,dave:USD:-1,alice:USD:1:2",
      WALLET_FAULTS: "yes",
    });
    expect(problems.map((p) => p.split(/[ :]/)[0])).toEqual([
      "WALLET_PORT",
      "WALLET_SECRET",
      "WALLET_BASE_PATH",
      "WALLET_SIGNATURE_WINDOW_SECONDS",
      "WALLET_PLAYERS",
      "WALLET_PLAYERS",
      "WALLET_PLAYERS",
      "WALLET_PLAYERS",
      "WALLET_PLAYERS",
      "WALLET_FAULTS",
    ]);
  });

  it("refuses ambiguous storage and an admin-shadowing prefix", () => {
    expect(
      problemsOf({ WALLET_SECRET: "s", WALLET_DATABASE_URL: "postgres://x", WALLET_DATA_DIR: "/tmp/w" }),
    ).toHaveLength(1);
    expect(problemsOf({ WALLET_SECRET: "s", WALLET_DATABASE_SCHEMA: "w" })).toHaveLength(1);
    expect(problemsOf({ WALLET_SECRET: "s", WALLET_BASE_PATH: "/admin" })).toHaveLength(1);
    expect(problemsOf({ WALLET_SECRET: "s", WALLET_PLAYERS: "a:USD:1,a:USD:2" })).toHaveLength(1);
  });

  it("never puts a secret in an error message", () => {
    try {
      loadConfig({ WALLET_SECRET: "super-secret-value", WALLET_PORT: "x" });
    } catch (error) {
      expect(String(error)).not.toContain("super-secret-value");
      return;
    }
    throw new Error("expected a configuration error");
  });
});
