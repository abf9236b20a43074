/**
 * The built client for the browser suites: several suite files run at once in separate processes, and one
 * build of the same sources serves them all (so a suite already playing is never served a half-written dist).
 */
import { ensureClientBuilt } from "../../scripts/client-build.ts";

export async function buildClient(): Promise<void> {
  await ensureClientBuilt();
}
