import { migrate } from "./schema.ts";
import { isUniqueViolation, type SqlDatabase, type SqlQueryable } from "./sql.ts";

export interface Player {
  id: string;
  /** Canonical ISO code ("CNY", never the alias "RMB"). */
  currency: string;
  balance: bigint;
  openingBalance: bigint;
  disabled: boolean;
  excluded: boolean;
}

export type TransactionKind = "debit" | "credit" | "rollback" | "tombstone";

export interface LedgerEntry {
  transactionId: string;
  kind: TransactionKind;
  playerId: string;
  roundId: string;
  amount: bigint;
  balanceDelta: bigint;
  balanceAfter: bigint;
  /** On a rollback: the transactionId it names. */
  reverses: string | null;
  /** On a debit or tombstone: the rollback that cancelled it. */
  reversedBy: string | null;
  /** Canonical JSON of the request parameters, compared on replays; null on tombstones. */
  fingerprint: string | null;
  /** The response answered when the entry was applied (without requestId); null on tombstones. */
  response: Record<string, unknown> | null;
  createdAt: string;
}

export interface Round {
  id: string;
  playerId: string;
  closed: boolean;
}

export type NewLedgerEntry = Omit<LedgerEntry, "createdAt">;

interface PlayerRow {
  id: string;
  currency: string;
  balance: string;
  opening_balance: string;
  disabled: boolean;
  excluded: boolean;
}

interface EntryRow {
  transaction_id: string;
  kind: TransactionKind;
  player_id: string;
  round_id: string;
  amount: string;
  balance_delta: string;
  balance_after: string;
  reverses: string | null;
  reversed_by: string | null;
  fingerprint: string | null;
  response: string | null;
  created_at: string;
}

interface RoundRow {
  id: string;
  player_id: string;
  closed: boolean;
}

// Numbers travel as text in both directions: pg and PGlite parse numeric differently, text is exact.
const PLAYER_COLUMNS =
  "id, currency, balance::text AS balance, opening_balance::text AS opening_balance, disabled, excluded";
const ENTRY_COLUMNS = `transaction_id, kind, player_id, round_id, amount::text AS amount,
  balance_delta::text AS balance_delta, balance_after::text AS balance_after, reverses, reversed_by,
  fingerprint, response, created_at::text AS created_at`;

function toPlayer(row: PlayerRow): Player {
  return {
    id: row.id,
    currency: row.currency,
    balance: BigInt(row.balance),
    openingBalance: BigInt(row.opening_balance),
    disabled: row.disabled,
    excluded: row.excluded,
  };
}

function toEntry(row: EntryRow): LedgerEntry {
  return {
    transactionId: row.transaction_id,
    kind: row.kind,
    playerId: row.player_id,
    roundId: row.round_id,
    amount: BigInt(row.amount),
    balanceDelta: BigInt(row.balance_delta),
    balanceAfter: BigInt(row.balance_after),
    reverses: row.reverses,
    reversedBy: row.reversed_by,
    fingerprint: row.fingerprint,
    response: row.response === null ? null : (JSON.parse(row.response) as Record<string, unknown>),
    createdAt: row.created_at,
  };
}

function toRound(row: RoundRow): Round {
  return { id: row.id, playerId: row.player_id, closed: row.closed };
}

/** The statements one money movement runs, all inside the transaction that locked the player. */
export class LedgerTransaction {
  readonly #tx: SqlQueryable;

  constructor(tx: SqlQueryable) {
    this.#tx = tx;
  }

