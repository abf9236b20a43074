/** Italian strings of the replay page and of the history's replay links ("replay.*"). */
export default {
  "replay.pageTitle": "Replay del round: {game}",
  "replay.failedTitle": "Impossibile mostrare questo round",
  "replay.badge": "Replay del round",
  "replay.cancelled":
    "Questo round è stato annullato: il wallet non ha confermato la puntata, quindi non è stato estratto alcun esito e l'importo addebitato è stato restituito.",
  "replay.detailsLabel": "Dettagli del round",
  "replay.settingsLabel": "Impostazioni del round",
  "replay.serverSeedHash": "Hash del seed del server",
  "replay.nonce": "Valore nonce",
  "replay.unrevealed":
    "Il seed del server resta segreto finché la sua coppia di seed è in uso. Quando il giocatore cambia coppia, questa pagina lo mostra e il round può essere verificato.",
  "replay.historyLink": "Rivedi",
  "replay.historyLinkLabel": "Replay del round {id} (un link da condividere)",
} satisfies Record<string, string>;
