/** Korean strings of free rounds: the offer, the rounds played, their summary ("freerounds.*"; "freerounds.social.*" for a session without money words). */
export default {
  "freerounds.offer.title|other": "무료 라운드 {count}회가 있습니다",
  "freerounds.offer.bet": "라운드당 베팅: {amount}. 잔액에서 차감되지 않습니다.",
  "freerounds.offer.params": "이 라운드에서는 게임 설정이 고정됩니다.",
  "freerounds.offer.expires": "{date}까지 플레이하세요.",
  "freerounds.offer.accept": "무료 라운드 플레이",
  "freerounds.offer.later": "나중에",
  "freerounds.waiting|other": "무료 라운드 {count}회 대기 중",
  "freerounds.fixed": "라운드당 {amount}의 무료 라운드: 베팅과 설정이 고정됩니다.",
  "freerounds.play.label|other": "무료 라운드 · {count}회 남음",
  "freerounds.result.noWin": "무료 라운드: 이번에는 없음",
  "freerounds.summary.title": "무료 라운드 종료",
  "freerounds.summary.won|other": "무료 라운드 {count}회 총 당첨금",
  "freerounds.summary.continue": "게임으로 돌아가기",
  "freerounds.lapsed":
    "무료 라운드를 더 이상 사용할 수 없습니다: 만료되었거나 취소되었거나 다른 창에서 플레이되었습니다. 베팅은 다시 잔액에서 지불됩니다.",
  "freerounds.social.bet": "플레이당 코인: {amount}. 보유 코인은 사용되지 않습니다.",
  "freerounds.social.fixed": "각 {amount}의 무료 플레이: 코인과 설정이 고정됩니다.",
  "freerounds.social.summary|other": "무료 플레이 {count}회의 상품",
  "freerounds.social.lapsed":
    "무료 플레이를 더 이상 사용할 수 없습니다: 만료되었거나 취소되었거나 다른 창에서 사용되었습니다. 플레이에 다시 보유 코인이 사용됩니다.",
} satisfies Record<string, string>;
