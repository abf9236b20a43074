/**
 * The Simplified Chinese texts of a social session: no betting, cash or winning money. A round is played with
 * coins ("金币"), "开始" starts it, "领取" ends a climbing one, and what a round gives back is its prize ("奖励").
 */
export default {
  "shell.help.play": "按下“开始”（在“自动”标签中：开始或停止自动游戏）。",
  "shell.controls.label": "游戏控件",
  "shell.mode.label": "游戏模式",
  "shell.bet.amount": "使用金币",
  "shell.bet.amountLabel": "使用金币（{currency}）",
  "shell.bet.enterAmount": "请输入要使用的金币。",
  "shell.bet.aboveBalance": "这超过了您拥有的金币。",
  "shell.bet.notEnoughBalance": "您的 {balance} 不够这局 {stake} 的游戏：未进行游戏。",
  "shell.bet.total": "游戏中的金币",
  "shell.bet.noBets": "请至少在桌上放一枚筹码。",
  "shell.preset.min.label": "将金币设为最少",
  "shell.preset.half.label": "金币减半",
  "shell.preset.double.label": "金币加倍",
  "shell.preset.max.label": "将金币设为最多",
  "shell.play.label": "开始",
  "shell.result.win": "您获得 {amount}（{multiplier}）",
  "shell.result.push": "平局：您的 {amount} 已返还",
  "shell.result.partial": "{stake} 中返还 {payout}（{multiplier}）：少了 {loss}",
  "shell.autobet.count": "游戏次数",
  "shell.autobet.progress": "已玩次数",
  "shell.autobet.played|other": "已玩 {count} 次",
  "shell.autobet.onWin": "获得奖励后",
  "shell.autobet.stopped.count|other": "自动游戏结束：已玩 {count} 次。",
  "shell.autobet.stopped.profit|other": "自动游戏停止：玩了 {count} 次后达到金币目标。",
  "shell.autobet.stopped.loss|other": "自动游戏停止：玩了 {count} 次后达到限额。",
  "shell.autobet.invalid.count": "游戏次数：整数，0 表示一直玩到您停止。",
  "shell.autobet.invalid.onWinPercent": "获得奖励后：0 到 10000 之间的百分比。",
  "shell.autobet.start": "开始自动游戏",
  "shell.autobet.stop": "停止自动游戏",
  "shell.note.max_win_reached": "已达到最高奖励 {maxWin}：已为您领取本局。",
  "shell.note.bet_exceeds_max_win": "这局可能超过最高奖励 {maxWin}：未进行游戏。请少用些金币。",
  "shell.tab.history": "我的游戏",
  "shell.history.stake": "金币",
  "shell.history.payout": "奖励",
  "shell.rules.maxWin": "每局最高奖励：{amount}",
  "shell.rules.malfunction": "出现故障时，所有奖励和游戏均无效。",
  "shell.fair.check.stake": "金币",
  "shell.fair.check.payout": "奖励",
  "shell.fair.status.cancelled": "这局在开奖前已取消：金币已返还，没有可验证的结果。",
  "shell.error.invalid_amount": "金币数量无效。",
  "shell.error.bet_below_minimum": "每局最少使用 {min} 金币。",
  "shell.error.bet_above_maximum": "每局最多使用 {max} 金币。",
  "shell.error.max_win_exceeded": "这局可能超过最高奖励 {maxWin}。请少用些金币或选择更小的倍数。",
  "shell.error.not_enough_money": "金币不足，无法进行这局。",
  "shell.error.player_disabled": "您的账户目前无法游戏。请联系网站。",
  "shell.error.bet_refused": "网站拒绝了这局游戏。",
  "shell.error.previous_bet_settling": "您在此游戏中的上一局已取消，金币正在返还。返还后即可再次玩此游戏。",
  "shell.error.round_initializing": "您的游戏仍在确认中。请稍候…",
  "shell.error.wallet_unavailable":
    "您的金币余额没有响应。您的游戏未被接受，或其金币将会返还；所有结果都会保留，并在确认后显示。",
  "shell.safety.label": "安全游戏",
  "shell.safety.responsibleGambling": "负责任游戏",
  "games.common.payoutOnWin": "奖励",
  "games.common.maxPayout": "最高奖励",
  "games.roulette.layout": "桌面",
  "games.roulette.layoutActions": "筹码",
  "games.roulette.hint": "点击位置放一枚筹码；右键或 Delete 将其移除。",
  "games.roulette.hintTouch": "轻点位置放一枚筹码；长按将其移除。",
  "games.roulette.bet": "筹码",
  "games.baccarat.betColumn": "位置",
  "games.baccarat.tableActions": "筹码",
  "games.baccarat.hint": "点击位置放一枚筹码；右键或 Delete 将其移除。",
  "games.baccarat.hintTouch": "轻点位置放一枚筹码；长按将其移除。",
  "games.cashout.cashOut": "领取",
  "games.cashout.current": "可领取",
  "games.mines.hint": "选择地雷数量，按下“开始”，然后翻开格子。",
  "games.mines.instantHint": "选好要翻开的格子，然后开始：它们会一次全部翻开。",
  "games.mines_mania.hint": "选择地雷数量，按下“开始”，然后翻开格子、行或列。",
  "games.towers.hint": "选择难度，按下“开始”，然后一层一层往上爬。",
  "games.towers.instantHint": "从底层起每层选一个格子，然后开始：整个攀登一次完成。",
  "games.hilo.hint": "按下“开始”发第一张牌，然后猜下一张。",
  "games.coinflip.hint": "按下“开始”，然后猜正面或反面。",
  "games.rock_paper_scissors.hint": "按下“开始”，然后出拳。",
  "games.doctor_pump.hint": "选择难度，按下“开始”，然后打气。",
  "games.chicken_crossing.hint": "选择难度，按下“开始”，然后一条车道一条车道地穿过。",
  "games.degen_mining.hint": "选择难度，按下“开始”，然后在每一层挖一个矿井。",
  "games.flight_deck.autoCashOut": "自动领取",
  "games.flight_deck.autoToggle": "自动领取",
  "games.flight_deck.autoSet": "在 {multiplier} 时自动领取",
  "games.flight_deck.hint": "如有需要可设置自动领取，然后按下“开始”起飞。",
  "games.blackjack.mainBet": "手牌",
  "games.blackjack.paid": "获得 {amount}",
  "games.blackjack.sideWon": "{hand}，获得 {amount}",
  "games.blackjack.idle": "选择金币并按下“开始”发牌。",
  "games.blackjack.singleNote": "一手牌对庄家。输入金币并按下“开始”。",
  "games.craps.placeOn": "在 {bet} 上放一枚筹码",
  "games.craps.placeRow": "点数区",
  "games.craps.propsRow": "难路和单掷区",
  "games.craps.opening": "开局区",
  "games.craps.onTable": "可以取回的筹码",
  "games.war.bet.main": "手牌",
  "games.war.clearBet": "清除 {bet}",
  "games.war.warNotAllowed": "此处开战可能超过最高奖励：只能选择投降。",
  "games.war.rules.pays": "获得 {multiplier}（含您的金币）",
  "games.war.status.wars_exhausted": "五次开战均为平局：加注与半手一起返还",
  "shell.autobet.countHint": "0 表示一直玩到您停止。",
  "games.keno.paytable": "按命中数的奖励表",
  "games.cashout.firstStep": "走出第一步即可领取。",
  "replay.cancelled": "此回合已取消：钱包未确认本局游戏，因此未抽取任何结果，已扣除的金币已返还。",
  "games.dice.rules.formula": "倍数 = RTP × 100 / 胜率，精确保留；奖励只向下取整一次，到货币的最小单位。",
  "games.limbo.rules.intro":
    "随机得出一个 1.00× 或以上的结果倍数。若达到您的目标，您获得所用金币乘以目标倍数。",
  "games.plinko.rules.intro":
    "小球穿过一排排钉子，在每颗钉子处向左或向右，最后落入一个槽位，获得该槽位的倍数。边缘槽位少见，奖励最高。",
  "games.plinko.rules.table": "{rows} 行、{risk}风险的奖励表：",
  "games.plinko_100.rules.intro":
    "一次游戏投下 {balls} 颗小球，每颗承载相等份额的金币。奖励为所有小球的平均倍数，只向下取整一次。",
  "games.lightning_plinko.rules.intro":
    "每次投球前，闪电可能带着加成击中任意槽位。落入被击中槽位的小球获得基础倍数乘以加成的奖励。",
  "games.keno.rules.table|other": "{count} 个号码、{risk}风险的奖励表：",
  "games.lightning_keno.rules.table|other": "{count} 个号码、{risk}风险的基础奖励表（加成前）：",
  "games.wheel.rules.intro": "转盘旋转后随机停在一个分区；获得该分区的倍数。",
  "games.roulette.rules.intro":
    "单零欧式轮盘。可在台面任意多个位置放筹码；小球落入 37 个格子之一，覆盖它的每个位置都会获得奖励。",
  "games.roulette.rules.partage": "La partage：开出零时，不覆盖零的位置退还一半金币。",
  "games.roulette.rules.controls":
    "选择筹码面值，点击台面放置筹码；游戏中的金币为筹码之和。右键点击某个位置或按 Delete 键可移除其筹码。",
  "games.baccarat.rules.push": "和局时，闲家和庄家位置上的筹码退回（{multiplier}）。",
  "games.mines.rules.intro":
    "5 × 5 的方格中藏着所选数量的地雷。每翻出一颗宝石，倍数就会提高；踩到地雷则本局一无所获。翻出第一颗宝石后可随时领取。",
  "games.mines.rules.instant":
    "即时模式：最多选择与宝石数相同的方块，然后开始。方块按您选择的顺序翻开；若全是宝石，本局立即领取，遇到地雷则结束。",
  "games.towers.rules.intro":
    "每行选一个格子，爬上九行；每行都藏有陷阱。每次安全的选择都会提高倍数；任意一行之后都可领取。",
  "games.towers.rules.instant":
    "即时模式：从下往上在任意多行中各选一个格子，然后开始。攀登按您的选择进行；若每一步都安全，本局在最后一步领取，遇到陷阱则结束。",
  "games.hilo.rules.intro":
    "发一张明牌。猜下一张牌更高还是更低；每次猜对，奖励都会乘以该概率的倒数。可免费跳过一张牌，或在猜对后领取。",
  "games.coinflip.rules.intro":
    "猜正面或反面。每次猜对，连胜价值按本游戏的返还率翻倍；猜错则输掉本局。可在两次抛掷之间领取；猜对 {max} 次后连胜自动结束。",
  "games.doctor_pump.rules.intro":
    "医生给气球打气：共 {steps} 下，其中有几下会把它打爆。每次安全打气都会提高倍数；在爆炸前领取。",
  "games.chicken_crossing.rules.intro":
    "帮小鸡穿过 {lanes} 条车道的马路。每过一条车道，倍数都会提高；车道上有车则本局结束。在任意车道都可领取。",
  "games.degen_mining.rules.intro":
    "向下挖 {levels} 层，每层从 {shafts} 条矿道中选一条。矿石按其系数提高矿车价值；塌方则本局一无所获。每次挖掘后都可领取。",
  "games.flight_deck.rules.intro":
    "飞机从 1.00× 起飞，倍数不断上升，直到飞行在可证明公平的坠落点结束。飞行中可手动领取，或在起飞前设置自动领取。",
  "games.flight_deck.rules.clock": "以服务器时钟为准：领取以服务器收到的时刻计算，即使您离开，飞行也会完成。",
  "games.blackjack.rules.dealer":
    "庄家在任何 17 点停牌，并在明牌为 A 或 10 点牌时检查黑杰克：庄家黑杰克结束本局，只收取您最初的金币。",
  "games.blackjack.rules.payouts":
    "黑杰克得 3:2；黑桃 A 配黑色 J 得 2:1。赢的一手得 1:1，平局退还金币。分牌后的 21 点不算黑杰克。",
  "games.blackjack.rules.insurance":
    "庄家明牌为 A 时，可用一半金币买保险；庄家有黑杰克时保险得 2:1（返还率 {rtp}）。",
  "games.blackjack.rules.abandon":
    "未完成的牌局会在不追加金币的情况下替您完成：不买保险，每手未完成的牌停牌，庄家行动。",
  "games.craps.rules.intro":
    "在桌上放好筹码后按“开始”：开局筹码一次用上，然后掷骰。只要桌上还有筹码，本局就继续。",
  "games.craps.rules.point":
    "出场掷出 4、5、6、8、9 或 10 即确定点数；掷出该点数或 7 则取消点数。只有当下开放的位置才能放筹码。",
  "games.craps.rules.working":
    "点数区和硬路在出场掷骰时不生效；赔率区始终生效；出场掷出 12 时，不过关类位置保留在桌上。",
  "games.craps.rules.wallet":
    "两次掷骰之间追加的筹码在您掷骰时一并用上；每次获胜的掷骰立即给出奖励；撤回的筹码直接退回。",
  "games.craps.rules.bet": "位置",
  "games.craps.rules.pays": "奖励",
  "games.craps.rules.abandon":
    "若您离开牌局，可撤回的筹码将退回，已有点数的过关线和来注位置会继续掷骰直到分出结果。",
  "games.war.rules.intro": "每局从重新洗过的 8 副牌牌靴中各发一张牌；A 最大。牌大者以 1 比 1 赢得这一手。",
  "games.war.rules.tie": "和局时，可投降拿回一半金币，或开战：再加与原金币相同的数量，双方各发一张牌。",
  "games.war.rules.wars":
    "赢得战争，金币退回，每次加码得 1 比 1；输掉战争，输掉金币和加码；再次和局则再次选择（此时投降将放弃加码）。最多开战 5 次。",
} satisfies Record<string, string>;
