/** Simplified Chinese strings of the replay page and of the history's replay links ("replay.*"). */
export default {
  "replay.pageTitle": "回合回放：{game}",
  "replay.failedTitle": "无法显示此回合",
  "replay.badge": "回放",
  "replay.cancelled": "此回合已取消：钱包未确认投注，因此未抽取任何结果，已扣除的金额已退还。",
  "replay.detailsLabel": "回合详情",
  "replay.settingsLabel": "回合设置",
  "replay.serverSeedHash": "服务器种子哈希",
  "replay.nonce": "随机数",
  "replay.unrevealed": "种子对使用期间，服务器种子保密。玩家更换种子对后，此页面会显示它，并可验证该回合。",
  "replay.historyLink": "回放",
  "replay.historyLinkLabel": "回合 {id} 的回放（可分享的链接）",
} satisfies Record<string, string>;
