import { describe, expect, it } from "vitest";
import { type MemorySample, memoryFloors, sampleMemory } from "../../bench/memory-trend.ts";

const MB = 2 ** 20;

/** A sawtooth: the heap fills by 20 MB between collections, with a floor that rises `leakPerSample`. */
function sawtooth(samples: number, floorMb: number, leakPerSampleMb: number): MemorySample[] {
  return Array.from({ length: samples }, (_, i) => {
    const heap = floorMb + i * leakPerSampleMb + (i % 5) * 5;
    return { at: i * 250, rssBytes: (heap + 100) * MB, heapUsedBytes: heap * MB };
  });
}

describe("the memory part's floors", () => {
  it("sees no growth in a sawtooth whose last sample happens to sit at a peak", () => {
    const samples = sawtooth(99, 50, 0);
    expect(samples.at(-1)?.heapUsedBytes).toBeGreaterThan((samples[0]?.heapUsedBytes ?? 0) + 10 * MB);
    const floors = memoryFloors(samples, { minSamples: 10 });
    expect(floors?.first).toEqual({ rssBytes: 150 * MB, heapUsedBytes: 50 * MB });
    expect(floors?.last).toEqual({ rssBytes: 150 * MB, heapUsedBytes: 50 * MB });
    expect(floors?.samples).toBe(99);
  });

  it("sees a floor that rises with the run", () => {
    const floors = memoryFloors(sawtooth(101, 50, 1), { minSamples: 10 });
    expect(floors?.first.heapUsedBytes).toBe(50 * MB);
    expect(floors?.last.heapUsedBytes).toBe(140 * MB);
    expect((floors?.last.rssBytes ?? 0) - (floors?.first.rssBytes ?? 0)).toBe(90 * MB);
  });

  it("gives no floors when a tenth of the run holds too few samples to span collections", () => {
    expect(memoryFloors([])).toBeUndefined();
    expect(memoryFloors(sawtooth(1, 50, 0))).toBeUndefined();
    // 101 samples: 11 in each tenth.
    expect(memoryFloors(sawtooth(101, 50, 0), { minSamples: 12 })).toBeUndefined();
    expect(memoryFloors(sawtooth(101, 50, 0), { minSamples: 11 })).toBeDefined();
    expect(memoryFloors(sawtooth(101, 50, 0))).toBeUndefined();
    expect(memoryFloors(sawtooth(201, 50, 0))?.samples).toBe(201);
  });

  it("samples until stopped, in order", async () => {
    let reads = 0;
    const sampler = sampleMemory(async () => ({ rssBytes: ++reads, heapUsedBytes: reads }), 1);
    await new Promise((resolve) => setTimeout(resolve, 30));
    const samples = await sampler.stop();
    expect(samples.length).toBe(reads);
    expect(samples.length).toBeGreaterThan(1);
    expect(samples.map((s) => s.rssBytes)).toEqual(samples.map((_, i) => i + 1));
    expect(samples.every((s, i) => i === 0 || s.at >= (samples[i - 1]?.at ?? 0))).toBe(true);
  });
});
