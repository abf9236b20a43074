/** French strings of the replay page and of the history's replay links ("replay.*"). */
export default {
  "replay.pageTitle": "Rediffusion de la manche : {game}",
  "replay.failedTitle": "Cette manche ne peut pas être affichée",
  "replay.badge": "Rediffusion",
  "replay.cancelled":
    "Cette manche a été annulée : le portefeuille n'a pas confirmé la mise, aucun résultat n'a donc été tiré et toute mise prélevée a été rendue.",
  "replay.detailsLabel": "Détails de la manche",
  "replay.settingsLabel": "Réglages de la manche",
  "replay.serverSeedHash": "Hash de la graine serveur",
  "replay.nonce": "Valeur nonce",
  "replay.unrevealed":
    "La graine serveur reste secrète tant que sa paire de graines est en service. Dès que le joueur change de paire, cette page l'affiche et la manche peut être vérifiée.",
  "replay.historyLink": "Rediffusion",
  "replay.historyLinkLabel": "Rediffusion de la manche {id} (un lien à partager)",
} satisfies Record<string, string>;
