import { formatAmount } from "@rgs/protocol/money";
import type {
  FreeRoundMark,
  RoundSearchRequest,
  RoundSearchResponse,
  SearchRound,
  SearchTransaction,
  TransactionSearchRequest,
  TransactionSearchResponse,
} from "@rgs/protocol/operator-api";
import type { Kysely } from "kysely";
import { freeRoundMarks } from "../campaigns/free-round-marks.ts";
import type { Clock } from "../clock.ts";
import { type RoundStatus, UNFINISHED } from "../rounds/round-repository.ts";
import type { Database } from "../store/schema.ts";
import { ReportingBusyError, type ReportingQueryPool, ReportingTimeoutError } from "./query-pool.ts";
import {
  droppedMonthOf,
  type FoundRound,
  type FoundTransaction,
  findRounds,
  type Keyset,
  transactionsOf,
} from "./round-search.ts";
import { type CursorPosition, filtersDigest, type SearchCursors, type SearchKind } from "./search-cursor.ts";
import { roundFilters, transactionFilters } from "./search-filters.ts";
import { findTransactions, pagingTime } from "./transaction-search.ts";

/**
 * The operator's searches of its rounds and wallet transactions: filters checked, the cursor read, the
 * queries run on the reporting pool, the page presented. A search's upper bound `asOf` is fixed by its first
 * page a few seconds in the past (SETTLE_MS), so that every round or confirmation at or before it is already
 * committed when the first page is read: what a later page reads below it was there from the start.
 */

/** How long after its start a round (after its confirmation, a transaction) is certainly committed. */
export const SETTLE_MS = 5000;

export type SearchRefusalCode =
  | "invalid_filter"
  | "invalid_time_range"
  | "time_range_too_long"
  | "invalid_cursor"
  | "cursor_mismatch"
  | "round_archived"
  | "reporting_busy"
  | "reporting_timeout";

export type SearchOutcome<T> =
  | { ok: true; response: T }
  | { ok: false; code: SearchRefusalCode; detail: string };

type Fairness = { serverSeedHash: string; clientSeed: string; serverSeed?: string };

export interface SearchDeps {
  pool: ReportingQueryPool;
  cursors: SearchCursors;
  clock: Clock;
  fairness: (db: Kysely<Database>, seedPairIds: readonly string[]) => Promise<Map<string, Fairness>>;
  /** The replay link of a finished round (replay-links/replay-link.ts). */
  replayUrl: (roundId: string) => string;
}

class Refused extends Error {
  constructor(
    readonly code: SearchRefusalCode,
    readonly detail: string,
  ) {
    super(detail);
  }
}

export class SearchService {
  readonly #deps: SearchDeps;

  constructor(deps: SearchDeps) {
    this.#deps = deps;
  }

