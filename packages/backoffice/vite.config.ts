import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

/**
 * The back office: one page and its hashed assets, nothing inline (its policy allows only 'self' scripts and
 * styles) and nothing from other origins.
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
    modulePreload: { polyfill: false },
    reportCompressedSize: false,
  },
});
