/** Die deutschen Texte der Spielansichten. */
export default {
  "games.common.multiplier": "Multiplikator",
  "games.common.chance": "Wahrscheinlichkeit",
  "games.common.risk": "Risiko",
  "games.common.risk.low": "Niedrig",
  "games.common.risk.medium": "Mittel",
  "games.common.risk.high": "Hoch",
  "games.common.won": "Auszahlung {amount} ({multiplier}×)",
  "games.common.payoutOnWin": "Auszahlung bei Gewinn",
  "games.common.maxPayout": "Höchste Auszahlung",
  "games.common.noWin": "Diesmal kein Gewinn",
  "games.common.chipValue": "Chipwert",
  "games.common.chipOf": "Chip zu {amount}",
  "games.common.customChip": "Eigener Chipwert",
  "games.common.invalidChip": "Gib einen positiven Betrag in der Währung der Sitzung ein.",

  "games.dice.board": "Würfelwurf",
  "games.dice.roll": "Wurf",
  "games.dice.condition": "Gewinn, wenn der Wurf",
  "games.dice.under": "Darunter",
  "games.dice.over": "Darüber",
  "games.dice.target": "Zielwert",
  "games.dice.winChance": "Gewinnchance",
  "games.dice.invalidTarget": "Wähle einen Zielwert von {min} bis {max} mit höchstens 2 Nachkommastellen.",
  "games.dice.rules.intro":
    "Es wird eine Zahl von 00.00 bis 99.99 gewürfelt. Wähle einen Zielwert und ob der Wurf darüber oder darunter liegen muss; je kleiner die Gewinnchance, desto höher der Multiplikator.",
  "games.dice.rules.formula":
    "Multiplikator = RTP × 100 / Gewinnchance, exakt gerechnet; die Auszahlung wird einmal auf die kleinste Einheit der Währung abgerundet.",

  "games.limbo.board": "Limbo-Ergebnis",
  "games.limbo.target": "Ziel-Multiplikator",
  "games.limbo.winChance": "Gewinnchance",
  "games.limbo.halve": "Ziel halbieren",
  "games.limbo.double": "Ziel verdoppeln",
  "games.limbo.invalidTarget": "Wähle ein Ziel von {min}× bis {max}× mit höchstens 2 Nachkommastellen.",
  "games.limbo.resultIs": "Ergebnis {result}×",
  "games.limbo.targetIs": "Ziel {target}×",
  "games.limbo.rules.intro":
    "Es wird ein Ergebnis-Multiplikator von 1.00× oder mehr gezogen. Erreicht er dein Ziel, gewinnst du das Ziel mal deinen Einsatz.",
  "games.limbo.rules.range":
    "Ziele reichen von {min}× bis {max}×; die Gewinnchance ist der RTP geteilt durch das Ziel.",

  "games.plinko.board": "Plinko-Brett",
  "games.plinko.rows": "Reihen",
  "games.plinko.bucket": "Fach",
  "games.plinko.rules.intro":
    "Die Kugel fällt durch die Stiftreihen, springt an jedem Stift nach links oder rechts und landet in einem Fach, das seinen Multiplikator auszahlt. Die Randfächer sind selten und zahlen am meisten.",
  "games.plinko.rules.table": "Gewinntabelle für {rows} Reihen, Risiko {risk}:",

  "games.plinko_100.board": "Plinko-100-Brett",
  "games.plinko_100.landed": "Kugeln {landed}/{balls}",
  "games.plinko_100.total": "Gesamt {multiplier}×",
  "games.plinko_100.rules.intro":
    "Ein Einsatz lässt {balls} Kugeln fallen, jede mit dem gleichen Anteil am Einsatz. Ausgezahlt wird der durchschnittliche Multiplikator aller Kugeln, einmal abgerundet.",

  "games.lightning_plinko.board": "Lightning-Plinko-Brett",
  "games.lightning_plinko.boost": "Boost",
  "games.lightning_plinko.strikeChance": "Wahrscheinlichkeit je Fach",
  "games.lightning_plinko.rules.intro":
    "Vor jedem Fall kann der Blitz in jedes Fach einschlagen und ihm einen Boost geben. Landet die Kugel in einem getroffenen Fach, zahlt es seinen Grundmultiplikator mal den Boost.",
  "games.lightning_plinko.rules.base": "Grundmultiplikatoren für {rows} Reihen, Risiko {risk}:",

  "games.keno.board": "Keno-Feld",
  "games.keno.hit": "Treffer",
  "games.keno.drawn": "gezogen",
  "games.keno.hits": "{hits} Treffer",
  "games.keno.hitsColumn": "Treffer",
  "games.keno.paytable": "Gewinntabelle nach Anzahl der Treffer",
  "games.keno.pickHint": "Wähle 1 bis {max} Zahlen auf dem Feld.",
  "games.keno.picked": "Gewählte Zahlen: {count}/{max}",
  "games.keno.autoPick": "Zufallswahl",
  "games.keno.clear": "Leeren",
  "games.keno.risk.classic": "Klassisch",
  "games.keno.rules.intro":
    "Wähle 1 bis 10 Zahlen von 1 bis 80. Zwanzig Zahlen werden gezogen; je mehr deiner Zahlen dabei sind, desto mehr gewinnst du.",
  "games.keno.rules.table": "Gewinntabelle für {picks} Zahlen, Risiko {risk}:",

  "games.lightning_keno.board": "Lightning-Keno-Feld",
  "games.lightning_keno.struck": "Blitz ×{boost}",
  "games.lightning_keno.boost": "Boost",
  "games.lightning_keno.rules.intro":
    "Keno mit Blitzen: Vor der Ziehung schlägt der Blitz in {count} Zahlen ein, jede mit einem Boost. Jede getroffene Blitzzahl multipliziert deinen Gewinn mit ihrem Boost.",
  "games.lightning_keno.rules.table": "Grundgewinntabelle für {picks} Zahlen, Risiko {risk} (vor Boosts):",

  "games.wheel.board": "Glücksrad",
  "games.wheel.segments": "Segmente",
  "games.wheel.segmentCount": "Segmente",
  "games.wheel.rules.intro":
    "Das Rad dreht sich und bleibt zufällig auf einem Segment stehen; dessen Multiplikator wird ausgezahlt.",
  "games.wheel.rules.table": "Rad mit {segments} Segmenten, Risiko {risk}:",

  "games.darts.board": "Dartscheibe",
  "games.darts.zone": "Zone",
  "games.darts.zone.bullseye": "Bullseye",
  "games.darts.zone.bull": "Bull",
  "games.darts.zone.treble": "Triple",
  "games.darts.zone.double": "Doppel",
  "games.darts.zone.single": "Einfach",
  "games.darts.zone.miss": "Daneben",
  "games.darts.rules.intro":
    "Ein Pfeil wird auf eine Turnierscheibe geworfen. Der Ring, in dem er landet, zahlt seinen Multiplikator für das gewählte Risiko; ein Pfeil neben der Scheibe geht daneben.",

  "games.cases.board": "Kiste öffnen",
  "games.cases.contents": "Inhalt dieser Kiste",
  "games.cases.difficulty": "Schwierigkeit",
  "games.cases.difficulty.easy": "Leicht",
  "games.cases.difficulty.medium": "Mittel",
  "games.cases.difficulty.hard": "Schwer",
  "games.cases.difficulty.expert": "Experte",
  "games.cases.rules.intro":
    "Öffne eine Kiste und gewinne den Multiplikator des Gegenstands darin. Schwerere Kisten enthalten seltenere, größere Gegenstände.",
  "games.cases.rules.table": "Gegenstände der Kiste „{difficulty}“:",

  "games.pinball.board": "Flippertisch",
  "games.pinball.paytable": "Multiplikator nach leuchtenden Lampen",
  "games.pinball.lamps": "{lamps} Lampen",
  "games.pinball.lampsColumn": "Leuchtende Lampen",
  "games.pinball.lampsLit": "{lamps} Lampen leuchten",
  "games.pinball.jackpot": "Jackpot",
  "games.pinball.rules.intro":
    "Die Kugel springt über den Tisch, bis sie ins Aus fällt. Jeder Bumper lässt eine Lampe aufleuchten, die Rampe zwei; leuchten alle {lamps} Lampen, landet die Kugel im Jackpot.",
  "games.pinball.rules.odds":
    "Bei jedem Abprall: in 6 von 16 Fällen fällt die Kugel ins Aus, in 9 von 16 trifft sie einen Bumper, in 1 von 16 nimmt sie die Rampe.",

  "games.roulette.board": "Roulettetisch",
  "games.roulette.layout": "Setzfeld",
  "games.roulette.layoutActions": "Einsätze",
  "games.roulette.undo": "Rückgängig",
  "games.roulette.double": "Verdoppeln",
  "games.roulette.clear": "Leeren",
  "games.roulette.hint":
    "Klicke auf ein Feld, um einen Chip zu setzen; Rechtsklick oder Entf entfernt den Einsatz.",
  "games.roulette.onBet": "{amount} gesetzt",
  "games.roulette.pocketIs": "Zahl {pocket}",
  "games.roulette.bet": "Einsatz",
  "games.roulette.covers": "Zahlen",
  "games.roulette.onZero": "Bei Zero",
  "games.roulette.kind.straight": "Plein",
  "games.roulette.kind.split": "Cheval",
  "games.roulette.kind.street": "Transversale pleine",
  "games.roulette.kind.trio": "Trio",
  "games.roulette.kind.corner": "Carré",
  "games.roulette.kind.first_four": "Die ersten vier",
  "games.roulette.kind.six_line": "Transversale simple",
  "games.roulette.kind.column": "Kolonne",
  "games.roulette.kind.dozen": "Dutzend",
  "games.roulette.kind.red": "Rot",
  "games.roulette.kind.black": "Schwarz",
  "games.roulette.kind.odd": "Ungerade",
  "games.roulette.kind.even": "Gerade",
  "games.roulette.kind.low": "1 bis 18",
  "games.roulette.kind.high": "19 bis 36",
  "games.roulette.rules.intro":
    "Europäisches Roulette mit einer Zero. Setze beliebig viele Einsätze auf das Feld; die Kugel fällt in eines von 37 Fächern, und jeder Einsatz, der es abdeckt, gewinnt.",
  "games.roulette.rules.partage":
    "La partage: Fällt die Zero, erhält ein Einsatz, der die Zero nicht abdeckt, die Hälfte zurück.",
  "games.roulette.rules.controls":
    "Wähle einen Chipwert und klicke auf das Feld, um Chips zu setzen; der Gesamteinsatz ist die Summe deiner Chips. Rechtsklick oder Entf auf einem Einsatz entfernt ihn.",

  "games.baccarat.board": "Baccarat-Tisch",
  "games.baccarat.total": "Summe",
  "games.baccarat.bet.player": "Spieler",
  "games.baccarat.bet.banker": "Bank",
  "games.baccarat.bet.tie": "Unentschieden",
  "games.baccarat.bet.player_pair": "Spieler-Paar",
  "games.baccarat.bet.banker_pair": "Bank-Paar",
  "games.baccarat.betColumn": "Einsatz",
  "games.baccarat.onBet": "{amount} gesetzt",
  "games.baccarat.tableActions": "Einsätze",
  "games.baccarat.double": "Verdoppeln",
  "games.baccarat.clear": "Leeren",
  "games.baccarat.hint":
    "Klicke auf einen Einsatz, um einen Chip zu setzen; Rechtsklick oder Entf entfernt ihn.",
  "games.baccarat.winsResult": "{side} gewinnt",
  "games.baccarat.tieResult": "Unentschieden",
  "games.baccarat.note.natural": "Natural {total}: keine weiteren Karten.",
  "games.baccarat.note.playerDraws": "Der Spieler hat {total} und zieht eine dritte Karte.",
  "games.baccarat.note.playerStands": "Der Spieler bleibt bei {total} stehen.",
  "games.baccarat.note.bankerDraws": "Die Bank hat {total} und zieht eine dritte Karte.",
  "games.baccarat.note.bankerStands": "Die Bank bleibt bei {total} stehen.",
  "games.baccarat.note.bankerDrawsOn":
    "Die Bank hat {total} gegen eine dritte Spielerkarte mit Wert {card}: die Bank zieht.",
  "games.baccarat.note.bankerStandsOn":
    "Die Bank hat {total} gegen eine dritte Spielerkarte mit Wert {card}: die Bank bleibt stehen.",
  "games.baccarat.bankerTotal": "Summe der Bank",
  "games.baccarat.playerStood": "Spieler blieb stehen",
  "games.baccarat.drawShort": "Z",
  "games.baccarat.standShort": "S",
  "games.baccarat.rules.intro":
    "Setze auf die Hand, die näher an 9 kommt: Spieler oder Bank, ein Unentschieden oder ein Paar in den ersten zwei Karten einer Hand. Zehner und Bildkarten zählen 0, Asse 1; es zählt nur die letzte Ziffer der Summe.",
  "games.baccarat.rules.push":
    "Bei Unentschieden werden Einsätze auf Spieler und Bank zurückgegeben ({multiplier}×).",
  "games.baccarat.rules.player":
    "Hat eine Hand 8 oder 9 (ein Natural), wird keine Karte mehr gegeben. Sonst zieht der Spieler bei 0 bis 5 eine dritte Karte und bleibt bei 6 oder 7 stehen.",
  "games.baccarat.rules.banker":
    "Danach zieht die Bank oder bleibt stehen, je nach ihrer Summe und der dritten Karte des Spielers, wie in dieser Tabelle:",
  "games.baccarat.rules.legend": "Z: die Bank zieht. S: die Bank bleibt stehen.",
} satisfies Record<string, string>;
