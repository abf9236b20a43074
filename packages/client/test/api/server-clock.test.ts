import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { ServerClock, serverTimeOf } from "../../src/api/server-clock.ts";

const httpDate = (ms: number) => new Date(ms).toUTCString();

describe("the server's clock", () => {
  it("trusts the browser's clock while the answers agree with it", () => {
    const clock = new ServerClock();
    clock.observe({ sentAt: 1_000_100, receivedAt: 1_000_180, date: httpDate(1_000_000) });
    expect(clock.offset()).toBe(0);
    expect(clock.now(5000)).toBe(5000);
  });

  it("follows a server ahead of the browser, to within the answer's travel time", () => {
    const clock = new ServerClock();
    // The server is 30 s ahead; the flight view was stamped while the request was under way.
    clock.observe({ sentAt: 100_000, receivedAt: 100_050, date: httpDate(130_000), serverTime: 130_020 });
    expect(clock.offset()).toBeGreaterThanOrEqual(29_970);
    expect(clock.offset()).toBeLessThanOrEqual(30_000);
  });

  it("follows a server behind the browser", () => {
    const clock = new ServerClock();
    clock.observe({ sentAt: 100_000, receivedAt: 100_040, date: httpDate(80_000) });
    expect(clock.offset()).toBeLessThanOrEqual(-19_000);
    expect(clock.offset()).toBeGreaterThanOrEqual(-20_040);
  });

  it("stays within what every answer allows, whatever the true offset and delays", () => {
    fc.assert(
      fc.property(
        fc.integer({ min: -60_000, max: 60_000 }),
        fc.array(
          fc.record({ at: fc.integer({ min: 0, max: 1e7 }), trip: fc.integer({ min: 0, max: 900 }) }),
          {
            minLength: 1,
            maxLength: 12,
          },
        ),
        (offset, answers) => {
          const clock = new ServerClock();
          for (const { at, trip } of answers) {
            const sentAt = 1e9 + at;
            const serverAt = sentAt + Math.floor(trip / 2) + offset;
            clock.observe({
              sentAt,
              receivedAt: sentAt + trip,
              date: httpDate(serverAt - (serverAt % 1000)),
              serverTime: serverAt - 5,
            });
          }
          const worstTrip = Math.max(...answers.map((a) => a.trip));
          expect(Math.abs(clock.offset() - offset)).toBeLessThanOrEqual(1000 + worstTrip);
        },
      ),
    );
  });

  it("starts again from the latest answer when a clock was set meanwhile", () => {
    const clock = new ServerClock();
    clock.observe({ sentAt: 100_000, receivedAt: 100_010, date: httpDate(100_000) });
    clock.observe({ sentAt: 200_000, receivedAt: 200_010, date: httpDate(260_000) });
    expect(clock.offset()).toBeGreaterThanOrEqual(59_990);
  });

  it("reads a view's serverTime from a round result, the current state or a round record", () => {
    expect(serverTimeOf({ round: { view: { serverTime: 5 } } })).toBe(5);
    expect(serverTimeOf({ view: { serverTime: 7 } })).toBe(7);
    expect(serverTimeOf({ round: null })).toBeUndefined();
    expect(serverTimeOf({ round: { view: { serverTime: "5" } } })).toBeUndefined();
    expect(serverTimeOf(undefined)).toBeUndefined();
  });
});
