/** Polish strings of the replay page and of the history's replay links ("replay.*"). */
export default {
  "replay.pageTitle": "Powtórka rundy: {game}",
  "replay.failedTitle": "Nie można wyświetlić tej rundy",
  "replay.badge": "Powtórka",
  "replay.cancelled":
    "Ta runda została anulowana: portfel nie potwierdził zakładu, więc nie wylosowano wyniku, a pobrana stawka została zwrócona.",
  "replay.detailsLabel": "Szczegóły rundy",
  "replay.settingsLabel": "Ustawienia rundy",
  "replay.serverSeedHash": "Hash ziarna serwera",
  "replay.nonce": "Wartość nonce",
  "replay.unrevealed":
    "Ziarno serwera pozostaje tajne, dopóki jego para ziaren jest w użyciu. Gdy gracz zmieni parę, ta strona je pokaże i rundę będzie można sprawdzić.",
  "replay.historyLink": "Powtórka",
  "replay.historyLinkLabel": "Powtórka rundy {id} (link do udostępnienia)",
} satisfies Record<string, string>;
