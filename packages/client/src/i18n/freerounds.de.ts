/** German strings of free rounds: the offer, the rounds played, their summary ("freerounds.*"; "freerounds.social.*" for a session without money words). */
export default {
  "freerounds.offer.title|one": "Sie haben {count} Freispiel",
  "freerounds.offer.title|other": "Sie haben {count} Freispiele",
  "freerounds.offer.bet": "Einsatz pro Runde: {amount}. Ihr Guthaben wird nicht belastet.",
  "freerounds.offer.params": "Die Spieleinstellungen sind für diese Runden festgelegt.",
  "freerounds.offer.expires": "Gültig bis {date}.",
  "freerounds.offer.accept": "Freispiele spielen",
  "freerounds.offer.later": "Später",
  "freerounds.waiting|one": "{count} Freispiel wartet",
  "freerounds.waiting|other": "{count} Freispiele warten",
  "freerounds.fixed": "Freispiele zu {amount} pro Runde: Einsatz und Einstellungen sind festgelegt.",
  "freerounds.play.label|one": "Freispiel · noch {count}",
  "freerounds.play.label|other": "Freispiel · noch {count}",
  "freerounds.result.noWin": "Freispiel: diesmal nichts",
  "freerounds.summary.title": "Freispiele beendet",
  "freerounds.summary.won|one": "Gesamtgewinn aus {count} Freispiel",
  "freerounds.summary.won|other": "Gesamtgewinn aus {count} Freispielen",
  "freerounds.summary.continue": "Zurück zum Spiel",
  "freerounds.lapsed":
    "Ihre Freispiele sind nicht mehr verfügbar: Sie sind abgelaufen, wurden storniert oder in einem anderen Fenster gespielt. Einsätze werden wieder von Ihrem Guthaben bezahlt.",
  "freerounds.social.bet": "Münzen pro Spiel: {amount}. Keine Ihrer Münzen wird verwendet.",
  "freerounds.social.fixed": "Gratisspiele zu je {amount}: Münzen und Einstellungen sind festgelegt.",
  "freerounds.social.summary|one": "Preise aus {count} Gratisspiel",
  "freerounds.social.summary|other": "Preise aus {count} Gratisspielen",
  "freerounds.social.lapsed":
    "Ihre Gratisspiele sind nicht mehr verfügbar: Sie sind abgelaufen, wurden storniert oder in einem anderen Fenster genutzt. Spiele verwenden wieder Ihre Münzen.",
} satisfies Record<string, string>;
