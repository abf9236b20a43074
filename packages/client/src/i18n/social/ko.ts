/**
 * The Korean texts of a social session: no betting, cash or winning money. A round is played with coins
 * ("코인"), "플레이" starts it, "받기" ends a climbing one, and what a round gives back is its prize ("보상").
 */
export default {
  "shell.help.play": "키로 플레이를 누릅니다 (자동 탭에서는 자동 플레이 시작 또는 중지).",
  "shell.controls.label": "플레이 조작",
  "shell.mode.label": "플레이 모드",
  "shell.bet.amount": "사용할 코인",
  "shell.bet.amountLabel": "사용할 코인 ({currency})",
  "shell.bet.enterAmount": "사용할 코인을 입력하세요.",
  "shell.bet.aboveBalance": "가진 코인보다 많습니다.",
  "shell.bet.notEnoughBalance": "{balance}(으)로는 {stake} 플레이에 부족합니다. 플레이되지 않았습니다.",
  "shell.bet.total": "플레이 중인 코인",
  "shell.bet.noBets": "테이블에 칩을 하나 이상 놓으세요.",
  "shell.preset.min.label": "코인을 최소로 설정",
  "shell.preset.half.label": "코인 절반으로",
  "shell.preset.double.label": "코인 두 배로",
  "shell.preset.max.label": "코인을 최대로 설정",
  "shell.play.label": "플레이",
  "shell.result.win": "{amount} 획득 ({multiplier})",
  "shell.result.push": "무승부: {amount}이(가) 돌아왔습니다",
  "shell.result.partial": "{stake} 중 {payout}이(가) 돌아왔습니다 ({multiplier}): {loss} 감소",
  "shell.autobet.count": "플레이 횟수",
  "shell.autobet.progress": "플레이",
  "shell.autobet.played|other": "{count}회 플레이함",
  "shell.autobet.onWin": "보상을 받았을 때",
  "shell.autobet.stopped.count|other": "자동 플레이 종료: {count}회 플레이했습니다.",
  "shell.autobet.stopped.profit|other": "자동 플레이 중지: {count}회 플레이 후 코인 목표에 도달했습니다.",
  "shell.autobet.stopped.loss|other": "자동 플레이 중지: {count}회 플레이 후 한도에 도달했습니다.",
  "shell.autobet.invalid.count": "플레이 횟수: 정수, 0이면 중지할 때까지 플레이합니다.",
  "shell.autobet.invalid.onWinPercent": "보상을 받았을 때: 0에서 10000 사이의 퍼센트.",
  "shell.autobet.start": "자동 플레이 시작",
  "shell.autobet.stop": "자동 플레이 중지",
  "shell.note.max_win_reached": "최대 보상 {maxWin}에 도달하여 라운드 보상을 자동으로 받았습니다.",
  "shell.note.bet_exceeds_max_win":
    "이 플레이는 최대 보상 {maxWin}을(를) 넘을 수 있어 플레이되지 않았습니다. 코인을 줄이세요.",
  "shell.tab.history": "내 플레이",
  "shell.history.stake": "코인",
  "shell.history.payout": "보상",
  "shell.rules.maxWin": "라운드당 최대 보상: {amount}",
  "shell.rules.malfunction": "오작동 시 모든 보상과 플레이는 무효가 됩니다.",
  "shell.fair.check.stake": "코인",
  "shell.fair.check.payout": "보상",
  "shell.fair.status.cancelled":
    "이 플레이는 추첨 전에 취소되었습니다. 코인이 돌아왔으며 검증할 결과가 없습니다.",
  "shell.error.invalid_amount": "유효하지 않은 코인 수입니다.",
  "shell.error.bet_below_minimum": "한 번 플레이의 최소 코인은 {min}입니다.",
  "shell.error.bet_above_maximum": "한 번 플레이의 최대 코인은 {max}입니다.",
  "shell.error.max_win_exceeded":
    "이 플레이는 최대 보상 {maxWin}을(를) 넘을 수 있습니다. 코인을 줄이거나 더 작은 배수를 선택하세요.",
  "shell.error.not_enough_money": "이 플레이에 필요한 코인이 부족합니다.",
  "shell.error.player_disabled": "현재 이 계정으로 플레이할 수 없습니다. 사이트에 문의하세요.",
  "shell.error.bet_refused": "사이트에서 이 플레이를 거절했습니다.",
  "shell.error.previous_bet_settling":
    "이 게임의 이전 플레이가 취소되어 코인이 돌아오는 중입니다. 코인이 돌아오면 이 게임을 다시 플레이할 수 있습니다.",
  "shell.error.round_initializing": "플레이를 아직 확인하고 있습니다. 잠시만요…",
  "shell.error.wallet_unavailable":
    "코인 잔액이 응답하지 않습니다. 플레이가 접수되지 않았거나 코인이 돌아옵니다. 모든 결과는 보관되며 확인되면 표시됩니다.",
  "shell.safety.label": "안전한 플레이",
  "shell.safety.responsibleGambling": "책임감 있는 플레이",
  "games.common.payoutOnWin": "보상",
  "games.common.maxPayout": "최대 보상",
  "games.roulette.layout": "테이블",
  "games.roulette.layoutActions": "칩",
  "games.roulette.hint": "칸을 클릭해 칩을 놓습니다. 오른쪽 클릭이나 Delete로 뺍니다.",
  "games.roulette.hintTouch": "칸을 탭해 칩을 놓습니다. 길게 누르면 뺍니다.",
  "games.roulette.bet": "칩",
  "games.baccarat.betColumn": "칸",
  "games.baccarat.tableActions": "칩",
  "games.baccarat.hint": "칸을 클릭해 칩을 놓습니다. 오른쪽 클릭이나 Delete로 뺍니다.",
  "games.baccarat.hintTouch": "칸을 탭해 칩을 놓습니다. 길게 누르면 뺍니다.",
  "games.cashout.cashOut": "받기",
  "games.cashout.current": "받을 수 있는 값",
  "games.mines.hint": "지뢰 수를 고르고 플레이를 누른 다음 타일을 여세요.",
  "games.mines.instantHint": "열 타일을 고른 다음 플레이하세요. 한 번에 열립니다.",
  "games.mines_mania.hint": "지뢰 수를 고르고 플레이를 누른 다음 타일, 행 또는 열을 여세요.",
  "games.towers.hint": "난이도를 고르고 플레이를 누른 다음 한 줄씩 올라가세요.",
  "games.towers.instantHint": "아래부터 줄마다 타일을 하나씩 고른 다음 플레이하세요. 한 번에 올라갑니다.",
  "games.hilo.hint": "플레이를 눌러 첫 카드를 받고 다음 카드를 맞혀 보세요.",
  "games.coinflip.hint": "플레이를 누른 다음 앞면 또는 뒷면을 고르세요.",
  "games.rock_paper_scissors.hint": "플레이를 누른 다음 손을 내세요.",
  "games.doctor_pump.hint": "난이도를 고르고 플레이를 누른 다음 펌프하세요.",
  "games.chicken_crossing.hint": "난이도를 고르고 플레이를 누른 다음 한 차선씩 건너세요.",
  "games.degen_mining.hint": "난이도를 고르고 플레이를 누른 다음 층마다 갱도를 파세요.",
  "games.flight_deck.autoCashOut": "자동 받기",
  "games.flight_deck.autoToggle": "자동으로 받기",
  "games.flight_deck.autoSet": "{multiplier}에서 자동 받기",
  "games.flight_deck.hint": "원하면 자동 받기를 설정한 다음 플레이를 눌러 이륙하세요.",
  "games.blackjack.mainBet": "핸드",
  "games.blackjack.paid": "{amount} 획득",
  "games.blackjack.sideWon": "{hand}, {amount} 획득",
  "games.blackjack.idle": "코인을 고르고 플레이를 눌러 카드를 받으세요.",
  "games.blackjack.singleNote": "딜러와 일대일 핸드. 코인을 입력하고 플레이를 누르세요.",
  "games.craps.placeOn": "{bet}에 칩 놓기",
  "games.craps.placeRow": "플레이스 칸",
  "games.craps.propsRow": "하드웨이와 원롤 칸",
  "games.craps.opening": "오프닝 칸",
  "games.craps.onTable": "뺄 수 있는 칩",
  "games.war.bet.main": "핸드",
  "games.war.clearBet": "{bet} 지우기",
  "games.war.warNotAllowed": "여기서 전쟁을 하면 최대 보상을 넘을 수 있어 서렌더만 선택할 수 있습니다.",
  "games.war.rules.pays": "{multiplier} 획득 (코인 포함)",
  "games.war.status.wars_exhausted": "전쟁 5번 모두 무승부: 레이즈가 핸드의 절반과 함께 돌아왔습니다",
  "games.keno.paytable": "적중 수별 보상표",
  "games.roulette.onBet": "{amount} 놓음",
  "games.baccarat.onBet": "{amount} 놓음",
  "games.cashout.firstStep": "첫 단계를 진행하면 받을 수 있습니다.",
  "games.blackjack.onCircle": "{amount} 놓음",
  "games.war.onBet": "{amount} 놓음",
  "replay.cancelled":
    "이 라운드는 취소되었습니다. 지갑이 플레이를 확인하지 않아 결과가 추첨되지 않았고, 차감된 코인은 돌아왔습니다.",
  "games.dice.rules.formula":
    "배수 = RTP × 100 / 당첨 확률(정확한 값으로 유지). 보상은 통화의 최소 단위로 한 번만 내림합니다.",
  "games.limbo.rules.intro":
    "1.00× 이상의 결과 배수가 나옵니다. 목표에 도달하면 사용한 코인의 목표 배를 받습니다.",
  "games.plinko.rules.table": "{rows}줄, 위험도 {risk}의 보상표:",
  "games.plinko_100.rules.intro":
    "한 번의 플레이로 공 {balls}개를 떨어뜨리며, 각 공이 코인을 똑같이 나눠 가집니다. 모든 공의 평균 배수를 한 번 내림하여 보상으로 줍니다.",
  "games.keno.rules.table|other": "숫자 {count}개, 위험도 {risk}의 보상표:",
  "games.lightning_keno.rules.table|other": "숫자 {count}개, 위험도 {risk}의 기본 보상표 (부스트 전):",
  "games.wheel.rules.intro": "휠이 돌다가 무작위로 한 구역에 멈추고, 그 구역의 배수를 보상으로 줍니다.",
  "games.darts.rules.intro":
    "규격 다트판에 다트 하나를 던집니다. 꽂힌 링이 선택한 위험도에 따른 그 링의 배수를 보상으로 주며, 판 밖으로 나간 다트는 빗나감입니다.",
  "games.roulette.rules.intro":
    "0이 하나인 유럽식 룰렛. 레이아웃의 원하는 칸에 얼마든지 칩을 놓으세요. 공이 37개 칸 중 하나에 들어가고, 그 칸을 포함하는 모든 칸이 당첨됩니다.",
  "games.roulette.rules.partage":
    "라 파르타주: 0이 나오면 0을 포함하지 않는 칸은 코인의 절반을 돌려받습니다.",
  "games.roulette.rules.controls":
    "칩 금액을 고르고 레이아웃을 클릭해 칩을 놓으세요. 플레이 중인 코인은 칩의 합계입니다. 칸의 칩을 빼려면 오른쪽 클릭하거나 Delete를 누르세요.",
  "games.baccarat.rules.intro":
    "9에 더 가까운 쪽을 고르세요: 플레이어나 뱅커, 타이, 또는 어느 쪽이든 처음 두 장의 페어. 10과 그림 카드는 0, 에이스는 1이며 합계의 끝자리만 셉니다.",
  "games.baccarat.rules.push": "타이이면 플레이어와 뱅커의 칩은 돌아옵니다 ({multiplier}).",
  "games.mines.rules.intro":
    "5 × 5 격자에 선택한 수의 지뢰가 숨어 있습니다. 보석을 열 때마다 배수가 오르고, 지뢰를 밟으면 아무것도 없이 라운드가 끝납니다. 첫 보석 이후에는 언제든 받으세요.",
  "games.mines.rules.instant":
    "즉시 모드: 보석 수만큼까지 타일을 고른 뒤 플레이하세요. 고른 순서대로 열리며, 모두 보석이면 바로 받게 되고 지뢰가 나오면 끝납니다.",
  "games.towers.rules.intro":
    "줄마다 타일 하나를 골라 아홉 줄을 오르세요. 줄마다 함정이 숨어 있습니다. 안전한 선택마다 배수가 오르며, 어느 줄 뒤에든 받을 수 있습니다.",
  "games.towers.rules.instant":
    "즉시 모드: 아래에서 위로 원하는 줄 수만큼 타일을 고른 뒤 플레이하세요. 등반은 고른 대로 진행되며, 모두 안전하면 마지막 줄에서 받게 되고 함정이 나오면 끝납니다.",
  "games.hilo.rules.intro":
    "카드 한 장이 앞면으로 나옵니다. 다음 카드가 높을지 낮을지 맞히세요. 맞힐 때마다 보상이 그 확률의 역수만큼 곱해집니다. 카드는 무료로 건너뛸 수 있고, 맞힌 뒤에는 받을 수 있습니다.",
  "games.coinflip.rules.intro":
    "앞면이나 뒷면을 고르세요. 맞힐 때마다 연승 가치가 이 게임의 환원율로 두 배가 되고, 틀리면 라운드를 잃습니다. 던지기 사이에 받을 수 있으며, {max}번 맞히면 연승은 저절로 끝납니다.",
  "games.doctor_pump.rules.intro":
    "닥터가 풍선을 부풉니다: {steps}번의 펌프 중 몇 번은 풍선을 터뜨립니다. 안전한 펌프마다 배수가 오릅니다. 터지기 전에 받으세요.",
  "games.chicken_crossing.rules.intro":
    "닭이 {lanes}차선 도로를 건너도록 도와주세요. 차선을 건널 때마다 배수가 오르고, 차선에 차가 있으면 라운드가 끝납니다. 어느 차선에서든 받을 수 있습니다.",
  "games.degen_mining.rules.intro":
    "층마다 갱도 {shafts}개 중 하나를 골라 {levels}층 아래로 파 내려가세요. 광석은 광차의 가치를 그 계수만큼 곱하고, 붕괴는 아무것도 없이 라운드를 끝냅니다. 파낼 때마다 받을 수 있습니다.",
  "games.flight_deck.rules.intro":
    "비행기는 1.00×에서 이륙하고, 증명 가능한 공정한 추락 지점에서 비행이 끝날 때까지 배수가 오릅니다. 비행 중에 직접 받거나 이륙 전에 자동 받기를 설정하세요.",
  "games.flight_deck.rules.clock":
    "서버 시계가 결정합니다. 받기는 서버가 받은 순간에 적용되며, 자리를 떠나도 비행은 마무리됩니다.",
  "games.blackjack.rules.dealer":
    "딜러는 모든 17에서 스탠드하고, 에이스나 10점 카드 아래에서 블랙잭을 확인합니다. 딜러 블랙잭은 라운드를 끝내고 처음 코인만 가져갑니다.",
  "games.blackjack.rules.payouts":
    "블랙잭은 3:2, 스페이드 에이스와 검은 잭은 2:1을 줍니다. 이긴 핸드는 1:1, 무승부는 코인을 돌려줍니다. 스플릿 후 21은 블랙잭이 아닙니다.",
  "games.blackjack.rules.insurance":
    "딜러의 에이스에 대해 코인의 절반으로 인슈어런스할 수 있습니다. 딜러가 블랙잭이면 인슈어런스는 2:1을 줍니다 (환원율 {rtp}).",
  "games.blackjack.rules.abandon":
    "끝내지 않은 라운드는 추가 코인 없이 대신 마무리됩니다: 인슈어런스 거절, 열린 모든 핸드 스탠드, 딜러 진행.",
  "games.blackjack.rules.sideRtp": "이 사이드 핸드의 환원율: {rtp}.",
  "games.craps.rules.intro":
    "테이블에 칩을 놓고 플레이를 누르세요. 시작 칩이 한 번에 사용되고 주사위를 굴립니다. 테이블에 칩이 남아 있는 동안 라운드는 계속됩니다.",
  "games.craps.rules.point":
    "컴아웃 굴림에서 4, 5, 6, 8, 9, 10이 나오면 포인트가 정해지고, 포인트나 7이 나오면 해제됩니다. 지금 열린 칸에만 칩을 놓을 수 있습니다.",
  "games.craps.rules.working":
    "플레이스 칸과 하드웨이는 컴아웃 굴림에서 쉬고, 오즈는 항상 유효합니다. 컴아웃의 12에서는 돈트 칸이 그대로 남습니다.",
  "games.craps.rules.wallet":
    "굴림 사이에 추가한 칩은 굴릴 때 함께 사용되고, 당첨된 굴림은 바로 보상을 주며, 거둔 칩은 바로 돌아옵니다.",
  "games.craps.rules.bet": "칸",
  "games.craps.rules.pays": "보상",
  "games.craps.rules.abandon":
    "라운드를 떠나면 거둘 수 있는 칩은 돌아오고, 포인트가 있는 라인·컴 칸은 결정될 때까지 굴립니다.",
  "games.war.rules.intro":
    "라운드마다 섞는 8덱 슈에서 한 장씩 받습니다. 에이스가 가장 높습니다. 높은 카드가 1:1로 핸드를 이깁니다.",
  "games.war.rules.tie":
    "타이이면 서렌더해 코인 절반을 돌려받거나 워를 하세요: 코인만큼 다시 레이즈하고 한 장씩 받습니다.",
  "games.war.rules.wars":
    "워에서 이기면 코인이 돌아오고 모든 레이즈가 1:1로 보상을 줍니다. 지면 코인과 레이즈를 잃습니다. 다시 타이이면 다시 선택합니다(이때 서렌더하면 레이즈를 포기). 워는 최대 5번.",
} satisfies Record<string, string>;
