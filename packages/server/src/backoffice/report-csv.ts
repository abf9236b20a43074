import type { FreeRoundReportResponse, GgrReportResponse } from "@rgs/protocol/operator-reports";
import { csvField } from "../cli/report-commands.ts";
import type { RtpReport } from "../reporting/rtp-report.ts";

const COLUMNS = [
  "date",
  "timeZone",
  "gameCode",
  "currency",
  "bets",
  "wins",
  "ggr",
  "bonusWins",
  "bonusRounds",
  "rounds",
  "players",
  "playersApproximate",
] as const;

/** The GGR report as a spreadsheet reads it: one line per day, game and currency, amounts as decimal strings. */
export function ggrCsv(report: GgrReportResponse): string {
  const lines = [COLUMNS.join(",")];
  for (const period of report.periods) {
    for (const row of period.rows) {
      const line: Record<(typeof COLUMNS)[number], string> = {
        date: period.period,
        timeZone: report.timeZone,
        gameCode: row.gameCode ?? "",
        currency: row.currency,
        bets: row.bets,
        wins: row.wins,
        ggr: row.ggr,
        bonusWins: row.bonusWins ?? "0",
        bonusRounds: String(row.bonusRounds ?? 0),
        rounds: String(row.rounds),
        players: String(row.players),
        playersApproximate: String(period.playersApproximate),
      };
      lines.push(COLUMNS.map((column) => csvField(line[column])).join(","));
    }
  }
  return `${lines.join("\r\n")}\r\n`;
}

const FREE_ROUND_COLUMNS = [
  "date",
  "timeZone",
  "campaignId",
  "reference",
  "currency",
  "roundsPlayed",
  "paid",
  "players",
] as const;

/** The free-round report as a spreadsheet reads it: one line per day and campaign, amounts as decimal strings. */
export function freeRoundCsv(report: FreeRoundReportResponse): string {
  const lines = [FREE_ROUND_COLUMNS.join(",")];
  for (const period of report.periods) {
    for (const row of period.rows) {
      const line: Record<(typeof FREE_ROUND_COLUMNS)[number], string> = {
        date: period.period,
        timeZone: report.timeZone,
        campaignId: row.campaignId,
        reference: row.reference,
        currency: row.currency,
        roundsPlayed: String(row.roundsPlayed),
        paid: row.paid,
        players: String(row.players),
      };
      lines.push(FREE_ROUND_COLUMNS.map((column) => csvField(line[column])).join(","));
    }
  }
  return `${lines.join("\r\n")}\r\n`;
}

const RTP_COLUMNS = [
  "from",
  "to",
  "timeZone",
  "gameCode",
  "currency",
  "rounds",
  "stakes",
  "payouts",
  "observedRtp",
  "low95",
  "high95",
  "theoreticalRtp",
  "assumesOptimalPlay",
] as const;

/** Observed and declared RTP as a spreadsheet reads them: one line per game and currency, percentages. */
export function rtpCsv(report: RtpReport): string {
  const lines = [RTP_COLUMNS.join(",")];
  for (const row of report.rows) {
    const line: Record<(typeof RTP_COLUMNS)[number], string> = {
      from: report.from,
      to: report.to,
      timeZone: report.timeZone,
      gameCode: row.gameCode,
      currency: row.currency,
      rounds: String(row.rounds),
      stakes: row.stakes,
      payouts: row.payouts,
      observedRtp: row.observedRtp ?? "",
      low95: row.low ?? "",
      high95: row.high ?? "",
      theoreticalRtp: row.theoreticalRtp,
      assumesOptimalPlay: String(row.assumesOptimalPlay),
    };
    lines.push(RTP_COLUMNS.map((column) => csvField(line[column])).join(","));
  }
  return `${lines.join("\r\n")}\r\n`;
}