  /** Reads the player and locks the row until commit: callbacks of one player run one after another. */
  async lockPlayer(id: string): Promise<Player | undefined> {
    const rows = await this.#tx.query<PlayerRow>(
      `SELECT ${PLAYER_COLUMNS} FROM wallet_players WHERE id = $1 FOR UPDATE`,
      [id],
    );
    return rows[0] === undefined ? undefined : toPlayer(rows[0]);
  }

  async findEntry(transactionId: string): Promise<LedgerEntry | undefined> {
    const rows = await this.#tx.query<EntryRow>(
      `SELECT ${ENTRY_COLUMNS} FROM wallet_transactions WHERE transaction_id = $1`,
      [transactionId],
    );
    return rows[0] === undefined ? undefined : toEntry(rows[0]);
  }

  /** The round, created open for `playerId` if it did not exist yet. */
  async ensureRound(id: string, playerId: string): Promise<Round> {
    await this.#tx.query(
      "INSERT INTO wallet_rounds (id, player_id) VALUES ($1, $2) ON CONFLICT (id) DO NOTHING",
      [id, playerId],
    );
    const round = await this.findRound(id);
    if (round === undefined) throw new Error(`round ${id} vanished after insert`);
    return round;
  }

  async findRound(id: string): Promise<Round | undefined> {
    const rows = await this.#tx.query<RoundRow>(
      "SELECT id, player_id, closed FROM wallet_rounds WHERE id = $1",
      [id],
    );
    return rows[0] === undefined ? undefined : toRound(rows[0]);
  }

  async closeRound(id: string): Promise<void> {
    await this.#tx.query("UPDATE wallet_rounds SET closed = true WHERE id = $1", [id]);
  }

  async setBalance(playerId: string, balance: bigint): Promise<void> {
    await this.#tx.query("UPDATE wallet_players SET balance = $2::numeric WHERE id = $1", [
      playerId,
      balance.toString(),
    ]);
  }

  async insertEntry(entry: NewLedgerEntry): Promise<void> {
    await this.#tx.query(
      `INSERT INTO wallet_transactions (transaction_id, kind, player_id, round_id, amount, balance_delta,
        balance_after, reverses, reversed_by, fingerprint, response)
       VALUES ($1, $2, $3, $4, $5::numeric, $6::numeric, $7::numeric, $8, $9, $10, $11)`,
      [
        entry.transactionId,
        entry.kind,
        entry.playerId,
        entry.roundId,
        entry.amount.toString(),
        entry.balanceDelta.toString(),
        entry.balanceAfter.toString(),
        entry.reverses,
        entry.reversedBy,
        entry.fingerprint,
        entry.response === null ? null : JSON.stringify(entry.response),
      ],
    );
  }

  async markReversed(transactionId: string, rollbackId: string): Promise<void> {
    await this.#tx.query("UPDATE wallet_transactions SET reversed_by = $2 WHERE transaction_id = $1", [
      transactionId,
      rollbackId,
    ]);
  }
}

export interface NewPlayer {
  id: string;
  currency: string;
  balance: bigint;
  disabled?: boolean;
  excluded?: boolean;
}

export interface PlayerStatement {
  player: Player;
  entries: LedgerEntry[];
  rounds: Round[];
}

/** The wallet's SQL store: players, rounds and the ledger of every applied callback. */
export class LedgerRepository {
  readonly #db: SqlDatabase;

  constructor(db: SqlDatabase) {
    this.#db = db;
  }

  get backend(): SqlDatabase["backend"] {
    return this.#db.backend;
  }

  migrate(): Promise<void> {
    return migrate(this.#db);
  }

  /**
   * Runs one money movement in a SQL transaction. Two transactions of different players can still
   * race for one transactionId or roundId; the loser hits a unique constraint and runs again, and then
   * sees the winner's row and answers accordingly.
   */
  async transact<T>(work: (tx: LedgerTransaction) => Promise<T>): Promise<T> {
    try {
      return await this.#db.transaction((tx) => work(new LedgerTransaction(tx)));
    } catch (error) {
      if (!isUniqueViolation(error)) throw error;
      return this.#db.transaction((tx) => work(new LedgerTransaction(tx)));
    }
  }

  /** Inserts the player; false when the id is taken (the existing player is left untouched). */
  async createPlayer(player: NewPlayer): Promise<boolean> {
    const rows = await this.#db.query<{ id: string }>(
      `INSERT INTO wallet_players (id, currency, balance, opening_balance, disabled, excluded)
       VALUES ($1, $2, $3::numeric, $3::numeric, $4, $5) ON CONFLICT (id) DO NOTHING RETURNING id`,
      [
        player.id,
        player.currency,
        player.balance.toString(),
        player.disabled ?? false,
        player.excluded ?? false,
      ],
    );
    return rows.length === 1;
  }

  async findPlayer(id: string): Promise<Player | undefined> {
    const rows = await this.#db.query<PlayerRow>(
      `SELECT ${PLAYER_COLUMNS} FROM wallet_players WHERE id = $1`,
      [id],
    );
    return rows[0] === undefined ? undefined : toPlayer(rows[0]);
  }

  async statement(playerId: string): Promise<PlayerStatement | undefined> {
    return this.#db.transaction(async (tx) => {
      const players = await tx.query<PlayerRow>(
        `SELECT ${PLAYER_COLUMNS} FROM wallet_players WHERE id = $1`,
        [playerId],
      );
      if (players[0] === undefined) return undefined;
      const entries = await tx.query<EntryRow>(
        `SELECT ${ENTRY_COLUMNS} FROM wallet_transactions WHERE player_id = $1 ORDER BY seq`,
        [playerId],
      );
      const rounds = await tx.query<RoundRow>(
        "SELECT id, player_id, closed FROM wallet_rounds WHERE player_id = $1 ORDER BY created_at, id",
        [playerId],
      );
      return { player: toPlayer(players[0]), entries: entries.map(toEntry), rounds: rounds.map(toRound) };
    });
  }

  close(): Promise<void> {
    return this.#db.close();
  }
}
