import { launchCommand, testerCommand } from "../../src/operators/sandbox-commands.ts";

export interface SandboxPlayer {
  id: string;
  balance: string;
}

export interface SandboxFacts {
  repoDir: string;
  rgsUrl: string;
  walletCallbackUrl: string;
  operatorId: string;
  credentialsFile: string;
  /** Why the secret changed on this start, if it did. */
  secretNote?: string;
  currency: string;
  launchPlayer: SandboxPlayer;
  testerPlayers: [SandboxPlayer, SandboxPlayer];
  logFiles: string[];
}

const RULE_WIDTH = 78;

/**
 * What `npm run sandbox` prints once everything answers, and nothing after it: the facts in a box, then
 * the two commands outside it, so that copying a command never picks up a border.
 */
export function sandboxSummary(facts: SandboxFacts): string {
  const [first, second] = facts.testerPlayers;
  const rows: [string, string][] = [
    ["RGS", `${facts.rgsUrl}  (demo lobby: ${facts.rgsUrl}/lobby, API: ${facts.rgsUrl}/docs)`],
    ["Wallet", `${facts.walletCallbackUrl}  (the reference wallet)`],
    ["Operator ID", facts.operatorId],
    ["Secret", `in ${facts.credentialsFile}`],
    ["", "(owner-only; rewritten when the secret rotates)"],
    ...(facts.secretNote ? ([["", facts.secretNote]] as [string, string][]) : []),
    [
      `Players (${facts.currency})`,
      `${facts.launchPlayer.id} ${facts.launchPlayer.balance} (the launch below)`,
    ],
    ["", `${first.id} ${first.balance}, ${second.id} ${second.balance} (the tester)`],
    ["Logs", facts.logFiles[0] ?? ""],
    ...facts.logFiles.slice(1).map((file): [string, string] => ["", file]),
  ];
  const label = Math.max(...rows.map(([name]) => name.length)) + 2;
  const launch = launchCommand({
    baseUrl: facts.rgsUrl,
    credentials: { file: facts.credentialsFile },
    body: {
      playerId: facts.launchPlayer.id,
      currency: facts.currency,
      gameCode: "dice-alpha",
      countryCode: "DE",
      demo: false,
    },
  });
  const tester = testerCommand({
    repoDir: facts.repoDir,
    credentialsFile: facts.credentialsFile,
    walletUrl: facts.walletCallbackUrl,
    player: first.id,
    secondPlayer: second.id,
    currency: facts.currency,
  });
  return [
    `┌─ RGS sandbox: real money on the reference wallet ${"─".repeat(RULE_WIDTH - 51)}`,
    ...rows.map(([name, value]) => `│ ${(name === "" ? "" : `${name}:`).padEnd(label)}${value}`),
    `└${"─".repeat(RULE_WIDTH - 1)}`,
    "",
    `Real-money launch of ${facts.launchPlayer.id} (paste into a shell; it signs when it runs), then open the launchUrl it prints:`,
    "",
    `  ${launch}`,
    "",
    `Integration tester against the wallet (every check passes):`,
    "",
    `  ${tester}`,
    "",
    "Ctrl-C stops the RGS and the wallet; `npm run sandbox` again reuses the operator, its secret and the balances.",
    "",
  ].join("\n");
}
