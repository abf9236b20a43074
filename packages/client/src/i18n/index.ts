/**
 * Translations. Every visible string comes from a catalog: `shell.<lang>.ts` (the shell) and
 * `games.<lang>.ts` (the game views), each `export default { "shell.play": "Play", ... }` with flat,
 * namespaced keys ("shell.*", "games.<slug>.*"). English is built in and is the fallback for a missing
 * key; other languages are fetched when chosen. Placeholders are written `{name}`.
 */

export type Catalog = Readonly<Record<string, string>>;
export type Translate = (key: string, vars?: Record<string, string | number>) => string;

export const DEFAULT_LANGUAGE = "en";

type CatalogModule = { default: Catalog };

const builtIn = import.meta.glob<CatalogModule>("./*.en.ts", { eager: true });
const onDemand = import.meta.glob<CatalogModule>(["./*.*.ts", "!./*.en.ts"]);

function languageOf(path: string): string {
  return path.split(".").at(-2) ?? "";
}

/** Languages with at least one catalog in this build. */
export function supportedLanguages(): string[] {
  const found = new Set([DEFAULT_LANGUAGE, ...Object.keys(onDemand).map(languageOf)]);
  return [...found].sort();
}

/** "de-AT" or "DE" -> "de" when supported. */
function normalize(code: string | null | undefined, supported: readonly string[]): string | undefined {
  if (!code) return undefined;
  const base = code.trim().toLowerCase().split(/[-_]/)[0] ?? "";
  return supported.includes(base) ? base : undefined;
}

/** The URL's `lang` wins, then the wallet's `languageCode` for the player, then English. */
export function pickLanguage(
  urlLanguage: string | null | undefined,
  sessionLanguage: string | null | undefined,
  supported: readonly string[] = supportedLanguages(),
): string {
  return normalize(urlLanguage, supported) ?? normalize(sessionLanguage, supported) ?? DEFAULT_LANGUAGE;
}

/** Replaces `{name}` placeholders; unknown placeholders stay visible so a missing value is noticed. */
export function interpolate(text: string, vars?: Record<string, string | number>): string {
  if (!vars) return text;
  return text.replace(/\{([a-zA-Z0-9_]+)\}/g, (whole, name: string) =>
    Object.hasOwn(vars, name) ? String(vars[name]) : whole,
  );
}

/** A translator over `catalogs` (first wins) falling back to `fallback`, then to the key itself. */
export function createTranslator(catalogs: readonly Catalog[], fallback: Catalog): Translate {
  const merged: Record<string, string> = { ...fallback };
  for (const catalog of [...catalogs].reverse()) Object.assign(merged, catalog);
  return (key, vars) => interpolate(merged[key] ?? key, vars);
}

function englishCatalog(): Catalog {
  return Object.assign({}, ...Object.values(builtIn).map((module) => module.default));
}

/** The translator of a language, fetching its catalogs; English when the language has none. */
export async function loadTranslator(language: string): Promise<Translate> {
  const english = englishCatalog();
  if (language === DEFAULT_LANGUAGE) return createTranslator([], english);
  const loaders = Object.entries(onDemand)
    .filter(([path]) => languageOf(path) === language)
    .map(([, load]) => load());
  const modules = await Promise.all(loaders);
  return createTranslator(
    modules.map((module) => module.default),
    english,
  );
}
