import type { RunReport } from "../model.ts";

/** The machine-readable report: the run as data, exchanges included, secret redacted. */
export function renderJson(report: RunReport): string {
  return `${JSON.stringify(report, null, 2)}\n`;
}
