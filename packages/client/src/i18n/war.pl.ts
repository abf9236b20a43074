/** Polskie teksty gry War ("games.war.*"). */
export default {
  "games.war.board": "Stół War",
  "games.war.bet.main": "Zakład",
  "games.war.bet.tie": "Remis",
  "games.war.bet.coloured_tie": "Remis w kolorze",
  "games.war.clearBet": "Wyczyść: {bet}",
  "games.war.onBet": "Na nim {amount}",
  "games.war.cardBack": "Zakryta karta",
  "games.war.player": "Ty",
  "games.war.dealer": "Krupier",
  "games.war.decision": "Remis: Twój wybór",
  "games.war.goToWar": "Wojna ({amount})",
  "games.war.surrender": "Poddaj się (odzyskaj {amount})",
  "games.war.warNotAllowed":
    "Wojna mogłaby tu zapłacić więcej niż maksymalna wygrana: pozostaje poddanie się.",
  "games.war.status.tie": "Remis!",
  "games.war.status.won": "Twoja karta jest wyższa",
  "games.war.status.lost": "Karta krupiera jest wyższa",
  "games.war.status.surrendered": "Poddano się",
  "games.war.status.war_won": "Twoja karta wygrywa wojnę",
  "games.war.status.war_lost": "Karta krupiera wygrywa wojnę",
  "games.war.status.wars_exhausted": "Pięć wojen z remisem: podbicia zwrócone z połową zakładu",
  "games.war.status.abandoned": "Pozostawiono przy remisie: poddano się",
  "games.war.rules.intro":
    "Po jednej karcie z sabotu 8 talii tasowanego co rundę; asy są wysokie. Wyższa karta wygrywa zakład po równym kursie.",
  "games.war.rules.tie":
    "Przy remisie poddaj się, by odzyskać połowę zakładu, albo idź na wojnę: podbij zakład raz jeszcze i każdy dostaje po jednej karcie.",
  "games.war.rules.wars":
    "Wygraj wojnę, a zakład wraca i każde podbicie płaci po równym kursie; przegraj, a tracisz zakład i podbicia; znów remis – wybierasz ponownie (poddanie się oznacza wtedy utratę podbić). Najwyżej 5 wojen.",
  "games.war.rules.best":
    "Przy pierwszym remisie wojna i poddanie się są warte tyle samo; po wojnie lepszym wyborem jest kolejna wojna. Taka gra zwraca 96,27%.",
  "games.war.rules.pays": "płaci {multiplier} (ze stawką)",
  "games.war.rules.abandon": "Runda pozostawiona przy remisie jest rozliczana jako poddanie się.",
};
