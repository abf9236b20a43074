/** 워의 한국어 텍스트 ("games.war.*"). */
export default {
  "games.war.board": "워 테이블",
  "games.war.bet.main": "베팅",
  "games.war.bet.tie": "타이",
  "games.war.bet.coloured_tie": "컬러 타이",
  "games.war.clearBet": "{bet} 지우기",
  "games.war.onBet": "{amount} 베팅됨",
  "games.war.cardBack": "뒤집힌 카드",
  "games.war.player": "나",
  "games.war.dealer": "딜러",
  "games.war.decision": "타이: 선택하세요",
  "games.war.goToWar": "워 ({amount})",
  "games.war.surrender": "서렌더 ({amount} 받기)",
  "games.war.warNotAllowed": "여기서 워를 하면 최대 당첨금보다 많이 지급될 수 있어 서렌더만 할 수 있습니다.",
  "games.war.status.tie": "타이!",
  "games.war.status.won": "내 카드가 더 높음",
  "games.war.status.lost": "딜러 카드가 더 높음",
  "games.war.status.surrendered": "서렌더함",
  "games.war.status.war_won": "내 카드가 워에서 승리",
  "games.war.status.war_lost": "딜러 카드가 워에서 승리",
  "games.war.status.wars_exhausted": "다섯 번의 워가 모두 타이: 레이즈는 베팅 절반과 함께 반환",
  "games.war.status.abandoned": "타이에서 떠남: 서렌더함",
  "games.war.rules.intro":
    "라운드마다 섞는 8덱 슈에서 한 장씩 받습니다. 에이스가 가장 높습니다. 높은 카드가 1:1로 베팅을 이깁니다.",
  "games.war.rules.tie":
    "타이이면 서렌더해 베팅 절반을 돌려받거나 워를 하세요: 베팅만큼 다시 레이즈하고 한 장씩 받습니다.",
  "games.war.rules.wars":
    "워에서 이기면 베팅이 돌아오고 모든 레이즈가 1:1로 지급됩니다. 지면 베팅과 레이즈를 잃습니다. 다시 타이이면 다시 선택합니다(이때 서렌더하면 레이즈를 포기). 워는 최대 5번.",
  "games.war.rules.best":
    "첫 타이에서는 워와 서렌더의 가치가 같고, 워 이후에는 다시 워를 하는 편이 낫습니다. 그렇게 하면 환원율은 96.27%입니다.",
  "games.war.rules.pays": "{multiplier} 지급 (베팅 포함)",
  "games.war.rules.abandon": "타이에서 떠난 라운드는 서렌더로 정산됩니다.",
};
