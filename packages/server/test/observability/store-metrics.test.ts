import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DICE, gameRequest, launchDemo, ok } from "../http/game/game-support.ts";
import { createHarness, type Harness } from "../http/support.ts";

function counter(text: string, name: string): number {
  const line = text.split("\n").find((l) => l.startsWith(`${name} `));
  if (line === undefined) throw new Error(`${name} is not in the metrics`);
  return Number(line.slice(name.length + 1));
}

let h: Harness;
beforeAll(async () => {
  h = await createHarness();
});
afterAll(async () => {
  await h?.close();
});

describe("store metrics", () => {
  it("counts the group-commit writer's batches and the jobs they carried as bets are played", async () => {
    const { token } = await launchDemo(h, { gameCode: "dice-alpha" });
    const before = await h.metrics.render();
    const bets = 5;
    for (let i = 0; i < bets; i++) {
      ok(await gameRequest(h, token, "POST", "/game/play", { amount: "1.00", params: DICE }));
    }
    const after = await h.metrics.render();
    const batches =
      counter(after, "store_commit_batches_total") - counter(before, "store_commit_batches_total");
    const jobs = counter(after, "store_commit_jobs_total") - counter(before, "store_commit_jobs_total");
    expect(batches).toBeGreaterThanOrEqual(1);
    expect(jobs).toBeGreaterThanOrEqual(bets);
    expect(jobs).toBeGreaterThanOrEqual(batches);
    expect(counter(after, "store_commit_reruns_total")).toBe(0);
  });
});
