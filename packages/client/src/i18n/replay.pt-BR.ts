/** Brazilian Portuguese strings of the replay page and of the history's replay links ("replay.*"). */
export default {
  "replay.pageTitle": "Replay da rodada: {game}",
  "replay.failedTitle": "Não é possível mostrar esta rodada",
  "replay.badge": "Replay da rodada",
  "replay.cancelled":
    "Esta rodada foi cancelada: a carteira não confirmou a aposta, então nenhum resultado foi sorteado e qualquer valor debitado foi devolvido.",
  "replay.detailsLabel": "Detalhes da rodada",
  "replay.settingsLabel": "Configurações da rodada",
  "replay.serverSeedHash": "Hash da semente do servidor",
  "replay.nonce": "Valor nonce",
  "replay.unrevealed":
    "A semente do servidor fica em segredo enquanto seu par de sementes está em uso. Quando o jogador troca o par, esta página a mostra e a rodada pode ser verificada.",
  "replay.historyLink": "Rever",
  "replay.historyLinkLabel": "Replay da rodada {id} (um link para compartilhar)",
} satisfies Record<string, string>;
