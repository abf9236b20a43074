import { findGame } from "@rgs/protocol/catalog";
import { formatAmount } from "@rgs/protocol/money";
import { type Kysely, sql } from "kysely";
import type { Database } from "../store/schema.ts";
import { ReportInputError, reportCurrencies, reportGames, reportRange } from "./report-filters.ts";
import { observedRtp, percent, type RoundSums } from "./rtp-interval.ts";
import { dayInZone } from "./time-zones.ts";

/**
 * Observed RTP per game and currency over a range of days in the operator's zone, beside the RTP the game
 * declares. Read straight from the rounds (hot and archived) on the reporting connections: each round's
 * stake and payout are needed, which no aggregate keeps, and the bet path must not write one more row for
 * it. The rounds counted are the operator's real-money rounds started in the range and closed by play;
 * open, cancelled and void rounds paid nothing a player played for, and free rounds (a grant's stake, not
 * the player's) are left out. Read through the index on (operator, mode, start), every round of the range
 * once: hence a shorter range than the GGR report's, and the reporting statement timeout above it.
 */

/** The longest range of days an RTP report reads. */
export const RTP_MAX_DAYS = 31;

/** Games whose declared RTP assumes the player plays the optimal strategy. */
const OPTIMAL_PLAY_SLUGS = new Set(["blackjack", "blackjack_multi", "war"]);

export interface RtpRow {
  gameCode: string;
  currency: string;
  rounds: number;
  stakes: string;
  payouts: string;
  /** Observed RTP in percent with two decimals; absent when nothing was staked. */
  observedRtp?: string;
  /** The 95 % interval of the observed RTP, in percent; absent below two rounds. */
  low?: string;
  high?: string;
  /** The RTP the game declares, in percent as the catalogue writes it. */
  theoreticalRtp: string;
  /** The declared figure is that of optimal play (blackjack, war): a player who strays pays more. */
  assumesOptimalPlay: boolean;
}

export interface RtpReport {
  timeZone: string;
  from: string;
  to: string;
  rows: RtpRow[];
}

interface SumsRow {
  game_code: string;
  currency: string;
  decimals: number;
  n: string;
  stakes: string;
  payouts: string;
  stake_squares: string;
  payout_squares: string;
  stake_payouts: string;
}

export async function rtpReport(
  db: Kysely<Database>,
  operator: { id: string; timeZone: string },
  request: { from: string; to: string; gameCodes?: string[]; currencies?: string[] },
): Promise<RtpReport> {
  const { fromMs, toMs } = reportRange(request.from, request.to, "day");
  const days = Math.round((toMs - fromMs) / 86_400_000) + 1;
  if (days > RTP_MAX_DAYS) {
    throw new ReportInputError(
      "report_range_too_long",
      `An RTP report covers at most ${RTP_MAX_DAYS} days; ${request.from} to ${request.to} is ${days}.`,
    );
  }
  const games = reportGames(request.gameCodes);
  const currencies = reportCurrencies(request.currencies);
  const start = new Date(dayInZone(operator.timeZone, fromMs).startMs);
  const end = new Date(dayInZone(operator.timeZone, toMs).endMs);
  const result = await sql<SumsRow>`${roundSums(operator.id, start, end, games, currencies)}`.execute(db);
  return {
    timeZone: operator.timeZone,
    from: request.from,
    to: request.to,
    rows: result.rows.map(rowOf),
  };
}

/**
 * The exact sums per game and currency. Squares of stakes reach past bigint (a stake of 10¹⁰ minor units
 * squares to 10²⁰), so they are summed as numeric and read as text.
 */
function roundSums(
  operatorId: string,
  start: Date,
  end: Date,
  games: string[] | undefined,
  currencies: string[] | undefined,
) {
  const narrowed = sql`${games ? sql`and r.game_code = any(${games}::text[])` : sql``}
    ${currencies ? sql`and r.currency = any(${currencies}::text[])` : sql``}`;
  const played = (table: string, extra: ReturnType<typeof sql>) => sql`
    select r.game_code, r.currency, r.decimals, r.stake_total::numeric as x, r.payout_total::numeric as y
    from ${sql.table(table)} r
    where r.operator_id = ${operatorId} and r.mode = 'real'
      and r.created_at >= ${start} and r.created_at < ${end}
      and r.status = 'closed' ${extra} ${narrowed}
      and not exists (select 1 from free_round_plays f where f.round_id = r.id)`;
  return sql`
    select game_code, currency, max(decimals)::int as decimals, count(*)::text as n,
      sum(x)::text as stakes, sum(y)::text as payouts, sum(x * x)::text as stake_squares,
      sum(y * y)::text as payout_squares, sum(x * y)::text as stake_payouts
    from (${played("rounds", sql``)}
      union all ${played("rounds_history", sql`and r.finished_at >= ${start}`)}) p
    group by game_code, currency
    order by game_code, currency`;
}

function rowOf(row: SumsRow): RtpRow {
  const sums: RoundSums = {
    n: BigInt(row.n),
    stakes: BigInt(row.stakes),
    payouts: BigInt(row.payouts),
    stakeSquares: BigInt(row.stake_squares),
    payoutSquares: BigInt(row.payout_squares),
    stakePayouts: BigInt(row.stake_payouts),
  };
  const observed = observedRtp(sums);
  const game = findGame(row.game_code);
  return {
    gameCode: row.game_code,
    currency: row.currency,
    rounds: Number(sums.n),
    stakes: formatAmount(sums.stakes, row.decimals),
    payouts: formatAmount(sums.payouts, row.decimals),
    ...(observed && { observedRtp: percent(observed.rtp) }),
    ...(observed?.low !== undefined && { low: percent(observed.low) }),
    ...(observed?.high !== undefined && { high: percent(observed.high) }),
    theoreticalRtp: game?.rtp ?? "",
    assumesOptimalPlay: game !== undefined && OPTIMAL_PLAY_SLUGS.has(game.slug),
  };
}
