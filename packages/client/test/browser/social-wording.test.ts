/**
 * A SOCIAL session speaks of no betting or money: every game, in every language that has a social wording
 * (src/i18n/social/<tag>.ts), in Chromium against a real RGS, shows none of its language's money words (the
 * list below, kept for all thirteen) on its first screen: its text and its controls' names.
 */

import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { GAME_SLUGS, gamesBySlug } from "@rgs/protocol/catalog";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chromiumAvailable } from "../../../../test-support/services.ts";
import { type Chromium, openChromium, SCREENS } from "./chromium.ts";
import { buildClient } from "./client-build.ts";
import { type Rgs, startRgs } from "./rgs-process.ts";

/**
 * Words that speak of betting, cash or winning money, per language, as whole words or word starts (so
 * "Einsatz" catches "Einsätze" only when listed too). A game's own terms that are not money ("Cash" in no
 * game's name) would be listed here as exceptions.
 */
const MONEY_WORDS: Record<string, readonly string[]> = {
  en: [
    "bet",
    "bets",
    "betting",
    "wager",
    "cash",
    "cash out",
    "cashed",
    "payout",
    "payouts",
    "deposit",
    "stake",
    "win money",
  ],
  de: [
    "Einsatz",
    "Einsätze",
    "Wette",
    "wetten",
    "setzen",
    "Auszahlung",
    "auszahlen",
    "Bargeld",
    "Einzahlung",
  ],
  es: ["apuesta", "apuestas", "apostar", "efectivo", "retirar", "pago", "pagos", "depósito"],
  fi: ["panos", "panokset", "vedon", "veto", "lyö vetoa", "kotiuta", "käteinen", "voitonmaksu", "talletus"],
  fr: ["mise", "mises", "miser", "pari", "parier", "encaisser", "espèces", "paiement", "dépôt"],
  hi: ["दांव", "दाँव", "शर्त", "कैश", "नकद", "भुगतान", "जमा"],
  it: ["puntata", "puntate", "puntare", "scommessa", "incassa", "contanti", "vincita in denaro", "deposito"],
  ja: ["ベット", "賭け", "キャッシュ", "現金", "払い戻し", "配当", "入金"],
  ko: ["베팅", "배팅", "캐시", "현금", "지급", "배당", "입금"],
  pl: ["zakład", "zakłady", "stawka", "stawkę", "obstaw", "wypłat", "gotówk", "depozyt"],
  "pt-BR": ["aposta", "apostas", "apostar", "sacar", "dinheiro", "pagamento", "depósito"],
  tr: ["bahis", "bahsi", "nakit", "ödeme", "para yatır", "çek"],
  "zh-Hans": ["投注", "下注", "押注", "兑现", "现金", "派彩", "赔付", "存款"],
};

const LETTER = "\\p{L}";

/** The money words of `language` found in `text`, each as a word (no letter right before it). */
export function moneyWords(text: string, language: string): string[] {
  const words = MONEY_WORDS[language] ?? [];
  return words.filter((word) => {
    const spaced = /^[\p{Script=Latin}\s]+$/u.test(word);
    const pattern = spaced ? `(?<!${LETTER})${word}` : word;
    return new RegExp(pattern, "iu").test(text);
  });
}

const GAMES = GAME_SLUGS.map((slug) => gamesBySlug(slug)[0]?.code ?? slug);
const SOCIAL = fileURLToPath(new URL("../../src/i18n/social/", import.meta.url));
const LANGUAGES = readdirSync(SOCIAL).map((name) => name.replace(/\.ts$/, ""));
const available = await chromiumAvailable();

let rgs: Rgs;
let browser: Chromium;
let context: BrowserContext;

/** What the player can read: the page's text, and the names of its controls. */
function visibleText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const names = Array.from(document.querySelectorAll("[aria-label], [title], [placeholder]")).map((node) =>
      ["aria-label", "title", "placeholder"].map((name) => node.getAttribute(name) ?? "").join(" "),
    );
    // innerText, not textContent: the rendered text only, what the player can read.
    // biome-ignore lint/performance/useDomNodeTextContent: hidden text is not what this test reads
    return `${document.body.innerText}\n${names.join("\n")}\n${document.title}`;
  });
}

async function launchSocial(code: string): Promise<string> {
  for (const currency of ["GC", "USD"]) {
    try {
      return (await rgs.launch(code, { jurisdiction: "SOCIAL", currency })).launchUrl;
    } catch (error) {
      if (currency === "USD") throw error;
    }
  }
  throw new Error("unreachable");
}

describe.skipIf(!available)("the social wording", () => {
  beforeAll(async () => {
    await buildClient();
    rgs = await startRgs();
    browser = await openChromium({ viewport: SCREENS[1], fastPlay: true });
    context = browser.context;
  }, 240_000);

  afterAll(async () => {
    await browser?.close();
    await rgs?.stop();
  });

  it("finds the money words it lists", () => {
    expect(moneyWords("Place your Bet", "en")).toEqual(["bet"]);
    expect(moneyWords("Alphabet", "en")).toEqual([]);
    expect(moneyWords("Dein Einsatz", "de")).toEqual(["Einsatz"]);
    expect(moneyWords("请投注", "zh-Hans")).toEqual(["投注"]);
  });

  for (const code of GAMES) {
    it(`${code}: no money words in any language`, async () => {
      const launchUrl = await launchSocial(code);
      const page = await context.newPage();
      const found: string[] = [];
      try {
        for (const language of LANGUAGES) {
          await page.goto(`${launchUrl}&lang=${language}`);
          await page
            .locator('[data-testid="play"], [data-testid="moves"]')
            .first()
            .waitFor({ timeout: 20_000 });
          const words = moneyWords(await visibleText(page), language);
          if (words.length > 0) found.push(`${language}: ${words.join(", ")}`);
        }
        expect(found).toEqual([]);
      } finally {
        await page.close();
      }
    }, 120_000);
  }
});
