export { ALL_CHECKS } from "./checks/index.ts";
export { main, renderReport } from "./cli.ts";
export {
  ConfigError,
  DEFAULTS,
  parseArgs,
  type ReportFormat,
  resolveOptions,
  type TesterConfig,
} from "./config.ts";
export * from "./model.ts";
export { renderHtml } from "./report/html.ts";
export { renderJson } from "./report/json.ts";
export { renderJunit } from "./report/junit.ts";
export { redact } from "./report/redact.ts";
export { type RunOptions, runTester, TOOL } from "./runner.ts";
