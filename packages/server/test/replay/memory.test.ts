import { describe, expect, it } from "vitest";
import { manualClock } from "../../src/clock.ts";
import { createMemoryReplayGuard } from "../../src/replay/memory.ts";
import { replayKey } from "../../src/replay/replay-guard.ts";
import { replayGuardBehaviour } from "./behaviour.ts";

describe("memory replay guard", () => {
  replayGuardBehaviour((opts) => createMemoryReplayGuard(opts));

  it("folds the case of the operator ID and the signature into one key", () => {
    expect(replayKey("6F1C7A38-9D1E-4E0B-8F43-3F8F0F8B2A10", "1", "AB".repeat(32))).toBe(
      replayKey("6f1c7a38-9d1e-4e0b-8f43-3f8f0f8b2a10", "1", "ab".repeat(32)),
    );
  });

  it("forgets expired entries as new ones arrive", async () => {
    const clock = manualClock(0);
    const guard = createMemoryReplayGuard({ clock });
    expect(await guard.firstUse("a", 1000)).toBe(true);
    clock.set(1000);
    expect(await guard.firstUse("b", 2000)).toBe(true);
    clock.set(500);
    // "a" was swept when "b" arrived at 1000, so it is new again even at an earlier clock reading.
    expect(await guard.firstUse("a", 1000)).toBe(true);
    expect(await guard.firstUse("b", 2000)).toBe(false);
  });
});
