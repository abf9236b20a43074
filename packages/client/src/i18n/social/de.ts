/**
 * Die deutschen Texte einer Social-Sitzung: kein Wetten, kein Geld, kein Auszahlen. Eine Runde wird mit Münzen
 * gespielt, „Spielen“ startet sie, „Einsammeln“ beendet eine steigende Runde, und was eine Runde zurückgibt,
 * ist ihr Preis.
 */
export default {
  "shell.help.play": "drückt „Spielen“ (im Tab Automatisch: startet oder stoppt das Auto-Spiel).",
  "shell.controls.label": "Spielsteuerung",
  "shell.mode.label": "Spielmodus",
  "shell.bet.amount": "Münzen",
  "shell.bet.amountLabel": "Münzen in {currency}",
  "shell.bet.enterAmount": "Gib die Münzen zum Spielen ein.",
  "shell.bet.aboveBalance": "Das sind mehr Münzen, als du hast.",
  "shell.bet.notEnoughBalance":
    "Deine {balance} reichen nicht für ein Spiel mit {stake}: Es wurde nichts gespielt.",
  "shell.bet.total": "Münzen im Spiel",
  "shell.bet.noBets": "Lege mindestens einen Chip auf den Tisch.",
  "shell.preset.min.label": "Münzen auf das Minimum stellen",
  "shell.preset.half.label": "Münzen halbieren",
  "shell.preset.double.label": "Münzen verdoppeln",
  "shell.preset.max.label": "Münzen auf das Maximum stellen",
  "shell.play.label": "Spielen",
  "shell.result.win": "Du hast {amount} erhalten ({multiplier})",
  "shell.result.push": "Unentschieden: Deine {amount} kommen zurück",
  "shell.result.partial": "{payout} von {stake} zurück ({multiplier}): {loss} weniger",
  "shell.autobet.count": "Anzahl der Spiele",
  "shell.autobet.progress": "Gespielte Spiele",
  "shell.autobet.played|one": "{count} Spiel gespielt",
  "shell.autobet.played|other": "{count} Spiele gespielt",
  "shell.autobet.onWin": "Nach einem Preis",
  "shell.autobet.start": "Auto-Spiel starten",
  "shell.autobet.stop": "Auto-Spiel stoppen",
  "shell.autobet.stopped.count|one": "Auto-Spiel beendet: {count} Spiel gespielt.",
  "shell.autobet.stopped.count|other": "Auto-Spiel beendet: {count} Spiele gespielt.",
  "shell.autobet.stopped.profit|one": "Auto-Spiel gestoppt: Dein Münzziel war nach {count} Spiel erreicht.",
  "shell.autobet.stopped.profit|other":
    "Auto-Spiel gestoppt: Dein Münzziel war nach {count} Spielen erreicht.",
  "shell.autobet.stopped.loss|one": "Auto-Spiel gestoppt: Dein Limit war nach {count} Spiel erreicht.",
  "shell.autobet.stopped.loss|other": "Auto-Spiel gestoppt: Dein Limit war nach {count} Spielen erreicht.",
  "shell.autobet.invalid.count": "Anzahl der Spiele: eine ganze Zahl, 0 spielt, bis du stoppst.",
  "shell.autobet.invalid.onWinPercent": "Nach einem Preis: ein Prozentsatz von 0 bis 10000.",
  "shell.note.max_win_reached":
    "Der Höchstpreis von {maxWin} ist erreicht: Die Runde wurde für dich eingesammelt.",
  "shell.note.bet_exceeds_max_win":
    "Dieses Spiel könnte mehr als den Höchstpreis von {maxWin} bringen: Es wurde nichts gespielt. Nimm weniger Münzen.",
  "shell.tab.history": "Meine Spiele",
  "shell.history.stake": "Münzen",
  "shell.history.payout": "Preis",
  "shell.rules.maxWin": "Höchstpreis pro Runde: {amount}",
  "shell.rules.malfunction": "Bei Fehlfunktionen werden alle Spiele und Preise ungültig.",
  "shell.fair.check.stake": "Münzen",
  "shell.fair.check.payout": "Preis",
  "shell.fair.status.cancelled":
    "Dieses Spiel wurde abgebrochen, bevor es gezogen wurde: Die Münzen kamen zurück, es gibt kein Ergebnis zu prüfen.",
  "shell.error.invalid_amount": "Diese Münzzahl ist ungültig.",
  "shell.error.bet_below_minimum": "Ein Spiel braucht mindestens {min}.",
  "shell.error.bet_above_maximum": "Ein Spiel erlaubt höchstens {max}.",
  "shell.error.max_win_exceeded":
    "Dieses Spiel könnte mehr als den Höchstpreis von {maxWin} bringen. Nimm weniger Münzen oder einen kleineren Multiplikator.",
  "shell.error.not_enough_money": "Nicht genug Münzen für dieses Spiel.",
  "shell.error.player_disabled": "Dein Konto kann derzeit nicht spielen. Bitte wende dich an die Seite.",
  "shell.error.bet_refused": "Die Seite hat dieses Spiel abgelehnt.",
  "shell.error.previous_bet_settling":
    "Deine vorherige Runde in diesem Spiel wurde abgebrochen und ihre Münzen kommen zurück. Sobald sie da sind, kannst du es wieder spielen.",
  "shell.error.round_initializing": "Dein Spiel wird noch bestätigt. Einen Moment…",
  "shell.error.wallet_unavailable":
    "Dein Münzstand antwortet nicht. Dein Spiel wurde nicht angenommen oder seine Münzen kommen zurück; ein Ergebnis bleibt erhalten und wird nach der Bestätigung angezeigt.",
  "shell.safety.label": "Sicheres Spielen",
  "shell.safety.responsibleGambling": "Verantwortungsvolles Spielen",
  "games.common.payoutOnWin": "Preis",
  "games.common.maxPayout": "Höchstpreis",
  "games.roulette.layout": "Tisch",
  "games.roulette.layoutActions": "Chips",
  "games.roulette.hint": "Klicke auf ein Feld, um einen Chip zu legen; Rechtsklick oder Entf entfernt ihn.",
  "games.roulette.hintTouch":
    "Tippe auf ein Feld, um einen Chip zu legen; halte es gedrückt, um ihn zu entfernen.",
  "games.roulette.bet": "Chips",
  "games.baccarat.betColumn": "Feld",
  "games.baccarat.tableActions": "Chips",
  "games.baccarat.hint": "Klicke auf ein Feld, um einen Chip zu legen; Rechtsklick oder Entf entfernt ihn.",
  "games.baccarat.hintTouch":
    "Tippe auf ein Feld, um einen Chip zu legen; halte es gedrückt, um ihn zu entfernen.",
  "games.cashout.cashOut": "Einsammeln",
  "games.cashout.current": "Sammelwert",
  "games.mines.hint": "Wähle die Zahl der Minen, drücke „Spielen“ und decke Felder auf.",
  "games.mines.instantHint": "Wähle die Felder, dann spiele: Sie werden alle auf einmal aufgedeckt.",
  "games.mines_mania.hint":
    "Wähle die Zahl der Minen, drücke „Spielen“ und decke Felder, Reihen oder Spalten auf.",
  "games.towers.hint": "Wähle eine Schwierigkeit, drücke „Spielen“ und steige Reihe für Reihe auf.",
  "games.towers.instantHint":
    "Wähle von unten ein Feld pro Reihe, dann spiele: Der Aufstieg wird auf einmal gespielt.",
  "games.hilo.hint": "Drücke „Spielen“ für die erste Karte und tippe dann auf die nächste.",
  "games.coinflip.hint": "Drücke „Spielen“ und wähle dann Kopf oder Zahl.",
  "games.rock_paper_scissors.hint": "Drücke „Spielen“ und wähle dann deine Hand.",
  "games.doctor_pump.hint": "Wähle eine Schwierigkeit, drücke „Spielen“ und pumpe.",
  "games.chicken_crossing.hint": "Wähle eine Schwierigkeit, drücke „Spielen“ und überquere Spur für Spur.",
  "games.degen_mining.hint":
    "Wähle eine Schwierigkeit, drücke „Spielen“ und grabe auf jeder Ebene einen Schacht.",
  "games.flight_deck.autoCashOut": "Auto-Einsammeln",
  "games.flight_deck.autoToggle": "Automatisch einsammeln",
  "games.flight_deck.autoSet": "Automatisch einsammeln bei {multiplier}",
  "games.flight_deck.hint":
    "Lege nach Wunsch ein automatisches Einsammeln fest und drücke „Spielen“ zum Start.",
  "games.blackjack.mainBet": "Hand",
  "games.blackjack.paid": "Erhalten {amount}",
  "games.blackjack.sideWon": "{hand}, bringt {amount}",
  "games.blackjack.idle": "Wähle deine Münzen und drücke „Spielen“, um zu geben.",
  "games.blackjack.singleNote": "Eine Hand gegen den Dealer. Gib deine Münzen ein und drücke „Spielen“.",
  "games.craps.placeOn": "Chip auf {bet} legen",
  "games.craps.placeRow": "Place-Felder",
  "games.craps.propsRow": "Hardways und Ein-Wurf-Felder",
  "games.craps.opening": "Eröffnungsfelder",
  "games.craps.onTable": "Chips, die du zurücknehmen kannst",
  "games.war.bet.main": "Hand",
  "games.war.clearBet": "{bet} entfernen",
  "games.war.warNotAllowed": "Ein Krieg könnte hier mehr als den Höchstpreis bringen: Gib auf.",
  "games.war.rules.pays": "bringt {multiplier} (deine Münzen inklusive)",
  "games.war.status.wars_exhausted": "Fünf Kriege unentschieden: Erhöhungen und die halbe Hand zurück",
  "games.cashout.firstStep": "Mach den ersten Schritt, dann kannst du einsammeln.",
  "games.keno.paytable": "Preistabelle nach Anzahl der Treffer",
  "games.roulette.onBet": "{amount} im Spiel",
  "games.baccarat.onBet": "{amount} im Spiel",
  "games.blackjack.onCircle": "{amount} im Spiel",
  "games.war.onBet": "{amount} im Spiel",
  "games.craps.bet.come": "Come",
  "games.craps.bet.dont_come": "Don't Come",
  "games.craps.bet.place": "Place",
  "replay.cancelled":
    "Diese Runde wurde storniert: Die Wallet hat das Spiel nicht bestätigt, daher wurde kein Ergebnis gezogen und abgebuchte Münzen wurden zurückgegeben.",
  "shell.rules.rtp": "Rückgabequote (RTP): {rtp}",
  "games.dice.rules.formula":
    "Multiplikator = RTP × 100 / Gewinnchance, exakt gerechnet; der Preis wird einmal auf die kleinste Einheit der Währung abgerundet.",
  "games.limbo.rules.intro":
    "Es wird ein Ergebnis-Multiplikator von 1.00× oder mehr gezogen. Erreicht er dein Ziel, erhältst du das Ziel mal deine Münzen.",
  "games.plinko.rules.intro":
    "Die Kugel fällt durch die Stiftreihen, springt an jedem Stift nach links oder rechts und landet in einem Fach, dessen Multiplikator sie bringt. Die Randfächer sind selten und bringen am meisten.",
  "games.plinko_100.rules.intro":
    "Ein Spiel lässt {balls} Kugeln fallen, jede mit dem gleichen Anteil der Münzen. Es bringt den durchschnittlichen Multiplikator aller Kugeln, einmal abgerundet.",
  "games.wheel.rules.intro":
    "Das Rad dreht sich und bleibt zufällig auf einem Segment stehen; dessen Multiplikator gilt.",
  "games.roulette.rules.intro":
    "Europäisches Roulette mit einer Zero. Lege Chips auf beliebig viele Felder; die Kugel fällt in eines von 37 Fächern, und jedes Feld, das es abdeckt, gewinnt.",
  "games.roulette.rules.partage":
    "La partage: Fällt die Zero, erhält ein Feld, das die Zero nicht abdeckt, die Hälfte seiner Münzen zurück.",
  "games.roulette.rules.controls":
    "Wähle einen Chipwert und klicke auf das Tableau, um Chips zu legen; die Münzen im Spiel sind die Summe deiner Chips. Rechtsklick oder Entf auf einem Feld nimmt seine Chips weg.",
  "games.baccarat.rules.push":
    "Bei Unentschieden kommen die Chips auf Spieler und Bank zurück ({multiplier}).",
  "games.mines.rules.intro":
    "Das 5 × 5-Feld versteckt die gewählte Zahl an Minen. Jeder aufgedeckte Edelstein erhöht den Multiplikator; eine Mine beendet die Runde ohne Preis. Nach dem ersten Edelstein kannst du jederzeit einsammeln.",
  "games.mines.rules.instant":
    "Sofort-Modus: Wähle höchstens so viele Felder, wie es Edelsteine gibt, dann spiele. Die Felder werden in der gewählten Reihenfolge aufgedeckt; sind alle Edelsteine, wird die Runde sofort eingesammelt, eine Mine beendet sie.",
  "games.mines_mania.rules.lines":
    "Eine Linie dreht alle ihre verdeckten Felder zugleich um: Ist eine Mine darunter, endet die Runde, sonst springt der Multiplikator auf den Wert aller sichtbaren Edelsteine. Linien ändern den Verlauf, nie die Rückgabequote.",
  "games.towers.rules.intro":
    "Steige neun Reihen hinauf und wähle in jeder ein Feld; jede Reihe versteckt ihre Fallen. Jede sichere Wahl erhöht den Multiplikator; nach jeder Reihe kannst du einsammeln.",
  "games.towers.rules.instant":
    "Sofort-Modus: Wähle von unten nach oben in beliebig vielen Reihen ein Feld, dann spiele. Der Aufstieg folgt deiner Wahl; ist jede Wahl sicher, wird die Runde bei der letzten eingesammelt, eine Falle beendet sie.",
  "games.coinflip.rules.intro":
    "Wähle Kopf oder Zahl. Jeder richtige Tipp verdoppelt den Wert der Serie zur Rückgabequote dieses Spiels; ein falscher Tipp verliert die Runde. Sammle zwischen den Würfen ein; nach {max} richtigen Tipps endet die Serie von selbst.",
  "games.rock_paper_scissors.rules.intro":
    "Spiele Schere, Stein oder Papier gegen die Bank. Ein Sieg verdoppelt den Wert der Serie zur Rückgabequote dieses Spiels, ein Unentschieden wird kostenlos wiederholt, eine Niederlage beendet die Runde. Bis zu {max} Siege pro Runde.",
  "games.degen_mining.rules.intro":
    "Grabe dich {levels} Ebenen hinab und wähle auf jeder einen von {shafts} Schächten. Erz multipliziert den Wert der Lore mit seinem Faktor; ein Einsturz beendet die Runde ohne Preis. Nach jedem Graben kannst du einsammeln.",
  "games.flight_deck.rules.intro":
    "Das Flugzeug startet bei 1,00× und der Multiplikator steigt, bis der Flug an seinem nachweislich fairen Absturzpunkt endet. Sammle während des Flugs von Hand ein oder lege vor dem Start ein automatisches Einsammeln fest.",
  "games.flight_deck.rules.clock":
    "Die Uhr des Servers entscheidet: Einsammeln zählt in dem Moment, in dem der Server es erhält, und der Flug wird auch abgerechnet, wenn du gehst.",
  "games.blackjack.rules.payouts":
    "Blackjack bringt 3:2; das Pik-Ass mit einem schwarzen Buben bringt 2:1. Eine gewonnene Hand bringt 1:1, bei Gleichstand kommen die Münzen zurück. 21 nach dem Teilen ist kein Blackjack.",
  "games.blackjack.rules.insurance":
    "Zeigt der Dealer ein Ass, kannst du dich mit der Hälfte deiner Münzen versichern; die Versicherung bringt 2:1, wenn der Dealer Blackjack hat (Rückgabequote {rtp}).",
  "games.blackjack.rules.abandon":
    "Eine nicht beendete Runde wird ohne weitere Münzen für dich zu Ende gespielt: keine Versicherung, jede offene Hand hält, der Dealer spielt.",
  "games.blackjack.rules.sideRtp": "Rückgabequote dieser Nebenhand: {rtp}.",
  "games.craps.rules.intro":
    "Lege Chips auf den Tisch und drücke „Spielen“: Die Eröffnungschips werden zusammen genommen und die Würfel rollen. Die Runde bleibt offen, solange Chips auf dem Tisch liegen.",
  "games.craps.rules.point":
    "Ein Come-out-Wurf von 4, 5, 6, 8, 9 oder 10 legt den Point fest; der Point oder eine 7 nimmt ihn weg. Nur die jetzt offenen Felder nehmen Chips an.",
  "games.craps.rules.working":
    "Place-Felder und Hardways ruhen bei Come-out-Würfen; Odds gelten immer; eine 12 beim Come-out lässt Don't-Felder stehen.",
  "games.craps.rules.wallet":
    "Zwischen zwei Würfen hinzugefügte Chips werden beim Würfeln zusammen genommen; jeder gewinnende Wurf bringt sofort seinen Preis; zurückgenommene Chips kommen direkt zurück.",
  "games.craps.rules.bet": "Feld",
  "games.craps.rules.abandon":
    "Verlässt du eine Runde, kommen zurücknehmbare Chips zurück, und Line- und Come-Felder mit Point werden bis zur Entscheidung weitergewürfelt.",
  "games.war.rules.intro":
    "Je eine Karte aus einem 8-Deck-Schuh, der für jede Runde neu gemischt wird; Asse sind hoch. Die höhere Karte gewinnt die Hand 1 zu 1.",
  "games.war.rules.tie":
    "Bei Gleichstand gibst du auf und erhältst die Hälfte deiner Münzen zurück, oder du ziehst in den Krieg: Du legst deine Münzen noch einmal nach, und jeder erhält eine Karte.",
  "games.war.rules.wars":
    "Gewinnst du den Krieg, kommen deine Münzen zurück und jede Erhöhung bringt 1 zu 1; verlierst du, sind Münzen und Erhöhungen verloren; bei erneutem Gleichstand wählst du erneut (Aufgeben kostet dann die Erhöhungen). Höchstens 5 Kriege.",
  "games.war.rules.best":
    "Beim ersten Gleichstand sind Krieg und Aufgeben gleich viel wert; nach einem Krieg ist ein weiterer Krieg die bessere Wahl. So gespielt beträgt die Rückgabequote 96,27 %.",
} satisfies Record<string, string>;
