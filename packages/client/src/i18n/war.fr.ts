/** Textes français de la bataille ("games.war.*"). */
export default {
  "games.war.board": "Table de bataille",
  "games.war.bet.main": "Mise",
  "games.war.bet.tie": "Égalité",
  "games.war.bet.coloured_tie": "Égalité de couleur",
  "games.war.clearBet": "Retirer {bet}",
  "games.war.onBet": "{amount} dessus",
  "games.war.cardBack": "Carte face cachée",
  "games.war.player": "Vous",
  "games.war.dealer": "Croupier",
  "games.war.decision": "Égalité : à vous de choisir",
  "games.war.goToWar": "Aller à la bataille ({amount})",
  "games.war.surrender": "Abandonner (récupérer {amount})",
  "games.war.warNotAllowed": "Une bataille ici pourrait payer plus que le gain maximal : il faut abandonner.",
  "games.war.status.tie": "Égalité !",
  "games.war.status.won": "Votre carte est plus haute",
  "games.war.status.lost": "La carte du croupier est plus haute",
  "games.war.status.surrendered": "Abandon",
  "games.war.status.war_won": "Votre carte gagne la bataille",
  "games.war.status.war_lost": "La carte du croupier gagne la bataille",
  "games.war.status.wars_exhausted": "Cinq batailles à égalité : relances rendues avec la moitié de la mise",
  "games.war.status.abandoned": "Quittée sur une égalité : abandon",
  "games.war.rules.intro":
    "Une carte chacun d'un sabot de 8 jeux battu à chaque manche ; l'as est la plus haute. La carte la plus haute gagne la mise à égalité.",
  "games.war.rules.tie":
    "En cas d'égalité, abandonnez pour récupérer la moitié de votre mise, ou allez à la bataille : relancez votre mise, et chacun reçoit une carte.",
  "games.war.rules.wars":
    "Gagnez la bataille et votre mise revient et chaque relance paie à égalité ; perdez-la et vous perdez la mise et les relances ; nouvelle égalité et vous choisissez à nouveau (abandonner alors sacrifie les relances). 5 batailles au plus.",
  "games.war.rules.best":
    "À la première égalité, bataille et abandon se valent ; après une bataille, retourner à la bataille est le meilleur choix. Ainsi joué, le retour est de 96,27 %.",
  "games.war.rules.pays": "paie {multiplier} (mise comprise)",
  "games.war.rules.abandon": "Une manche quittée sur une égalité est réglée comme un abandon.",
};
