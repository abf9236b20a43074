/** Japanese strings of free rounds: the offer, the rounds played, their summary ("freerounds.*"; "freerounds.social.*" for a session without money words). */
export default {
  "freerounds.offer.title|other": "フリーラウンドが{count}回あります",
  "freerounds.offer.bet": "1ラウンドのベット: {amount}。残高からは引かれません。",
  "freerounds.offer.params": "これらのラウンドではゲームの設定が固定されています。",
  "freerounds.offer.expires": "有効期限: {date}",
  "freerounds.offer.accept": "フリーラウンドをプレイ",
  "freerounds.offer.later": "あとで",
  "freerounds.waiting|other": "フリーラウンドが{count}回待っています",
  "freerounds.fixed": "1ラウンド{amount}のフリーラウンド: ベットと設定は固定です。",
  "freerounds.play.label|other": "フリーラウンド · 残り{count}回",
  "freerounds.result.noWin": "フリーラウンド: 今回はなし",
  "freerounds.summary.title": "フリーラウンド終了",
  "freerounds.summary.won|other": "{count}回のフリーラウンドの合計獲得額",
  "freerounds.summary.continue": "ゲームに戻る",
  "freerounds.lapsed":
    "フリーラウンドは利用できなくなりました: 期限切れ、取り消し、または別のウィンドウでプレイ済みです。ベットは再び残高から支払われます。",
  "freerounds.social.bet": "1プレイのコイン: {amount}。あなたのコインは使われません。",
  "freerounds.social.fixed": "1回{amount}の無料プレイ: コインと設定は固定です。",
  "freerounds.social.summary|other": "{count}回の無料プレイの賞品",
  "freerounds.social.lapsed":
    "無料プレイは利用できなくなりました: 期限切れ、取り消し、または別のウィンドウで使用済みです。プレイには再びあなたのコインが使われます。",
} satisfies Record<string, string>;
