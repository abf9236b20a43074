/** Simplified Chinese strings of free rounds: the offer, the rounds played, their summary ("freerounds.*"; "freerounds.social.*" for a session without money words). */
export default {
  "freerounds.offer.title|other": "您有 {count} 次免费回合",
  "freerounds.offer.bet": "每回合投注：{amount}。不会从您的余额中扣除。",
  "freerounds.offer.params": "这些回合的游戏设置是固定的。",
  "freerounds.offer.expires": "请在 {date} 前使用。",
  "freerounds.offer.accept": "玩免费回合",
  "freerounds.offer.later": "稍后",
  "freerounds.waiting|other": "{count} 次免费回合待玩",
  "freerounds.fixed": "每回合 {amount} 的免费回合：投注和设置是固定的。",
  "freerounds.play.label|other": "免费回合 · 剩余 {count} 次",
  "freerounds.result.noWin": "免费回合：这次没有",
  "freerounds.summary.title": "免费回合已结束",
  "freerounds.summary.won|other": "{count} 次免费回合的总赢额",
  "freerounds.summary.continue": "返回游戏",
  "freerounds.lapsed":
    "您的免费回合已不可用：已过期、已取消或已在另一个窗口中玩过。投注将再次从您的余额中支付。",
  "freerounds.social.bet": "每次游戏的金币：{amount}。不会使用您的金币。",
  "freerounds.social.fixed": "每次 {amount} 的免费游戏：金币和设置是固定的。",
  "freerounds.social.summary|other": "{count} 次免费游戏的奖品",
  "freerounds.social.lapsed":
    "您的免费游戏已不可用：已过期、已取消或已在另一个窗口中使用。游戏将再次使用您的金币。",
} satisfies Record<string, string>;
