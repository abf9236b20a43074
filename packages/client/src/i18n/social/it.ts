/**
 * I testi italiani di una sessione social: niente puntate, denaro o incassi. Un round si gioca con monete,
 * «Gioca» lo avvia, «Raccogli» chiude un round che sale, e ciò che un round restituisce è il suo premio.
 */
export default {
  "shell.help.play": "preme Gioca (nella scheda Auto: avvia o ferma il gioco automatico).",
  "shell.controls.label": "Comandi di gioco",
  "shell.mode.label": "Modalità di gioco",
  "shell.bet.amount": "Monete",
  "shell.bet.amountLabel": "Monete in {currency}",
  "shell.bet.enterAmount": "Inserisci le monete da giocare.",
  "shell.bet.aboveBalance": "Sono più monete di quelle che hai.",
  "shell.bet.notEnoughBalance":
    "Le tue {balance} non coprono una giocata di {stake}: non è stato giocato nulla.",
  "shell.bet.total": "Monete in gioco",
  "shell.bet.noBets": "Metti almeno una fiche sul tavolo.",
  "shell.preset.min.label": "Porta le monete al minimo",
  "shell.preset.half.label": "Dimezza le monete",
  "shell.preset.double.label": "Raddoppia le monete",
  "shell.preset.max.label": "Porta le monete al massimo",
  "shell.play.label": "Gioca",
  "shell.result.win": "Hai ottenuto {amount} ({multiplier})",
  "shell.result.push": "Parità: le tue {amount} tornano a te",
  "shell.result.partial": "Tornano {payout} su {stake} ({multiplier}): {loss} in meno",
  "shell.autobet.count": "Numero di giocate",
  "shell.autobet.progress": "Giocate",
  "shell.autobet.played|one": "{count} giocata",
  "shell.autobet.played|many": "{count} giocate",
  "shell.autobet.played|other": "{count} giocate",
  "shell.autobet.onWin": "Dopo un premio",
  "shell.autobet.start": "Avvia il gioco auto",
  "shell.autobet.stop": "Ferma il gioco auto",
  "shell.autobet.stopped.count|one": "Gioco auto terminato: {count} giocata.",
  "shell.autobet.stopped.count|many": "Gioco auto terminato: {count} giocate.",
  "shell.autobet.stopped.count|other": "Gioco auto terminato: {count} giocate.",
  "shell.autobet.stopped.profit|one":
    "Gioco auto fermato: il tuo obiettivo di monete è stato raggiunto dopo {count} giocata.",
  "shell.autobet.stopped.profit|many":
    "Gioco auto fermato: il tuo obiettivo di monete è stato raggiunto dopo {count} giocate.",
  "shell.autobet.stopped.profit|other":
    "Gioco auto fermato: il tuo obiettivo di monete è stato raggiunto dopo {count} giocate.",
  "shell.autobet.stopped.loss|one":
    "Gioco auto fermato: il tuo limite è stato raggiunto dopo {count} giocata.",
  "shell.autobet.stopped.loss|many":
    "Gioco auto fermato: il tuo limite è stato raggiunto dopo {count} giocate.",
  "shell.autobet.stopped.loss|other":
    "Gioco auto fermato: il tuo limite è stato raggiunto dopo {count} giocate.",
  "shell.autobet.invalid.count": "Numero di giocate: un numero intero, 0 per giocare finché non ti fermi.",
  "shell.autobet.invalid.onWinPercent": "Dopo un premio: una percentuale da 0 a 10000.",
  "shell.note.max_win_reached":
    "Il premio massimo di {maxWin} è stato raggiunto: il round è stato raccolto per te.",
  "shell.note.bet_exceeds_max_win":
    "Questa giocata potrebbe dare più del premio massimo di {maxWin}: non è stato giocato nulla. Usa meno monete.",
  "shell.tab.history": "Le mie giocate",
  "shell.history.stake": "Monete",
  "shell.history.payout": "Premio",
  "shell.rules.maxWin": "Premio massimo per round: {amount}",
  "shell.rules.malfunction": "Il malfunzionamento annulla tutti i premi e le giocate.",
  "shell.fair.check.stake": "Monete",
  "shell.fair.check.payout": "Premio",
  "shell.fair.status.cancelled":
    "Questa giocata è stata annullata prima dell'estrazione: le monete sono tornate e non c'è alcun esito da verificare.",
  "shell.error.invalid_amount": "Questo numero di monete non è valido.",
  "shell.error.bet_below_minimum": "Una giocata richiede almeno {min}.",
  "shell.error.bet_above_maximum": "Una giocata ammette al massimo {max}.",
  "shell.error.max_win_exceeded":
    "Questa giocata potrebbe dare più del premio massimo di {maxWin}. Usa meno monete o un moltiplicatore più basso.",
  "shell.error.not_enough_money": "Monete insufficienti per questa giocata.",
  "shell.error.player_disabled": "Il tuo account non può giocare in questo momento. Contatta il sito.",
  "shell.error.bet_refused": "Il sito ha rifiutato questa giocata.",
  "shell.error.previous_bet_settling":
    "La tua giocata precedente in questo gioco è stata annullata e le sue monete stanno tornando. Appena tornate, potrai giocare di nuovo a questo gioco.",
  "shell.error.round_initializing": "La tua giocata è ancora in conferma. Un momento…",
  "shell.error.wallet_unavailable":
    "Il tuo saldo monete non risponde. La tua giocata non è stata presa o le sue monete torneranno; ogni esito è conservato e mostrato appena confermato.",
  "shell.safety.label": "Gioco sicuro",
  "shell.safety.responsibleGambling": "Gioco responsabile",
  "games.common.payoutOnWin": "Premio",
  "games.common.maxPayout": "Premio massimo",
  "games.roulette.layout": "Tavolo",
  "games.roulette.layoutActions": "Fiche",
  "games.roulette.hint": "Clicca su una casella per aggiungere una fiche; il clic destro o Canc la rimuove.",
  "games.roulette.hintTouch": "Tocca una casella per aggiungere una fiche; tienila premuta per rimuoverla.",
  "games.roulette.bet": "Fiche",
  "games.baccarat.betColumn": "Casella",
  "games.baccarat.tableActions": "Fiche",
  "games.baccarat.hint": "Clicca su una casella per aggiungere una fiche; il clic destro o Canc la rimuove.",
  "games.baccarat.hintTouch": "Tocca una casella per aggiungere una fiche; tienila premuta per rimuoverla.",
  "games.cashout.cashOut": "Raccogli",
  "games.cashout.current": "Valore da raccogliere",
  "games.mines.hint": "Scegli il numero di mine, premi Gioca e scopri le caselle.",
  "games.mines.instantHint": "Scegli le caselle da scoprire, poi gioca: vengono scoperte tutte insieme.",
  "games.mines_mania.hint": "Scegli il numero di mine, premi Gioca e scopri caselle, righe o colonne.",
  "games.towers.hint": "Scegli una difficoltà, premi Gioca e sali una riga alla volta.",
  "games.towers.instantHint":
    "Scegli una casella per riga partendo dal basso, poi gioca: la salita si gioca tutta insieme.",
  "games.hilo.hint": "Premi Gioca per ricevere la prima carta, poi indovina la prossima.",
  "games.coinflip.hint": "Premi Gioca, poi scegli testa o croce.",
  "games.rock_paper_scissors.hint": "Premi Gioca, poi gioca la tua mano.",
  "games.doctor_pump.hint": "Scegli una difficoltà, premi Gioca e pompa.",
  "games.chicken_crossing.hint": "Scegli una difficoltà, premi Gioca e attraversa corsia per corsia.",
  "games.degen_mining.hint": "Scegli una difficoltà, premi Gioca e scava un pozzo a ogni livello.",
  "games.flight_deck.autoCashOut": "Raccolta auto",
  "games.flight_deck.autoToggle": "Raccogli automaticamente",
  "games.flight_deck.autoSet": "Raccolta auto a {multiplier}",
  "games.flight_deck.hint": "Imposta una raccolta automatica se vuoi, poi premi Gioca per decollare.",
  "games.blackjack.mainBet": "Mano",
  "games.blackjack.paid": "Ottenuto {amount}",
  "games.blackjack.sideWon": "{hand}, dà {amount}",
  "games.blackjack.idle": "Scegli le tue monete e premi Gioca per distribuire.",
  "games.blackjack.singleNote": "Una mano contro il croupier. Inserisci le monete e premi Gioca.",
  "games.craps.placeOn": "Metti una fiche su {bet}",
  "games.craps.placeRow": "Numeri piazzati",
  "games.craps.propsRow": "Doppi e caselle su un lancio",
  "games.craps.opening": "Caselle d'apertura",
  "games.craps.onTable": "Fiche che puoi ritirare",
  "games.war.bet.main": "Mano",
  "games.war.clearBet": "Togli {bet}",
  "games.war.warNotAllowed": "Una guerra qui potrebbe dare più del premio massimo: la scelta è arrendersi.",
  "games.war.rules.pays": "dà {multiplier} (monete incluse)",
  "games.war.status.wars_exhausted": "Cinque guerre in pareggio: rilanci restituiti con metà della mano",
  "games.cashout.firstStep": "Fai il primo passo per poter raccogliere.",
  "games.keno.paytable": "Premi per numeri presi",
  "games.roulette.onBet": "{amount} in gioco",
  "games.baccarat.onBet": "{amount} in gioco",
  "games.blackjack.onCircle": "{amount} in gioco",
  "games.war.onBet": "{amount} in gioco",
  "replay.cancelled":
    "Questo round è stato annullato: il wallet non ha confermato la partita, quindi non è stato estratto alcun esito e le monete addebitate sono state restituite.",
  "games.limbo.rules.intro":
    "Viene estratto un moltiplicatore di 1,00× o più. Se raggiunge il tuo obiettivo, ricevi l'obiettivo per le tue monete.",
  "games.plinko_100.rules.intro":
    "Una giocata fa cadere {balls} palline, ognuna con una parte uguale delle monete. La giocata dà il moltiplicatore medio di tutte le palline, arrotondato per difetto una volta.",
  "games.roulette.rules.intro":
    "Roulette europea con uno zero. Metti fiche su tutte le caselle del tappeto che vuoi; la pallina cade in una delle 37 caselle e ogni casella che la copre vince.",
  "games.roulette.rules.partage":
    "La partage: quando esce lo zero, una casella che non copre lo zero restituisce metà delle sue monete.",
  "games.roulette.rules.controls":
    "Scegli il valore della fiche e clicca sul tappeto per piazzare le fiche; le monete in gioco sono la somma delle tue fiche. Il clic destro o Canc su una casella ne toglie le fiche.",
  "games.baccarat.rules.push":
    "In caso di pareggio, le fiche su giocatore e banco tornano indietro ({multiplier}).",
  "games.mines.rules.intro":
    "La griglia 5 × 5 nasconde il numero di mine scelto. Ogni gemma scoperta alza il moltiplicatore; una mina chiude la mano senza niente. Raccogli quando vuoi dopo la prima gemma.",
  "games.mines.rules.instant":
    "Modalità istantanea: scegli al massimo tante caselle quante sono le gemme, poi gioca. Le caselle si scoprono nell'ordine scelto; se sono tutte gemme la mano viene raccolta subito, e una mina la chiude.",
  "games.towers.rules.intro":
    "Sali nove righe scegliendo una casella in ognuna; ogni riga nasconde le sue trappole. Ogni scelta sicura alza il moltiplicatore; raccogli dopo qualsiasi riga.",
  "games.towers.rules.instant":
    "Modalità istantanea: scegli una casella in quante righe vuoi, dal basso in alto, poi gioca. La salita segue le tue scelte; se sono tutte sicure la mano viene raccolta all'ultima, e una trappola la chiude.",
  "games.hilo.rules.intro":
    "Viene scoperta una carta. Indovina se la prossima sarà più alta o più bassa; ogni risposta giusta moltiplica il tuo premio per l'inverso della sua probabilità. Salta una carta gratis, o raccogli dopo una risposta giusta.",
  "games.coinflip.rules.intro":
    "Scegli testa o croce. Ogni scelta giusta raddoppia il valore della serie al ritorno di questo gioco; una scelta sbagliata perde la mano. Raccogli tra un lancio e l'altro; la serie finisce da sola dopo {max} scelte giuste.",
  "games.doctor_pump.rules.intro":
    "Il dottore gonfia un palloncino: {steps} pompate, alcune delle quali lo fanno scoppiare. Ogni pompata sicura alza il moltiplicatore; raccogli prima che scoppi.",
  "games.chicken_crossing.rules.intro":
    "Aiuta la gallina ad attraversare una strada di {lanes} corsie. Ogni corsia attraversata alza il moltiplicatore; un'auto nella corsia chiude la mano. Raccogli su qualsiasi corsia.",
  "games.degen_mining.rules.intro":
    "Scava {levels} livelli, scegliendo uno di {shafts} pozzi a ogni livello. Il minerale moltiplica il valore del carrello per il suo fattore; un crollo chiude la mano senza niente. Raccogli dopo qualsiasi scavo.",
  "games.flight_deck.rules.intro":
    "L'aereo decolla a 1,00× e il moltiplicatore sale finché il volo non finisce al suo punto di crash equo e dimostrabile. Raccogli a mano durante il volo, o imposta una raccolta automatica prima del decollo.",
  "games.flight_deck.rules.clock":
    "Decide l'orologio del server: una raccolta conta nel momento in cui il server la riceve, e il volo viene chiuso anche se te ne vai.",
  "games.blackjack.rules.dealer":
    "Il croupier sta su ogni 17 e controlla il blackjack sotto un asso o una carta da dieci: un blackjack del croupier chiude la mano e prende solo le tue monete iniziali.",
  "games.blackjack.rules.payouts":
    "Il blackjack dà 3:2; l'asso di picche con un fante nero dà 2:1. Una mano vinta dà 1:1, un pareggio restituisce le monete. 21 dopo una divisione non è blackjack.",
  "games.blackjack.rules.insurance":
    "Con un asso del croupier puoi assicurarti per metà delle tue monete; l'assicurazione dà 2:1 se il croupier ha blackjack (ritorno {rtp}).",
  "games.blackjack.rules.abandon":
    "Una mano lasciata incompiuta viene completata per te senza altre monete: assicurazione rifiutata, ogni mano aperta sta, il croupier gioca.",
  "games.blackjack.rules.sideRtp": "Ritorno al giocatore di questa mano laterale: {rtp}.",
  "games.craps.rules.intro":
    "Metti le fiche sul tavolo e premi Gioca: le fiche d'apertura vengono prese insieme e i dadi vengono lanciati. La mano resta aperta finché ci sono fiche sul tavolo.",
  "games.craps.rules.point":
    "Un lancio d'apertura di 4, 5, 6, 8, 9 o 10 fissa il punto; il punto o un 7 lo toglie. Solo le caselle aperte ora accettano fiche.",
  "games.craps.rules.working":
    "I numeri piazzati e i doppi non valgono nei lanci d'apertura; le quote valgono sempre; un 12 in apertura lascia in piedi le caselle «non».",
  "games.craps.rules.wallet":
    "Le fiche aggiunte tra due lanci vengono prese insieme al lancio; ogni lancio vincente dà subito il suo premio; le fiche ritirate tornano subito indietro.",
  "games.craps.rules.bet": "Casella",
  "games.craps.rules.abandon":
    "Se lasci una mano, le fiche ritirabili tornano indietro e le caselle di linea e «vieni» con un punto vengono lanciate fino alla decisione.",
  "games.war.rules.intro":
    "Una carta a testa da un sabot di 8 mazzi mescolato a ogni mano; l'asso è la più alta. La carta più alta vince la mano alla pari.",
  "games.war.rules.tie":
    "In caso di pareggio, arrenditi per riavere metà delle monete, o vai in guerra: rilancia le tue monete e ognuno riceve una carta.",
  "games.war.rules.wars":
    "Vinci la guerra e le monete tornano e ogni rilancio dà alla pari; perdila e perdi monete e rilanci; pareggia di nuovo e scegli di nuovo (arrendersi allora rinuncia ai rilanci). Al massimo 5 guerre.",
} satisfies Record<string, string>;
