/** German strings of the replay page and of the history's replay links ("replay.*"). */
export default {
  "replay.pageTitle": "Rundenwiedergabe: {game}",
  "replay.failedTitle": "Diese Runde kann nicht angezeigt werden",
  "replay.badge": "Wiedergabe",
  "replay.cancelled":
    "Diese Runde wurde storniert: Die Wallet hat den Einsatz nicht bestätigt, daher wurde kein Ergebnis gezogen und ein abgebuchter Einsatz zurückerstattet.",
  "replay.detailsLabel": "Rundendetails",
  "replay.settingsLabel": "Einstellungen der Runde",
  "replay.serverSeedHash": "Hash des Server-Seeds",
  "replay.nonce": "Nonce-Wert",
  "replay.unrevealed":
    "Der Server-Seed bleibt geheim, solange sein Seed-Paar im Einsatz ist. Sobald der Spieler das Paar wechselt, zeigt diese Seite ihn an und die Runde kann geprüft werden.",
  "replay.historyLink": "Wiedergabe",
  "replay.historyLinkLabel": "Wiedergabe der Runde {id} (ein Link zum Teilen)",
} satisfies Record<string, string>;
