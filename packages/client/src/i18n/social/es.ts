/**
 * Los textos en español de una sesión social: sin apuestas, dinero ni cobros. Una ronda se juega con monedas,
 * «Jugar» la inicia, «Recoger» termina una ronda que sube, y lo que una ronda devuelve es su premio.
 */
export default {
  "shell.help.play": "pulsa Jugar (en la pestaña Automático: inicia o detiene el juego automático).",
  "shell.controls.label": "Controles de juego",
  "shell.mode.label": "Modo de juego",
  "shell.bet.amount": "Monedas",
  "shell.bet.amountLabel": "Monedas en {currency}",
  "shell.bet.enterAmount": "Introduce las monedas para jugar.",
  "shell.bet.aboveBalance": "Son más monedas de las que tienes.",
  "shell.bet.notEnoughBalance": "Tus {balance} no cubren una jugada de {stake}: no se ha jugado nada.",
  "shell.bet.total": "Monedas en juego",
  "shell.bet.noBets": "Coloca al menos una ficha en la mesa.",
  "shell.preset.min.label": "Poner las monedas al mínimo",
  "shell.preset.half.label": "Reducir las monedas a la mitad",
  "shell.preset.double.label": "Duplicar las monedas",
  "shell.preset.max.label": "Poner las monedas al máximo",
  "shell.play.label": "Jugar",
  "shell.result.win": "Has conseguido {amount} ({multiplier})",
  "shell.result.push": "Empate: te vuelven tus {amount}",
  "shell.result.partial": "Vuelven {payout} de {stake} ({multiplier}): {loss} menos",
  "shell.autobet.count": "Número de jugadas",
  "shell.autobet.progress": "Jugadas",
  "shell.autobet.played|one": "{count} jugada",
  "shell.autobet.played|many": "{count} de jugadas",
  "shell.autobet.played|other": "{count} jugadas",
  "shell.autobet.onWin": "Tras un premio",
  "shell.autobet.start": "Iniciar juego automático",
  "shell.autobet.stop": "Detener juego automático",
  "shell.autobet.stopped.count|one": "Juego automático terminado: {count} jugada.",
  "shell.autobet.stopped.count|many": "Juego automático terminado: {count} de jugadas.",
  "shell.autobet.stopped.count|other": "Juego automático terminado: {count} jugadas.",
  "shell.autobet.stopped.profit|one":
    "Juego automático detenido: tu objetivo de monedas se alcanzó tras {count} jugada.",
  "shell.autobet.stopped.profit|many":
    "Juego automático detenido: tu objetivo de monedas se alcanzó tras {count} de jugadas.",
  "shell.autobet.stopped.profit|other":
    "Juego automático detenido: tu objetivo de monedas se alcanzó tras {count} jugadas.",
  "shell.autobet.stopped.loss|one": "Juego automático detenido: tu límite se alcanzó tras {count} jugada.",
  "shell.autobet.stopped.loss|many":
    "Juego automático detenido: tu límite se alcanzó tras {count} de jugadas.",
  "shell.autobet.stopped.loss|other": "Juego automático detenido: tu límite se alcanzó tras {count} jugadas.",
  "shell.autobet.invalid.count": "Número de jugadas: un número entero; 0 juega hasta que te detengas.",
  "shell.autobet.invalid.onWinPercent": "Tras un premio: un porcentaje de 0 a 10000.",
  "shell.note.max_win_reached": "Se alcanzó el premio máximo de {maxWin}: la ronda se recogió por ti.",
  "shell.note.bet_exceeds_max_win":
    "Esta jugada podría dar más que el premio máximo de {maxWin}: no se ha jugado nada. Usa menos monedas.",
  "shell.tab.history": "Mis jugadas",
  "shell.history.stake": "Monedas",
  "shell.history.payout": "Premio",
  "shell.rules.maxWin": "Premio máximo por ronda: {amount}",
  "shell.rules.malfunction": "Un fallo de funcionamiento anula todos los premios y jugadas.",
  "shell.fair.check.stake": "Monedas",
  "shell.fair.check.payout": "Premio",
  "shell.fair.status.cancelled":
    "Esta jugada se canceló antes del sorteo: las monedas volvieron y no hay ningún resultado que verificar.",
  "shell.error.invalid_amount": "Este número de monedas no es válido.",
  "shell.error.bet_below_minimum": "Lo mínimo para una jugada son {min}.",
  "shell.error.bet_above_maximum": "Lo máximo para una jugada son {max}.",
  "shell.error.max_win_exceeded":
    "Esta jugada podría dar más que el premio máximo de {maxWin}. Usa menos monedas o un multiplicador menor.",
  "shell.error.not_enough_money": "No hay monedas suficientes para esta jugada.",
  "shell.error.player_disabled": "Tu cuenta no puede jugar en este momento. Ponte en contacto con el sitio.",
  "shell.error.bet_refused": "El sitio ha rechazado esta jugada.",
  "shell.error.previous_bet_settling":
    "Tu jugada anterior en este juego se canceló y sus monedas están volviendo. Cuando vuelvan, podrás jugar de nuevo a este juego.",
  "shell.error.round_initializing": "Tu jugada aún se está confirmando. Un momento…",
  "shell.error.wallet_unavailable":
    "Tu saldo de monedas no responde. Tu jugada no se aceptó o sus monedas volverán; cualquier resultado se conserva y se mostrará cuando se confirme.",
  "shell.safety.label": "Juego seguro",
  "shell.safety.responsibleGambling": "Juego responsable",
  "games.common.payoutOnWin": "Premio",
  "games.common.maxPayout": "Premio máximo",
  "games.roulette.layout": "Mesa",
  "games.roulette.layoutActions": "Fichas",
  "games.roulette.hint": "Haz clic en una casilla para añadir una ficha; clic derecho o Supr la quita.",
  "games.roulette.hintTouch": "Toca una casilla para añadir una ficha; mantenla pulsada para quitarla.",
  "games.roulette.bet": "Fichas",
  "games.baccarat.betColumn": "Casilla",
  "games.baccarat.tableActions": "Fichas",
  "games.baccarat.hint": "Haz clic en una casilla para añadir una ficha; clic derecho o Supr la quita.",
  "games.baccarat.hintTouch": "Toca una casilla para añadir una ficha; mantenla pulsada para quitarla.",
  "games.cashout.cashOut": "Recoger",
  "games.cashout.current": "Valor al recoger",
  "games.mines.hint": "Elige el número de minas, pulsa Jugar y descubre casillas.",
  "games.mines.instantHint": "Elige las casillas y juega: se descubren todas a la vez.",
  "games.mines_mania.hint": "Elige el número de minas, pulsa Jugar y descubre casillas, filas o columnas.",
  "games.towers.hint": "Elige una dificultad, pulsa Jugar y sube fila a fila.",
  "games.towers.instantHint":
    "Elige una casilla por fila desde abajo y juega: la subida se juega de una vez.",
  "games.hilo.hint": "Pulsa Jugar para repartir la primera carta y adivina la siguiente.",
  "games.coinflip.hint": "Pulsa Jugar y elige cara o cruz.",
  "games.rock_paper_scissors.hint": "Pulsa Jugar y elige tu mano.",
  "games.doctor_pump.hint": "Elige una dificultad, pulsa Jugar y bombea.",
  "games.chicken_crossing.hint": "Elige una dificultad, pulsa Jugar y cruza carril a carril.",
  "games.degen_mining.hint": "Elige una dificultad, pulsa Jugar y cava un pozo en cada nivel.",
  "games.flight_deck.autoCashOut": "Recogida automática",
  "games.flight_deck.autoToggle": "Recoger automáticamente",
  "games.flight_deck.autoSet": "Recogida automática a {multiplier}",
  "games.flight_deck.hint": "Fija una recogida automática si quieres y pulsa Jugar para despegar.",
  "games.blackjack.mainBet": "Mano",
  "games.blackjack.paid": "Conseguido {amount}",
  "games.blackjack.sideWon": "{hand}, da {amount}",
  "games.blackjack.idle": "Elige tus monedas y pulsa Jugar para repartir.",
  "games.blackjack.singleNote": "Una mano contra el crupier. Introduce tus monedas y pulsa Jugar.",
  "games.craps.placeOn": "Poner una ficha en {bet}",
  "games.craps.placeRow": "Casillas a número",
  "games.craps.propsRow": "Dobles y casillas de una tirada",
  "games.craps.opening": "Casillas iniciales",
  "games.craps.onTable": "Fichas que puedes quitar",
  "games.war.bet.main": "Mano",
  "games.war.clearBet": "Quitar {bet}",
  "games.war.warNotAllowed": "Aquí una guerra podría dar más que el premio máximo: la opción es rendirse.",
  "games.war.rules.pays": "da {multiplier} (tus monedas incluidas)",
  "games.war.status.wars_exhausted": "Cinco guerras empatadas: vuelven las subidas y media mano",
  "games.cashout.firstStep": "Da el primer paso para poder recoger.",
  "games.keno.paytable": "Tabla de premios por número de aciertos",
  "games.roulette.onBet": "{amount} en juego",
  "games.baccarat.onBet": "{amount} en juego",
  "games.blackjack.onCircle": "{amount} en juego",
  "games.war.onBet": "{amount} en juego",
  "games.craps.bet.place": "A número",
  "games.craps.takeDown": "Quitar",
  "replay.cancelled":
    "Esta ronda se canceló: la billetera no confirmó la jugada, así que no se sorteó ningún resultado y se devolvieron las monedas descontadas.",
  "games.dice.rules.formula":
    "Multiplicador = RTP × 100 / probabilidad de ganar, calculado de forma exacta; el premio se redondea hacia abajo una sola vez a la unidad más pequeña de la moneda.",
  "games.limbo.rules.intro":
    "Se sortea un multiplicador de 1.00× o más. Si alcanza tu objetivo, recibes el objetivo multiplicado por tus monedas.",
  "games.plinko.rules.table": "Tabla de premios para {rows} filas, riesgo {risk}:",
  "games.plinko_100.rules.intro":
    "Una jugada lanza {balls} bolas, cada una con la misma parte de las monedas. Da el multiplicador medio de todas las bolas, redondeado hacia abajo una sola vez.",
  "games.keno.rules.table|one": "Tabla de premios para {count} número, riesgo {risk}:",
  "games.keno.rules.table|many": "Tabla de premios para {count} de números, riesgo {risk}:",
  "games.keno.rules.table|other": "Tabla de premios para {count} números, riesgo {risk}:",
  "games.lightning_keno.rules.table|one":
    "Tabla de premios base para {count} número, riesgo {risk} (antes de los multiplicadores):",
  "games.lightning_keno.rules.table|many":
    "Tabla de premios base para {count} de números, riesgo {risk} (antes de los multiplicadores):",
  "games.lightning_keno.rules.table|other":
    "Tabla de premios base para {count} números, riesgo {risk} (antes de los multiplicadores):",
  "games.roulette.rules.intro":
    "Ruleta europea con un solo cero. Pon fichas en tantas casillas del tapete como quieras; la bola cae en una de las 37 casillas y da premio a cada casilla que la cubre.",
  "games.roulette.rules.partage":
    "La partage: cuando sale el cero, una casilla que no cubre el cero recupera la mitad de sus monedas.",
  "games.roulette.rules.controls":
    "Elige un valor de ficha y haz clic en el tapete para colocar fichas; las monedas en juego son la suma de tus fichas. Clic derecho o Supr sobre una casilla quita sus fichas.",
  "games.baccarat.rules.intro":
    "Juega a la mano que más se acerque a 9: jugador o banca, un empate o una pareja en las dos primeras cartas de cualquiera de las manos. Los dieces y las figuras valen 0 y los ases 1; solo cuenta la última cifra del total.",
  "games.baccarat.rules.push": "En caso de empate vuelven las fichas de jugador y banca ({multiplier}).",
  "games.mines.rules.intro":
    "La cuadrícula de 5 × 5 esconde el número de minas elegido. Cada gema que descubres sube el multiplicador; una mina termina la ronda sin premio. Tras la primera gema puedes recoger cuando quieras.",
  "games.mines.rules.instant":
    "Modo instantáneo: elige como mucho tantas casillas como gemas hay y juega. Se descubren en el orden elegido; si todas son gemas la ronda se recoge al instante, y una mina la termina.",
  "games.towers.rules.instant":
    "Modo instantáneo: elige una casilla en las filas que quieras, de abajo arriba, y juega. La subida sigue tu selección; si todas son seguras la ronda se recoge en la última, y una trampa la termina.",
  "games.blackjack.rules.dealer":
    "El crupier se planta con cualquier 17 y comprueba si tiene blackjack bajo un as o un diez: un blackjack del crupier termina la ronda y solo se lleva tus monedas iniciales.",
  "games.blackjack.rules.payouts":
    "El blackjack da 3:2; el as de picas con una jota negra da 2:1. Una mano ganadora da 1:1 y el empate devuelve las monedas. Un 21 tras dividir no es blackjack.",
  "games.blackjack.rules.insurance":
    "Con un as del crupier puedes asegurarte por la mitad de tus monedas; el seguro da 2:1 si el crupier tiene blackjack (retorno {rtp}).",
  "games.blackjack.rules.abandon":
    "Una ronda sin terminar se completa por ti sin más monedas: sin seguro, cada mano abierta se planta y el crupier juega.",
  "games.blackjack.rules.sideRtp": "Retorno al jugador de esta mano lateral: {rtp}.",
  "games.craps.rules.intro":
    "Pon fichas en la mesa y pulsa Jugar: las fichas iniciales se toman juntas y se tiran los dados. La ronda sigue abierta mientras queden fichas en la mesa.",
  "games.craps.rules.point":
    "Una tirada de salida de 4, 5, 6, 8, 9 o 10 fija el punto; el punto o un 7 lo quitan. Solo aceptan fichas las casillas abiertas ahora.",
  "games.craps.rules.working":
    "Las casillas a número y los dobles no cuentan en las tiradas de salida; las odds cuentan siempre; un 12 en la salida deja en pie las casillas de no pase y no venir.",
  "games.craps.rules.wallet":
    "Las fichas añadidas entre tiradas se toman juntas al tirar; cada tirada ganadora da su premio en el acto; las fichas quitadas vuelven enseguida.",
  "games.craps.rules.bet": "Casilla",
  "games.craps.rules.abandon":
    "Si abandonas una ronda, vuelven las fichas que podías quitar y las casillas de línea y de venir con punto se siguen tirando hasta decidirse.",
  "games.war.rules.intro":
    "Una carta para cada uno de un zapato de 8 barajas mezclado en cada ronda; el as es la carta más alta. La carta más alta gana la mano 1 a 1.",
  "games.war.rules.tie":
    "En un empate puedes rendirte y recuperar la mitad de tus monedas, o ir a la guerra: subes otra vez tus monedas y se reparte una carta a cada uno.",
  "games.war.rules.wars":
    "Si ganas la guerra, recuperas tus monedas y cada subida da 1 a 1; si la pierdes, pierdes las monedas y las subidas; si empatas otra vez, decides de nuevo (rendirse entonces pierde las subidas). Como máximo 5 guerras.",
} satisfies Record<string, string>;
