/** Korean strings of the replay page and of the history's replay links ("replay.*"). */
export default {
  "replay.pageTitle": "라운드 다시보기: {game}",
  "replay.failedTitle": "이 라운드를 표시할 수 없습니다",
  "replay.badge": "다시보기",
  "replay.cancelled":
    "이 라운드는 취소되었습니다. 지갑이 베팅을 확인하지 않아 결과가 추첨되지 않았고, 차감된 금액은 반환되었습니다.",
  "replay.detailsLabel": "라운드 세부 정보",
  "replay.settingsLabel": "라운드 설정",
  "replay.serverSeedHash": "서버 시드 해시",
  "replay.nonce": "논스",
  "replay.unrevealed":
    "시드 쌍이 사용 중인 동안 서버 시드는 비공개입니다. 플레이어가 쌍을 교체하면 이 페이지에 표시되고 라운드를 검증할 수 있습니다.",
  "replay.historyLink": "다시보기",
  "replay.historyLinkLabel": "라운드 {id} 다시보기 (공유용 링크)",
} satisfies Record<string, string>;
