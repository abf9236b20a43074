/**
 * Chromium for the browser suites: a headless persistent context on a throwaway profile, the screens the
 * layouts are checked on, and pages that record what went wrong in them.
 */
import { mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { CHROMIUM_PATH } from "../../../../test-support/services.ts";

export const SCREENSHOTS = fileURLToPath(new URL("../../../../artifacts/screenshots/", import.meta.url));

/** Three phones (the smallest first) and a desktop. */
export const SCREENS = [
  { width: 360, height: 640 },
  { width: 375, height: 667 },
  { width: 390, height: 844 },
  { width: 1280, height: 800 },
] as const;

export interface Chromium {
  context: BrowserContext;
  close(): Promise<void>;
}

/**
 * A browser in US English on a profile of its own (deleted on close), screenshots' folder made. With
 * `fastPlay` the client draws results at once, without sound; the rounds and balances are the same.
 */
export async function openChromium(options: {
  viewport: { width: number; height: number };
  fastPlay?: boolean;
}): Promise<Chromium> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  const profile = mkdtempSync(path.join(tmpdir(), "rgs-chromium-"));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--no-first-run",
      "--lang=en-US",
    ],
    locale: "en-US",
    viewport: options.viewport,
  });
  if (options.fastPlay) {
    await context.addInitScript(() => {
      localStorage.setItem("rgs.client.preferences", JSON.stringify({ sound: false, animations: false }));
    });
  }
  return {
    context,
    async close() {
      await context.close();
      rmSync(profile, { recursive: true, force: true });
    },
  };
}

/** A new page whose console errors and uncaught exceptions are pushed to `errors`. */
export async function recordingPage(context: BrowserContext, errors: string[]): Promise<Page> {
  const page = await context.newPage();
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  return page;
}
