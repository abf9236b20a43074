/**
 * The Turkish texts of a social session: no betting, cash or winning money. A round is played with coins
 * ("jeton"), "Oyna" starts it, "Topla" ends a climbing one, and what a round gives back is its prize ("ödül").
 */
export default {
  "shell.help.play": "Oyna'ya basar (Otomatik sekmesinde: otomatik oyunu başlatır veya durdurur).",
  "shell.controls.label": "Oyun kontrolleri",
  "shell.mode.label": "Oyun modu",
  "shell.bet.amount": "Oynanacak jeton",
  "shell.bet.amountLabel": "{currency} cinsinden oynanacak jeton",
  "shell.bet.enterAmount": "Oynanacak jetonu girin.",
  "shell.bet.aboveBalance": "Bu, sahip olduğunuzdan fazla jeton.",
  "shell.bet.notEnoughBalance": "{balance} jetonunuz {stake} oyununa yetmiyor: hiçbir şey oynanmadı.",
  "shell.bet.total": "Oyundaki jetonlar",
  "shell.bet.noBets": "Masaya en az bir çip koyun.",
  "shell.preset.min.label": "Jetonu en düşüğe ayarla",
  "shell.preset.half.label": "Jetonu yarıya indir",
  "shell.preset.double.label": "Jetonu ikiye katla",
  "shell.preset.max.label": "Jetonu en yükseğe ayarla",
  "shell.play.label": "Oyna",
  "shell.result.win": "{amount} aldınız ({multiplier})",
  "shell.result.push": "Berabere: {amount} jetonunuz geri geldi",
  "shell.result.partial": "{stake} jetonun {payout} kadarı geri geldi ({multiplier}): {loss} eksik",
  "shell.autobet.count": "Oyun sayısı",
  "shell.autobet.progress": "Oyunlar",
  "shell.autobet.played|one": "{count} oyun oynandı",
  "shell.autobet.played|other": "{count} oyun oynandı",
  "shell.autobet.onWin": "Ödülden sonra",
  "shell.autobet.stopped.count|one": "Otomatik oyun bitti: {count} oyun oynandı.",
  "shell.autobet.stopped.count|other": "Otomatik oyun bitti: {count} oyun oynandı.",
  "shell.autobet.stopped.profit|one": "Otomatik oyun durdu: jeton hedefinize {count} oyundan sonra ulaşıldı.",
  "shell.autobet.stopped.profit|other":
    "Otomatik oyun durdu: jeton hedefinize {count} oyundan sonra ulaşıldı.",
  "shell.autobet.stopped.loss|one": "Otomatik oyun durdu: sınırınıza {count} oyundan sonra ulaşıldı.",
  "shell.autobet.stopped.loss|other": "Otomatik oyun durdu: sınırınıza {count} oyundan sonra ulaşıldı.",
  "shell.autobet.invalid.count": "Oyun sayısı: bir tam sayı; siz durdurana kadar oynamak için 0.",
  "shell.autobet.invalid.onWinPercent": "Ödülden sonra: 0 ile 10000 arasında bir yüzde.",
  "shell.autobet.start": "Otomatik oyunu başlat",
  "shell.autobet.stop": "Otomatik oyunu durdur",
  "shell.note.max_win_reached": "{maxWin} en yüksek ödülüne ulaşıldı: el sizin için toplandı.",
  "shell.note.bet_exceeds_max_win":
    "Bu oyun {maxWin} en yüksek ödülünden fazlasını verebilir: hiçbir şey oynanmadı. Daha az jeton kullanın.",
  "shell.tab.history": "Oyunlarım",
  "shell.history.stake": "Jeton",
  "shell.history.payout": "Ödül",
  "shell.rules.maxWin": "El başına en yüksek ödül: {amount}",
  "shell.rules.malfunction": "Arıza durumunda tüm ödüller ve oyunlar geçersizdir.",
  "shell.fair.check.stake": "Jeton",
  "shell.fair.check.payout": "Ödül",
  "shell.fair.status.cancelled":
    "Bu oyun sonucu belirlenmeden önce iptal edildi: jetonlar geri geldi ve doğrulanacak bir sonuç yok.",
  "shell.error.invalid_amount": "Bu jeton sayısı geçerli değil.",
  "shell.error.bet_below_minimum": "Bir oyun için en az {min} jeton gerekir.",
  "shell.error.bet_above_maximum": "Bir oyun için en fazla {max} jeton kullanılabilir.",
  "shell.error.max_win_exceeded":
    "Bu oyun {maxWin} en yüksek ödülünden fazlasını verebilir. Daha az jeton ya da daha küçük bir çarpan kullanın.",
  "shell.error.not_enough_money": "Bu oyun için yeterli jeton yok.",
  "shell.error.player_disabled": "Hesabınız şu anda oynayamıyor. Lütfen siteyle iletişime geçin.",
  "shell.error.bet_refused": "Site bu oyunu reddetti.",
  "shell.error.previous_bet_settling":
    "Bu oyundaki önceki oyununuz iptal edildi ve jetonları geri geliyor. Geldiğinde bu oyunu yeniden oynayabilirsiniz.",
  "shell.error.round_initializing": "Oyununuz hâlâ onaylanıyor. Bir dakika…",
  "shell.error.wallet_unavailable":
    "Jeton bakiyeniz yanıt vermiyor. Oyununuz alınmadı ya da jetonları geri gelecek; her sonuç saklanır ve onaylanınca gösterilir.",
  "shell.safety.label": "Güvenli oyna",
  "shell.safety.responsibleGambling": "Sorumlu oyun",
  "games.common.payoutOnWin": "Ödül",
  "games.common.maxPayout": "En yüksek ödül",
  "games.roulette.layout": "Masa",
  "games.roulette.layoutActions": "Çipler",
  "games.roulette.hint": "Çip eklemek için bir alana tıklayın; sağ tık veya Delete onu kaldırır.",
  "games.roulette.hintTouch": "Çip eklemek için bir alana dokunun; kaldırmak için basılı tutun.",
  "games.roulette.bet": "Çipler",
  "games.baccarat.betColumn": "Alan",
  "games.baccarat.tableActions": "Çipler",
  "games.baccarat.hint": "Çip eklemek için bir alana tıklayın; sağ tık veya Delete onu kaldırır.",
  "games.baccarat.hintTouch": "Çip eklemek için bir alana dokunun; kaldırmak için basılı tutun.",
  "games.cashout.cashOut": "Topla",
  "games.cashout.current": "Toplanacak değer",
  "games.mines.hint": "Mayın sayısını seçin, Oyna'ya basın, sonra kareleri açın.",
  "games.mines.instantHint": "Açılacak kareleri seçin, sonra oynayın: hepsi bir kerede açılır.",
  "games.mines_mania.hint":
    "Mayın sayısını seçin, Oyna'ya basın, sonra kareleri, sıraları ya da sütunları açın.",
  "games.towers.hint": "Bir zorluk seçin, Oyna'ya basın, sonra sıra sıra tırmanın.",
  "games.towers.instantHint":
    "Alttan başlayarak her sırada bir kare seçin, sonra oynayın: tırmanış bir kerede oynanır.",
  "games.hilo.hint": "İlk kartı dağıtmak için Oyna'ya basın, sonra bir sonrakini tahmin edin.",
  "games.coinflip.hint": "Oyna'ya basın, sonra yazı ya da tura deyin.",
  "games.rock_paper_scissors.hint": "Oyna'ya basın, sonra elinizi atın.",
  "games.doctor_pump.hint": "Bir zorluk seçin, Oyna'ya basın, sonra pompalayın.",
  "games.chicken_crossing.hint": "Bir zorluk seçin, Oyna'ya basın, sonra şerit şerit geçin.",
  "games.degen_mining.hint": "Bir zorluk seçin, Oyna'ya basın, sonra her katta bir kuyu kazın.",
  "games.flight_deck.autoCashOut": "Otomatik topla",
  "games.flight_deck.autoToggle": "Otomatik olarak topla",
  "games.flight_deck.autoSet": "{multiplier} ile otomatik topla",
  "games.flight_deck.hint": "İsterseniz otomatik toplamayı ayarlayın, sonra kalkış için Oyna'ya basın.",
  "games.blackjack.mainBet": "El",
  "games.blackjack.paid": "{amount} alındı",
  "games.blackjack.sideWon": "{hand}, {amount} verir",
  "games.blackjack.idle": "Jetonlarınızı seçin ve dağıtmak için Oyna'ya basın.",
  "games.blackjack.singleNote": "Krupiyeye karşı tek el. Jetonlarınızı girin ve Oyna'ya basın.",
  "games.craps.placeOn": "{bet} üzerine çip koy",
  "games.craps.placeRow": "Sayı alanları",
  "games.craps.propsRow": "Çift zar ve tek atışlık alanlar",
  "games.craps.opening": "Açılış alanları",
  "games.craps.onTable": "Geri alabileceğiniz çipler",
  "games.war.bet.main": "El",
  "games.war.clearBet": "{bet} temizle",
  "games.war.warNotAllowed":
    "Buradaki bir savaş en yüksek ödülden fazlasını verebilir: seçim teslim olmaktır.",
  "games.war.rules.pays": "{multiplier} verir (jetonlarınız dahil)",
  "games.war.status.wars_exhausted": "Beş savaş berabere: artırmalar elin yarısıyla geri geldi",
  "games.keno.drawn": "çıkanlar",
  "games.keno.paytable": "İsabet sayısına göre ödül tablosu",
  "games.baccarat.note.playerDraws": "Oyuncunun {total} var ve üçüncü kartı alır.",
  "games.baccarat.note.bankerDraws": "Bankerin {total} var ve üçüncü kartı alır.",
  "games.baccarat.note.bankerDrawsOn":
    "Oyuncunun üçüncü kartı {card} iken bankerin {total} var: banker kart alır.",
  "games.craps.bet.come": "Come",
  "games.craps.bet.dont_come": "Don't Come",
  "games.craps.bet.place": "Sayı",
  "replay.cancelled":
    "Bu tur iptal edildi: cüzdan oyunu onaylamadı, bu yüzden sonuç belirlenmedi ve alınan jetonlar geri geldi.",
  "games.cashout.firstStep": "Toplayabilmek için ilk adımı atın.",
  "games.dice.rules.formula":
    "Çarpan = RTP × 100 / kazanma olasılığı, tam olarak tutulur; ödül, para biriminin en küçük birimine bir kez aşağı yuvarlanır.",
  "games.limbo.rules.intro":
    "1,00× veya daha yüksek bir sonuç çarpanı çekilir. Hedefinize ulaşırsa jetonlarınızın hedef katını alırsınız.",
  "games.plinko.rules.table": "{rows} sıra, {risk} risk için ödül tablosu:",
  "games.plinko_100.rules.intro":
    "Bir oyun, her biri jetonların eşit payını taşıyan {balls} top bırakır. Oyun, tüm topların ortalama çarpanını verir, bir kez aşağı yuvarlanır.",
  "games.keno.rules.table|one": "{count} sayı, {risk} risk için ödül tablosu:",
  "games.keno.rules.table|other": "{count} sayı, {risk} risk için ödül tablosu:",
  "games.lightning_keno.rules.table|one":
    "{count} sayı, {risk} risk için temel ödül tablosu (artışlardan önce):",
  "games.lightning_keno.rules.table|other":
    "{count} sayı, {risk} risk için temel ödül tablosu (artışlardan önce):",
  "games.roulette.rules.intro":
    "Tek sıfırlı Avrupa ruleti. Düzenin istediğiniz kadar alanına çip koyun; top 37 cepten birine düşer ve onu kapsayan her alan kazanır.",
  "games.roulette.rules.partage":
    "La partage: sıfır geldiğinde, sıfırı kapsamayan bir alan jetonlarının yarısını geri verir.",
  "games.roulette.rules.controls":
    "Bir çip değeri seçin ve çip koymak için düzene tıklayın; oyundaki jetonlar çiplerinizin toplamıdır. Bir alanın çiplerini kaldırmak için sağ tıklayın veya Delete'e basın.",
  "games.baccarat.rules.intro":
    "9'a daha yakın eli seçin: oyuncu ya da banker, beraberlik ya da iki elden birinin ilk iki kartında çift. Onlar ve resimli kartlar 0, aslar 1 sayılır; toplamın yalnızca son basamağı geçerlidir.",
  "games.baccarat.rules.push":
    "Beraberlikte oyuncu ve banker alanlarındaki çipler geri gelir ({multiplier}).",
  "games.mines.rules.intro":
    "5 × 5 ızgara seçilen sayıda mayın gizler. Açtığınız her mücevher çarpanı yükseltir; bir mayın eli sıfırla bitirir. İlk mücevherden sonra istediğiniz zaman toplayın.",
  "games.mines.rules.instant":
    "Anında mod: mücevher sayısı kadar kare seçin, sonra oynayın. Kareler seçtiğiniz sırayla açılır; hepsi mücevherse el hemen toplanır, bir mayın eli bitirir.",
  "games.towers.rules.intro":
    "Her birinde bir kare seçerek dokuz sıra tırmanın; her sıra tuzaklarını gizler. Her güvenli seçim çarpanı yükseltir; herhangi bir sıradan sonra toplayın.",
  "games.towers.rules.instant":
    "Anında mod: alttan yukarı istediğiniz kadar sırada bir kare seçin, sonra oynayın. Tırmanış seçimlerinizi izler; her seçim güvenliyse el sonuncusunda toplanır, bir tuzak eli bitirir.",
  "games.hilo.rules.intro":
    "Bir kart açık dağıtılır. Sonraki kartın daha yüksek mi daha düşük mü olduğunu tahmin edin; her doğru tahmin ödülünüzü olasılığının tersiyle çarpar. Bir kartı ücretsiz geçin ya da doğru bir tahminden sonra toplayın.",
  "games.coinflip.rules.intro":
    "Yazı ya da tura deyin. Her doğru tahmin, serinin değerini bu oyunun geri dönüşüyle ikiye katlar; yanlış tahmin eli kaybettirir. Atışlar arasında toplayın; seri {max} doğru tahminden sonra kendiliğinden biter.",
  "games.doctor_pump.rules.intro":
    "Doktor bir balon şişirir: {steps} sıkış, bazıları onu patlatır. Her güvenli pompa çarpanı yükseltir; patlamadan önce toplayın.",
  "games.chicken_crossing.rules.intro":
    "Tavuğun {lanes} şeritli bir yolu geçmesine yardım edin. Geçilen her şerit çarpanı yükseltir; şeritteki bir araba eli bitirir. Herhangi bir şeritte toplayın.",
  "games.degen_mining.rules.intro":
    "Her birinde {shafts} kuyudan birini seçerek {levels} kat aşağı kazın. Cevher, maden arabasının değerini kendi katsayısıyla çarpar; bir çöküş eli sıfırla bitirir. Her kazıdan sonra toplayın.",
  "games.flight_deck.rules.intro":
    "Uçak 1,00× ile kalkar ve uçuş kanıtlanabilir adil düşüş noktasında bitene kadar çarpan yükselir. Uçuş sırasında elle toplayın ya da kalkıştan önce otomatik toplama ayarlayın.",
  "games.flight_deck.rules.clock":
    "Sunucunun saati karar verir: toplama, sunucunun onu aldığı anda geçerlidir ve siz ayrılsanız bile uçuş sonuçlanır.",
  "games.blackjack.rules.dealer":
    "Krupiye her 17'de durur ve as veya on değerli bir kartın altında blackjack kontrol eder: krupiye blackjack'i eli bitirir ve yalnızca ilk jetonlarınızı alır.",
  "games.blackjack.rules.payouts":
    "Blackjack 3:2 verir; maça ası ile siyah bir vale 2:1 verir. Kazanan el 1:1 verir, beraberlik jetonları geri verir. Bölmeden sonraki 21 blackjack değildir.",
  "games.blackjack.rules.insurance":
    "Krupiyenin asının altında jetonlarınızın yarısı kadar sigorta yapabilirsiniz; krupiyede blackjack varsa sigorta 2:1 verir (geri dönüş {rtp}).",
  "games.blackjack.rules.abandon":
    "Yarım bırakılan bir el, ek jeton olmadan sizin için tamamlanır: sigorta reddedilir, açık her el durur, krupiye oynar.",
  "games.blackjack.rules.sideRtp": "Bu yan elin oyuncuya geri dönüşü: {rtp}.",
  "games.craps.rules.intro":
    "Masaya çip koyun ve Oyna'ya basın: açılış çipleri tek seferde alınır ve zarlar atılır. Masada çip kaldıkça el açık kalır.",
  "games.craps.rules.point":
    "Açılış atışında 4, 5, 6, 8, 9 veya 10 point'i belirler; point ya da 7 onu kaldırır. Yalnızca o an açık olan alanlar çip alır.",
  "games.craps.rules.working":
    "Place ve hardway alanları açılış atışlarında kapalıdır; odds her zaman çalışır; açılışta 12 gelirse don't alanları masada kalır.",
  "games.craps.rules.wallet":
    "Atışlar arasında eklenen çipler atış yaptığınızda birlikte alınır; kazanan her atış ödülünü hemen verir; geri alınan çipler doğrudan geri döner.",
  "games.craps.rules.bet": "Alan",
  "games.craps.rules.abandon":
    "Bir eli bırakırsanız geri alabileceğiniz çipler geri gelir, point'li line ve come alanları sonuçlanana kadar zar atılmaya devam eder.",
  "games.war.rules.intro":
    "Her el için karıştırılan 8 desteli bir kutudan herkese birer kart; aslar yüksektir. Yüksek kart eli 1'e 1 kazanır.",
  "games.war.rules.tie":
    "Beraberlikte ya jetonlarınızın yarısını geri almak için teslim olun ya da savaşa girin: jetonlarınızı bir kez daha artırın ve herkese birer kart dağıtılır.",
  "games.war.rules.wars":
    "Savaşı kazanırsanız jetonlarınız geri gelir ve her artırma 1'e 1 verir; kaybederseniz jetonları ve artırmaları kaybedersiniz; yine berabere kalırsa yeniden seçersiniz (o zaman teslim olmak artırmalardan vazgeçmek demektir). En fazla 5 savaş.",
} satisfies Record<string, string>;
