/** War-pelin suomenkieliset tekstit ("games.war.*"). */
export default {
  "games.war.board": "War-pöytä",
  "games.war.bet.main": "Panos",
  "games.war.bet.tie": "Tasapeli",
  "games.war.bet.coloured_tie": "Värillinen tasapeli",
  "games.war.clearBet": "Tyhjennä {bet}",
  "games.war.onBet": "{amount} siinä",
  "games.war.cardBack": "Kuvapuoli alaspäin oleva kortti",
  "games.war.player": "Sinä",
  "games.war.dealer": "Jakaja",
  "games.war.decision": "Tasapeli: sinun valintasi",
  "games.war.goToWar": "Sotaan ({amount})",
  "games.war.surrender": "Luovuta (saat {amount})",
  "games.war.warNotAllowed": "Sota voisi tässä maksaa enemmän kuin enimmäisvoiton: valinta on luovuttaa.",
  "games.war.status.tie": "Tasapeli!",
  "games.war.status.won": "Korttisi on suurempi",
  "games.war.status.lost": "Jakajan kortti on suurempi",
  "games.war.status.surrendered": "Luovutettu",
  "games.war.status.war_won": "Korttisi voittaa sodan",
  "games.war.status.war_lost": "Jakajan kortti voittaa sodan",
  "games.war.status.wars_exhausted": "Viisi sotaa tasan: korotukset palautettiin puolen panoksen kanssa",
  "games.war.status.abandoned": "Jätetty tasapeliin: luovutettu",
  "games.war.rules.intro":
    "Kumpikin saa yhden kortin 8 pakan kengästä, joka sekoitetaan joka kierrokselle; ässät ovat suuria. Suurempi kortti voittaa panoksen tasakertoimella.",
  "games.war.rules.tie":
    "Tasapelissä luovuta saadaksesi puolet panoksestasi takaisin tai lähde sotaan: korota panoksesi uudelleen, ja kumpikin saa yhden kortin.",
  "games.war.rules.wars":
    "Voita sota, niin panoksesi palaa ja jokainen korotus maksaa tasakertoimella; häviä se, niin menetät panoksen ja korotukset; tasapeli uudelleen, niin valitset uudelleen (luovutus luopuu silloin korotuksista). Enintään 5 sotaa.",
  "games.war.rules.best":
    "Ensimmäisessä tasapelissä sota ja luovutus ovat yhtä arvokkaita; sodan jälkeen uusi sota on parempi valinta. Tällä pelillä palautus on 96,27 %.",
  "games.war.rules.pays": "maksaa {multiplier} (panos mukaan lukien)",
  "games.war.rules.abandon": "Tasapeliin jätetty kierros ratkaistaan luovutuksena.",
};
