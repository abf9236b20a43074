import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

/**
 * The game client: one HTML shell and its entry chunk, each game view a chunk of its own loaded on demand.
 * Nothing inline (the page's CSP allows only 'self' scripts and styles) and nothing from other origins.
 */
export default defineConfig({
  root: fileURLToPath(new URL(".", import.meta.url)),
  base: "/",
  oxc: { jsx: { runtime: "automatic", importSource: "preact" } },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    manifest: true,
    target: "es2022",
    assetsInlineLimit: 0,
    cssCodeSplit: true,
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
  },
});
