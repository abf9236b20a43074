/**
 * Screenshots for the docs: a PNG artifact in artifacts/screenshots/ on every run and, with
 * UPDATE_DOCS_SCREENSHOTS=1, a WebP in docs/game-client/ (encoded by Chromium itself: no image library).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { BrowserContext, Page } from "playwright-core";
import { SCREENSHOTS } from "./chromium.ts";

const DOCS_SCREENSHOTS = fileURLToPath(new URL("../../../../docs/game-client/", import.meta.url));
const UPDATE_DOCS = process.env.UPDATE_DOCS_SCREENSHOTS === "1";

export async function docsScreenshot(context: BrowserContext, page: Page, name: string): Promise<void> {
  const png = await page.screenshot({ fullPage: false });
  mkdirSync(SCREENSHOTS, { recursive: true });
  writeFileSync(path.join(SCREENSHOTS, `${name}.png`), png);
  if (!UPDATE_DOCS) return;
  mkdirSync(DOCS_SCREENSHOTS, { recursive: true });
  const encoder = await context.newPage();
  try {
    const webp = await encoder.evaluate(async (base64) => {
      const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
      const bitmap = await createImageBitmap(new Blob([bytes], { type: "image/png" }));
      const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
      (canvas.getContext("2d") as OffscreenCanvasRenderingContext2D).drawImage(bitmap, 0, 0);
      const blob = await canvas.convertToBlob({ type: "image/webp", quality: 0.72 });
      const buffer = new Uint8Array(await blob.arrayBuffer());
      let binary = "";
      for (const byte of buffer) binary += String.fromCharCode(byte);
      return btoa(binary);
    }, png.toString("base64"));
    writeFileSync(path.join(DOCS_SCREENSHOTS, `${name}.webp`), Buffer.from(webp, "base64"));
  } finally {
    await encoder.close();
  }
}
