/** English strings of free rounds: the offer, the rounds played, their summary ("freerounds.*"; "freerounds.social.*" for a session without money words). */
export default {
  "freerounds.offer.title|one": "You have {count} free round",
  "freerounds.offer.title|other": "You have {count} free rounds",
  "freerounds.offer.bet": "Bet per round: {amount}. Nothing is taken from your balance.",
  "freerounds.offer.params": "The game's settings are fixed for these rounds.",
  "freerounds.offer.expires": "Play them by {date}.",
  "freerounds.offer.accept": "Play free rounds",
  "freerounds.offer.later": "Later",
  "freerounds.waiting|one": "{count} free round waiting",
  "freerounds.waiting|other": "{count} free rounds waiting",
  "freerounds.fixed": "Free rounds at {amount} a round: the bet and the settings are fixed.",
  "freerounds.play.label|one": "Free round · {count} left",
  "freerounds.play.label|other": "Free round · {count} left",
  "freerounds.result.noWin": "Free round: nothing this time",
  "freerounds.summary.title": "Free rounds finished",
  "freerounds.summary.won|one": "Total won in {count} free round",
  "freerounds.summary.won|other": "Total won in {count} free rounds",
  "freerounds.summary.continue": "Back to the game",
  "freerounds.lapsed":
    "Your free rounds are no longer available: they expired, were cancelled or were played in another window. Bets are paid from your balance again.",
  "freerounds.social.bet": "Coins per play: {amount}. None of your coins are used.",
  "freerounds.social.fixed": "Free plays of {amount} each: the coins and the settings are fixed.",
  "freerounds.social.summary|one": "Prizes from {count} free play",
  "freerounds.social.summary|other": "Prizes from {count} free plays",
  "freerounds.social.lapsed":
    "Your free plays are no longer available: they expired, were cancelled or were used in another window. Plays use your coins again.",
} satisfies Record<string, string>;
