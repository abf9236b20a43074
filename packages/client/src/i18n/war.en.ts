/** English strings of the war view ("games.war.*"). */
export default {
  "games.war.board": "War table",
  "games.war.bet.main": "Bet",
  "games.war.bet.tie": "Tie",
  "games.war.bet.coloured_tie": "Coloured Tie",
  "games.war.clearBet": "Clear {bet}",
  "games.war.onBet": "{amount} on it",
  "games.war.cardBack": "Face-down card",
  "games.war.player": "You",
  "games.war.dealer": "Dealer",
  "games.war.decision": "Tie: your choice",
  "games.war.goToWar": "Go to war ({amount})",
  "games.war.surrender": "Surrender (get {amount})",
  "games.war.warNotAllowed": "A war here could pay more than the maximum win: surrender is the choice.",
  "games.war.status.tie": "Tie!",
  "games.war.status.won": "Your card is higher",
  "games.war.status.lost": "The dealer's card is higher",
  "games.war.status.surrendered": "Surrendered",
  "games.war.status.war_won": "Your card wins the war",
  "games.war.status.war_lost": "The dealer's card wins the war",
  "games.war.status.wars_exhausted": "Tied five wars: raises returned with half the bet",
  "games.war.status.abandoned": "Left at a tie: surrendered",
  "games.war.rules.intro":
    "One card each from an 8-deck shoe shuffled for every round; aces are high. The higher card wins the bet at even money.",
  "games.war.rules.tie":
    "On a tie, surrender to get half your bet back, or go to war: raise your bet again, and one card each is dealt.",
  "games.war.rules.wars":
    "Win the war and your bet comes back and every raise pays even money; lose it and you lose the bet and raises; tie again and you choose again (surrendering then gives up the raises). At most 5 wars.",
  "games.war.rules.best":
    "War and surrender are worth the same at the first tie; after a war, going to war again is the better choice. That play returns 96.27%.",
  "games.war.rules.pays": "pays {multiplier} (stake included)",
  "games.war.rules.abandon": "A round left at a tie is settled as a surrender.",
};
