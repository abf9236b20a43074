/** Los textos en español de las vistas de juego. */
export default {
  "games.common.multiplier": "Multiplicador",
  "games.common.chance": "Probabilidad",
  "games.common.risk": "Riesgo",
  "games.common.risk.low": "Bajo",
  "games.common.risk.medium": "Medio",
  "games.common.risk.high": "Alto",
  "games.common.won": "Pago {amount} ({multiplier}×)",
  "games.common.payoutOnWin": "Pago si ganas",
  "games.common.maxPayout": "Pago máximo",
  "games.common.noWin": "Esta vez no hay premio",
  "games.common.chipValue": "Valor de la ficha",
  "games.common.chipOf": "Ficha de {amount}",
  "games.common.customChip": "Valor de ficha personalizado",
  "games.common.invalidChip": "Introduce un importe positivo en la moneda de la sesión.",

  "games.dice.board": "Tirada de dados",
  "games.dice.roll": "Tirada",
  "games.dice.condition": "Ganas si la tirada queda",
  "games.dice.under": "Por debajo",
  "games.dice.over": "Por encima",
  "games.dice.target": "Objetivo",
  "games.dice.winChance": "Probabilidad de ganar",
  "games.dice.invalidTarget": "Elige un objetivo de {min} a {max} con 2 decimales como máximo.",
  "games.dice.rules.intro":
    "Se tira un número de 00.00 a 99.99. Elige un objetivo y si la tirada debe quedar por encima o por debajo; cuanto menor es la probabilidad de ganar, mayor es el multiplicador.",
  "games.dice.rules.formula":
    "Multiplicador = RTP × 100 / probabilidad de ganar, calculado de forma exacta; el pago se redondea hacia abajo una sola vez a la unidad más pequeña de la moneda.",

  "games.limbo.board": "Resultado de Limbo",
  "games.limbo.target": "Multiplicador objetivo",
  "games.limbo.winChance": "Probabilidad de ganar",
  "games.limbo.halve": "Reducir el objetivo a la mitad",
  "games.limbo.double": "Duplicar el objetivo",
  "games.limbo.invalidTarget": "Elige un objetivo de {min}× a {max}× con 2 decimales como máximo.",
  "games.limbo.resultIs": "Resultado {result}×",
  "games.limbo.targetIs": "Objetivo {target}×",
  "games.limbo.rules.intro":
    "Se sortea un multiplicador de 1.00× o más. Si alcanza tu objetivo, ganas el objetivo multiplicado por tu apuesta.",
  "games.limbo.rules.range":
    "Los objetivos van de {min}× a {max}×; la probabilidad de ganar es el RTP dividido entre el objetivo.",

  "games.plinko.board": "Tablero de Plinko",
  "games.plinko.rows": "Filas",
  "games.plinko.bucket": "Casilla",
  "games.plinko.rules.intro":
    "La bola cae por las filas de clavos, rebotando a la izquierda o a la derecha en cada uno, y acaba en una casilla que paga su multiplicador. Las casillas de los extremos son raras y pagan más.",
  "games.plinko.rules.table": "Tabla de pagos para {rows} filas, riesgo {risk}:",

  "games.plinko_100.board": "Tablero de Plinko 100",
  "games.plinko_100.landed": "Bolas {landed}/{balls}",
  "games.plinko_100.total": "Total {multiplier}×",
  "games.plinko_100.rules.intro":
    "Una apuesta lanza {balls} bolas, cada una con la misma parte de la apuesta. Se paga el multiplicador medio de todas las bolas, redondeado hacia abajo una sola vez.",

  "games.lightning_plinko.board": "Tablero de Lightning Plinko",
  "games.lightning_plinko.boost": "Potenciador",
  "games.lightning_plinko.strikeChance": "Probabilidad por casilla",
  "games.lightning_plinko.rules.intro":
    "Antes de cada caída, un rayo puede caer en cualquier casilla con un potenciador. Una bola que acaba en una casilla alcanzada paga su multiplicador base por el potenciador.",
  "games.lightning_plinko.rules.base": "Multiplicadores base para {rows} filas, riesgo {risk}:",

  "games.keno.board": "Tablero de Keno",
  "games.keno.hit": "acierto",
  "games.keno.drawn": "sorteado",
  "games.keno.hits": "{hits} aciertos",
  "games.keno.hitsColumn": "Aciertos",
  "games.keno.paytable": "Tabla de pagos por número de aciertos",
  "games.keno.pickHint": "Elige de 1 a {max} números en el tablero.",
  "games.keno.picked": "Números elegidos: {count}/{max}",
  "games.keno.autoPick": "Elección aleatoria",
  "games.keno.clear": "Borrar",
  "games.keno.risk.classic": "Clásico",
  "games.keno.rules.intro":
    "Elige de 1 a 10 números del 1 al 80. Se sortean veinte números; cuantos más de los tuyos salgan, más ganas.",
  "games.keno.rules.table": "Tabla de pagos para {picks} números, riesgo {risk}:",

  "games.lightning_keno.board": "Tablero de Lightning Keno",
  "games.lightning_keno.struck": "rayo ×{boost}",
  "games.lightning_keno.boost": "Potenciador",
  "games.lightning_keno.rules.intro":
    "Keno con rayos: antes del sorteo caen rayos sobre {count} números, cada uno con un potenciador. Cada número con rayo que aciertes multiplica tu premio por su potenciador.",
  "games.lightning_keno.rules.table":
    "Tabla de pagos base para {picks} números, riesgo {risk} (antes de potenciadores):",

  "games.wheel.board": "Rueda",
  "games.wheel.segments": "Segmentos",
  "games.wheel.segmentCount": "Segmentos",
  "games.wheel.rules.intro":
    "La rueda gira y se detiene al azar en un segmento; se paga el multiplicador de ese segmento.",
  "games.wheel.rules.table": "Rueda de {segments} segmentos, riesgo {risk}:",

  "games.darts.board": "Diana",
  "games.darts.zone": "Zona",
  "games.darts.zone.bullseye": "Diana central",
  "games.darts.zone.bull": "Bull",
  "games.darts.zone.treble": "Triple",
  "games.darts.zone.double": "Doble",
  "games.darts.zone.single": "Simple",
  "games.darts.zone.miss": "Fallo",
  "games.darts.rules.intro":
    "Se lanza un dardo a una diana reglamentaria. El anillo donde cae paga su multiplicador para el riesgo elegido; un dardo fuera de la diana es un fallo.",

  "games.cases.board": "Apertura de caja",
  "games.cases.contents": "Contenido de esta caja",
  "games.cases.difficulty": "Dificultad",
  "games.cases.difficulty.easy": "Fácil",
  "games.cases.difficulty.medium": "Media",
  "games.cases.difficulty.hard": "Difícil",
  "games.cases.difficulty.expert": "Experto",
  "games.cases.rules.intro":
    "Abre una caja y gana el multiplicador del objeto que contiene. Las cajas más difíciles guardan objetos más raros y más grandes.",
  "games.cases.rules.table": "Objetos de la caja «{difficulty}»:",

  "games.pinball.board": "Mesa de pinball",
  "games.pinball.paytable": "Multiplicador según las luces encendidas",
  "games.pinball.lamps": "{lamps} luces",
  "games.pinball.lampsColumn": "Luces encendidas",
  "games.pinball.lampsLit": "{lamps} luces encendidas",
  "games.pinball.jackpot": "Bote",
  "games.pinball.rules.intro":
    "La bola rebota por la mesa hasta que se cuela por el desagüe. Cada bumper enciende una luz y la rampa dos; si se encienden las {lamps} luces, la bola queda atrapada en el bote.",
  "games.pinball.rules.odds":
    "En cada rebote: 6 de cada 16 veces la bola se pierde, 9 de cada 16 golpea un bumper y 1 de cada 16 toma la rampa.",

  "games.roulette.board": "Mesa de ruleta",
  "games.roulette.layout": "Tapete de apuestas",
  "games.roulette.layoutActions": "Apuestas",
  "games.roulette.undo": "Deshacer",
  "games.roulette.double": "Duplicar",
  "games.roulette.clear": "Borrar",
  "games.roulette.hint":
    "Haz clic en una casilla para añadir una ficha; clic derecho o Supr retira la apuesta.",
  "games.roulette.onBet": "{amount} apostados",
  "games.roulette.pocketIs": "Número {pocket}",
  "games.roulette.bet": "Apuesta",
  "games.roulette.covers": "Números",
  "games.roulette.onZero": "Con el cero",
  "games.roulette.kind.straight": "Pleno",
  "games.roulette.kind.split": "Caballo",
  "games.roulette.kind.street": "Transversal",
  "games.roulette.kind.trio": "Trío",
  "games.roulette.kind.corner": "Cuadro",
  "games.roulette.kind.first_four": "Primeros cuatro",
  "games.roulette.kind.six_line": "Seisena",
  "games.roulette.kind.column": "Columna",
  "games.roulette.kind.dozen": "Docena",
  "games.roulette.kind.red": "Rojo",
  "games.roulette.kind.black": "Negro",
  "games.roulette.kind.odd": "Impar",
  "games.roulette.kind.even": "Par",
  "games.roulette.kind.low": "1 a 18",
  "games.roulette.kind.high": "19 a 36",
  "games.roulette.rules.intro":
    "Ruleta europea con un solo cero. Coloca tantas apuestas como quieras en el tapete; la bola cae en una de las 37 casillas y paga cada apuesta que la cubre.",
  "games.roulette.rules.partage":
    "La partage: cuando sale el cero, una apuesta que no cubre el cero recupera la mitad de lo apostado.",
  "games.roulette.rules.controls":
    "Elige un valor de ficha y haz clic en el tapete para colocar fichas; la apuesta total es la suma de tus fichas. Clic derecho o Supr sobre una apuesta la retira.",

  "games.baccarat.board": "Mesa de baccarat",
  "games.baccarat.total": "Total",
  "games.baccarat.bet.player": "Jugador",
  "games.baccarat.bet.banker": "Banca",
  "games.baccarat.bet.tie": "Empate",
  "games.baccarat.bet.player_pair": "Pareja del jugador",
  "games.baccarat.bet.banker_pair": "Pareja de la banca",
  "games.baccarat.betColumn": "Apuesta",
  "games.baccarat.onBet": "{amount} apostados",
  "games.baccarat.tableActions": "Apuestas",
  "games.baccarat.double": "Duplicar",
  "games.baccarat.clear": "Borrar",
  "games.baccarat.hint": "Haz clic en una apuesta para añadir una ficha; clic derecho o Supr la retira.",
  "games.baccarat.winsResult": "Gana {side}",
  "games.baccarat.tieResult": "Empate",
  "games.baccarat.note.natural": "Natural de {total}: no se reparten más cartas.",
  "games.baccarat.note.playerDraws": "El jugador tiene {total} y pide una tercera carta.",
  "games.baccarat.note.playerStands": "El jugador se planta con {total}.",
  "games.baccarat.note.bankerDraws": "La banca tiene {total} y pide una tercera carta.",
  "games.baccarat.note.bankerStands": "La banca se planta con {total}.",
  "games.baccarat.note.bankerDrawsOn":
    "La banca tiene {total} frente a una tercera carta del jugador de {card}: la banca pide.",
  "games.baccarat.note.bankerStandsOn":
    "La banca tiene {total} frente a una tercera carta del jugador de {card}: la banca se planta.",
  "games.baccarat.bankerTotal": "Total de la banca",
  "games.baccarat.playerStood": "El jugador se plantó",
  "games.baccarat.drawShort": "P",
  "games.baccarat.standShort": "Q",
  "games.baccarat.rules.intro":
    "Apuesta por la mano que más se acerque a 9: jugador o banca, un empate o una pareja en las dos primeras cartas de cualquiera de las manos. Los dieces y las figuras valen 0 y los ases 1; solo cuenta la última cifra del total.",
  "games.baccarat.rules.push":
    "En caso de empate, las apuestas al jugador y a la banca se devuelven ({multiplier}×).",
  "games.baccarat.rules.player":
    "Con 8 o 9 en cualquiera de las manos (un natural) no se reparten más cartas. Si no, el jugador pide una tercera carta con 0 a 5 y se planta con 6 o 7.",
  "games.baccarat.rules.banker":
    "Después la banca pide o se planta según su total y la tercera carta del jugador, como en esta tabla:",
  "games.baccarat.rules.legend": "P: la banca pide. Q: la banca se queda (se planta).",
} satisfies Record<string, string>;
