/** Japanese strings of the replay page and of the history's replay links ("replay.*"). */
export default {
  "replay.pageTitle": "ラウンドのリプレイ：{game}",
  "replay.failedTitle": "このラウンドは表示できません",
  "replay.badge": "リプレイ",
  "replay.cancelled":
    "このラウンドはキャンセルされました。ウォレットがベットを確認しなかったため、結果は抽選されず、引き落とされた額は返金されました。",
  "replay.detailsLabel": "ラウンドの詳細",
  "replay.settingsLabel": "ラウンドの設定",
  "replay.serverSeedHash": "サーバーシードのハッシュ",
  "replay.nonce": "ノンス",
  "replay.unrevealed":
    "シードペアが使用中の間、サーバーシードは非公開です。プレイヤーがペアを切り替えると、このページに表示され、ラウンドを検証できます。",
  "replay.historyLink": "リプレイ",
  "replay.historyLinkLabel": "ラウンド {id} のリプレイ（共有用リンク）",
} satisfies Record<string, string>;
