/** Spanish strings of the replay page and of the history's replay links ("replay.*"). */
export default {
  "replay.pageTitle": "Repetición de la ronda: {game}",
  "replay.failedTitle": "No se puede mostrar esta ronda",
  "replay.badge": "Repetición",
  "replay.cancelled":
    "Esta ronda se canceló: la billetera no confirmó la apuesta, así que no se sorteó ningún resultado y se devolvió cualquier importe cobrado.",
  "replay.detailsLabel": "Detalles de la ronda",
  "replay.settingsLabel": "Ajustes de la ronda",
  "replay.serverSeedHash": "Hash de la semilla del servidor",
  "replay.nonce": "Número nonce",
  "replay.unrevealed":
    "La semilla del servidor sigue en secreto mientras su par de semillas está en uso. Cuando el jugador rota el par, esta página la muestra y la ronda puede verificarse.",
  "replay.historyLink": "Repetición",
  "replay.historyLinkLabel": "Repetición de la ronda {id} (un enlace para compartir)",
} satisfies Record<string, string>;
