import { expect, it } from "vitest";
import { type Clock, manualClock } from "../../src/clock.ts";
import { type ReplayGuard, replayExpiry, replayKey } from "../../src/replay/replay-guard.ts";

export type MakeGuard = (opts: { clock: Clock }) => ReplayGuard;

/** The behaviour every replay guard implementation must show. */
export function replayGuardBehaviour(make: MakeGuard): void {
  const T0 = 1_700_000_000_000;
  const seconds = T0 / 1000;
  const key = replayKey("6f1c7a38-9d1e-4e0b-8f43-3f8f0f8b2a10", String(seconds), "ab".repeat(32));

  it("lets a request through once and refuses it again until it expires", async () => {
    const guard = make({ clock: manualClock(T0) });
    const expiry = replayExpiry(seconds, 30);
    expect(await guard.firstUse(key, expiry)).toBe(true);
    expect(await guard.firstUse(key, expiry)).toBe(false);
    expect(await guard.firstUse(key, expiry)).toBe(false);
  });

  it("remembers a request for as long as its timestamp is inside the window, and no longer", async () => {
    const clock = manualClock(T0);
    const guard = make({ clock });
    const expiry = replayExpiry(seconds, 30);
    expect(await guard.firstUse(key, expiry)).toBe(true);
    // The window is whole seconds, inclusive: the timestamp is still accepted during second +30.
    clock.set(T0 + 30_999);
    expect(await guard.firstUse(key, expiry)).toBe(false);
    clock.set(T0 + 31_000);
    expect(await guard.firstUse(key, expiry)).toBe(true);
  });

  it("tells apart requests differing in operator, timestamp or signature", async () => {
    const guard = make({ clock: manualClock(T0) });
    const expiry = replayExpiry(seconds, 30);
    const keys = [
      key,
      replayKey("0d7a5f9e-2b4c-4c1a-9e8f-1a2b3c4d5e6f", String(seconds), "ab".repeat(32)),
      replayKey("6f1c7a38-9d1e-4e0b-8f43-3f8f0f8b2a10", String(seconds + 1), "ab".repeat(32)),
      replayKey("6f1c7a38-9d1e-4e0b-8f43-3f8f0f8b2a10", String(seconds), "cd".repeat(32)),
    ];
    for (const k of keys) expect(await guard.firstUse(k, expiry)).toBe(true);
    for (const k of keys) expect(await guard.firstUse(k, expiry)).toBe(false);
  });

  it("lets exactly one of many simultaneous copies through", async () => {
    const guard = make({ clock: manualClock(T0) });
    const expiry = replayExpiry(seconds, 30);
    const answers = await Promise.all(Array.from({ length: 20 }, () => guard.firstUse(key, expiry)));
    expect(answers.filter(Boolean)).toHaveLength(1);
  });
}
