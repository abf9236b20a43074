/** Where a command's time went: the start of the process up to the CLI, then each phase of the run. */
export interface Timings {
  /** Milliseconds from the start of the process to the CLI's first line: Node.js, tsx, the CLI's code. */
  startedMs: number;
  phases: { name: string; ms: number }[];
}

function seconds(ms: number): string {
  return `${(ms / 1000).toFixed(2)} s`;
}

/** One line for standard error, e.g. "timings: 2.31 s in all: starting 0.41 s, opening the ... 1.62 s, ...". */
export function timingsLine(timings: Timings, totalMs: number): string {
  const parts = [
    `starting Node.js and the CLI ${seconds(timings.startedMs)}`,
    ...timings.phases.map((phase) => `${phase.name} ${seconds(phase.ms)}`),
  ];
  return `timings: ${seconds(totalMs)} in all: ${parts.join(", ")}`;
}
