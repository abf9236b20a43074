import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { main } from "../src/cli.ts";
import { ConfigError, parseArgs, resolveOptions } from "../src/config.ts";
import { textSink } from "./support.ts";

const dir = mkdtempSync(join(tmpdir(), "rgs-tester-config-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function problemsOf(argv: string[], env: Record<string, string> = {}): string[] {
  try {
    resolveOptions(parseArgs(argv), env);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

const BASE = [
  "--wallet-url",
  "https://wallet.example.com/wallet/v2/",
  "--secret",
  "s3cret",
  "--player",
  "p1",
];

describe("options", () => {
  it("reads flags, with USD and the documented defaults", () => {
    const { config } = resolveOptions(parseArgs(BASE), {});
    expect(config).toEqual({
      walletUrl: "https://wallet.example.com/wallet/v2",
      secret: "s3cret",
      playerId: "p1",
      currency: "USD",
      timeoutMs: 10_000,
      latencyThresholdMs: 1_000,
      only: [],
    });
  });

  it("takes flags over environment variables over the config file", () => {
    const file = join(dir, "tester.json");
    writeFileSync(
      file,
      JSON.stringify({
        walletUrl: "http://file.example/w",
        secret: "from-file",
        playerId: "file-player",
        currency: "EUR",
        secondPlayerId: "file-second",
        timeoutMs: 3000,
        only: ["hmac."],
      }),
    );
    const options = resolveOptions(parseArgs(["--config", file, "--player", "flag-player"]), {
      RGS_TESTER_SECRET: "from-env",
      RGS_TESTER_OPERATOR_ID: "6f1c2d3e-0000-4000-8000-000000000001",
    });
    expect(options.config).toMatchObject({
      walletUrl: "http://file.example/w",
      secret: "from-env",
      playerId: "flag-player",
      secondPlayerId: "file-second",
      operatorId: "6f1c2d3e-0000-4000-8000-000000000001",
      currency: "EUR",
      timeoutMs: 3000,
      only: ["hmac."],
    });
  });

  it("reports every problem at once, naming what to fix", () => {
    const problems = problemsOf(
      [
        "--wallet-url",
        "ftp://x/callback/debit?x=1",
        "--currency",
        "usd",
        "--timeout-ms",
        "0",
        "--format",
        "pdf",
      ],
      {},
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining("the HMAC secret is required: --secret, RGS_TESTER_SECRET"),
        expect.stringContaining("the test player ID is required"),
        expect.stringContaining("--wallet-url must use http or https"),
        expect.stringContaining("query string"),
        expect.stringContaining("without /callback/"),
        expect.stringContaining('--currency: unknown currency code "usd"'),
        expect.stringContaining("--timeout-ms must be a whole number"),
        expect.stringContaining("--format must be json, junit or html"),
      ]),
    );
  });

  it("refuses unknown flags, a missing value, a bad config file and the same player twice", () => {
    expect(problemsOf(["--wallet"])).toEqual(['unknown option "--wallet" (see --help)']);
    expect(problemsOf(["--player"])).toEqual(["--player needs a value"]);
    const bad = join(dir, "bad.json");
    writeFileSync(bad, "{ not json");
    expect(problemsOf([...BASE, "--config", bad])).toEqual([expect.stringContaining("is not valid JSON")]);
    const unknownKey = join(dir, "unknown.json");
    writeFileSync(unknownKey, JSON.stringify({ wallet: "x" }));
    expect(problemsOf([...BASE, "--config", unknownKey])).toEqual([
      expect.stringContaining('unknown key "wallet"'),
    ]);
    expect(problemsOf([...BASE, "--second-player", "p1"])).toEqual([
      expect.stringContaining("different player"),
    ]);
    expect(problemsOf([...BASE, "--output", "r.xml"])).toEqual([
      expect.stringContaining("needs a report format"),
    ]);
  });
});

describe("main", () => {
  function streams() {
    const out = textSink();
    const err = textSink();
    return { io: { stdout: out.stream, stderr: err.stream }, out: out.text, err: err.text };
  }

  it("exits 2 with the problems on standard error for invalid options", async () => {
    const s = streams();
    expect(await main(["--player", "p1"], {}, s.io)).toBe(2);
    expect(s.err()).toContain("invalid options");
    expect(s.err()).toContain("RGS_TESTER_WALLET_URL");
    expect(s.out()).toBe("");
  });

  it("prints usage and the list of checks", async () => {
    const help = streams();
    expect(await main(["--help"], {}, help.io)).toBe(0);
    expect(help.out()).toContain("Exit codes");
    const list = streams();
    expect(await main(["--list"], {}, list.io)).toBe(0);
    expect(list.out()).toContain("hmac.timestamp-60s");
  });

  it("exits 2 when --only selects nothing but the prerequisites", async () => {
    const s = streams();
    expect(await main([...BASE, "--only", "no-such-check"], {}, s.io)).toBe(2);
    expect(s.err()).toContain("selects no check");
  });
});
