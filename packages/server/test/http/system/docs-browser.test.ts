/**
 * GET /docs as Chromium renders it, under the page's own content security policy: every text the header
 * shows (title, version, environment badge, base URL) must be readable against what is behind it.
 */
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { type BrowserContext, chromium } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHROMIUM_PATH, chromiumAvailable } from "../../../../../test-support/services.ts";
import { createHarness, type Harness } from "../support.ts";

const available = await chromiumAvailable();

/** WCAG 2.x contrast ratio of two `rgb(...)`/`rgba(...)` colours as getComputedStyle reports them. */
function contrast(foreground: string, background: string): number {
  const luminance = (color: string) => {
    const [r = 0, g = 0, b = 0] = (color.match(/[\d.]+/g) ?? []).slice(0, 3).map((c) => {
      const s = Number(c) / 255;
      return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * b;
  };
  const [light, dark] = [luminance(foreground), luminance(background)].sort((a, b) => b - a);
  return ((light ?? 0) + 0.05) / ((dark ?? 0) + 0.05);
}

describe.skipIf(!available)("GET /docs in Chromium", () => {
  let context: BrowserContext;
  let profile: string;

  beforeAll(async () => {
    profile = mkdtempSync(path.join(tmpdir(), "rgs-docs-chromium-"));
    context = await chromium.launchPersistentContext(profile, {
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: ["--headless", "--no-sandbox", "--disable-gpu", "--no-first-run"],
    });
  }, 120_000);

  afterAll(async () => {
    await context?.close();
    if (profile) rmSync(profile, { recursive: true, force: true });
  });

  it.each(["staging", "production"] as const)(
    "in %s, shows every text of the header with a contrast of at least 4.5:1 (WCAG AA)",
    async (environment) => {
      const h: Harness = await createHarness({
        config: { environment, publicBaseUrl: "https://rgs.example.com" },
      });
      await h.app.listen({ port: 0, host: "127.0.0.1" });
      const page = await context.newPage();
      await page.goto(`http://127.0.0.1:${(h.app.server.address() as AddressInfo).port}/docs`);
      const pairs = await page.$$eval(
        "header h1, header small, header .env, header p, header code",
        (elements) =>
          elements.map((element) => {
            let backdrop: Element | null = element;
            let background = "rgba(0, 0, 0, 0)";
            while (backdrop !== null) {
              background = getComputedStyle(backdrop).backgroundColor;
              if (background !== "rgba(0, 0, 0, 0)" && background !== "transparent") break;
              backdrop = backdrop.parentElement;
            }
            return { text: element.textContent ?? "", color: getComputedStyle(element).color, background };
          }),
      );
      expect(pairs.map((p) => p.text)).toContainEqual("https://rgs.example.com");
      for (const pair of pairs) {
        expect(
          contrast(pair.color, pair.background),
          `${JSON.stringify(pair.text)}: ${pair.color} on ${pair.background}`,
        ).toBeGreaterThanOrEqual(4.5);
      }
      await page.close();
      // The browser keeps its connection alive; the server would otherwise wait for it on close.
      h.app.server.closeAllConnections();
      await h.close();
    },
  );
});
