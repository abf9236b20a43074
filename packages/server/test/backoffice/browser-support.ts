/**
 * What the back office's Chromium suites share: the two widths every page is read at, signing in through
 * the page, the screenshots (and their copies for docs/back-office.md with UPDATE_DOCS_SCREENSHOTS=1), the
 * check that nothing overflows sideways, and the console errors that are failures.
 */
import { mkdirSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { SCREENSHOTS } from "../../../client/test/browser/chromium.ts";
import { PASSWORD } from "./support.ts";

export const WIDTHS = [
  { width: 1280, height: 800 },
  { width: 375, height: 667 },
] as const;

const DOCS = fileURLToPath(new URL("../../../../docs/back-office/", import.meta.url));
const UPDATE_DOCS = process.env.UPDATE_DOCS_SCREENSHOTS === "1";

/** Makes the docs' screenshot folder when this run is to refresh it. */
export function prepareDocsScreenshots(): void {
  if (UPDATE_DOCS) mkdirSync(DOCS, { recursive: true });
}

export async function shot(page: Page, name: string, width: number): Promise<void> {
  await page.screenshot({ path: path.join(SCREENSHOTS, `backoffice-${name}-${width}.png`), fullPage: true });
  if (UPDATE_DOCS) {
    await page.screenshot({
      path: path.join(DOCS, `${name}-${width}.jpg`),
      type: "jpeg",
      quality: 70,
      fullPage: true,
    });
  }
}

/**
 * Signs `username` in through the page at `base`, opening `at`, and waits for the signed-in header. A fresh
 * load each time: a change of the fragment alone would keep the previous person's page.
 */
export async function signInAt(page: Page, base: string, username: string, at = "#/rounds"): Promise<void> {
  await page.context().clearCookies();
  await page.goto("about:blank");
  await page.goto(`${base}/${at}`);
  await page.getByLabel("User name").fill(username);
  await page.getByLabel("Password").fill(PASSWORD);
  await page.getByRole("button", { name: "Sign in" }).click();
  await page.getByRole("button", { name: "Sign out" }).waitFor();
}

/** Nothing overflows the page sideways: only tables scroll, inside their own frame. */
export async function fitsWidth(page: Page): Promise<void> {
  const wider = await page.evaluate(() =>
    Array.from(document.querySelectorAll("body *"))
      .filter((e) => !e.closest(".table") && e.getBoundingClientRect().right > window.innerWidth + 0.5)
      .map((e) => `${e.tagName.toLowerCase()}.${e.className}`),
  );
  expect(wider).toEqual([]);
}

/** What went wrong in the page: refused requests the page shows as refusals are not among them. */
export const failures = (errors: string[]) =>
  errors.filter((e) => !/Failed to load resource: the server responded with a status of 40[0134]/.test(e));
