/** English strings of the replay page and of the history's replay links ("replay.*"). */
export default {
  "replay.pageTitle": "Round replay: {game}",
  "replay.failedTitle": "This round cannot be shown",
  "replay.badge": "Replay",
  "replay.cancelled":
    "This round was cancelled: the wallet did not confirm the bet, so no outcome was drawn and any stake taken was returned.",
  "replay.detailsLabel": "Round details",
  "replay.settingsLabel": "The round's settings",
  "replay.serverSeedHash": "Server seed hash",
  "replay.nonce": "Nonce",
  "replay.unrevealed":
    "The server seed stays secret while its seed pair is in play. Once the player rotates the pair, this page shows it and the round can be verified.",
  "replay.historyLink": "Replay",
  "replay.historyLinkLabel": "Replay of round {id} (a link to share)",
} satisfies Record<string, string>;
