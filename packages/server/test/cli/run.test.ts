import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { runCli } from "../../src/cli/run.ts";
import type { Transport } from "../../src/cli/transport.ts";
import { systemClock } from "../../src/clock.ts";
import { localOnboarding } from "../../src/operators/onboarding.ts";
import type { OperatorService } from "../../src/operators/operator-service.ts";
import type { Store } from "../../src/store/database.ts";
import { operatorServices, runCaptured } from "./support.ts";

let store: Store;
let operators: OperatorService;
let transport: Transport;
let opened = 0;

beforeAll(async () => {
  const services = await operatorServices(systemClock);
  ({ store, operators } = services);
  transport = { api: localOnboarding(services), via: "store", close: async () => {} };
});
afterAll(async () => {
  await store?.close();
});

const cli = (...argv: string[]) => runCaptured(argv, transport, () => opened++);

describe("CLI commands", () => {
  it("creates an operator from every flag and prints its secret once with a warning", async () => {
    const { code, stdout } = await cli(
      "operator",
      "create",
      "--name",
      "Flag Casino",
      "--callback-url",
      "https://wallet.example/rgs",
      "--lobby-url",
      "https://casino.example",
      "--countries",
      "CA, US,CA-ON",
      "--frame-ancestors",
      "https://casino.example,https://skin.example",
      "--frame-ancestors",
      "https://third.example",
      "--limit",
      "USD:0.50:500:50000",
      "--limit",
      "EUR:1:100:1000",
      "--json",
    );
    expect(code).toBe(0);
    const created = JSON.parse(stdout);
    expect(created.operator).toMatchObject({
      name: "Flag Casino",
      callbackUrl: "https://wallet.example/rgs",
      lobbyUrl: "https://casino.example",
      allowedCountries: ["CA", "US", "CA-ON"],
      frameAncestors: ["https://casino.example", "https://skin.example", "https://third.example"],
      betLimits: [
        { currency: "EUR", minBet: "1.00", maxBet: "100.00", maxWin: "1000.00" },
        { currency: "USD", minBet: "0.50", maxBet: "500.00", maxWin: "50000.00" },
      ],
      packs: ["default"],
    });
    expect(created.warning).toMatch(/shown only now/);
    expect((await operators.credentials(created.operator.id))?.acceptedSecrets).toEqual([created.secret]);

    const text = await cli("operator", "show", created.operator.id);
    expect(text.stdout).toContain("Flag Casino");
    expect(text.stdout).not.toContain(created.secret);
  });

  it("prints the secret in text mode with the warning", async () => {
    const { code, stdout } = await cli("operator", "create", "--name", "Text Casino");
    expect(code).toBe(0);
    expect(stdout).toMatch(/Secret: +[A-Za-z0-9_-]{43}\n/);
    expect(stdout).toMatch(/WARNING: this secret is shown only now/);
  });

  it("updates with clearing values and replaces limits", async () => {
    const created = JSON.parse(
      (
        await cli(
          "operator",
          "create",
          "--name",
          "U",
          "--countries",
          "CA",
          "--lobby-url",
          "https://l.example",
          "--json",
        )
      ).stdout,
    );
    const id = created.operator.id;
    const cleared = JSON.parse(
      (
        await cli(
          "operator",
          "update",
          id,
          "--countries",
          "",
          "--lobby-url",
          "",
          "--limit",
          "USD:1:2:3",
          "--json",
        )
      ).stdout,
    );
    expect(cleared).toMatchObject({
      allowedCountries: null,
      lobbyUrl: null,
      betLimits: [{ currency: "USD" }],
    });
    const noLimits = JSON.parse((await cli("operator", "update", id, "--clear-limits", "--json")).stdout);
    expect(noLimits.betLimits).toEqual([]);
  });

  it("sets the operator's time zone, UTC until then, and refuses a name that is no IANA zone", async () => {
    const { operator } = JSON.parse((await cli("operator", "create", "--name", "Z", "--json")).stdout);
    expect(operator.timeZone).toBe("UTC");
    const updated = await cli("operator", "update", operator.id, "--time-zone", "Asia/Kathmandu");
    expect(updated.code).toBe(0);
    expect(updated.stdout).toContain("time zone:          Asia/Kathmandu");
    const refused = await cli("operator", "update", operator.id, "--time-zone", "Mars/Olympus");
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toMatch(/IANA name/);
    expect((await operators.get(operator.id))?.timeZone).toBe("Asia/Kathmandu");
  });

  it("allows and denies a private network for the operator's callbacks, denied until then", async () => {
    const { operator } = JSON.parse((await cli("operator", "create", "--name", "N", "--json")).stdout);
    expect(operator.allowPrivateNetwork).toBe(false);
    const allowed = await cli("operator", "update", operator.id, "--private-network", "allow");
    expect(allowed.code).toBe(0);
    expect(allowed.stdout).toContain("private network:    allowed");
    expect((await operators.get(operator.id))?.allowPrivateNetwork).toBe(true);
    const denied = await cli("operator", "update", operator.id, "--private-network", "deny", "--json");
    expect(JSON.parse(denied.stdout)).toMatchObject({ allowPrivateNetwork: false });
  });

  it("sets the operator's default jurisdiction profile, `default` until then, and refuses an unknown one", async () => {
    const { operator } = JSON.parse(
      (await cli("operator", "create", "--name", "J", "--jurisdiction", "UKGC", "--json")).stdout,
    );
    expect(operator.jurisdiction).toBe("UKGC");
    const updated = await cli("operator", "update", operator.id, "--jurisdiction", "ONTARIO");
    expect(updated.code).toBe(0);
    expect(updated.stdout).toContain("jurisdiction:       ONTARIO");
    const refused = await cli("operator", "update", operator.id, "--jurisdiction", "Nevada");
    expect(refused.code).not.toBe(0);
    expect(refused.stderr).toContain("default, UKGC, MGA, ONTARIO, SOCIAL");
    expect((await operators.get(operator.id))?.jurisdiction).toBe("ONTARIO");
    const { operator: plain } = JSON.parse((await cli("operator", "create", "--name", "P", "--json")).stdout);
    expect(plain.jurisdiction).toBe("default");
  });

  it("sets the responsible-gambling and limits pages, clears them, and refuses a URL that is not http(s) with exit 2", async () => {
    const { operator } = JSON.parse(
      (
        await cli(
          "operator",
          "create",
          "--name",
          "RG",
          "--responsible-gambling-url",
          "https://casino.example/safer-gambling",
          "--limits-url",
          "https://casino.example/limits",
          "--json",
        )
      ).stdout,
    );
    expect(operator).toMatchObject({
      responsibleGamblingUrl: "https://casino.example/safer-gambling",
      limitsUrl: "https://casino.example/limits",
    });
    const refused = await cli("operator", "update", operator.id, "--limits-url", "javascript:alert(1)");
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain("limits page URL");
    const badPage = await cli("operator", "update", operator.id, "--responsible-gambling-url", "casino");
    expect(badPage.code).toBe(2);
    const cleared = await cli("operator", "update", operator.id, "--limits-url", "");
    expect(cleared.stdout).toContain("limits page:        (none)");
    expect(await operators.get(operator.id)).toMatchObject({
      responsibleGamblingUrl: "https://casino.example/safer-gambling",
      limitsUrl: null,
    });
  });

  it("rotates a secret and states when the old one stops working", async () => {
    const { operator } = JSON.parse((await cli("operator", "create", "--name", "R", "--json")).stdout);
    const { code, stdout } = await cli("operator", "rotate-secret", operator.id, "--grace-seconds", "120");
    expect(code).toBe(0);
    expect(stdout).toMatch(/accepted on operator requests until \d{4}-\d\d-\d\dT/);
    expect(stdout).toMatch(/Wallet callbacks are signed with the previous secret until/);
    expect((await operators.credentials(operator.id))?.acceptedSecrets).toHaveLength(2);
  });

  it("runs the pack commands", async () => {
    const { operator } = JSON.parse(
      (await cli("operator", "create", "--name", "P", "--packs", "", "--json")).stdout,
    );
    expect(operator.packs).toEqual([]);
    expect((await cli("pack", "create", "mini", "--name", "Mini", "--games", "dice-alpha")).code).toBe(0);
    const added = JSON.parse(
      (await cli("pack", "add-games", "mini", "limbo-alpha", "keno-alpha,mines-alpha", "--json")).stdout,
    );
    expect(added.games).toEqual(["dice-alpha", "limbo-alpha", "keno-alpha", "mines-alpha"]);
    const removed = JSON.parse((await cli("pack", "remove-games", "mini", "keno-alpha", "--json")).stdout);
    expect(removed.games).toEqual(["dice-alpha", "limbo-alpha", "mines-alpha"]);
    expect(JSON.parse((await cli("pack", "assign", "mini", operator.id, "--json")).stdout).packs).toEqual([
      "mini",
    ]);
    expect(JSON.parse((await cli("pack", "show", "mini", "--json")).stdout).operators).toEqual([operator.id]);
    expect(JSON.parse((await cli("pack", "unassign", "mini", operator.id, "--json")).stdout).packs).toEqual(
      [],
    );
    const list = await cli("pack", "list");
    expect(list.stdout).toMatch(/^mini +Mini +\(3 games, 0 operators\)$/m);
    expect((await cli("operator", "list")).stdout).toContain(operator.id);
  });

  it("reports domain refusals with exit code 1 and one line", async () => {
    const refused = await cli("operator", "show", "6f1c2d3e-0000-4000-8000-00000000abcd");
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(
      /^error: No operator has the ID "6f1c2d3e-0000-4000-8000-00000000abcd"\.\n$/,
    );
    const json = await cli("pack", "show", "missing", "--json");
    expect(json.code).toBe(1);
    expect(JSON.parse(json.stderr)).toEqual({
      error: { code: "unknown_pack", message: 'No such pack: "missing".' },
    });
  });

  it.each([
    [["operator", "explode"], /unknown command 'operator explode'/],
    [["operator", "create"], /--name is required/],
    [["operator", "create", "--name"], /--name/],
    [["operator", "create", "--name", "x", "--colour", "red"], /Unknown option '--colour'/],
    [["operator", "show"], /missing <operator-id>/],
    [["operator", "show", "a", "b"], /unexpected argument 'b'/],
    [["operator", "update", "some-id"], /nothing to update/],
    [
      ["operator", "create", "--name", "x", "--limit", "USD:1:2"],
      /--limit takes CURRENCY:minBet:maxBet:maxWin/,
    ],
    [["operator", "rotate-secret", "x", "--grace-seconds", "1h"], /--grace-seconds takes a whole number/],
    [["pack", "add-games", "mini"], /missing <game-code>/],
    [
      ["operator", "create", "--name", "X", "--countries", "UK"],
      /UK is not an ISO 3166-1 alpha-2 country code/,
    ],
    [["operator", "create", "--name", "X", "--callback-url", "ftp://x"], /must use http or https/],
    [["operator", "update", "some-id", "--lobby-url", "nowhere"], /lobby URL/],
    [["operator", "update", "some-id", "--private-network", "yes"], /--private-network takes allow or deny/],
    [["operator", "create", "--name", "X", "--limit", "XXX:1:2:3"], /"XXX" is not a supported currency/],
    [["operator", "create", "--name", "X", "--secret", "short"], /The secret must be 32 to 256 characters/],
    [["operator", "create", "--name", " "], /name/],
    [["operator", "create", "--name", "X", "--packs", "Not A Pack"], /is not a pack id/],
  ])("refuses %j with exit code 2 and the usage, opening nothing", async (argv, message) => {
    const before = opened;
    const { code, stdout, stderr } = await cli(...argv);
    expect(code).toBe(2);
    expect(stdout).toBe("");
    expect(stderr).toMatch(message);
    expect(stderr).toMatch(/usage: rgs |npm run rgs -- help/);
    expect(stderr).not.toMatch(/\n\s+at /);
    expect(opened).toBe(before);
  });

  it("refuses a value only the service checks (a pack id, a game code) with exit code 2", async () => {
    const badId = await cli("pack", "create", "Not An Id", "--name", "X");
    expect(badId.code).toBe(2);
    expect(badId.stderr).toMatch(/A pack id is 1 to 64 lower-case letters/);
    expect((await cli("pack", "create", "game-check", "--name", "Game check")).code).toBe(0);
    const badGame = await cli("pack", "add-games", "game-check", "no-such-game");
    expect(badGame.code).toBe(2);
    expect(badGame.stderr).toMatch(/Not in the game catalog: "no-such-game"/);
  });

  it("prints a group's commands for the group alone, and a command's usage for its --help", async () => {
    const before = opened;
    for (const argv of [
      ["operator"],
      ["operator", "--help"],
      ["help", "operator"],
      ["operator", "-h", "--json"],
    ]) {
      const { code, stdout, stderr } = await cli(...argv);
      expect([code, stderr], argv.join(" ")).toEqual([0, ""]);
      expect(stdout).toMatch(/^Usage: npm run rgs -- operator <command>/);
      expect(stdout).toContain("operator rotate-secret");
      expect(stdout).not.toContain("pack assign");
    }
    const command = await cli("pack", "assign", "--help");
    expect(command.stdout).toMatch(/^Usage: npm run rgs -- pack assign <pack-id> <operator-id>/);
    const unknown = await cli("operator", "explode");
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("Commands of operator:");
    expect(opened).toBe(before);
  });

  it("says where a command's time went: with --timings, or on a terminal when it took a second", async () => {
    let clock = 400;
    const run = async (argv: string[], interactive: boolean) => {
      let stderr = "";
      const code = await runCli(argv, {
        env: { DATA_DIR: "/nonexistent/never-opened" },
        io: { stdout: () => {}, stderr: (t) => (stderr += t), interactive },
        now: () => clock,
        openTransport: async () => {
          clock += 1500;
          return {
            ...transport,
            close: async () => {
              clock += 100;
            },
          };
        },
      });
      return { code, stderr };
    };
    const timed = await run(["operator", "list", "--timings"], false);
    expect(timed).toEqual({
      code: 0,
      stderr:
        "timings: 2.00 s in all: starting Node.js and the CLI 0.40 s, opening the store 1.50 s, the command 0.00 s, closing 0.10 s\n",
    });
    clock = 400;
    expect((await run(["operator", "list"], true)).stderr).toMatch(/^timings: 2\.00 s in all/);
    clock = 400;
    expect((await run(["operator", "list"], false)).stderr).toBe("");
    clock = 400;
    expect((await run(["operator", "list", "--json"], true)).stderr).toBe("");
  });

  it("prints the help", async () => {
    const { code, stdout } = await cli("help");
    expect(code).toBe(0);
    for (const command of [
      "operator create",
      "operator rotate-secret",
      "pack remove-games",
      "pack unassign",
    ]) {
      expect(stdout).toContain(command);
    }
  });
});
