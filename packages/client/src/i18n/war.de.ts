/** Deutsche Texte der War-Ansicht ("games.war.*"). The soft hyphens let a tie spot on a phone break the word where German does. */
export default {
  "games.war.board": "War-Tisch",
  "games.war.bet.main": "Einsatz",
  "games.war.bet.tie": "Unent\u00adschieden",
  "games.war.bet.coloured_tie": "Farbiges Unent\u00adschieden",
  "games.war.clearBet": "{bet} entfernen",
  "games.war.onBet": "{amount} gesetzt",
  "games.war.cardBack": "Verdeckte Karte",
  "games.war.player": "Du",
  "games.war.dealer": "Dealer",
  "games.war.decision": "Unentschieden: deine Wahl",
  "games.war.goToWar": "In den Krieg ({amount})",
  "games.war.surrender": "Aufgeben ({amount} zurück)",
  "games.war.warNotAllowed": "Ein Krieg könnte hier mehr als den Höchstgewinn zahlen: Gib auf.",
  "games.war.status.tie": "Unentschieden!",
  "games.war.status.won": "Deine Karte ist höher",
  "games.war.status.lost": "Die Karte des Dealers ist höher",
  "games.war.status.surrendered": "Aufgegeben",
  "games.war.status.war_won": "Deine Karte gewinnt den Krieg",
  "games.war.status.war_lost": "Die Karte des Dealers gewinnt den Krieg",
  "games.war.status.wars_exhausted": "Fünf Kriege unentschieden: Erhöhungen und der halbe Einsatz zurück",
  "games.war.status.abandoned": "Beim Unentschieden verlassen: aufgegeben",
  "games.war.rules.intro":
    "Je eine Karte aus einem 8-Deck-Schuh, der für jede Runde neu gemischt wird; Asse sind hoch. Die höhere Karte gewinnt den Einsatz 1 zu 1.",
  "games.war.rules.tie":
    "Bei Gleichstand gibst du auf und erhältst den halben Einsatz zurück, oder du ziehst in den Krieg: Du erhöhst um den Einsatz, und jeder erhält eine Karte.",
  "games.war.rules.wars":
    "Gewinnst du den Krieg, kommt der Einsatz zurück und jede Erhöhung zahlt 1 zu 1; verlierst du, sind Einsatz und Erhöhungen verloren; bei erneutem Gleichstand wählst du erneut (Aufgeben kostet dann die Erhöhungen). Höchstens 5 Kriege.",
  "games.war.rules.best":
    "Beim ersten Gleichstand sind Krieg und Aufgeben gleich viel wert; nach einem Krieg ist ein weiterer Krieg die bessere Wahl. So gespielt beträgt die Auszahlungsquote 96,27 %.",
  "games.war.rules.pays": "zahlt {multiplier} (inklusive Einsatz)",
  "games.war.rules.abandon": "Eine beim Gleichstand verlassene Runde wird als Aufgabe abgerechnet.",
};
