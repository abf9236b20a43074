import { describe, expect, it } from "vitest";
import {
  alignedToBuckets,
  dayInZone,
  daysInZone,
  hoursInZone,
  instantOfWallClock,
  localLabel,
  parseDate,
  sameZone,
  validTimeZone,
} from "../../src/reporting/time-zones.ts";

const iso = (ms: number) => new Date(ms).toISOString();
const date = (value: string) => parseDate(value) as number;

describe("time zones of the reports", () => {
  it("accepts IANA names as written, tells spellings of one zone apart from other zones, refuses the rest", () => {
    expect(validTimeZone("Asia/Kathmandu")).toBe("Asia/Kathmandu");
    expect(sameZone("asia/kathmandu", "Asia/Kathmandu")).toBe(true);
    expect(sameZone("Etc/UTC", "UTC")).toBe(true);
    expect(sameZone("Asia/Kolkata", "Asia/Kathmandu")).toBe(false);
    for (const bad of ["Mars/Olympus", "", "+05:45", 42, null, "x".repeat(65)]) {
      expect(validTimeZone(bad)).toBeUndefined();
    }
  });

  it("parses real dates only", () => {
    expect(iso(date("2030-03-31"))).toBe("2030-03-31T00:00:00.000Z");
    for (const bad of ["2030-02-30", "2030-3-31", "2030-03-31T00:00Z", 20300331]) {
      expect(parseDate(bad)).toBeUndefined();
    }
  });

  it("gives a Kathmandu day at +05:45 and a Kolkata day at +05:30", () => {
    const kathmandu = dayInZone("Asia/Kathmandu", date("2030-01-15"));
    expect([iso(kathmandu.startMs), iso(kathmandu.endMs)]).toEqual([
      "2030-01-14T18:15:00.000Z",
      "2030-01-15T18:15:00.000Z",
    ]);
    const kolkata = dayInZone("Asia/Kolkata", date("2030-01-15"));
    expect(iso(kolkata.startMs)).toBe("2030-01-14T18:30:00.000Z");
  });

  it("makes Berlin's spring DST day 23 hours long and its autumn one 25", () => {
    const spring = dayInZone("Europe/Berlin", date("2030-03-31"));
    expect([iso(spring.startMs), iso(spring.endMs)]).toEqual([
      "2030-03-30T23:00:00.000Z",
      "2030-03-31T22:00:00.000Z",
    ]);
    const autumn = dayInZone("Europe/Berlin", date("2030-10-27"));
    expect((autumn.endMs - autumn.startMs) / 3_600_000).toBe(25);
  });

  it("lists a DST day's local hours: 23 without 02:00 in spring, 25 with 02:00 twice in autumn", () => {
    const spring = hoursInZone("Europe/Berlin", date("2030-03-31"), date("2030-03-31"));
    expect(spring).toHaveLength(23);
    expect(spring.map((h) => h.label).slice(1, 3)).toEqual([
      "2030-03-31T01:00+01:00",
      "2030-03-31T03:00+02:00",
    ]);
    const autumn = hoursInZone("Europe/Berlin", date("2030-10-27"), date("2030-10-27"));
    expect(autumn).toHaveLength(25);
    expect(autumn.map((h) => h.label).slice(2, 4)).toEqual([
      "2030-10-27T02:00+02:00",
      "2030-10-27T02:00+01:00",
    ]);
    for (const hours of [spring, autumn]) {
      expect(hours.every((h, i) => i === 0 || h.startMs === hours[i - 1]?.endMs)).toBe(true);
    }
  });

  it("starts a day at the end of a gap when its midnight does not exist", () => {
    // Santiago moves from -04:00 to -03:00 at midnight on the first Sunday of September.
    const day = dayInZone("America/Santiago", date("2030-09-08"));
    expect(localLabel("America/Santiago", day.startMs)).toBe("2030-09-08T01:00-03:00");
    expect(instantOfWallClock("America/Santiago", date("2030-09-08"))).toBe(day.startMs);
  });

  it("keeps every zone's days and hours on 15-minute buckets", () => {
    for (const zone of ["UTC", "Asia/Kathmandu", "Asia/Kolkata", "Australia/Lord_Howe", "America/St_Johns"]) {
      expect(alignedToBuckets(daysInZone(zone, date("2030-01-01"), date("2030-12-31")))).toBe(true);
      expect(alignedToBuckets(hoursInZone(zone, date("2030-04-06"), date("2030-04-07")))).toBe(true);
    }
  });
});
