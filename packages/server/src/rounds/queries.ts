import type { ResolvedGame } from "@rgs/games/registry";
import { resolveCurrency } from "@rgs/protocol/currencies";
import type { CurrentRound } from "@rgs/protocol/game-api";
import { formatAmount } from "@rgs/protocol/money";
import { freeRoundMarks, openFreeRound } from "../campaigns/free-round-marks.ts";
import { gameError } from "../game-error.ts";
import type { SeedService } from "../seeds/seed-service.ts";
import type { Store } from "../store/database.ts";
import type { GameSession } from "../store/sessions-repository.ts";
import { findAnyRound, listAllFinishedRounds } from "./history-repository.ts";
import { findUnfinishedRound, isPlayersRound, type RoundRow } from "./round-repository.ts";
import { isCancelled, type RoundDetails, type RoundSummary, summarize } from "./round-summary.ts";
import { findRollbackOf, findTransaction } from "./transaction-repository.ts";
import type { WalletGateway } from "./wallet-gateway.ts";

const HISTORY_MAX = 100;

/** What the game API reads of rounds: the open round, the history, one round's details, the balance. */
export class RoundQueries {
  readonly #store: Store;
  readonly #seeds: SeedService;
  readonly #wallet: WalletGateway;
  readonly #game: (code: string) => ResolvedGame;

  constructor(deps: {
    store: Store;
    seeds: SeedService;
    wallet: WalletGateway;
    game: (code: string) => ResolvedGame;
  }) {
    this.#store = deps.store;
    this.#seeds = deps.seeds;
    this.#wallet = deps.wallet;
    this.#game = deps.game;
  }

  unfinished(session: GameSession): Promise<RoundRow | undefined> {
    return findUnfinishedRound(this.#store.db, session);
  }

  async current(
    session: GameSession,
  ): Promise<{ balance: string | null; balanceUnavailable?: string; round: CurrentRound | null }> {
    const round = await findUnfinishedRound(this.#store.db, session);
    if (round?.status === "initializing") {
      throw gameError(
        "round_initializing",
        "The round is still being set up with the wallet; try again in a moment.",
      );
    }
    const decimals = resolveCurrency(session.currency)?.decimals ?? 2;
    // A bet being cancelled is no round to play on: the player sees none while its stake is returned.
    const open = round && !isCancelled(round) ? round : undefined;
    const [read, summary] = await Promise.all([
      session.mode === "demo" ? this.#demoBalance(session) : this.#wallet.balance(session),
      open ? this.#openRound(session, open, decimals) : null,
    ]);
    if ("unavailable" in read) return { balance: null, balanceUnavailable: read.unavailable, round: summary };
    return { balance: formatAmount(read.balance, decimals), round: summary };
  }

  /** The open round, marked when it is a free round so that a reloaded page resumes it as one. */
  async #openRound(session: GameSession, round: RoundRow, decimals: number): Promise<CurrentRound> {
    // Demo sessions never play free rounds.
    const free = session.mode === "demo" ? undefined : await openFreeRound(this.#store.db, round.id);
    return {
      ...summarize(round),
      ...(free && {
        freeRound: true as const,
        campaignId: free.campaignId,
        freeRoundBet: formatAmount(free.bet, decimals),
      }),
    };
  }

  async history(
    session: GameSession,
    opts: { limit: number; before?: string },
  ): Promise<{ rounds: (RoundSummary & { freeRound?: true })[]; next?: string }> {
    const limit = Math.min(Math.max(Math.trunc(opts.limit) || 1, 1), HISTORY_MAX);
    const before = opts.before === undefined ? undefined : decodeCursor(opts.before);
    const rows = await listAllFinishedRounds(this.#store, session, {
      limit: limit + 1,
      ...(before && { before }),
    });
    const page = rows.slice(0, limit);
    const last = page[page.length - 1];
    // Demo sessions never play free rounds.
    const free =
      session.mode === "demo"
        ? new Map()
        : await freeRoundMarks(
            this.#store.db,
            page.map((round) => round.id),
          );
    return {
      rounds: page.map((round) => ({
        ...summarize(round),
        ...(free.has(round.id) && { freeRound: true as const }),
      })),
      ...(rows.length > limit && last && { next: encodeCursor(last) }),
    };
  }

  async round(session: GameSession, roundId: string): Promise<RoundDetails> {
    return (await this.recorded(session, roundId)).details;
  }

  /** A round of the player as the API shows it, and its parameters as stored, which a replay takes. */
  async recorded(
    session: GameSession,
    roundId: string,
  ): Promise<{ details: RoundDetails; storedParams: unknown }> {
    const round = typeof roundId === "string" ? await findAnyRound(this.#store, roundId) : undefined;
    if (!isPlayersRound(round, session)) {
      throw gameError("round_not_found", `No round ${JSON.stringify(roundId)} of this player.`);
    }
    if (round.status === "initializing") {
      throw gameError(
        "round_initializing",
        "The round is still being set up with the wallet; try again in a moment.",
      );
    }
    const fairness = await this.#seeds.fairness(this.#store.db, round.seedPairId);
    const closed = round.status === "closed";
    const details = {
      ...summarize(round),
      params: toPlain(round.params),
      actions: isCancelled(round) ? [] : round.actions,
      fairness: { ...fairness, nonce: round.nonce },
      ...(closed && { reveal: toPlain(this.#game(round.gameCode).game.reveal(round.state)) }),
    };
    return { details, storedParams: round.params };
  }

  /** A debit is never sent again once its outcome is known or its rollback exists. */
  async mayResendDebit(transactionId: string): Promise<boolean> {
    const row = await findTransaction(this.#store.db, transactionId);
    if (row?.status !== "pending") return false;
    return (await findRollbackOf(this.#store.db, transactionId)) === undefined;
  }

  async #demoBalance(session: GameSession): Promise<{ balance: bigint }> {
    const row = await this.#store.db
      .selectFrom("sessions")
      .select("demo_balance")
      .where("id", "=", session.id)
      .executeTakeFirst();
    return { balance: row?.demo_balance ?? 0n };
  }
}

function toPlain(value: unknown): unknown {
  return JSON.parse(JSON.stringify(value, (_k, v: unknown) => (typeof v === "bigint" ? v.toString() : v)));
}

function encodeCursor(round: RoundRow): string {
  return Buffer.from(`${round.createdAt.toISOString()}|${round.id}`, "utf8").toString("base64url");
}

function decodeCursor(cursor: string): { createdAt: Date; id: string } {
  const [at = "", id = ""] = Buffer.from(String(cursor), "base64url").toString("utf8").split("|");
  const createdAt = new Date(at);
  if (Number.isNaN(createdAt.getTime()) || !/^[0-9a-f-]{36}$/.test(id)) {
    throw gameError("invalid_params", "before is not a cursor from a previous page of the history.");
  }
  return { createdAt, id };
}
