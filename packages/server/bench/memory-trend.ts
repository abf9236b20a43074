/**
 * Whether the RGS's memory grows with the bets it takes, read from samples over a long run rather than from
 * two instants. Resident memory at one instant mostly says where V8 stands in sizing its heap: in one
 * 100,000-bet run on PostgreSQL the heap's reserved size swung between 93 and 210 MB and the RSS with it,
 * with no trend. What a leak moves is the floor: the least memory in use once a collection has run. So each
 * end of the run is read as the lowest sample of its tenth, and the growth is the difference of the floors.
 */

export interface MemorySample {
  /** Milliseconds since the sampling started. */
  at: number;
  rssBytes: number;
  heapUsedBytes: number;
}

export interface MemoryFloors {
  /** Lowest of the first tenth of the samples, and of the last tenth. */
  first: { rssBytes: number; heapUsedBytes: number };
  last: { rssBytes: number; heapUsedBytes: number };
  samples: number;
}

/**
 * Samples a window needs before its lowest is a floor: with fewer, it spans too few collections (a run of
 * 5,000 bets gives windows under a second, and its "floors" rose 81 MB while the heap was still growing
 * toward its working size).
 */
export const MIN_WINDOW_SAMPLES = 20;

/**
 * The floors of the first and last `fraction` of the run (by time); undefined when a window holds fewer
 * than `minSamples` samples.
 */
export function memoryFloors(
  samples: readonly MemorySample[],
  opts: { fraction?: number; minSamples?: number } = {},
): MemoryFloors | undefined {
  const { fraction = 0.1, minSamples = MIN_WINDOW_SAMPLES } = opts;
  if (samples.length < 2) return undefined;
  const start = samples[0]?.at ?? 0;
  const span = (samples.at(-1)?.at ?? 0) - start;
  const window = span * fraction;
  const firstWindow = samples.filter((s) => s.at - start <= window);
  const lastWindow = samples.filter((s) => s.at - start >= span - window);
  if (firstWindow.length < minSamples || lastWindow.length < minSamples) return undefined;
  return { first: lowest(firstWindow), last: lowest(lastWindow), samples: samples.length };
}

function lowest(window: readonly MemorySample[]): { rssBytes: number; heapUsedBytes: number } {
  return {
    rssBytes: Math.min(...window.map((s) => s.rssBytes)),
    heapUsedBytes: Math.min(...window.map((s) => s.heapUsedBytes)),
  };
}

/** Reads `read` every `everyMs` until stopped; the samples in the order taken. */
export function sampleMemory(
  read: () => Promise<{ rssBytes: number; heapUsedBytes: number }>,
  everyMs: number,
): { stop(): Promise<MemorySample[]> } {
  const samples: MemorySample[] = [];
  const started = performance.now();
  let stopped = false;
  const loop = (async () => {
    while (!stopped) {
      const at = performance.now() - started;
      samples.push({ at, ...(await read()) });
      await new Promise((resolve) => setTimeout(resolve, everyMs));
    }
  })();
  return {
    async stop() {
      stopped = true;
      await loop;
      return samples;
    },
  };
}
