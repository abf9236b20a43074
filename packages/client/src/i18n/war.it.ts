/** Testi italiani del war ("games.war.*"). */
export default {
  "games.war.board": "Tavolo del war",
  "games.war.bet.main": "Puntata",
  "games.war.bet.tie": "Pareggio",
  "games.war.bet.coloured_tie": "Pareggio di colore",
  "games.war.clearBet": "Togli {bet}",
  "games.war.onBet": "{amount} puntati",
  "games.war.cardBack": "Carta coperta",
  "games.war.player": "Tu",
  "games.war.dealer": "Croupier",
  "games.war.decision": "Pareggio: scegli tu",
  "games.war.goToWar": "Vai in guerra ({amount})",
  "games.war.surrender": "Arrenditi (ricevi {amount})",
  "games.war.warNotAllowed":
    "Una guerra qui potrebbe pagare più della vincita massima: la scelta è arrendersi.",
  "games.war.status.tie": "Pareggio!",
  "games.war.status.won": "La tua carta è più alta",
  "games.war.status.lost": "La carta del croupier è più alta",
  "games.war.status.surrendered": "Arreso",
  "games.war.status.war_won": "La tua carta vince la guerra",
  "games.war.status.war_lost": "La carta del croupier vince la guerra",
  "games.war.status.wars_exhausted": "Cinque guerre in pareggio: rilanci restituiti con metà della puntata",
  "games.war.status.abandoned": "Lasciata su un pareggio: resa",
  "games.war.rules.intro":
    "Una carta a testa da un sabot di 8 mazzi mescolato a ogni mano; l'asso è la più alta. La carta più alta vince la puntata alla pari.",
  "games.war.rules.tie":
    "In caso di pareggio, arrenditi per riavere metà della puntata, o vai in guerra: rilancia la puntata e ognuno riceve una carta.",
  "games.war.rules.wars":
    "Vinci la guerra e la puntata torna e ogni rilancio paga alla pari; perdila e perdi puntata e rilanci; pareggia di nuovo e scegli di nuovo (arrendersi allora rinuncia ai rilanci). Al massimo 5 guerre.",
  "games.war.rules.best":
    "Al primo pareggio guerra e resa valgono uguale; dopo una guerra, tornare in guerra è la scelta migliore. Così giocato, il ritorno è del 96,27%.",
  "games.war.rules.pays": "paga {multiplier} (puntata inclusa)",
  "games.war.rules.abandon": "Una mano lasciata su un pareggio viene liquidata come resa.",
};
