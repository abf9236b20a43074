/**
 * Les textes français d'une session sociale : ni mise, ni argent, ni encaissement. Une manche se joue avec des
 * pièces, « Jouer » la lance, « Récupérer » termine une manche qui monte, et ce qu'une manche rend est sa
 * récompense.
 */
export default {
  "shell.help.play": "appuie sur Jouer (dans l'onglet Auto : lance ou arrête le jeu automatique).",
  "shell.controls.label": "Commandes de jeu",
  "shell.mode.label": "Mode de jeu",
  "shell.bet.amount": "Pièces",
  "shell.bet.amountLabel": "Pièces en {currency}",
  "shell.bet.enterAmount": "Saisissez les pièces à jouer.",
  "shell.bet.aboveBalance": "C'est plus de pièces que vous n'en avez.",
  "shell.bet.notEnoughBalance": "Vos {balance} ne couvrent pas une partie de {stake} : rien n'a été joué.",
  "shell.bet.total": "Pièces en jeu",
  "shell.bet.noBets": "Placez au moins un jeton sur la table.",
  "shell.preset.min.label": "Régler les pièces au minimum",
  "shell.preset.half.label": "Diviser les pièces par deux",
  "shell.preset.double.label": "Doubler les pièces",
  "shell.preset.max.label": "Régler les pièces au maximum",
  "shell.play.label": "Jouer",
  "shell.result.win": "Vous avez obtenu {amount} ({multiplier})",
  "shell.result.push": "Égalité : vos {amount} vous reviennent",
  "shell.result.partial": "{payout} revenus sur {stake} ({multiplier}) : {loss} de moins",
  "shell.autobet.count": "Nombre de parties",
  "shell.autobet.progress": "Parties jouées",
  "shell.autobet.played|one": "{count} partie jouée",
  "shell.autobet.played|many": "{count} parties jouées",
  "shell.autobet.played|other": "{count} parties jouées",
  "shell.autobet.onWin": "Après une récompense",
  "shell.autobet.start": "Lancer le jeu auto",
  "shell.autobet.stop": "Arrêter le jeu auto",
  "shell.autobet.stopped.count|one": "Jeu auto terminé : {count} partie jouée.",
  "shell.autobet.stopped.count|many": "Jeu auto terminé : {count} parties jouées.",
  "shell.autobet.stopped.count|other": "Jeu auto terminé : {count} parties jouées.",
  "shell.autobet.stopped.profit|one":
    "Jeu auto arrêté : votre objectif de pièces a été atteint après {count} partie.",
  "shell.autobet.stopped.profit|many":
    "Jeu auto arrêté : votre objectif de pièces a été atteint après {count} parties.",
  "shell.autobet.stopped.profit|other":
    "Jeu auto arrêté : votre objectif de pièces a été atteint après {count} parties.",
  "shell.autobet.stopped.loss|one": "Jeu auto arrêté : votre limite a été atteinte après {count} partie.",
  "shell.autobet.stopped.loss|many": "Jeu auto arrêté : votre limite a été atteinte après {count} parties.",
  "shell.autobet.stopped.loss|other": "Jeu auto arrêté : votre limite a été atteinte après {count} parties.",
  "shell.autobet.invalid.count": "Nombre de parties : un nombre entier, 0 pour jouer jusqu'à l'arrêt.",
  "shell.autobet.invalid.onWinPercent": "Après une récompense : un pourcentage de 0 à 10000.",
  "shell.note.max_win_reached":
    "La récompense maximale de {maxWin} est atteinte : la manche a été récupérée pour vous.",
  "shell.note.bet_exceeds_max_win":
    "Cette partie pourrait rapporter plus que la récompense maximale de {maxWin} : rien n'a été joué. Utilisez moins de pièces.",
  "shell.tab.history": "Mes parties",
  "shell.history.stake": "Pièces",
  "shell.history.payout": "Récompense",
  "shell.rules.maxWin": "Récompense maximale par manche : {amount}",
  "shell.rules.malfunction": "Tout dysfonctionnement annule les récompenses et les parties.",
  "shell.fair.check.stake": "Pièces",
  "shell.fair.check.payout": "Récompense",
  "shell.fair.status.cancelled":
    "Cette partie a été annulée avant le tirage : les pièces sont revenues et il n'y a aucun résultat à vérifier.",
  "shell.error.invalid_amount": "Ce nombre de pièces n'est pas valide.",
  "shell.error.bet_below_minimum": "Une partie demande au moins {min}.",
  "shell.error.bet_above_maximum": "Une partie accepte au plus {max}.",
  "shell.error.max_win_exceeded":
    "Cette partie pourrait rapporter plus que la récompense maximale de {maxWin}. Utilisez moins de pièces ou un multiplicateur plus petit.",
  "shell.error.not_enough_money": "Pas assez de pièces pour cette partie.",
  "shell.error.player_disabled": "Votre compte ne peut pas jouer pour le moment. Veuillez contacter le site.",
  "shell.error.bet_refused": "Le site a refusé cette partie.",
  "shell.error.previous_bet_settling":
    "Votre partie précédente dans ce jeu a été annulée et ses pièces sont en train de revenir. Une fois revenues, vous pourrez rejouer à ce jeu.",
  "shell.error.round_initializing": "Votre partie est encore en cours de confirmation. Un instant…",
  "shell.error.wallet_unavailable":
    "Votre solde de pièces ne répond pas. Votre partie n'a pas été prise, ou ses pièces reviendront ; tout résultat est conservé et affiché dès qu'il est confirmé.",
  "shell.safety.label": "Jeu plus sûr",
  "shell.safety.responsibleGambling": "Jouer de façon responsable",
  "games.common.payoutOnWin": "Récompense",
  "games.common.maxPayout": "Récompense max.",
  "games.roulette.layout": "Table",
  "games.roulette.layoutActions": "Jetons",
  "games.roulette.hint": "Cliquez sur une case pour ajouter un jeton ; un clic droit ou Suppr le retire.",
  "games.roulette.hintTouch": "Touchez une case pour ajouter un jeton ; maintenez-la pour le retirer.",
  "games.roulette.bet": "Jetons",
  "games.baccarat.betColumn": "Case",
  "games.baccarat.tableActions": "Jetons",
  "games.baccarat.hint": "Cliquez sur une case pour ajouter un jeton ; un clic droit ou Suppr le retire.",
  "games.baccarat.hintTouch": "Touchez une case pour ajouter un jeton ; maintenez-la pour le retirer.",
  "games.cashout.cashOut": "Récupérer",
  "games.cashout.current": "Valeur à récupérer",
  "games.mines.hint": "Choisissez le nombre de mines, appuyez sur Jouer, puis révélez des cases.",
  "games.mines.instantHint": "Choisissez les cases à révéler, puis jouez : elles sont révélées d'un coup.",
  "games.mines_mania.hint":
    "Choisissez le nombre de mines, appuyez sur Jouer, puis révélez des cases, des rangées ou des colonnes.",
  "games.towers.hint": "Choisissez une difficulté, appuyez sur Jouer, puis montez une rangée à la fois.",
  "games.towers.instantHint":
    "Choisissez une case par rangée en partant du bas, puis jouez : l'ascension se joue d'un coup.",
  "games.hilo.hint": "Appuyez sur Jouer pour recevoir la première carte, puis devinez la suivante.",
  "games.coinflip.hint": "Appuyez sur Jouer, puis choisissez pile ou face.",
  "games.rock_paper_scissors.hint": "Appuyez sur Jouer, puis jouez votre main.",
  "games.doctor_pump.hint": "Choisissez une difficulté, appuyez sur Jouer, puis pompez.",
  "games.chicken_crossing.hint":
    "Choisissez une difficulté, appuyez sur Jouer, puis traversez voie par voie.",
  "games.degen_mining.hint":
    "Choisissez une difficulté, appuyez sur Jouer, puis creusez un puits à chaque niveau.",
  "games.flight_deck.autoCashOut": "Récupération auto",
  "games.flight_deck.autoToggle": "Récupérer automatiquement",
  "games.flight_deck.autoSet": "Récupération auto à {multiplier}",
  "games.flight_deck.hint":
    "Réglez une récupération auto si vous voulez, puis appuyez sur Jouer pour décoller.",
  "games.blackjack.mainBet": "Main",
  "games.blackjack.paid": "Obtenu {amount}",
  "games.blackjack.sideWon": "{hand}, rapporte {amount}",
  "games.blackjack.idle": "Choisissez vos pièces et appuyez sur Jouer pour distribuer.",
  "games.blackjack.singleNote": "Une main contre le croupier. Saisissez vos pièces et appuyez sur Jouer.",
  "games.craps.placeOn": "Placer un jeton sur {bet}",
  "games.craps.placeRow": "Numéros placés",
  "games.craps.propsRow": "Doubles et cases sur un lancer",
  "games.craps.opening": "Cases d'ouverture",
  "games.craps.onTable": "Jetons que vous pouvez retirer",
  "games.war.bet.main": "Main",
  "games.war.clearBet": "Retirer {bet}",
  "games.war.warNotAllowed":
    "Une bataille ici pourrait rapporter plus que la récompense maximale : il faut abandonner.",
  "games.war.rules.pays": "rapporte {multiplier} (vos pièces comprises)",
  "games.war.status.wars_exhausted": "Cinq batailles à égalité : relances rendues avec la moitié de la main",
  "games.cashout.firstStep": "Faites un premier pas pour pouvoir récupérer.",
  "games.keno.paytable": "Récompenses selon les numéros trouvés",
  "replay.cancelled":
    "Cette manche a été annulée : le portefeuille n'a pas confirmé la partie, aucun résultat n'a donc été tiré et les pièces prélevées ont été rendues.",
  "games.limbo.rules.intro":
    "Un multiplicateur de 1,00× ou plus est tiré. S'il atteint votre cible, vous recevez la cible fois vos pièces.",
  "games.plinko_100.rules.intro":
    "Une partie lâche {balls} billes, chacune portant une part égale des pièces. Elle rapporte le multiplicateur moyen de toutes les billes, arrondi une fois vers le bas.",
  "games.roulette.rules.intro":
    "Roulette européenne à un zéro. Placez des jetons sur autant de cases du tapis que vous voulez ; la bille tombe dans l'une des 37 cases et chaque case qui la couvre rapporte.",
  "games.roulette.rules.partage":
    "La partage : quand le zéro sort, une case qui ne le couvre pas rend la moitié de ses pièces.",
  "games.roulette.rules.controls":
    "Choisissez une valeur de jeton et cliquez sur le tapis pour placer des jetons ; les pièces en jeu sont la somme de vos jetons. Un clic droit ou Suppr sur une case retire ses jetons.",
  "games.baccarat.rules.intro":
    "Jouez la main la plus proche de 9 : joueur ou banque, une égalité, ou une paire dans les deux premières cartes de l'une des mains. Les dix et les figures valent 0, l'as 1 ; seul le dernier chiffre d'un total compte.",
  "games.baccarat.rules.push":
    "En cas d'égalité, les jetons sur le joueur et la banque reviennent ({multiplier}).",
  "games.mines.rules.intro":
    "La grille de 5 × 5 cache le nombre de mines choisi. Chaque gemme révélée augmente le multiplicateur ; une mine termine la manche sans rien. Récupérez quand vous voulez après la première gemme.",
  "games.mines.rules.instant":
    "Mode instantané : choisissez au plus autant de cases qu'il y a de gemmes, puis jouez. Les cases sont révélées dans l'ordre choisi ; si toutes sont des gemmes, la manche est récupérée aussitôt, et une mine la termine.",
  "games.towers.rules.intro":
    "Montez neuf rangées en choisissant une case dans chacune ; chaque rangée cache ses pièges. Chaque choix sûr augmente le multiplicateur ; récupérez après n'importe quelle rangée.",
  "games.towers.rules.instant":
    "Mode instantané : choisissez une case dans autant de rangées que vous voulez, de bas en haut, puis jouez. L'ascension suit vos choix ; si tous sont sûrs, la manche est récupérée au dernier, et un piège la termine.",
  "games.hilo.rules.intro":
    "Une carte est retournée. Devinez si la suivante sera plus haute ou plus basse ; chaque bonne réponse multiplie votre récompense par l'inverse de sa probabilité. Passez une carte gratuitement, ou récupérez après une bonne réponse.",
  "games.coinflip.rules.intro":
    "Choisissez pile ou face. Chaque bon choix double la valeur de la série au retour de ce jeu ; un mauvais choix perd la manche. Récupérez entre les lancers ; la série s'arrête d'elle-même après {max} bons choix.",
  "games.doctor_pump.rules.intro":
    "Le docteur gonfle un ballon : {steps} coups de pompe, dont certains le font éclater. Chaque coup sûr augmente le multiplicateur ; récupérez avant qu'il éclate.",
  "games.chicken_crossing.rules.intro":
    "Aidez la poule à traverser une route de {lanes} voies. Chaque voie traversée augmente le multiplicateur ; une voiture sur la voie termine la manche. Récupérez sur n'importe quelle voie.",
  "games.degen_mining.rules.intro":
    "Creusez {levels} niveaux en choisissant l'un des {shafts} puits à chacun. Le minerai multiplie la valeur du wagonnet par son facteur ; un éboulement termine la manche sans rien. Récupérez après n'importe quel coup de pioche.",
  "games.flight_deck.rules.intro":
    "L'avion décolle à 1,00× et le multiplicateur monte jusqu'à ce que le vol s'arrête à son point de crash équitable et prouvable. Récupérez à la main pendant le vol, ou réglez une récupération auto avant le décollage.",
  "games.flight_deck.rules.clock":
    "L'horloge du serveur décide : une récupération compte au moment où le serveur la reçoit, et le vol est réglé même si vous partez.",
  "games.blackjack.rules.dealer":
    "Le croupier reste sur tout 17 et vérifie le blackjack sous un as ou une carte de valeur dix : un blackjack du croupier termine la manche et ne prend que vos pièces de départ.",
  "games.blackjack.rules.payouts":
    "Le blackjack rapporte 3:2 ; l'as de pique avec un valet noir rapporte 2:1. Une main gagnante rapporte 1:1, une égalité rend les pièces. 21 après une séparation n'est pas un blackjack.",
  "games.blackjack.rules.insurance":
    "Sous un as du croupier, vous pouvez vous assurer pour la moitié de vos pièces ; l'assurance rapporte 2:1 si le croupier a un blackjack (retour {rtp}).",
  "games.blackjack.rules.abandon":
    "Une manche laissée inachevée est terminée pour vous sans autres pièces : assurance refusée, chaque main ouverte reste, le croupier joue.",
  "games.blackjack.rules.sideRtp": "Retour au joueur de cette main annexe : {rtp}.",
  "games.craps.rules.intro":
    "Placez des jetons sur la table et appuyez sur Jouer : les jetons d'ouverture sont pris en une fois et les dés sont lancés. La manche reste ouverte tant qu'il reste des jetons sur la table.",
  "games.craps.rules.point":
    "Un lancer d'ouverture de 4, 5, 6, 8, 9 ou 10 fixe le point ; le point ou un 7 l'enlève. Seules les cases ouvertes maintenant acceptent des jetons.",
  "games.craps.rules.working":
    "Les numéros placés et les doubles ne jouent pas sur les lancers d'ouverture ; les cotes jouent toujours ; un 12 à l'ouverture laisse en place les cases « ne pas ».",
  "games.craps.rules.wallet":
    "Les jetons ajoutés entre deux lancers sont pris ensemble au lancer ; chaque lancer gagnant rapporte aussitôt ; les jetons retirés reviennent tout de suite.",
  "games.craps.rules.bet": "Case",
  "games.craps.rules.abandon":
    "Si vous quittez une manche, les jetons que vous pouviez retirer reviennent et les cases de ligne et « venir » avec un point sont jouées jusqu'à leur issue.",
  "games.war.rules.intro":
    "Une carte chacun d'un sabot de 8 jeux battu à chaque manche ; l'as est la plus haute. La carte la plus haute remporte la main à égalité.",
  "games.war.rules.tie":
    "En cas d'égalité, abandonnez pour récupérer la moitié de vos pièces, ou allez à la bataille : relancez vos pièces, et chacun reçoit une carte.",
  "games.war.rules.wars":
    "Gagnez la bataille et vos pièces reviennent et chaque relance rapporte à égalité ; perdez-la et vous perdez les pièces et les relances ; nouvelle égalité et vous choisissez à nouveau (abandonner alors sacrifie les relances). 5 batailles au plus.",
} satisfies Record<string, string>;
