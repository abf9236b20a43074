import { createHash } from "node:crypto";
import { resolveCurrency } from "@rgs/protocol/currencies";
import { formatAmount } from "@rgs/protocol/money";
import type {
  ReconciliationEntry,
  ReconciliationRequest,
  ReconciliationResponse,
} from "@rgs/protocol/operator-reports";
import { type Kysely, sql } from "kysely";
import type { Database } from "../store/schema.ts";
import { reportCurrency, reportDate } from "./report-filters.ts";
import { dayInZone } from "./time-zones.ts";

/** How long after a day ends its figures may still move: what the roll-up waits (reporting/ggr-rollup.ts). */
export const SETTLE_MS = 60_000;

interface Row {
  transaction_id: string;
  kind: "debit" | "credit" | "rollback";
  amount: bigint;
  status: "pending" | "ok" | "refused" | "ambiguous" | "dead";
  round_id: string;
  player_id: string;
  game_code: string;
  completed_at: Date | null;
  created_at: Date;
  reverse_transaction_id: string | null;
  wallet_status: string | null;
  resolved_at: Date | null;
  resolved_by: string | null;
  resolution_note: string | null;
  /** The credit that replaced this dead letter (migration 0059). */
  replaced_by: string | null;
  /** The reversed debit's status, on a rollback. */
  reversed_status: string | null;
  /** On a debit: whether its rollback was confirmed (an ambiguous debit so rolled back is settled). */
  rolled_back: boolean;
  seq: number;
  /** The campaign and grant of a free round; null for paid play. */
  campaign_id: string | null;
  grant_id: string | null;
}

/**
 * One day of an operator's real-money callbacks in one currency, the day taken in the operator's zone: every
 * callback the wallet confirmed that day (matched on transactionId against the wallet's ledger), how each
 * is counted, the day's callbacks still unsettled (which keep `final` false) and those settled by hand.
 * A free round's lines carry its campaign and grant; its credits are bonus wins, beside GGR.
 */
export class Reconciliation {
  readonly #db: Kysely<Database>;

  constructor(deps: { db: Kysely<Database> }) {
    this.#db = deps.db;
  }

  async day(
    operator: { id: string; timeZone: string },
    request: ReconciliationRequest,
    nowMs: number,
  ): Promise<ReconciliationResponse> {
    const day = dayInZone(operator.timeZone, reportDate("date", request.date));
    const currency = reportCurrency(request.currency);
    const decimals = resolveCurrency(currency)?.decimals ?? 0;
    const rows = await this.#rows(operator.id, currency, new Date(day.startMs), new Date(day.endMs));
    // A refused debit, or an ambiguous one whose rollback was confirmed, moved nothing and holds nothing.
    const entries = rows.flatMap((row) => {
      const state = stateOf(row);
      return state === undefined ? [] : [entryOf(row, state, decimals)];
    });
    const confirmed = entries.filter((e) => e.state === "confirmed");
    const unsettled = entries.filter((e) => ["pending", "ambiguous", "dead_letter"].includes(e.state));
    const resolvedByHand = entries.filter((e) => e.state === "resolved_by_hand");
    return {
      date: request.date,
      timeZone: operator.timeZone,
      start: new Date(day.startMs).toISOString(),
      end: new Date(day.endMs).toISOString(),
      currency,
      final: unsettled.length === 0 && nowMs >= day.endMs + SETTLE_MS,
      demo: "excluded",
      totals: totalsOf(rows, decimals),
      digest: digestOf(confirmed),
      transactions: confirmed,
      unsettled,
      resolvedByHand,
    };
  }

