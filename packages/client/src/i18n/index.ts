/**
 * Translations. Every visible string comes from a catalog, `<group>.<tag>.ts` (`shell` for the shell, `games`,
 * `cashout`, `blackjack`, `craps`, `war` for the views), each `export default { "shell.play.label": "Bet", ... }`
 * with flat, namespaced keys. Placeholders are written `{name}`. A message with a count has one key per plural
 * category of its language (`"shell.autobet.played|one"`, `"...|other"`, and `few`/`many` where the language
 * has them), chosen by `Intl.PluralRules`: never "1 rounds".
 *
 * The English shell is built into the entry (the texts of a failure before any catalog could load). The other
 * catalogs of a language, English ones included, are one chunk (`languages/texts.<tag>.ts`), fetched only when
 * that language is chosen: one request for all its texts.
 *
 * A session whose jurisdiction speaks of no betting or money (the social wording) reads `social/<tag>.ts` over
 * them: the same keys reworded ("Play", "Coins", "Collect"), a chunk fetched only by such a session.
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

const texts = import.meta.glob<{ default: readonly Catalog[] }>("./languages/texts.*.ts");
const socialTexts = import.meta.glob<{ default: Catalog }>("./social/*.ts");

const languageOf = (path: string): string => path.slice("./languages/texts.".length, -".ts".length);

/** Languages with catalogs in this build. */
export function supportedLanguages(): string[] {
  const found = new Set([DEFAULT_LANGUAGE, ...Object.keys(texts).map(languageOf)]);
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

/** Every catalog of a language but the built-in English shell: its chunk, fetched now. */
async function loadCatalogs(language: string): Promise<readonly Catalog[]> {
  const load = texts[`./languages/texts.${language}.ts`];
  return load ? (await load()).default : [];
}

/** The shell's translator before a session is known (a failure screen): English is built in. */
export async function loadShellTranslator(language: string): Promise<Translate> {
  if (language === DEFAULT_LANGUAGE) return createTranslator(language, [], shellEnglish);
  return createTranslator(language, await loadCatalogs(language), shellEnglish);
}

/** The social rewording of a language: its own, else none (a test holds every language to English's keys). */
async function loadSocial(language: string): Promise<readonly Catalog[]> {
  const load = socialTexts[`./social/${language}.ts`];
  return load ? [(await load()).default] : [];
}

/**
 * The translator of a language for the shell and every view: its own catalogs only (a test holds every
 * language to every English key), over the built-in English shell; with `social`, its social wording first.
 */
export async function loadTranslator(
  language: string,
  options: { social?: boolean } = {},
): Promise<Translate> {
  const [social, catalogs] = await Promise.all([
    options.social ? loadSocial(language) : [],
    loadCatalogs(language),
  ]);
  return createTranslator(language, [...social, ...catalogs], shellEnglish);
}
