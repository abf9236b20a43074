/** Turkish strings of free rounds: the offer, the rounds played, their summary ("freerounds.*"; "freerounds.social.*" for a session without money words). */
export default {
  "freerounds.offer.title|one": "{count} ücretsiz turunuz var",
  "freerounds.offer.title|other": "{count} ücretsiz turunuz var",
  "freerounds.offer.bet": "Tur başına bahis: {amount}. Bakiyenizden hiçbir şey düşülmez.",
  "freerounds.offer.params": "Oyun ayarları bu turlar için sabittir.",
  "freerounds.offer.expires": "Son oynama zamanı: {date}.",
  "freerounds.offer.accept": "Ücretsiz turları oyna",
  "freerounds.offer.later": "Sonra",
  "freerounds.waiting|one": "{count} ücretsiz tur bekliyor",
  "freerounds.waiting|other": "{count} ücretsiz tur bekliyor",
  "freerounds.fixed": "Tur başına {amount} ücretsiz turlar: bahis ve ayarlar sabittir.",
  "freerounds.play.label|one": "Ücretsiz tur · {count} kaldı",
  "freerounds.play.label|other": "Ücretsiz tur · {count} kaldı",
  "freerounds.result.noWin": "Ücretsiz tur: bu sefer bir şey yok",
  "freerounds.summary.title": "Ücretsiz turlar bitti",
  "freerounds.summary.won|one": "{count} ücretsiz turda toplam kazanç",
  "freerounds.summary.won|other": "{count} ücretsiz turda toplam kazanç",
  "freerounds.summary.continue": "Oyuna dön",
  "freerounds.lapsed":
    "Ücretsiz turlarınız artık kullanılamıyor: süreleri doldu, iptal edildi ya da başka bir pencerede oynandı. Bahisler yeniden bakiyenizden ödenir.",
  "freerounds.social.bet": "Oyun başına jeton: {amount}. Jetonlarınızdan hiçbiri kullanılmaz.",
  "freerounds.social.fixed": "Her biri {amount} olan ücretsiz oyunlar: jetonlar ve ayarlar sabittir.",
  "freerounds.social.summary|one": "{count} ücretsiz oyundan ödüller",
  "freerounds.social.summary|other": "{count} ücretsiz oyundan ödüller",
  "freerounds.social.lapsed":
    "Ücretsiz oyunlarınız artık kullanılamıyor: süreleri doldu, iptal edildi ya da başka bir pencerede kullanıldı. Oyunlar yeniden jetonlarınızı kullanır.",
} satisfies Record<string, string>;
