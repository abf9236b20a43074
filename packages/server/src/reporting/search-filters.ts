import {
  type ROUND_STATUSES,
  type RoundSearchRequest,
  SEARCH_PAGE_DEFAULT,
  SEARCH_RANGE_MAX_DAYS,
  type TRANSACTION_KINDS,
  type TRANSACTION_STATES,
  type TransactionSearchRequest,
} from "@rgs/protocol/operator-api";

/**
 * The filters of a search, checked beyond what the request schema says (it has already refused unknown
 * fields, wrong types and out-of-range limits): times that are real instants, a range that is whole and not
 * longer than SEARCH_RANGE_MAX_DAYS, a round ID that is a UUID. Pure: the routes answer its refusals.
 */

export type SearchRefusal = {
  ok: false;
  code: "invalid_filter" | "invalid_time_range" | "time_range_too_long";
  detail: string;
};

export interface TimeRange {
  from: Date;
  to: Date;
}

export interface RoundFilters {
  playerId?: string;
  roundId?: string;
  transactionId?: string;
  gameCode?: string;
  currency?: string;
  statuses?: (typeof ROUND_STATUSES)[number][];
  range?: TimeRange;
}

export interface TransactionFilters {
  playerId?: string;
  roundId?: string;
  kinds?: (typeof TRANSACTION_KINDS)[number][];
  states?: (typeof TRANSACTION_STATES)[number][];
  range?: TimeRange;
}

export const RANGE_MAX_MS = SEARCH_RANGE_MAX_DAYS * 86_400_000;

const RFC3339 = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2}):(\d{2})(\.\d{1,9})?(Z|[+-](\d{2}):(\d{2}))$/i;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** An RFC 3339 date-time with its zone, every field in range (no 30 February, no hour 24), as an instant. */
export function parseInstant(text: string): Date | undefined {
  const m = RFC3339.exec(text);
  if (!m) return undefined;
  const [year, month, day, hour, minute, second] = m.slice(1, 7).map(Number) as number[];
  const offsetHours = m[9] === undefined ? 0 : Number(m[9]);
  const offsetMinutes = m[10] === undefined ? 0 : Number(m[10]);
  const daysInMonth = new Date(Date.UTC(year as number, month as number, 0)).getUTCDate();
  if ((month as number) < 1 || (month as number) > 12 || (day as number) < 1 || (day as number) > daysInMonth)
    return undefined;
  if ((hour as number) > 23 || (minute as number) > 59 || (second as number) > 59) return undefined;
  if (offsetHours > 23 || offsetMinutes > 59) return undefined;
  const at = Date.parse(text);
  return Number.isNaN(at) ? undefined : new Date(at);
}

function parseRange(
  from: string | undefined,
  to: string | undefined,
  optional: boolean,
  without: string,
): { ok: true; range?: TimeRange } | SearchRefusal {
  if (from === undefined && to === undefined) {
    if (optional) return { ok: true };
    return {
      ok: false,
      code: "invalid_time_range",
      detail: `from and to are required ${without}.`,
    };
  }
  if (from === undefined || to === undefined) {
    return {
      ok: false,
      code: "invalid_time_range",
      detail: `Send both from and to (${from === undefined ? "from" : "to"} is missing).`,
    };
  }
  const start = parseInstant(from);
  const end = parseInstant(to);
  if (!start || !end) {
    return {
      ok: false,
      code: "invalid_time_range",
      detail: `${start ? "to" : "from"} must be an RFC 3339 date and time with a zone, like 2030-01-31T23:00:00Z.`,
    };
  }
  if (end.getTime() <= start.getTime()) {
    return { ok: false, code: "invalid_time_range", detail: "to must be later than from." };
  }
  if (end.getTime() - start.getTime() > RANGE_MAX_MS) {
    return {
      ok: false,
      code: "time_range_too_long",
      detail: `from and to may be at most ${SEARCH_RANGE_MAX_DAYS} days apart; search longer periods a range at a time.`,
    };
  }
  return { ok: true, range: { from: start, to: end } };
}

function uuidFilter(name: string, value: string | undefined): { ok: true; value?: string } | SearchRefusal {
  if (value === undefined) return { ok: true };
  if (!UUID.test(value)) return { ok: false, code: "invalid_filter", detail: `${name} must be a UUID.` };
  return { ok: true, value: value.toLowerCase() };
}

function listOf<T extends string>(value: T | T[] | undefined): T[] | undefined {
  if (value === undefined) return undefined;
  return [...new Set(Array.isArray(value) ? value : [value])].sort();
}

export function roundFilters(
  body: RoundSearchRequest,
): { ok: true; filters: RoundFilters; limit: number } | SearchRefusal {
  const roundId = uuidFilter("roundId", body.roundId);
  if (!roundId.ok) return roundId;
  const byId = body.roundId !== undefined || body.transactionId !== undefined;
  const range = parseRange(body.from, body.to, byId, "unless roundId or transactionId is given");
  if (!range.ok) return range;
  const filters: RoundFilters = {
    ...(body.playerId !== undefined && { playerId: body.playerId }),
    ...(roundId.value !== undefined && { roundId: roundId.value }),
    ...(body.transactionId !== undefined && { transactionId: body.transactionId }),
    ...(body.gameCode !== undefined && { gameCode: body.gameCode }),
    ...(body.currency !== undefined && { currency: body.currency.toUpperCase() }),
    ...(body.status !== undefined && { statuses: listOf(body.status) }),
    ...(range.range && { range: range.range }),
  };
  return { ok: true, filters, limit: body.limit ?? SEARCH_PAGE_DEFAULT };
}

export function transactionFilters(
  body: TransactionSearchRequest,
): { ok: true; filters: TransactionFilters; limit: number } | SearchRefusal {
  const roundId = uuidFilter("roundId", body.roundId);
  if (!roundId.ok) return roundId;
  const range = parseRange(body.from, body.to, body.roundId !== undefined, "unless roundId is given");
  if (!range.ok) return range;
  const filters: TransactionFilters = {
    ...(body.playerId !== undefined && { playerId: body.playerId }),
    ...(roundId.value !== undefined && { roundId: roundId.value }),
    ...(body.kind !== undefined && { kinds: listOf(body.kind) }),
    ...(body.state !== undefined && { states: listOf(body.state) }),
    ...(range.range && { range: range.range }),
  };
  return { ok: true, filters, limit: body.limit ?? SEARCH_PAGE_DEFAULT };
}
