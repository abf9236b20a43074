/**
 * The languages the game client speaks, as BCP 47 tags with their own names. A player's language arrives as an
 * ISO 639-1 code or a locale ("de", "de-AT", "pt_BR", "zh-TW"); `clientLanguage` maps it to one of these by
 * its language alone: Portuguese is Brazilian Portuguese and Chinese is Simplified Chinese.
 */

export interface ClientLanguage {
  /** BCP 47 tag: the client's catalog files and `Intl` locale ("pt-BR"). */
  tag: string;
  /** The language's name in itself, for pickers. */
  name: string;
}

export const CLIENT_LANGUAGES: readonly ClientLanguage[] = Object.freeze([
  { tag: "en", name: "English" },
  { tag: "de", name: "Deutsch" },
  { tag: "es", name: "Español" },
  { tag: "pt-BR", name: "Português (Brasil)" },
  { tag: "fr", name: "Français" },
  { tag: "it", name: "Italiano" },
  { tag: "tr", name: "Türkçe" },
  { tag: "pl", name: "Polski" },
  { tag: "ja", name: "日本語" },
  { tag: "ko", name: "한국어" },
  { tag: "zh-Hans", name: "简体中文" },
  { tag: "hi", name: "हिन्दी" },
  { tag: "fi", name: "Suomi" },
]);

export const DEFAULT_CLIENT_LANGUAGE = "en";

/** By ISO 639-1 code, the client language that serves it. */
const BY_LANGUAGE: ReadonlyMap<string, string> = new Map(
  CLIENT_LANGUAGES.map((language) => [language.tag.slice(0, 2).toLowerCase(), language.tag]),
);

/** "de-AT" -> "de", "PT" -> "pt-BR", "zh_TW" -> "zh-Hans"; undefined for a language the client does not speak. */
export function clientLanguage(code: string | null | undefined): string | undefined {
  if (typeof code !== "string") return undefined;
  const language = /^\s*([A-Za-z]{2,3})(?:[-_][A-Za-z0-9]{1,8})*\s*$/.exec(code)?.[1]?.toLowerCase();
  return language === undefined ? undefined : BY_LANGUAGE.get(language);
}
