/**
 * The Finnish texts of a social session: no betting, cash or winning money. A round is played with coins
 * ("kolikot"), "Pelaa" starts it, "Kerää" ends a climbing one, and what a round gives back is its prize ("palkinto").
 */
export default {
  "shell.help.play": "painaa Pelaa (Auto-välilehdellä: käynnistää tai pysäyttää automaattipelin).",
  "shell.controls.label": "Pelin säätimet",
  "shell.mode.label": "Pelitapa",
  "shell.bet.amount": "Pelattavat kolikot",
  "shell.bet.amountLabel": "Pelattavat kolikot ({currency})",
  "shell.bet.enterAmount": "Syötä pelattavat kolikot.",
  "shell.bet.aboveBalance": "Sinulla ei ole näin montaa kolikkoa.",
  "shell.bet.notEnoughBalance": "Kolikkosi {balance} eivät riitä {stake} peliin: mitään ei pelattu.",
  "shell.bet.total": "Kolikot pelissä",
  "shell.bet.noBets": "Aseta pöydälle vähintään yksi pelimerkki.",
  "shell.preset.min.label": "Aseta kolikot pienimpään",
  "shell.preset.half.label": "Puolita kolikot",
  "shell.preset.double.label": "Tuplaa kolikot",
  "shell.preset.max.label": "Aseta kolikot suurimpaan",
  "shell.play.label": "Pelaa",
  "shell.result.win": "Sait {amount} ({multiplier})",
  "shell.result.push": "Tasapeli: {amount} palasi sinulle",
  "shell.result.partial": "{stake} kolikosta palasi {payout} ({multiplier}): {loss} vähemmän",
  "shell.autobet.count": "Pelien määrä",
  "shell.autobet.progress": "Pelit",
  "shell.autobet.played|one": "{count} peli pelattu",
  "shell.autobet.played|other": "{count} peliä pelattu",
  "shell.autobet.onWin": "Palkinnon jälkeen",
  "shell.autobet.stopped.count|one": "Automaattipeli päättyi: {count} peli pelattu.",
  "shell.autobet.stopped.count|other": "Automaattipeli päättyi: {count} peliä pelattu.",
  "shell.autobet.stopped.profit|one":
    "Automaattipeli pysähtyi: kolikkotavoitteesi täyttyi {count} pelin jälkeen.",
  "shell.autobet.stopped.profit|other":
    "Automaattipeli pysähtyi: kolikkotavoitteesi täyttyi {count} pelin jälkeen.",
  "shell.autobet.stopped.loss|one": "Automaattipeli pysähtyi: rajasi täyttyi {count} pelin jälkeen.",
  "shell.autobet.stopped.loss|other": "Automaattipeli pysähtyi: rajasi täyttyi {count} pelin jälkeen.",
  "shell.autobet.invalid.count": "Pelien määrä: kokonaisluku, 0 pelaa kunnes pysäytät.",
  "shell.autobet.invalid.onWinPercent": "Palkinnon jälkeen: prosentti väliltä 0–10000.",
  "shell.autobet.start": "Käynnistä automaattipeli",
  "shell.autobet.stop": "Pysäytä automaattipeli",
  "shell.note.max_win_reached": "Suurin palkinto {maxWin} saavutettiin: kierros kerättiin puolestasi.",
  "shell.note.bet_exceeds_max_win":
    "Tämä peli voisi antaa enemmän kuin suurimman palkinnon {maxWin}: mitään ei pelattu. Käytä vähemmän kolikoita.",
  "shell.tab.history": "Pelini",
  "shell.history.stake": "Kolikot",
  "shell.history.payout": "Palkinto",
  "shell.rules.maxWin": "Suurin palkinto kierrosta kohden: {amount}",
  "shell.rules.malfunction": "Toimintahäiriö mitätöi kaikki palkinnot ja pelit.",
  "shell.fair.check.stake": "Kolikot",
  "shell.fair.check.payout": "Palkinto",
  "shell.fair.status.cancelled":
    "Tämä peli peruttiin ennen arvontaa: kolikot palautettiin, eikä tarkistettavaa tulosta ole.",
  "shell.error.invalid_amount": "Tämä kolikkomäärä ei kelpaa.",
  "shell.error.bet_below_minimum": "Pelissä on oltava vähintään {min} kolikkoa.",
  "shell.error.bet_above_maximum": "Pelissä voi olla enintään {max} kolikkoa.",
  "shell.error.max_win_exceeded":
    "Tämä peli voisi antaa enemmän kuin suurimman palkinnon {maxWin}. Käytä vähemmän kolikoita tai pienempää kerrointa.",
  "shell.error.not_enough_money": "Kolikot eivät riitä tähän peliin.",
  "shell.error.player_disabled": "Tililläsi ei voi pelata tällä hetkellä. Ota yhteyttä sivustoon.",
  "shell.error.bet_refused": "Sivusto hylkäsi tämän pelin.",
  "shell.error.previous_bet_settling":
    "Edellinen pelisi tässä pelissä peruttiin, ja sen kolikot palautetaan. Kun ne ovat palanneet, voit pelata tätä peliä uudelleen.",
  "shell.error.round_initializing": "Peliäsi vahvistetaan vielä. Hetki…",
  "shell.error.wallet_unavailable":
    "Kolikkosaldosi ei vastaa. Peliäsi ei otettu, tai sen kolikot palautetaan; jokainen tulos säilytetään ja näytetään vahvistuksen jälkeen.",
  "shell.safety.label": "Pelaa turvallisesti",
  "shell.safety.responsibleGambling": "Vastuullinen pelaaminen",
  "games.common.payoutOnWin": "Palkinto",
  "games.common.maxPayout": "Suurin palkinto",
  "games.roulette.layout": "Pöytä",
  "games.roulette.layoutActions": "Pelimerkit",
  "games.roulette.hint": "Lisää pelimerkki napsauttamalla kohtaa; oikea painike tai Delete poistaa sen.",
  "games.roulette.hintTouch": "Lisää pelimerkki napauttamalla kohtaa; poista se pitämällä sitä painettuna.",
  "games.roulette.bet": "Pelimerkit",
  "games.baccarat.betColumn": "Kohta",
  "games.baccarat.tableActions": "Pelimerkit",
  "games.baccarat.hint": "Lisää pelimerkki napsauttamalla kohtaa; oikea painike tai Delete poistaa sen.",
  "games.baccarat.hintTouch": "Lisää pelimerkki napauttamalla kohtaa; poista se pitämällä sitä painettuna.",
  "games.cashout.cashOut": "Kerää",
  "games.cashout.current": "Kerättävä arvo",
  "games.mines.hint": "Valitse miinojen määrä, paina Pelaa ja paljasta sitten ruutuja.",
  "games.mines.instantHint": "Valitse paljastettavat ruudut ja pelaa: ne paljastetaan kerralla.",
  "games.mines_mania.hint":
    "Valitse miinojen määrä, paina Pelaa ja paljasta sitten ruutuja, rivejä tai sarakkeita.",
  "games.towers.hint": "Valitse vaikeus, paina Pelaa ja kiipeä sitten rivi kerrallaan.",
  "games.towers.instantHint":
    "Valitse yksi ruutu kultakin riviltä alhaalta alkaen ja pelaa: kiipeäminen pelataan kerralla.",
  "games.hilo.hint": "Paina Pelaa jakaaksesi ensimmäisen kortin ja arvaa sitten seuraava.",
  "games.coinflip.hint": "Paina Pelaa ja valitse sitten kruuna tai klaava.",
  "games.rock_paper_scissors.hint": "Paina Pelaa ja näytä sitten kätesi.",
  "games.doctor_pump.hint": "Valitse vaikeus, paina Pelaa ja pumppaa sitten.",
  "games.chicken_crossing.hint": "Valitse vaikeus, paina Pelaa ja ylitä sitten kaista kerrallaan.",
  "games.degen_mining.hint": "Valitse vaikeus, paina Pelaa ja kaiva sitten kuilu jokaisella tasolla.",
  "games.flight_deck.autoCashOut": "Automaattinen keräys",
  "games.flight_deck.autoToggle": "Kerää automaattisesti",
  "games.flight_deck.autoSet": "Automaattinen keräys kertoimella {multiplier}",
  "games.flight_deck.hint": "Aseta halutessasi automaattinen keräys ja paina sitten Pelaa lähteäksesi.",
  "games.blackjack.mainBet": "Käsi",
  "games.blackjack.paid": "Sait {amount}",
  "games.blackjack.sideWon": "{hand}, antaa {amount}",
  "games.blackjack.idle": "Valitse kolikkosi ja paina Pelaa jakaaksesi.",
  "games.blackjack.singleNote": "Yksi käsi jakajaa vastaan. Syötä kolikkosi ja paina Pelaa.",
  "games.craps.bet.come": "Come",
  "games.craps.bet.dont_come": "Don't Come",
  "games.craps.placeOn": "Aseta pelimerkki kohtaan {bet}",
  "games.craps.placeRow": "Numerokohdat",
  "games.craps.propsRow": "Parit ja yhden heiton kohdat",
  "games.craps.opening": "Avauskohdat",
  "games.craps.onTable": "Pelimerkit, jotka voit ottaa pois",
  "games.war.bet.main": "Käsi",
  "games.war.clearBet": "Tyhjennä {bet}",
  "games.war.warNotAllowed": "Sota voisi tässä antaa enemmän kuin suurimman palkinnon: valinta on luovuttaa.",
  "games.war.rules.pays": "antaa {multiplier} (kolikkosi mukaan lukien)",
  "games.war.status.wars_exhausted": "Viisi sotaa tasan: korotukset palautettiin puolen käden kanssa",
  "games.cashout.firstStep": "Ota ensimmäinen askel, niin voit kerätä.",
  "games.keno.paytable": "Palkinnot osumien mukaan",
  "replay.cancelled":
    "Tämä kierros peruttiin: lompakko ei vahvistanut peliä, joten tulosta ei arvottu ja mahdollisesti veloitetut kolikot palautettiin.",
  "games.limbo.rules.intro":
    "Arvotaan tuloskerroin 1,00× tai enemmän. Jos se yltää tavoitteeseesi, saat tavoitteen kertaa kolikkosi.",
  "games.plinko_100.rules.intro":
    "Yksi peli pudottaa {balls} palloa, joista jokainen kantaa yhtä suuren osan kolikoista. Peli antaa kaikkien pallojen keskimääräisen kertoimen, pyöristettynä kerran alaspäin.",
  "games.roulette.rules.intro":
    "Eurooppalainen ruletti yhdellä nollalla. Aseta pelimerkkejä niin moneen alueen kohtaan kuin haluat; pallo pysähtyy yhteen 37 lokerosta, ja jokainen sen kattava kohta voittaa.",
  "games.roulette.rules.partage":
    "La partage: kun nolla tulee, kohta, joka ei kata nollaa, palauttaa puolet kolikoistaan.",
  "games.roulette.rules.controls":
    "Valitse pelimerkin arvo ja napsauta aluetta asettaaksesi pelimerkkejä; pelissä olevat kolikot ovat pelimerkkiesi summa. Poista kohdan pelimerkit oikealla painikkeella tai Delete-näppäimellä.",
  "games.baccarat.rules.intro":
    "Pelaa kättä, joka on lähempänä yhdeksää: pelaaja tai pankkiiri, tasapeli tai pari kummankin käden kahdessa ensimmäisessä kortissa. Kympit ja kuvakortit ovat 0, ässät 1; summasta lasketaan vain viimeinen numero.",
  "games.baccarat.rules.push": "Tasapelissä pelaajan ja pankkiirin pelimerkit palaavat ({multiplier}).",
  "games.mines.rules.intro":
    "5 × 5 -ruudukko kätkee valitun määrän miinoja. Jokainen paljastamasi jalokivi nostaa kerrointa; miina päättää kierroksen tyhjin käsin. Kerää milloin haluat ensimmäisen jalokiven jälkeen.",
  "games.mines.rules.instant":
    "Pikatila: valitse enintään yhtä monta ruutua kuin jalokiviä on ja pelaa. Ruudut paljastetaan valintajärjestyksessä; jos kaikki ovat jalokiviä, kierros kerätään heti, ja miina päättää sen.",
  "games.towers.rules.intro":
    "Kiipeä yhdeksän riviä valitsemalla jokaisesta yksi ruutu; jokainen rivi kätkee ansansa. Jokainen turvallinen valinta nostaa kerrointa; kerää minkä tahansa rivin jälkeen.",
  "games.towers.rules.instant":
    "Pikatila: valitse ruutu niin monelta riviltä kuin haluat, alhaalta ylöspäin, ja pelaa. Kiipeäminen seuraa valintojasi; jos jokainen on turvallinen, kierros kerätään viimeisellä, ja ansa päättää sen.",
  "games.hilo.rules.intro":
    "Kortti jaetaan kuvapuoli ylöspäin. Arvaa, onko seuraava kortti suurempi vai pienempi; jokainen oikea arvaus kertoo palkintosi todennäköisyytensä käänteisluvulla. Ohita kortti ilmaiseksi tai kerää oikean arvauksen jälkeen.",
  "games.coinflip.rules.intro":
    "Valitse kruuna tai klaava. Jokainen oikea valinta tuplaa putken arvon tämän pelin palautuksella; väärä valinta häviää kierroksen. Kerää heittojen välillä; putki päättyy itsestään {max} oikean valinnan jälkeen.",
  "games.doctor_pump.rules.intro":
    "Tohtori pumppaa ilmapalloa: {steps} puristusta, joista osa puhkaisee sen. Jokainen turvallinen pumppaus nostaa kerrointa; kerää ennen kuin se puhkeaa.",
  "games.chicken_crossing.rules.intro":
    "Auta kana {lanes} kaistan tien yli. Jokainen ylitetty kaista nostaa kerrointa; kaistalla oleva auto päättää kierroksen. Kerää millä kaistalla tahansa.",
  "games.degen_mining.rules.intro":
    "Kaiva alas {levels} tasoa valiten jokaisella yhden {shafts} kuilusta. Malmi kertoo kaivosvaunun arvon kertoimellaan; sortuma päättää kierroksen tyhjin käsin. Kerää minkä tahansa kaivauksen jälkeen.",
  "games.flight_deck.rules.intro":
    "Kone lähtee kertoimella 1,00× ja kerroin nousee, kunnes lento päättyy todistettavasti reiluun putoamispisteeseensä. Kerää käsin lennon aikana tai aseta automaattinen keräys ennen lähtöä.",
  "games.flight_deck.rules.clock":
    "Palvelimen kello ratkaisee: keräys lasketaan hetkellä, jolloin palvelin vastaanottaa sen, ja lento ratkeaa, vaikka poistuisit.",
  "games.blackjack.rules.dealer":
    "Jakaja jää jokaiseen 17:ään ja tarkistaa blackjackin ässän tai kympin arvoisen kortin alta: jakajan blackjack päättää kierroksen ja vie vain aloituskolikkosi.",
  "games.blackjack.rules.payouts":
    "Blackjack antaa 3:2; pataässä ja musta jätkä antavat 2:1. Voitettu käsi antaa 1:1, tasapeli palauttaa kolikot. Jaon jälkeinen 21 ei ole blackjack.",
  "games.blackjack.rules.insurance":
    "Jakajan ässän alla voit vakuuttaa puolella kolikoistasi; vakuutus antaa 2:1, jos jakajalla on blackjack (palautus {rtp}).",
  "games.craps.rules.intro":
    "Aseta pelimerkit pöydälle ja paina Pelaa: avauspelimerkit otetaan kerralla ja nopat heitetään. Kierros pysyy auki niin kauan kuin pöydällä on pelimerkkejä.",
  "games.craps.rules.point":
    "Avausheitto 4, 5, 6, 8, 9 tai 10 asettaa pisteen; piste tai 7 poistaa sen. Vain juuri nyt avoimet kohdat ottavat pelimerkkejä.",
  "games.craps.rules.working":
    "Numerokohdat ja parit eivät ole voimassa avausheitoilla; kertoimet ovat aina voimassa; avauksen 12 jättää don't-kohdat pöydälle.",
  "games.craps.rules.wallet":
    "Heittojen välillä lisätyt pelimerkit otetaan yhdessä heittäessäsi; jokainen voittava heitto antaa palkintonsa heti; pois otetut pelimerkit palaavat suoraan.",
  "games.craps.rules.bet": "Kohta",
  "games.craps.rules.abandon":
    "Jos jätät kierroksen, pois otettavissa olevat pelimerkit palaavat, ja line- ja come-kohtia, joilla on piste, heitetään ratkaisuun asti.",
  "games.war.rules.intro":
    "Kumpikin saa yhden kortin 8 pakan kengästä, joka sekoitetaan joka kierrokselle; ässät ovat suuria. Suurempi kortti voittaa käden tasakertoimella.",
  "games.war.rules.tie":
    "Tasapelissä luovuta saadaksesi puolet kolikoistasi takaisin tai lähde sotaan: korota kolikkosi uudelleen, ja kumpikin saa yhden kortin.",
  "games.war.rules.wars":
    "Voita sota, niin kolikkosi palaavat ja jokainen korotus antaa tasakertoimella; häviä se, niin menetät kolikot ja korotukset; tasapeli uudelleen, niin valitset uudelleen (luovutus luopuu silloin korotuksista). Enintään 5 sotaa.",
} satisfies Record<string, string>;
