/** ウォーの日本語テキスト ("games.war.*")。 */
export default {
  "games.war.board": "ウォーテーブル",
  "games.war.bet.main": "ベット",
  "games.war.bet.tie": "タイ",
  "games.war.bet.coloured_tie": "カラータイ",
  "games.war.clearBet": "{bet} をクリア",
  "games.war.onBet": "ベット {amount}",
  "games.war.cardBack": "伏せたカード",
  "games.war.player": "あなた",
  "games.war.dealer": "ディーラー",
  "games.war.decision": "タイ：選んでください",
  "games.war.goToWar": "ウォーに進む（{amount}）",
  "games.war.surrender": "サレンダー（{amount} を受け取る）",
  "games.war.warNotAllowed":
    "ここでウォーをすると最大勝利額を超える可能性があるため、サレンダーのみ選べます。",
  "games.war.status.tie": "タイ！",
  "games.war.status.won": "あなたのカードが上",
  "games.war.status.lost": "ディーラーのカードが上",
  "games.war.status.surrendered": "サレンダー",
  "games.war.status.war_won": "あなたのカードがウォーに勝利",
  "games.war.status.war_lost": "ディーラーのカードがウォーに勝利",
  "games.war.status.wars_exhausted": "5回のウォーがすべてタイ：レイズはベットの半額とともに返還",
  "games.war.status.abandoned": "タイで放置：サレンダー",
  "games.war.rules.intro":
    "ラウンドごとにシャッフルされる8デッキのシューから1枚ずつ配られます。エースが最強。高いカードが等倍でベットに勝ちます。",
  "games.war.rules.tie":
    "タイのときは、サレンダーしてベットの半額を取り戻すか、ウォーに進みます：ベットと同額をもう一度レイズし、1枚ずつ配られます。",
  "games.war.rules.wars":
    "ウォーに勝つとベットが戻り、レイズはすべて等倍で支払われます。負けるとベットとレイズを失います。再びタイならもう一度選びます（そのときのサレンダーはレイズを放棄）。ウォーは最大5回。",
  "games.war.rules.best":
    "最初のタイではウォーとサレンダーは同じ価値です。ウォーの後は再びウォーに進む方が有利で、そのプレイの還元率は 96.27% です。",
  "games.war.rules.pays": "{multiplier} 支払い（ベット込み）",
  "games.war.rules.abandon": "タイのまま放置されたラウンドはサレンダーとして精算されます。",
};
