/**
 * Game views by slug, each loaded on demand as its own chunk: only the launched game's view is downloaded.
 */
import type { GameViewModule } from "./types.ts";

// Lazy glob: Vite turns every match into a separate chunk, fetched when its loader is called.
const loaders = import.meta.glob<GameViewModule>("./*/index.tsx");

function loaderOf(slug: string): (() => Promise<GameViewModule>) | undefined {
  if (!/^[a-z0-9_]+$/.test(slug)) return undefined;
  return loaders[`./${slug}/index.tsx`];
}

/** True when this build has a view for the game. */
export function hasView(slug: string): boolean {
  return loaderOf(slug) !== undefined;
}

/** The view of a game, or undefined when this build has none. */
export function loadView(slug: string): Promise<GameViewModule> | undefined {
  return loaderOf(slug)?.();
}

/** Slugs with a view in this build. */
export function viewSlugs(): string[] {
  return Object.keys(loaders)
    .map((path) => path.slice(2, -"/index.tsx".length))
    .sort();
}
