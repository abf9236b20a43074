import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { main } from "../src/cli.ts";
import { CATEGORIES, type CheckResult, type RunReport } from "../src/model.ts";
import { renderHtml } from "../src/report/html.ts";
import { renderJson } from "../src/report/json.ts";
import { renderJunit } from "../src/report/junit.ts";
import { redact } from "../src/report/redact.ts";
import { runTester } from "../src/runner.ts";
import { type MinimalWallet, startMinimalWallet } from "./fixtures/minimal-wallet.ts";
import { configFor, SECRET, textSink } from "./support.ts";
import { descendants, parseXml } from "./xml.ts";

let wallet: MinimalWallet;
let report: RunReport;

beforeAll(async () => {
  wallet = await startMinimalWallet({
    secret: SECRET,
    players: { "player-one": "1000.00", "player-two": "300.00" },
    defects: ["replay-moves-money", "timestamp-window-90s"],
  });
  report = redact(await runTester(configFor(wallet.url)), SECRET);
});

afterAll(async () => {
  await wallet.close();
});

describe("reports of a failing run", () => {
  it("the run fails with exit code 1, and names the failing checks", () => {
    expect(report.exitCode).toBe(1);
    expect(report.passed).toBe(false);
    expect(report.checks.find((c) => c.id === "idempotency.debit-replay")?.outcome).toBe("fail");
    expect(report.checks.find((c) => c.id === "hmac.timestamp-60s")?.outcome).toBe("warn");
  });

  it("JUnit: well-formed XML, a testsuite per category, a testcase per check, the failures and skips counted", () => {
    const root = parseXml(renderJunit(report));
    expect(root.name).toBe("testsuites");
    expect(Number(root.attributes.failures)).toBe(report.totals.fail);
    expect(Number(root.attributes.tests)).toBe(report.checks.length);
    const suites = descendants(root, "testsuite");
    expect(suites.map((s) => s.attributes.name)).toEqual(report.categories.map((c) => c.category));
    expect(descendants(root, "testcase")).toHaveLength(report.checks.length);
    expect(descendants(root, "failure")).toHaveLength(report.totals.fail);
    expect(suites.reduce((sum, s) => sum + Number(s.attributes.failures), 0)).toBe(report.totals.fail);
    const replay = descendants(root, "testcase").find((c) =>
      c.attributes.name?.startsWith("idempotency.debit-replay"),
    );
    const failure = replay?.children.find((c) => c.name === "failure");
    expect(failure?.text).toContain("Rule: SPEC");
    expect(failure?.text).toContain("/callback/debit");
    const warned = descendants(root, "testcase").find((c) =>
      c.attributes.name?.startsWith("hmac.timestamp-60s"),
    );
    expect(warned?.children.map((c) => c.name)).toEqual(["system-out"]);
    expect(warned?.children[0]?.text).toContain("WARNING");
  });

  it("HTML: self-contained, names the failing check with its raw exchange, hides the secret", () => {
    const html = renderHtml(report);
    expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
    expect(html).toContain("FAILED");
    expect(html).toContain('id="idempotency.debit-replay"');
    expect(html).toContain("the same debit again (retry with a new requestId)");
    expect(html).toMatch(/&gt; x-hmac-sha256: [0-9a-f]{64}|&gt; X-HMAC-SHA256: [0-9a-f]{64}/);
    expect(html).toContain("Rule:");
    expect(html).not.toContain(SECRET);
    expect(html).not.toMatch(/<script|<link|<img|<iframe/i);
    expect(html).toContain("@media print");
  });

  it("JSON: the whole run as data, without the secret", () => {
    const json = renderJson(report);
    const parsed = JSON.parse(json) as RunReport;
    expect(parsed.totals).toEqual(report.totals);
    expect(parsed.checks.find((c) => c.id === "idempotency.debit-replay")?.exchanges.length).toBeGreaterThan(
      0,
    );
    expect(json).not.toContain(SECRET);
  });
});

describe("redact", () => {
  it("replaces the secret in what a wallet echoes, and nowhere else", () => {
    const check = report.checks.find((c) => c.exchanges.some((e) => e.response !== undefined));
    if (check === undefined) throw new Error("no check with an answered exchange");
    const [exchange] = check.exchanges;
    if (exchange?.response === undefined) throw new Error("no answered exchange");
    const echoing: CheckResult = {
      ...check,
      findings: [{ level: "fail", message: `the wallet said ${SECRET}`, exchanges: [exchange.seq] }],
      exchanges: [
        { ...exchange, response: { ...exchange.response, body: `{"echo":"${SECRET}"}` }, error: SECRET },
      ],
    };
    const redacted = redact(echoing, SECRET);
    expect(redacted.findings[0]?.message).toBe("the wallet said <HMAC_SECRET>");
    expect(redacted.exchanges[0]?.response?.body).toBe('{"echo":"<HMAC_SECRET>"}');
    expect(redacted.exchanges[0]?.error).toBe("<HMAC_SECRET>");
    expect(redact(`key=${SECRET}`, SECRET)).toBe("key=<HMAC_SECRET>");
  });

  it("with a one-letter secret, keeps keys, ids, outcomes and categories and still renders", async () => {
    const shortWallet = await startMinimalWallet({ secret: "x", players: { "player-one": "1000.00" } });
    try {
      const out = textSink();
      const err = textSink();
      const code = await main(
        [
          "--wallet-url",
          shortWallet.url,
          "--player",
          "player-one",
          "--currency",
          "USD",
          "--only",
          "happy.",
          "--format",
          "json",
        ],
        { RGS_TESTER_SECRET: "x" },
        { stdout: out.stream, stderr: err.stream },
      );
      expect(code).toBe(0);
      expect(err.text()).toMatch(/PASS {2}happy\.debit/);
      expect(err.text()).toContain("PASSED");
      const parsed = JSON.parse(out.text()) as RunReport;
      expect(parsed.checks.length).toBeGreaterThan(0);
      for (const check of parsed.checks) {
        expect(check.outcome).toBe("pass");
        expect(CATEGORIES).toContain(check.category);
        expect(Array.isArray(check.exchanges)).toBe(true);
        for (const finding of check.findings) expect(Array.isArray(finding.exchanges)).toBe(true);
      }
      expect(renderHtml(parsed)).toContain("Happy Path");
    } finally {
      await shortWallet.close();
    }
  });
});
