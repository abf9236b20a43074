/**
 * The end of every end-to-end test: once every round has ended (polled with a deadline, since credits and
 * rollbacks are retried with backoff), the wallet's ledger must equal its opening balance minus the stakes
 * plus the payouts of the RGS's rounds, round by round, with every round closed on both sides and no
 * transaction applied twice.
 */
import type { Environment, Session, WalletStatement } from "./environment.ts";
import type { Round } from "./games.ts";

/** A signed decimal string of the wallet (USD, 2 decimals) in cents. */
export function cents(amount: string): bigint {
  const negative = amount.startsWith("-");
  const [whole = "0", fraction = ""] = (negative ? amount.slice(1) : amount).split(".");
  const value = BigInt(whole) * 100n + BigInt(fraction.padEnd(2, "0").slice(0, 2) || "0");
  return negative ? -value : value;
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `check` until it returns a value (not undefined) or the deadline passes. */
export async function eventually<T>(
  what: string,
  check: () => Promise<T | undefined>,
  timeoutMs: number,
  describeLast: () => string = () => "",
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline)
      throw new Error(`${what}: not reached within ${timeoutMs} ms. ${describeLast()}`);
    await sleep(100);
  }
}

/** Every finished round of the player, read through the history of each of its sessions (all pages). */
export async function finishedRounds(env: Environment, sessions: Session[]): Promise<Map<string, Round>> {
  const rounds = new Map<string, Round>();
  for (const session of sessions) {
    let before: string | undefined;
    do {
      const query = `/game/history?limit=100${before === undefined ? "" : `&before=${encodeURIComponent(before)}`}`;
      const page = await env.game<{ rounds: Round[]; next?: string }>(session, "GET", query);
      if (page.status !== 200) throw new Error(`history: ${JSON.stringify(page.body)}`);
      for (const round of page.body.rounds) rounds.set(round.id, round);
      before = page.body.next;
    } while (before !== undefined);
  }
  return rounds;
}

/** Whether each session's game has no unfinished round (open, settling or still being set up). */
async function nothingUnfinished(env: Environment, sessions: Session[]): Promise<string[]> {
  const unfinished: string[] = [];
  for (const session of sessions) {
    const current = await env.game<{ round: Round | null; code?: string }>(session, "POST", "/game/current");
    if (current.status === 503 && current.body.code === "round_initializing") {
      unfinished.push(`${session.gameCode}: initializing`);
    } else if (current.status !== 200) {
      throw new Error(`/game/current: ${current.status} ${JSON.stringify(current.body)}`);
    } else if (current.body.round !== null) {
      unfinished.push(`${session.gameCode}: ${current.body.round.status}`);
    }
  }
  return unfinished;
}

export interface Reconciled {
  statement: WalletStatement;
  rounds: Round[];
  stakes: bigint;
  payouts: bigint;
}

/**
 * Waits until every round of the player is finished on both sides, then checks the ledger against the RGS's
 * rounds. `sessions` must cover every game the player played (one session per game).
 */
export async function reconcile(
  env: Environment,
  playerId: string,
  sessions: Session[],
  opts: { timeoutMs?: number } = {},
): Promise<Reconciled> {
  let last = "";
  const statement = await eventually(
    `every round of ${playerId} closed`,
    async () => {
      const unfinished = await nothingUnfinished(env, sessions);
      const wallet = await env.statement(playerId);
      const open = wallet.rounds.filter((round) => !round.closed).map((round) => round.id);
      last = `RGS unfinished: ${JSON.stringify(unfinished)}; wallet rounds open: ${JSON.stringify(open)}`;
      return unfinished.length === 0 && open.length === 0 ? wallet : undefined;
    },
    opts.timeoutMs ?? 30_000,
    () => `${last}\n${env.logs.slice(-4000)}`,
  );
  const rounds = [...(await finishedRounds(env, sessions)).values()];
  check(statement, rounds);
  const stakes = rounds.reduce((sum, round) => sum + cents(round.stake), 0n);
  const payouts = rounds.reduce((sum, round) => sum + cents(round.payout), 0n);
  return { statement, rounds, stakes, payouts };
}

function check(statement: WalletStatement, rounds: Round[]): void {
  const problems: string[] = [];
  const fail = (problem: string) => problems.push(problem);

  if (!statement.reconciled)
    fail(`the wallet's ledger does not explain its balance: ${statement.ledgerBalance}`);
  const expected =
    cents(statement.openingBalance) +
    rounds.reduce((sum, round) => sum + cents(round.payout) - cents(round.stake), 0n);
  if (cents(statement.balance) !== expected) {
    fail(
      `wallet balance ${statement.balance}, but opening - stakes + payouts of the RGS's rounds is ${expected} cents`,
    );
  }

  const ids = statement.transactions.map((t) => t.transactionId);
  if (new Set(ids).size !== ids.length) fail("a transactionId appears twice in the ledger");

  // Round by round: the money the wallet moved under a round is what the RGS says the round staked and paid.
  const moved = new Map<string, bigint>();
  for (const t of statement.transactions) {
    if (t.roundId === null) continue;
    moved.set(t.roundId, (moved.get(t.roundId) ?? 0n) + cents(t.balanceDelta));
  }
  const byId = new Map(rounds.map((round) => [round.id, round]));
  for (const [roundId, delta] of moved) {
    const round = byId.get(roundId);
    if (!round) {
      if (delta !== 0n)
        fail(`the wallet moved ${delta} cents in round ${roundId}, which the RGS does not list`);
      continue;
    }
    const net = cents(round.payout) - cents(round.stake);
    if (delta !== net) fail(`round ${roundId}: the wallet moved ${delta} cents, the RGS says ${net}`);
  }
  for (const round of rounds) {
    // A bet the wallet never confirmed ends cancelled: nothing played, its stake returned, nothing kept.
    const cancelled = round.status === "cancelled" && cents(round.stake) === 0n && cents(round.payout) === 0n;
    if (round.status !== "closed" && !cancelled) fail(`round ${round.id} is ${round.status}`);
    if (cents(round.stake) > 0n && !moved.has(round.id))
      fail(`round ${round.id} staked money the wallet never took`);
  }

  // A rollback that returned money reversed a debit of the same round, and that debit names it.
  for (const t of statement.transactions.filter(
    (t) => t.kind === "rollback" && cents(t.balanceDelta) !== 0n,
  )) {
    const debit = statement.transactions.find((d) => d.transactionId === t.reverses);
    const matches =
      debit?.kind === "debit" && debit.reversedBy === t.transactionId && debit.roundId === t.roundId;
    if (!matches) {
      fail(`rollback ${t.transactionId} does not match the debit it reverses`);
    }
  }
  if (statement.rounds.some((round) => !round.closed)) fail("a round is still open in the wallet");

  if (problems.length > 0) {
    throw new Error(
      `reconciliation failed:\n  ${problems.join("\n  ")}\nRGS rounds: ${JSON.stringify(rounds)}\nwallet: ${JSON.stringify(statement)}`,
    );
  }
}
