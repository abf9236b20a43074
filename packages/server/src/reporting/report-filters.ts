import { findGame } from "@rgs/protocol/catalog";
import { resolveCurrency } from "@rgs/protocol/currencies";
import type { ErrorCode } from "@rgs/protocol/errors";
import { GGR_DAILY_MAX_DAYS, GGR_HOURLY_MAX_DAYS } from "@rgs/protocol/operator-reports";
import { parseDate, validTimeZone } from "./time-zones.ts";

/** A filter the reports refuse: its error code and what exactly was wrong. */
export class ReportInputError extends Error {
  override name = "ReportInputError";

  constructor(
    readonly code: ErrorCode,
    detail: string,
  ) {
    super(detail);
  }
}

const DAY = 86_400_000;
/** Reports reach back to 2000 and forward to 2099: outside that no date is a mistake worth a query. */
const EARLIEST = Date.UTC(2000, 0, 1);
const LATEST = Date.UTC(2099, 11, 31);

/** A calendar date of a request, as the UTC midnight of that date. */
export function reportDate(field: string, value: string): number {
  const date = parseDate(value);
  if (date === undefined || date < EARLIEST || date > LATEST) {
    throw new ReportInputError(
      "invalid_report_date",
      `${field}: ${JSON.stringify(value)} is not a calendar date from 2000-01-01 to 2099-12-31 (YYYY-MM-DD).`,
    );
  }
  return date;
}

/** The dates from..to (both included), refused when reversed or longer than the granularity allows. */
export function reportRange(
  from: string,
  to: string,
  granularity: "day" | "hour",
): { fromMs: number; toMs: number } {
  const fromMs = reportDate("from", from);
  const toMs = reportDate("to", to);
  if (toMs < fromMs)
    throw new ReportInputError("invalid_report_date", `to (${to}) is before from (${from}).`);
  const max = granularity === "day" ? GGR_DAILY_MAX_DAYS : GGR_HOURLY_MAX_DAYS;
  const days = (toMs - fromMs) / DAY + 1;
  if (days > max) {
    throw new ReportInputError(
      "report_range_too_long",
      `A report by ${granularity} covers at most ${max} days; ${from} to ${to} is ${days}.`,
    );
  }
  return { fromMs, toMs };
}

export function reportTimeZone(value: string): string {
  const zone = validTimeZone(value);
  if (zone === undefined) {
    throw new ReportInputError(
      "unknown_time_zone",
      `timeZone: ${JSON.stringify(value)} is not an IANA time zone (e.g. Europe/Berlin, Asia/Kathmandu, UTC).`,
    );
  }
  return zone;
}

export function reportGames(codes: string[] | undefined): string[] | undefined {
  if (codes === undefined) return undefined;
  for (const code of codes) {
    if (!findGame(code))
      throw new ReportInputError("unknown_game", `gameCodes: no game has the code ${JSON.stringify(code)}.`);
  }
  return [...new Set(codes)];
}

/** Currency codes in their canonical form (RMB is CNY). */
export function reportCurrencies(codes: string[] | undefined): string[] | undefined {
  if (codes === undefined) return undefined;
  return [...new Set(codes.map(reportCurrency))];
}

export function reportCurrency(code: string): string {
  const currency = resolveCurrency(code);
  if (!currency)
    throw new ReportInputError("unknown_currency", `No currency has the code ${JSON.stringify(code)}.`);
  return currency.code;
}
