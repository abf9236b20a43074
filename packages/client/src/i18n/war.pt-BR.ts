/** Textos em português do Brasil do war ("games.war.*"). */
export default {
  "games.war.board": "Mesa de war",
  "games.war.bet.main": "Aposta",
  "games.war.bet.tie": "Empate",
  "games.war.bet.coloured_tie": "Empate de cor",
  "games.war.clearBet": "Tirar {bet}",
  "games.war.onBet": "{amount} apostados",
  "games.war.cardBack": "Carta virada para baixo",
  "games.war.player": "Você",
  "games.war.dealer": "Crupiê",
  "games.war.decision": "Empate: você escolhe",
  "games.war.goToWar": "Ir à guerra ({amount})",
  "games.war.surrender": "Desistir (receber {amount})",
  "games.war.warNotAllowed": "Uma guerra aqui poderia pagar mais que o ganho máximo: a escolha é desistir.",
  "games.war.status.tie": "Empate!",
  "games.war.status.won": "Sua carta é maior",
  "games.war.status.lost": "A carta do crupiê é maior",
  "games.war.status.surrendered": "Desistiu",
  "games.war.status.war_won": "Sua carta vence a guerra",
  "games.war.status.war_lost": "A carta do crupiê vence a guerra",
  "games.war.status.wars_exhausted": "Cinco guerras empatadas: aumentos devolvidos com metade da aposta",
  "games.war.status.abandoned": "Deixada num empate: desistência",
  "games.war.rules.intro":
    "Uma carta para cada um, de um sapato de 8 baralhos embaralhado a cada rodada; o ás é a mais alta. A carta mais alta ganha a aposta 1 para 1.",
  "games.war.rules.tie":
    "Num empate, desista para receber metade da aposta de volta, ou vá à guerra: aumente sua aposta de novo, e cada um recebe uma carta.",
  "games.war.rules.wars":
    "Ganhe a guerra e sua aposta volta e cada aumento paga 1 para 1; perca e você perde a aposta e os aumentos; empate de novo e você escolhe de novo (desistir então abre mão dos aumentos). No máximo 5 guerras.",
  "games.war.rules.best":
    "No primeiro empate, guerra e desistência valem o mesmo; depois de uma guerra, voltar à guerra é a melhor escolha. Assim jogado, o retorno é de 96,27%.",
  "games.war.rules.pays": "paga {multiplier} (aposta incluída)",
  "games.war.rules.abandon": "Uma rodada deixada num empate é liquidada como desistência.",
};
