import { isDeepStrictEqual } from "node:util";
import { formatAmount } from "@rgs/protocol/money";
import { GameError } from "../game-error.ts";
import { decodeJson, toPlainJson } from "../rounds/json-codec.ts";
import { type ReplayAction, replayRound } from "./replay-round.ts";

/**
 * One line of a `history export` file (rounds/history-retention.ts) and its offline check: the round
 * replayed from the line alone with the games' own code, as POST /game/verify does with a roundId.
 */

export const EXPORT_FORMAT = "rgs-archived-round/1";

/** A database row as JSON: column names as in the tables, dates as ISO text, bigints as decimal text. */
export type PlainRow = Record<string, unknown>;

export interface ExportedRound {
  format: typeof EXPORT_FORMAT;
  /** YYYY-MM of the round's finish: the history partition it was archived in. */
  month: string;
  /** The `rounds_history` row. JSON columns (params, state, view, actions) as stored: bigints tagged `{"$bigint": "..."}`. */
  round: PlainRow;
  /** Its `wallet_transactions_history` rows, by `seq`. */
  transactions: PlainRow[];
  /** The round's seed pair; `serverSeed` once the pair was retired at export time. */
  seeds: { seedPairId: string; serverSeedHash: string; clientSeed: string; serverSeed?: string };
  /** The session's maximum win in minor units (cash-out games stop at it); null when the session is gone. */
  maxWin: string | null;
}

export type ExportCheck =
  | { roundId: string; result: "matches"; stake: string; payout: string }
  | { roundId: string; result: "differs"; detail: string }
  /** Not a played outcome to recompute: a void round, or a seed still secret when exported. */
  | { roundId: string; result: "not_verifiable"; detail: string };

const text = (value: unknown): string => (typeof value === "string" ? value : String(value));

export function verifyExportedRound(line: ExportedRound): ExportCheck {
  const round = line.round;
  const roundId = text(round.id);
  if (round.status !== "closed") {
    return {
      roundId,
      result: "not_verifiable",
      detail: `the round is ${text(round.status)}, not played to a close`,
    };
  }
  const serverSeed = line.seeds.serverSeed;
  if (serverSeed === undefined) {
    return {
      roundId,
      result: "not_verifiable",
      detail: `seed pair ${line.seeds.seedPairId} was still in play at export: reveal it (POST /seed/reveal) and replay with its server seed`,
    };
  }
  const decimals = Number(round.decimals);
  const stake = formatAmount(BigInt(text(round.stake_total)), decimals);
  const payout = formatAmount(BigInt(text(round.payout_total)), decimals);
  const openingDebit = line.transactions.find((tx) => tx.kind === "debit");
  try {
    const replayed = replayRound({
      gameCode: text(round.game_code),
      serverSeed,
      clientSeed: line.seeds.clientSeed,
      nonce: Number(round.nonce),
      storedParams: decodeJson(round.params),
      amount: openingDebit === undefined ? stake : formatAmount(BigInt(text(openingDebit.amount)), decimals),
      currency: text(round.currency),
      ...(line.maxWin !== null && { maxWin: formatAmount(BigInt(line.maxWin), decimals) }),
      startedAt: text(round.created_at),
      actions: decodeJson(round.actions) as ReplayAction[],
    });
    const differences = [
      replayed.serverSeedHash !== line.seeds.serverSeedHash &&
        "the server seed does not match its commitment",
      !replayed.closed && "the replay does not close the round",
      replayed.stake !== stake && `stake ${replayed.stake}, recorded ${stake}`,
      replayed.payout !== payout && `payout ${replayed.payout}, recorded ${payout}`,
      !isDeepStrictEqual(replayed.finalView, toPlainJson(decodeJson(round.view))) &&
        "the final view differs from the recorded one",
    ].filter((d): d is string => typeof d === "string");
    if (differences.length > 0) return { roundId, result: "differs", detail: differences.join("; ") };
    return { roundId, result: "matches", stake, payout };
  } catch (error) {
    if (error instanceof GameError) return { roundId, result: "differs", detail: error.message };
    throw error;
  }
}
