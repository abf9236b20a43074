/** The median of several runs of one measurement: each figure is the median of that figure over the runs. */

export function median(values: number[]): number {
  const sorted = values.filter((v) => Number.isFinite(v)).sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}

/**
 * One record whose every numeric field is the median of that field over `runs` (null where any run had
 * none); other fields are the first run's. Errors, being a count of failures, are summed instead: one run's
 * failures are not hidden by two clean ones.
 */
export function medianOfRuns<T extends object>(runs: T[], summed: (keyof T)[] = []): T {
  const first = runs[0];
  if (first === undefined) throw new Error("no runs to take the median of");
  const result = { ...first } as Record<string, unknown>;
  for (const [key, value] of Object.entries(first)) {
    const all = runs.map((run) => (run as Record<string, unknown>)[key]);
    if (summed.includes(key as keyof T)) {
      result[key] = all.reduce((sum: number, v) => sum + Number(v), 0);
    } else if (typeof value === "number") {
      result[key] = median(all as number[]);
    } else if (value === null && all.every((v) => v === null || typeof v === "number")) {
      result[key] = all.some((v) => v === null) ? null : median(all as number[]);
    }
  }
  return result as T;
}
