/** War'ın Türkçe metinleri ("games.war.*"). */
export default {
  "games.war.board": "War masası",
  "games.war.bet.main": "Bahis",
  "games.war.bet.tie": "Beraberlik",
  "games.war.bet.coloured_tie": "Renkli beraberlik",
  "games.war.clearBet": "{bet} temizle",
  "games.war.onBet": "Üzerinde {amount}",
  "games.war.cardBack": "Kapalı kart",
  "games.war.player": "Siz",
  "games.war.dealer": "Krupiye",
  "games.war.decision": "Beraberlik: seçim sizin",
  "games.war.goToWar": "Savaşa gir ({amount})",
  "games.war.surrender": "Teslim ol ({amount} al)",
  "games.war.warNotAllowed":
    "Buradaki bir savaş en yüksek kazançtan fazlasını ödeyebilir: seçim teslim olmaktır.",
  "games.war.status.tie": "Berabere!",
  "games.war.status.won": "Kartınız daha yüksek",
  "games.war.status.lost": "Krupiyenin kartı daha yüksek",
  "games.war.status.surrendered": "Teslim olundu",
  "games.war.status.war_won": "Kartınız savaşı kazanıyor",
  "games.war.status.war_lost": "Krupiyenin kartı savaşı kazanıyor",
  "games.war.status.wars_exhausted": "Beş savaş berabere: artırmalar bahsin yarısıyla iade edildi",
  "games.war.status.abandoned": "Beraberlikte bırakıldı: teslim olundu",
  "games.war.rules.intro":
    "Her el için karıştırılan 8 desteli bir kutudan herkese birer kart; aslar yüksektir. Yüksek kart bahsi eşit ödemeyle kazanır.",
  "games.war.rules.tie":
    "Beraberlikte ya bahsinizin yarısını geri almak için teslim olun ya da savaşa girin: bahsinizi bir kez daha artırın ve herkese birer kart dağıtılır.",
  "games.war.rules.wars":
    "Savaşı kazanırsanız bahsiniz geri gelir ve her artırma eşit öder; kaybederseniz bahsi ve artırmaları kaybedersiniz; yine berabere kalırsa yeniden seçersiniz (o zaman teslim olmak artırmalardan vazgeçmek demektir). En fazla 5 savaş.",
  "games.war.rules.best":
    "İlk beraberlikte savaş ve teslim aynı değerdedir; bir savaştan sonra yeniden savaşa girmek daha iyi seçimdir. Bu oyun %96,27 geri döndürür.",
  "games.war.rules.pays": "{multiplier} öder (bahis dahil)",
  "games.war.rules.abandon": "Beraberlikte bırakılan bir el teslim olarak sonuçlandırılır.",
};
