/**
 * The English texts of a social session: no betting, cash or winning money. A round is played with coins,
 * "Play" starts it, "Collect" ends a climbing one, and what a round gives back is its prize.
 */
export default {
  "shell.help.play": "press Play (in the Auto tab: start or stop auto play).",
  "shell.controls.label": "Play controls",
  "shell.mode.label": "Play mode",
  "shell.bet.amount": "Coins to play",
  "shell.bet.amountLabel": "Coins to play in {currency}",
  "shell.bet.enterAmount": "Enter the coins to play.",
  "shell.bet.aboveBalance": "This is more coins than you have.",
  "shell.bet.notEnoughBalance": "Your {balance} do not cover a play of {stake}: nothing was played.",
  "shell.bet.total": "Coins in play",
  "shell.bet.noBets": "Place at least one chip on the table.",
  "shell.preset.min.label": "Set the coins to the minimum",
  "shell.preset.half.label": "Halve the coins",
  "shell.preset.double.label": "Double the coins",
  "shell.preset.max.label": "Set the coins to the maximum",
  "shell.play.label": "Play",
  "shell.result.win": "You got {amount} ({multiplier})",
  "shell.result.push": "Even: your {amount} came back",
  "shell.result.partial": "{payout} came back of {stake} ({multiplier}): {loss} fewer",
  "shell.autobet.count": "Number of plays",
  "shell.autobet.progress": "Plays",
  "shell.autobet.played|one": "{count} play",
  "shell.autobet.played|other": "{count} plays",
  "shell.autobet.onWin": "After a prize",
  "shell.autobet.stopped.count|one": "Auto play finished: {count} play.",
  "shell.autobet.stopped.count|other": "Auto play finished: {count} plays.",
  "shell.autobet.stopped.profit|one": "Auto play stopped: your coin target was reached after {count} play.",
  "shell.autobet.stopped.profit|other":
    "Auto play stopped: your coin target was reached after {count} plays.",
  "shell.autobet.stopped.loss|one": "Auto play stopped: your limit was reached after {count} play.",
  "shell.autobet.stopped.loss|other": "Auto play stopped: your limit was reached after {count} plays.",
  "shell.autobet.invalid.count": "Number of plays: a whole number, 0 to play until you stop.",
  "shell.autobet.invalid.onWinPercent": "After a prize: a percentage from 0 to 10000.",
  "shell.autobet.start": "Start auto play",
  "shell.autobet.stop": "Stop auto play",
  "shell.note.max_win_reached": "The top prize of {maxWin} was reached: the round was collected for you.",
  "shell.note.bet_exceeds_max_win":
    "This play could give more than the top prize of {maxWin}: nothing was played. Use fewer coins.",
  "shell.tab.history": "My plays",
  "shell.history.stake": "Coins",
  "shell.history.payout": "Prize",
  "shell.rules.maxWin": "Top prize per round: {amount}",
  "shell.rules.malfunction": "Malfunction voids all prizes and plays.",
  "shell.fair.check.stake": "Coins",
  "shell.fair.check.payout": "Prize",
  "shell.fair.status.cancelled":
    "This play was cancelled before it was drawn: the coins came back and there is no outcome to verify.",
  "shell.error.invalid_amount": "This number of coins is not valid.",
  "shell.error.bet_below_minimum": "The fewest coins for a play are {min}.",
  "shell.error.bet_above_maximum": "The most coins for a play are {max}.",
  "shell.error.max_win_exceeded":
    "This play could give more than the top prize of {maxWin}. Use fewer coins or a smaller multiplier.",
  "shell.error.not_enough_money": "Not enough coins for this play.",
  "shell.error.player_disabled": "Your account cannot play at the moment. Please contact the site.",
  "shell.error.bet_refused": "The site refused this play.",
  "shell.error.previous_bet_settling":
    "Your previous play in this game was cancelled and its coins are coming back. Once they have, you can play this game again.",
  "shell.error.round_initializing": "Your play is still being confirmed. One moment…",
  "shell.error.wallet_unavailable":
    "Your coin balance is not answering. Your play was not taken, or its coins will come back; any result is kept and shown once confirmed.",
  "shell.safety.label": "Play safely",
  "shell.safety.responsibleGambling": "Playing responsibly",
  "games.common.payoutOnWin": "Prize",
  "games.common.maxPayout": "Top prize",
  "games.roulette.layout": "Table",
  "games.roulette.layoutActions": "Chips",
  "games.roulette.hint": "Click a spot to add a chip; right-click or Delete removes it.",
  "games.roulette.hintTouch": "Tap a spot to add a chip; touch and hold it to remove it.",
  "games.roulette.bet": "Chips",
  "games.baccarat.betColumn": "Spot",
  "games.baccarat.tableActions": "Chips",
  "games.baccarat.hint": "Click a spot to add a chip; right-click or Delete removes it.",
  "games.baccarat.hintTouch": "Tap a spot to add a chip; touch and hold it to remove it.",
  "games.cashout.cashOut": "Collect",
  "games.cashout.current": "Collect value",
  "games.mines.hint": "Choose the number of mines, press Play, then reveal tiles.",
  "games.mines.instantHint": "Pick the tiles to reveal, then play: they are revealed all at once.",
  "games.mines_mania.hint": "Choose the number of mines, press Play, then reveal tiles, rows or columns.",
  "games.towers.hint": "Choose a difficulty, press Play, then climb one row at a time.",
  "games.towers.instantHint":
    "Pick one tile per row from the bottom, then play: the climb is played all at once.",
  "games.hilo.hint": "Press Play to deal the first card, then guess the next one.",
  "games.coinflip.hint": "Press Play, then call heads or tails.",
  "games.rock_paper_scissors.hint": "Press Play, then throw your hand.",
  "games.doctor_pump.hint": "Choose a difficulty, press Play, then pump.",
  "games.chicken_crossing.hint": "Choose a difficulty, press Play, then cross lane by lane.",
  "games.degen_mining.hint": "Choose a difficulty, press Play, then dig a shaft on each level.",
  "games.flight_deck.autoCashOut": "Auto collect",
  "games.flight_deck.autoToggle": "Collect automatically",
  "games.flight_deck.autoSet": "Auto collect at {multiplier}",
  "games.flight_deck.hint": "Set an auto collect if you like, then press Play to take off.",
  "games.blackjack.mainBet": "Hand",
  "games.blackjack.paid": "Got {amount}",
  "games.blackjack.sideWon": "{hand}, gives {amount}",
  "games.blackjack.idle": "Choose your coins and press Play to deal.",
  "games.blackjack.singleNote": "One hand against the dealer. Enter your coins and press Play.",
  "games.craps.placeOn": "Place a chip on {bet}",
  "games.craps.placeRow": "Place spots",
  "games.craps.propsRow": "Hardways and one-roll spots",
  "games.craps.opening": "Opening spots",
  "games.craps.onTable": "Chips you may take down",
  "games.war.bet.main": "Hand",
  "games.war.clearBet": "Clear {bet}",
  "games.war.warNotAllowed": "A war here could give more than the top prize: surrender is the choice.",
  "games.war.rules.pays": "gives {multiplier} (your coins included)",
  "games.war.status.wars_exhausted": "Tied five wars: raises came back with half the hand",
  "games.cashout.firstStep": "Take the first step to unlock Collect.",
  "games.keno.paytable": "Prizes by number of hits",
  "replay.cancelled":
    "This round was cancelled: the wallet did not confirm the play, so no outcome was drawn and any coins taken were returned.",
  "games.dice.rules.formula":
    "Multiplier = RTP × 100 / win chance, held exactly; the prize is rounded down once to the currency's smallest unit.",
  "games.limbo.rules.intro":
    "A result multiplier of 1.00× or more is drawn. If it reaches your target, you get the target times your coins.",
  "games.plinko_100.rules.intro":
    "One play drops {balls} balls, each carrying an equal share of the coins. The play gives the average multiplier of all the balls, rounded down once.",
  "games.roulette.rules.intro":
    "European roulette with one zero. Place chips on as many spots of the layout as you like; the ball lands in one of 37 pockets and every spot covering it pays.",
  "games.roulette.rules.partage":
    "La partage: when zero comes, a spot that does not cover zero gives back half its coins.",
  "games.roulette.rules.controls":
    "Choose a chip value and click the layout to place chips; the coins in play are the sum of your chips. Right-click or press Delete on a spot to remove its chips.",
  "games.baccarat.rules.intro":
    "Back the hand closer to 9: player or banker, a tie, or a pair in the first two cards of either hand. Tens and court cards count 0, aces 1; only the last digit of a total counts.",
  "games.baccarat.rules.push": "On a tie, the chips on player and banker come back ({multiplier}).",
  "games.mines.rules.intro":
    "The 5 × 5 grid hides the chosen number of mines. Every gem you reveal raises the multiplier; a mine ends the round with nothing. Collect whenever you like after the first gem.",
  "games.mines.rules.instant":
    "Instant mode: pick up to as many tiles as there are gems, then play. The tiles are revealed in the order you picked them; if all are gems the round is collected at once, and a mine ends it.",
  "games.towers.rules.intro":
    "Climb nine rows by picking one tile in each; every row hides its traps. Each safe pick raises the multiplier; collect after any row.",
  "games.towers.rules.instant":
    "Instant mode: pick a tile in as many rows as you like, from the bottom up, then play. The climb follows your picks; if every pick is safe the round is collected at the last one, and a trap ends it.",
  "games.hilo.rules.intro":
    "A card is dealt face up. Guess whether the next card is higher or lower; each right guess multiplies your prize by the inverse of its chance. Skip a card at no cost, or collect after a right guess.",
  "games.coinflip.rules.intro":
    "Call heads or tails. Each right call doubles the streak's value at this game's return; a wrong call loses the round. Collect between flips; the streak ends by itself after {max} right calls.",
  "games.doctor_pump.rules.intro":
    "The doctor pumps a balloon: {steps} squeezes, some of which pop it. Each safe pump raises the multiplier; collect before it bursts.",
  "games.chicken_crossing.rules.intro":
    "Help the chicken across a {lanes}-lane road. Each lane crossed raises the multiplier; a car in the lane ends the round. Collect on any lane.",
  "games.degen_mining.rules.intro":
    "Dig down {levels} levels, choosing one of {shafts} shafts on each. Ore multiplies the mine cart's value by its factor; a collapse ends the round with nothing. Collect after any dig.",
  "games.flight_deck.rules.intro":
    "The plane takes off at 1.00× and the multiplier climbs until the flight ends at its provably fair crash point. Collect by hand during the flight, or set an auto collect before take-off.",
  "games.flight_deck.rules.clock":
    "The server's clock decides: a collect counts at the moment the server receives it, and the flight settles even if you leave.",
  "games.blackjack.rules.dealer":
    "The dealer stands on every 17 and checks for blackjack under an ace or a ten-value card: a dealer blackjack ends the round and takes only your opening coins.",
  "games.blackjack.rules.payouts":
    "Blackjack pays 3:2; the ace of spades with a black jack pays 2:1. A winning hand pays 1:1, a push gives the coins back. 21 after a split is not a blackjack.",
  "games.blackjack.rules.insurance":
    "Under a dealer ace you may insure for half your coins; insurance pays 2:1 if the dealer has blackjack (return {rtp}).",
  "games.blackjack.rules.abandon":
    "A round left unfinished is completed for you without any further coins: insurance declined, every open hand stands, the dealer plays.",
  "games.blackjack.rules.sideRtp": "Return to player of this side hand: {rtp}.",
  "games.craps.rules.intro":
    "Place chips on the table and press Play: the opening chips are taken in one go and the dice are rolled. The round stays open while chips remain on the table.",
  "games.craps.rules.point":
    "A come-out roll of 4, 5, 6, 8, 9 or 10 sets the point; the point or a 7 takes it off. Only the spots open right now take chips.",
  "games.craps.rules.working":
    "Place spots and hardways are off on come-out rolls; odds always work; a 12 on the come-out leaves don't spots up.",
  "games.craps.rules.wallet":
    "Chips added between rolls are taken together when you roll; every roll that pays is paid at once; chips taken down come straight back.",
  "games.craps.rules.bet": "Spot",
  "games.craps.rules.abandon":
    "If you leave a round, chips you could take down come back and line and come spots with a point are rolled on until decided.",
  "games.war.rules.intro":
    "One card each from an 8-deck shoe shuffled for every round; aces are high. The higher card takes the hand, paying 1 to 1.",
  "games.war.rules.tie":
    "On a tie, surrender to get half your coins back, or go to war: raise your coins again, and one card each is dealt.",
  "games.war.rules.wars":
    "Win the war and your coins come back and every raise pays 1 to 1; lose it and you lose the coins and raises; tie again and you choose again (surrendering then gives up the raises). At most 5 wars.",
} satisfies Record<string, string>;