  /** The currencies of the operator's real-money rounds with a callback that day, confirmed or not. */
  async currenciesOf(operator: { id: string; timeZone: string }, date: string): Promise<string[]> {
    const day = dayInZone(operator.timeZone, reportDate("date", date));
    const from = new Date(day.startMs);
    const to = new Date(day.endMs);
    const result = await sql<{ currency: string }>`
      select distinct r.currency from rounds r join wallet_transactions t on t.round_id = r.id
      where r.operator_id = ${operator.id} and r.mode = 'real'
        and coalesce(t.completed_at, t.created_at) >= ${from} and coalesce(t.completed_at, t.created_at) < ${to}
      union
      select distinct r.currency from rounds_history r
        join wallet_transactions_history t on t.round_id = r.id and t.round_finished_at = r.finished_at
      where r.operator_id = ${operator.id} and r.mode = 'real' and r.finished_at >= ${from}
        and coalesce(t.completed_at, t.created_at) >= ${from} and coalesce(t.completed_at, t.created_at) < ${to}
      order by 1`.execute(this.#db);
    return result.rows.map((row) => row.currency);
  }

  /** Confirmed that day, or created that day and not confirmed; hot and archived alike. */
  async #rows(operatorId: string, currency: string, from: Date, to: Date): Promise<Row[]> {
    const select = (transactions: string, rounds: string, join: string) => sql<Row>`
      select t.transaction_id, t.kind, t.amount, t.status, t.round_id, r.player_id, r.game_code, t.completed_at,
        t.created_at, t.reverse_transaction_id, t.answer->>'status' as wallet_status, t.resolved_at,
        t.resolved_by, t.resolution_note, t.replaced_by, t.seq, f.campaign_id, f.grant_id,
        (select d.status from ${sql.table(transactions)} d where d.transaction_id = t.reverse_transaction_id) as reversed_status,
        exists (select 1 from ${sql.table(transactions)} b
          where b.reverse_transaction_id = t.transaction_id and b.status = 'ok') as rolled_back
      from ${sql.table(transactions)} t join ${sql.table(rounds)} r on ${sql.raw(join)}
        left join free_round_plays f on f.round_id = t.round_id
      where r.operator_id = ${operatorId} and r.currency = ${currency} and r.mode = 'real'
        and ((t.status = 'ok' and t.completed_at >= ${from} and t.completed_at < ${to})
          or (t.status <> 'ok' and t.created_at >= ${from} and t.created_at < ${to}))`;
    const hot = await select("wallet_transactions", "rounds", "r.id = t.round_id").execute(this.#db);
    const archived = await select(
      "wallet_transactions_history",
      "rounds_history",
      "r.id = t.round_id and r.finished_at = t.round_finished_at",
    ).execute(this.#db);
    return [...hot.rows, ...archived.rows].sort(
      (a, b) => instant(a) - instant(b) || a.round_id.localeCompare(b.round_id) || a.seq - b.seq,
    );
  }
}

const instant = (row: Row) => (row.completed_at ?? row.created_at).getTime();

function stateOf(row: Row): ReconciliationEntry["state"] | undefined {
  if (row.status === "ok") return "confirmed";
  if (row.status === "pending") return "pending";
  if (row.status === "dead") return row.resolved_at === null ? "dead_letter" : "resolved_by_hand";
  if (row.status === "ambiguous") return row.rolled_back ? undefined : "ambiguous";
  return undefined;
}

function countedOf(row: Row): ReconciliationEntry["counted"] {
  if (row.status !== "ok") return "none";
  if (row.kind === "debit") return "bet";
  if (row.kind === "credit") return row.campaign_id === null ? "win" : "bonus_win";
  const applied = row.wallet_status !== "ERROR_TRANSACTION_DOES_NOT_EXIST";
  return applied && row.reversed_status === "ok" ? "refund" : "not_applied";
}

function entryOf(row: Row, state: ReconciliationEntry["state"], decimals: number): ReconciliationEntry {
  return {
    transactionId: row.transaction_id,
    kind: row.kind,
    amount: formatAmount(BigInt(row.amount), decimals),
    roundId: row.round_id,
    playerId: row.player_id,
    gameCode: row.game_code,
    confirmedAt: row.completed_at?.toISOString() ?? null,
    ...(row.reverse_transaction_id !== null && { reverses: row.reverse_transaction_id }),
    state,
    counted: countedOf(row),
    walletStatus: row.wallet_status,
    ...(row.campaign_id !== null &&
      row.grant_id !== null && { freeRound: { campaignId: row.campaign_id, grantId: row.grant_id } }),
    ...(row.resolved_at !== null && {
      resolution: {
        resolvedAt: row.resolved_at.toISOString(),
        resolvedBy: row.resolved_by ?? "",
        note: row.resolution_note ?? "",
        ...(row.replaced_by !== null && { replacedBy: row.replaced_by }),
      },
    }),
  };
}

function totalsOf(rows: Row[], decimals: number): ReconciliationResponse["totals"] {
  let bets = 0n;
  let wins = 0n;
  let bonusWins = 0n;
  const counts = { debits: 0, credits: 0, rollbacks: 0 };
  for (const row of rows) {
    if (row.status !== "ok") continue;
    const counted = countedOf(row);
    if (counted === "bet") bets += BigInt(row.amount);
    if (counted === "refund") bets -= BigInt(row.amount);
    if (counted === "win") wins += BigInt(row.amount);
    if (counted === "bonus_win") bonusWins += BigInt(row.amount);
    counts[`${row.kind}s`] += 1;
  }
  return {
    bets: formatAmount(bets, decimals),
    wins: formatAmount(wins, decimals),
    ggr: formatAmount(bets - wins, decimals),
    bonusWins: formatAmount(bonusWins, decimals),
    ...counts,
  };
}

/** SHA-256 of one line per confirmed callback: `transactionId,kind,amount,confirmedAt,counted\n`. */
export function digestOf(entries: ReconciliationEntry[]): string {
  const hash = createHash("sha256");
  for (const e of entries)
    hash.update(`${e.transactionId},${e.kind},${e.amount},${e.confirmedAt},${e.counted}\n`);
  return hash.digest("hex");
}
