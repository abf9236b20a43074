/** Textos en español de la vista de war ("games.war.*"). */
export default {
  "games.war.board": "Mesa de war",
  "games.war.bet.main": "Apuesta",
  "games.war.bet.tie": "Empate",
  "games.war.bet.coloured_tie": "Empate de color",
  "games.war.clearBet": "Quitar {bet}",
  "games.war.onBet": "{amount} apostado",
  "games.war.cardBack": "Carta boca abajo",
  "games.war.player": "Tú",
  "games.war.dealer": "Crupier",
  "games.war.decision": "Empate: tú decides",
  "games.war.goToWar": "Ir a la guerra ({amount})",
  "games.war.surrender": "Rendirse (recupera {amount})",
  "games.war.warNotAllowed": "Una guerra aquí podría pagar más que la ganancia máxima: toca rendirse.",
  "games.war.status.tie": "¡Empate!",
  "games.war.status.won": "Tu carta es más alta",
  "games.war.status.lost": "La carta del crupier es más alta",
  "games.war.status.surrendered": "Te rendiste",
  "games.war.status.war_won": "Tu carta gana la guerra",
  "games.war.status.war_lost": "La carta del crupier gana la guerra",
  "games.war.status.wars_exhausted": "Cinco guerras empatadas: se devuelven las subidas y media apuesta",
  "games.war.status.abandoned": "Abandonada en un empate: rendición",
  "games.war.rules.intro":
    "Una carta para cada uno de un zapato de 8 barajas mezclado en cada ronda; el as es la carta más alta. La carta más alta gana la apuesta 1 a 1.",
  "games.war.rules.tie":
    "En un empate puedes rendirte y recuperar media apuesta, o ir a la guerra: subes otra vez tu apuesta y se reparte una carta a cada uno.",
  "games.war.rules.wars":
    "Si ganas la guerra, recuperas la apuesta y cada subida paga 1 a 1; si la pierdes, pierdes la apuesta y las subidas; si empatas otra vez, decides de nuevo (rendirse entonces pierde las subidas). Como máximo 5 guerras.",
  "games.war.rules.best":
    "En el primer empate la guerra y la rendición valen lo mismo; tras una guerra conviene volver a la guerra. Así jugado, el retorno es del 96,27 %.",
  "games.war.rules.pays": "paga {multiplier} (apuesta incluida)",
  "games.war.rules.abandon": "Una ronda abandonada en un empate se liquida como rendición.",
};
