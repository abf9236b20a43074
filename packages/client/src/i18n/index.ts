/**
 * Translations. Every visible string comes from a catalog, `<group>.<tag>.ts` (`shell` for the shell, `games`,
 * `cashout`, `blackjack`, `craps`, `war` for the views), each `export default { "shell.play.label": "Bet", ... }`
 * with flat, namespaced keys. Placeholders are written `{name}`. A message with a count has one key per plural
 * category of its language (`"shell.autobet.played|one"`, `"...|other"`, and `few`/`many` where the language
 * has them), chosen by `Intl.PluralRules`: never "1 rounds".
 *
 * The English shell is built into the entry (the texts of a failure before any catalog could load); every
 * other catalog, English ones included, is a chunk of its own fetched only for the language chosen.
 */
import { CLIENT_LANGUAGES, clientLanguage, DEFAULT_CLIENT_LANGUAGE } from "@rgs/protocol/languages";
import { formatInteger } from "./format.ts";
import shellEnglish from "./shell.en.ts";

export type Catalog = Readonly<Record<string, string>>;
export type Vars = Record<string, string | number>;
export interface Translate {
  (key: string, vars?: Vars): string;
  /** The BCP 47 tag of the language spoken. */
  readonly language: string;
}

export const DEFAULT_LANGUAGE = DEFAULT_CLIENT_LANGUAGE;

type CatalogModule = { default: Catalog };

const lazy = import.meta.glob<CatalogModule>(["./*.*.ts", "!./shell.en.ts"]);

function languageOf(path: string): string {
  return path.split(".").at(-2) ?? "";
}

/** Languages with catalogs in this build. */
export function supportedLanguages(): string[] {
  const found = new Set([DEFAULT_LANGUAGE, ...Object.keys(lazy).map(languageOf)]);
  return CLIENT_LANGUAGES.map((language) => language.tag).filter((tag) => found.has(tag));
}

/**
 * The language to speak: the launch URL's `lang`, else the session's (the launch request's `languageCode`,
 * else the wallet's), else the first of the browser's languages the client speaks, else English.
 */
export function pickLanguage(
  urlLanguage: string | null | undefined,
  sessionLanguage: string | null | undefined,
  browserLanguages: readonly string[] = [],
  supported: readonly string[] = supportedLanguages(),
): string {
  for (const candidate of [urlLanguage, sessionLanguage, ...browserLanguages]) {
    const tag = clientLanguage(candidate);
    if (tag !== undefined && supported.includes(tag)) return tag;
  }
  return DEFAULT_LANGUAGE;
}

/** The plural key suffix separator: "shell.autobet.played|one". */
export const PLURAL = "|";

/** Replaces `{name}` placeholders; unknown placeholders stay visible so a missing value is noticed. */
export function interpolate(text: string, vars: Vars | undefined, language: string): string {
  if (!vars) return text;
  return text.replace(/\{([a-zA-Z0-9_]+)\}/g, (whole, name: string) => {
    if (!Object.hasOwn(vars, name)) return whole;
    const value = vars[name] as string | number;
    return typeof value === "number" && Number.isInteger(value)
      ? formatInteger(value, language)
      : String(value);
  });
}

/** A translator over `catalogs` (first wins) falling back to `fallback`, then to the key itself. */
export function createTranslator(
  language: string,
  catalogs: readonly Catalog[],
  fallback: Catalog,
): Translate {
  const merged: Record<string, string> = { ...fallback };
  for (const catalog of [...catalogs].reverse()) Object.assign(merged, catalog);
  const plurals = new Intl.PluralRules(language);
  const translate = (key: string, vars?: Vars) => {
    let text = merged[key];
    if (text === undefined && typeof vars?.count === "number") {
      const category = plurals.select(vars.count);
      text = merged[`${key}${PLURAL}${category}`] ?? merged[`${key}${PLURAL}other`];
    }
    return interpolate(text ?? key, vars, language);
  };
  return Object.assign(translate, { language });
}

async function loadGroup(language: string, only?: (group: string) => boolean): Promise<Catalog[]> {
  const loaders = Object.entries(lazy)
    .filter(([path]) => languageOf(path) === language && (only?.(path.slice(2).split(".")[0] ?? "") ?? true))
    .map(([, load]) => load());
  return (await Promise.all(loaders)).map((module) => module.default);
}

/** The shell's translator before a session is known (a failure screen): English is built in. */
export async function loadShellTranslator(language: string): Promise<Translate> {
  if (language === DEFAULT_LANGUAGE) return createTranslator(language, [], shellEnglish);
  const catalogs = await loadGroup(language, (group) => group === "shell");
  return createTranslator(language, catalogs, shellEnglish);
}

/**
 * The translator of a language for the shell and every view: its own catalogs only (a test holds every
 * language to every English key), over the built-in English shell.
 */
export async function loadTranslator(language: string): Promise<Translate> {
  return createTranslator(language, await loadGroup(language), shellEnglish);
}
