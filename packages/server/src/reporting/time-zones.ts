/**
 * Calendar days and hours of an IANA time zone as UTC instants, from the zone rules Node ships (ICU).
 * Everything the reports group by is computed here, so PostgreSQL and the embedded store, whatever zone
 * data they carry, add up the same 15-minute buckets.
 */

const MINUTE = 60_000;
const DAY = 86_400_000;
export const BUCKET_MS = 15 * MINUTE;

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatter(zone: string): Intl.DateTimeFormat {
  let found = formatters.get(zone);
  if (!found) {
    found = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(zone, found);
  }
  return found;
}

const ZONE_NAME = /^[A-Za-z][A-Za-z0-9_+\-/]{0,63}$/;

/**
 * `name` when it is an IANA time zone (Node's ICU accepts it), else undefined. Names are kept as written:
 * ICU answers some zones under their older names (Asia/Katmandu for Asia/Kathmandu), which nobody expects
 * back; `sameZone` tells spellings of one zone apart from different zones.
 */
export function validTimeZone(name: unknown): string | undefined {
  if (typeof name !== "string" || !ZONE_NAME.test(name)) return undefined;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return name;
  } catch {
    return undefined;
  }
}

/** Whether two valid zone names are the same zone ("asia/kathmandu" and "Asia/Kathmandu", "Etc/UTC" and "UTC"). */
export function sameZone(a: string, b: string): boolean {
  return zoneId(a) === zoneId(b);
}

function zoneId(name: string): string {
  const id = new Intl.DateTimeFormat("en-US", { timeZone: name }).resolvedOptions().timeZone;
  return id === "Etc/UTC" || id === "Etc/GMT" || id === "GMT" ? "UTC" : id;
}

/** Local wall-clock time at `instantMs`, written as if it were UTC (milliseconds). */
export function wallClock(zone: string, instantMs: number): number {
  if (zone === "UTC") return instantMs;
  const parts = formatter(zone).formatToParts(new Date(instantMs));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const local = Date.UTC(
    get("year"),
    get("month") - 1,
    get("day"),
    get("hour"),
    get("minute"),
    get("second"),
  );
  return local + (((instantMs % 1000) + 1000) % 1000);
}

/** The zone's offset from UTC at `instantMs`, in milliseconds (+05:45 is 20_700_000). */
export function offsetAt(zone: string, instantMs: number): number {
  return wallClock(zone, instantMs) - instantMs;
}

/**
 * The first instant whose wall-clock time in `zone` is `localMs` or later: the instant itself when the
 * time exists once, its first occurrence when a clock change repeats it, and the end of the gap when a
 * change skips it (a day starting at 01:00 where midnight does not exist starts then).
 */
export function instantOfWallClock(zone: string, localMs: number): number {
  const before = localMs - offsetAt(zone, localMs - DAY);
  const after = localMs - offsetAt(zone, localMs + DAY);
  // Most days the offset is the same a day either side: one candidate to check, not two.
  const candidates = (before === after ? [before] : [before, after])
    .filter((t) => wallClock(zone, t) === localMs)
    .sort((a, b) => a - b);
  if (candidates[0] !== undefined) return candidates[0];
  // A gap: the change happens between the two readings; find its minute.
  let low = localMs - offsetAt(zone, localMs + DAY);
  let high = localMs - offsetAt(zone, localMs - DAY);
  while (high - low > MINUTE) {
    const middle = low + Math.floor((high - low) / 2 / MINUTE) * MINUTE;
    if (wallClock(zone, middle) >= localMs) high = middle;
    else low = middle;
  }
  return high;
}

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar date "YYYY-MM-DD" as the UTC midnight of that date, or undefined when it is no real date. */
export function parseDate(value: unknown): number | undefined {
  if (typeof value !== "string") return undefined;
  const match = DATE.exec(value);
  if (!match) return undefined;
  const ms = Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]));
  return new Date(ms).toISOString().slice(0, 10) === value ? ms : undefined;
}

export function formatDate(dateMs: number): string {
  return new Date(dateMs).toISOString().slice(0, 10);
}

/** One day or hour of a report: its label and its UTC instants, end exclusive. */
export interface Period {
  label: string;
  startMs: number;
  endMs: number;
}

/** The UTC instants of a calendar day in `zone` (23 or 25 hours long on a DST change day). */
export function dayInZone(zone: string, dateMs: number): Period {
  return {
    label: formatDate(dateMs),
    startMs: instantOfWallClock(zone, dateMs),
    endMs: instantOfWallClock(zone, dateMs + DAY),
  };
}

/**
 * Every day from `fromMs` to `toMs` (dates, both included) in `zone`. Each day starts where the one before
 * ended, so each boundary is computed once: a year's daily report needs 366 of them, not 730.
 */
export function daysInZone(zone: string, fromMs: number, toMs: number): Period[] {
  const days: Period[] = [];
  let startMs = instantOfWallClock(zone, fromMs);
  for (let date = fromMs; date <= toMs; date += DAY) {
    const endMs = instantOfWallClock(zone, date + DAY);
    days.push({ label: formatDate(date), startMs, endMs });
    startMs = endMs;
  }
  return days;
}

/**
 * Every local hour of those days in `zone`, labelled with the local time and its offset
 * ("2030-03-31T03:00+02:00"), so the hour a clock change repeats appears twice, told apart by its offset.
 */
export function hoursInZone(zone: string, fromMs: number, toMs: number): Period[] {
  const startMs = instantOfWallClock(zone, fromMs);
  const endMs = instantOfWallClock(zone, toMs + DAY);
  const starts: number[] = [];
  for (let t = startMs; t < endMs; t += BUCKET_MS) {
    if (t === startMs || wallClock(zone, t) % (60 * MINUTE) === 0) starts.push(t);
  }
  return starts.map((start, i) => ({
    label: localLabel(zone, start),
    startMs: start,
    endMs: starts[i + 1] ?? endMs,
  }));
}

/** "2030-03-31T03:00+02:00": the wall-clock minute at `instantMs` in `zone`, with its offset. */
export function localLabel(zone: string, instantMs: number): string {
  const offset = offsetAt(zone, instantMs) / MINUTE;
  const sign = offset < 0 ? "-" : "+";
  const abs = Math.abs(offset);
  const hhmm = `${String(Math.floor(abs / 60)).padStart(2, "0")}:${String(abs % 60).padStart(2, "0")}`;
  return `${new Date(wallClock(zone, instantMs)).toISOString().slice(0, 16)}${sign}${hhmm}`;
}

/** Whether every boundary of the periods falls on a 15-minute UTC bucket boundary. */
export function alignedToBuckets(periods: Period[]): boolean {
  return periods.every((p) => p.startMs % BUCKET_MS === 0 && p.endMs % BUCKET_MS === 0);
}
