/** Turkish strings of the replay page and of the history's replay links ("replay.*"). */
export default {
  "replay.pageTitle": "Tur tekrarı: {game}",
  "replay.failedTitle": "Bu tur gösterilemiyor",
  "replay.badge": "Tekrar",
  "replay.cancelled":
    "Bu tur iptal edildi: cüzdan bahsi onaylamadı, bu yüzden sonuç çekilmedi ve alınan tutar iade edildi.",
  "replay.detailsLabel": "Tur ayrıntıları",
  "replay.settingsLabel": "Turun ayarları",
  "replay.serverSeedHash": "Sunucu seed hash'i",
  "replay.nonce": "Nonce değeri",
  "replay.unrevealed":
    "Seed çifti kullanımdayken sunucu seed'i gizli kalır. Oyuncu çifti değiştirdiğinde bu sayfa onu gösterir ve tur doğrulanabilir.",
  "replay.historyLink": "Tekrar",
  "replay.historyLinkLabel": "{id} turunun tekrarı (paylaşılabilir bağlantı)",
} satisfies Record<string, string>;