  rounds(operatorId: string, body: RoundSearchRequest): Promise<SearchOutcome<RoundSearchResponse>> {
    return this.#answer(async () => {
      const parsed = roundFilters(body);
      if (!parsed.ok) throw new Refused(parsed.code, parsed.detail);
      const { filters, limit } = parsed;
      const start = this.#start("rounds", operatorId, filters, body.cursor);
      const rounds = await this.#deps.pool.run(operatorId, async (db) => {
        const found = await findRounds(db, { operatorId, filters, limit: limit + 1, ...start.query });
        if (found.length === 0 && filters.roundId !== undefined && body.cursor === undefined) {
          const month = await droppedMonthOf(db, operatorId, filters.roundId);
          if (month !== undefined) {
            throw new Refused(
              "round_archived",
              `Round ${filters.roundId} finished in ${month}, a month that was exported and then removed from this server: ask for that month's archive.`,
            );
          }
        }
        const page = found.slice(0, limit);
        const ids = page.map((r) => r.id);
        const [transactions, fairness, free] = await Promise.all([
          transactionsOf(db, ids),
          this.#deps.fairness(
            db,
            page.map((r) => r.seedPairId),
          ),
          freeRoundMarks(db, ids),
        ]);
        return { page, more: found.length > limit, transactions, fairness, free };
      });
      const last = rounds.page.at(-1);
      return {
        rounds: rounds.page.map((round) =>
          this.#round(round, rounds.transactions, rounds.fairness, rounds.free.get(round.id)),
        ),
        ...(rounds.more && last && { next: start.next({ at: last.createdAt, id: last.id }) }),
        asOf: start.asOf.toISOString(),
        demoExcluded: true as const,
      };
    });
  }

  transactions(
    operatorId: string,
    body: TransactionSearchRequest,
  ): Promise<SearchOutcome<TransactionSearchResponse>> {
    return this.#answer(async () => {
      const parsed = transactionFilters(body);
      if (!parsed.ok) throw new Refused(parsed.code, parsed.detail);
      const { filters, limit } = parsed;
      const start = this.#start("transactions", operatorId, filters, body.cursor);
      const { found, free } = await this.#deps.pool.run(operatorId, async (db) => {
        const found = await findTransactions(db, { operatorId, filters, limit: limit + 1, ...start.query });
        const free = await freeRoundMarks(
          db,
          found.slice(0, limit).map((tx) => tx.roundId),
        );
        return { found, free };
      });
      const page = found.slice(0, limit);
      const last = page.at(-1);
      return {
        transactions: page.map((tx) => {
          const mark = free.get(tx.roundId);
          return {
            ...transaction(tx, tx.decimals),
            playerId: tx.playerId,
            gameCode: tx.gameCode,
            currency: tx.currency,
            ...(mark && { freeRound: mark }),
          };
        }),
        ...(found.length > limit &&
          last && { next: start.next({ at: pagingTime(filters, last), id: last.transactionId }) }),
        asOf: start.asOf.toISOString(),
        demoExcluded: true as const,
      };
    });
  }

  /** The search's bound and position: from its cursor, or fixed now for a first page. */
  #start(kind: SearchKind, operatorId: string, filters: object, cursor: string | undefined) {
    const scope = { kind, operatorId, filters: filtersDigest({ ...filters }) };
    let position: CursorPosition | undefined;
    if (cursor !== undefined) {
      const reading = this.#deps.cursors.decode(scope, cursor);
      if (!reading.ok) throw new Refused(reading.code, reading.detail);
      position = reading.position;
    }
    const asOf = new Date(position?.asOf ?? this.#deps.clock.now() - SETTLE_MS);
    const after: Keyset | undefined = position && { at: new Date(position.at), id: position.id };
    return {
      asOf,
      query: { asOf, ...(after && { after }) },
      next: (last: Keyset) =>
        this.#deps.cursors.encode(scope, { asOf: asOf.getTime(), at: last.at.getTime(), id: last.id }),
    };
  }

  #round(
    round: FoundRound,
    transactions: FoundTransaction[],
    fairness: Map<string, Fairness>,
    free: FreeRoundMark | undefined,
  ): SearchRound {
    const pair = fairness.get(round.seedPairId);
    const finished = !UNFINISHED.includes(round.status as RoundStatus);
    const replayUrl = finished ? this.#deps.replayUrl(round.id) : undefined;
    return {
      roundId: round.id,
      playerId: round.playerId,
      gameCode: round.gameCode,
      currency: round.currency,
      status: round.status as SearchRound["status"],
      stake: formatAmount(round.stake, round.decimals),
      payout: formatAmount(round.payout, round.decimals),
      startedAt: round.createdAt.toISOString(),
      lastActionAt: round.lastActionAt.toISOString(),
      closedAt: round.closedAt?.toISOString() ?? null,
      fairness: {
        serverSeedHash: pair?.serverSeedHash ?? "",
        ...(pair?.serverSeed !== undefined && { serverSeed: pair.serverSeed }),
        clientSeed: pair?.clientSeed ?? "",
        nonce: round.nonce,
      },
      ...(replayUrl !== undefined && { replayUrl }),
      transactions: transactions
        .filter((t) => t.roundId === round.id)
        .map((t) => transaction(t, round.decimals)),
      ...(free && { freeRound: free }),
    };
  }

  async #answer<T>(search: () => Promise<T>): Promise<SearchOutcome<T>> {
    try {
      return { ok: true, response: await search() };
    } catch (error) {
      if (error instanceof Refused) return { ok: false, code: error.code, detail: error.detail };
      if (error instanceof ReportingBusyError) {
        return {
          ok: false,
          code: "reporting_busy",
          detail:
            "Your operator already has as many searches and reports running as it may; send this one when one of them has answered.",
        };
      }
      if (error instanceof ReportingTimeoutError) {
        return {
          ok: false,
          code: "reporting_timeout",
          detail: `The search ran longer than ${error.timeoutMs} ms and was stopped: narrow it (a shorter time range, a player, a game).`,
        };
      }
      throw error;
    }
  }
}

function transaction(tx: FoundTransaction, decimals: number): SearchTransaction {
  return {
    transactionId: tx.transactionId,
    roundId: tx.roundId,
    kind: tx.kind,
    amount: formatAmount(tx.amount, decimals),
    state: tx.status,
    attempts: tx.attempts,
    lastStatus: tx.lastStatus,
    createdAt: tx.createdAt.toISOString(),
    confirmedAt: tx.completedAt?.toISOString() ?? null,
  };
}
