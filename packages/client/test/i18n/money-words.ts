/**
 * Words that speak of betting, cash or winning money, per language, for the social wording's tests. Each is
 * matched at the start of a word, so a stem ("encaiss", "wypła") catches its inflections; a word of the
 * game that only starts like one ("better" for "bet", "çekilir" for "çek") is listed in NOT_MONEY.
 */
export const MONEY_WORDS: Record<string, readonly string[]> = {
  en: ["bet", "wager", "cash", "payout", "deposit", "stake", "win money"],
  de: ["Einsatz", "Einsätze", "Wette", "wetten", "setzen", "auszahl", "ausgezahlt", "Bargeld", "Einzahlung"],
  es: ["apuesta", "apostar", "efectivo", "retirar", "pago", "pagos", "depósito"],
  fi: ["panos", "panokse", "vedon", "veto", "lyö vetoa", "kotiut", "käteinen", "voitonmaksu", "talletus"],
  fr: ["mise", "mises", "miser", "pari", "parier", "encaiss", "espèces", "paiement", "dépôt"],
  hi: ["दांव", "दाँव", "शर्त", "कैश", "नकद", "भुगतान", "जमा"],
  it: ["puntat", "puntare", "scommess", "incass", "contanti", "vincita in denaro", "deposito"],
  ja: ["ベット", "賭け", "キャッシュ", "現金", "払い戻し", "配当", "入金"],
  ko: ["베팅", "배팅", "캐시", "현금", "지급", "배당", "입금"],
  pl: ["zakład", "stawk", "obstaw", "wypła", "gotówk", "depozyt"],
  "pt-BR": ["aposta", "apostar", "sacar", "saque", "dinheiro", "pagamento", "depósito"],
  tr: ["bahis", "bahsi", "nakit", "nakde", "ödeme", "para yatır", "para çek"],
  "zh-Hans": ["投注", "下注", "押注", "兑现", "现金", "派彩", "赔付", "存款"],
};

/** Words of the games that start like a money word but are not one. */
const NOT_MONEY: Record<string, readonly string[]> = {
  en: ["better", "between"],
  de: ["im Einsatz"],
  tr: ["çekil", "çeker", "çekiliş"],
};

const LETTER = "\\p{L}";
const latin = (word: string) => /^[\p{Script=Latin}\s]+$/u.test(word);
const atWordStart = (word: string) => (latin(word) ? `(?<!${LETTER})${word}` : word);

/** The money words of `language` found in `text`, each at the start of a word. */
export function moneyWords(text: string, language: string): string[] {
  let read = text;
  for (const word of NOT_MONEY[language] ?? []) {
    read = read.replace(new RegExp(`${atWordStart(word)}(?!${LETTER})`, "giu"), " ");
  }
  return (MONEY_WORDS[language] ?? []).filter((word) => new RegExp(atWordStart(word), "iu").test(read));
}
