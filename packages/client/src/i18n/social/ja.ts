/**
 * The Japanese texts of a social session: no betting, cash or winning money. A round is played with coins
 * ("コイン"), "プレイ" starts it, "受け取る" ends a climbing one, and what a round gives back is its prize ("獲得").
 */
export default {
  "shell.help.play": "で「プレイ」を押します（オートタブではオートプレイの開始・停止）。",
  "shell.controls.label": "プレイ操作",
  "shell.mode.label": "プレイモード",
  "shell.bet.amount": "使うコイン",
  "shell.bet.amountLabel": "使うコイン（{currency}）",
  "shell.bet.enterAmount": "使うコインを入力してください。",
  "shell.bet.aboveBalance": "持っているコインより多いです。",
  "shell.bet.notEnoughBalance": "{balance} では {stake} のプレイに足りません。プレイは行われませんでした。",
  "shell.bet.total": "プレイ中のコイン",
  "shell.bet.noBets": "テーブルに少なくとも1枚チップを置いてください。",
  "shell.preset.min.label": "コインを最小にする",
  "shell.preset.half.label": "コインを半分にする",
  "shell.preset.double.label": "コインを2倍にする",
  "shell.preset.max.label": "コインを最大にする",
  "shell.play.label": "プレイ",
  "shell.result.win": "{amount} 獲得（{multiplier}）",
  "shell.result.push": "引き分け：{amount} が戻りました",
  "shell.result.partial": "{stake} のうち {payout} が戻りました（{multiplier}）：{loss} 減少",
  "shell.autobet.count": "プレイ回数",
  "shell.autobet.progress": "プレイ",
  "shell.autobet.played|other": "{count} 回プレイ済み",
  "shell.autobet.onWin": "獲得したとき",
  "shell.autobet.stopped.count|other": "オートプレイ終了：{count} 回プレイしました。",
  "shell.autobet.stopped.profit|other": "オートプレイ停止：{count} 回のプレイでコイン目標に達しました。",
  "shell.autobet.stopped.loss|other": "オートプレイ停止：{count} 回のプレイで上限に達しました。",
  "shell.autobet.invalid.count": "プレイ回数：整数。0 で停止するまで続けます。",
  "shell.autobet.invalid.onWinPercent": "獲得したとき：0〜10000 のパーセント。",
  "shell.autobet.start": "オートプレイ開始",
  "shell.autobet.stop": "オートプレイ停止",
  "shell.note.max_win_reached": "最大獲得 {maxWin} に達したため、ラウンドは自動で受け取られました。",
  "shell.note.bet_exceeds_max_win":
    "このプレイは最大獲得 {maxWin} を超える可能性があるため、プレイされませんでした。コインを減らしてください。",
  "shell.tab.history": "マイプレイ",
  "shell.history.stake": "コイン",
  "shell.history.payout": "獲得",
  "shell.rules.maxWin": "1ラウンドの最大獲得：{amount}",
  "shell.rules.malfunction": "誤作動が発生した場合、すべての獲得とプレイは無効になります。",
  "shell.fair.check.stake": "コイン",
  "shell.fair.check.payout": "獲得",
  "shell.fair.status.cancelled":
    "このプレイは抽選前にキャンセルされました。コインは戻り、検証する結果はありません。",
  "shell.error.invalid_amount": "このコイン数は無効です。",
  "shell.error.bet_below_minimum": "1回のプレイの最小コインは {min} です。",
  "shell.error.bet_above_maximum": "1回のプレイの最大コインは {max} です。",
  "shell.error.max_win_exceeded":
    "このプレイは最大獲得 {maxWin} を超える可能性があります。コインを減らすか、より小さい倍率を選んでください。",
  "shell.error.not_enough_money": "このプレイに必要なコインがありません。",
  "shell.error.player_disabled": "現在このアカウントではプレイできません。サイトにお問い合わせください。",
  "shell.error.bet_refused": "サイトがこのプレイを受け付けませんでした。",
  "shell.error.previous_bet_settling":
    "このゲームでの前回のプレイはキャンセルされ、コインが戻る途中です。戻り次第、このゲームを再びプレイできます。",
  "shell.error.round_initializing": "プレイを確認中です。少々お待ちください…",
  "shell.error.wallet_unavailable":
    "コイン残高が応答しません。プレイは受け付けられていないか、コインが戻ります。結果はすべて保存され、確認後に表示されます。",
  "shell.safety.label": "安全なプレイ",
  "shell.safety.responsibleGambling": "責任あるプレイ",
  "games.common.payoutOnWin": "獲得",
  "games.common.maxPayout": "最大獲得",
  "games.roulette.layout": "テーブル",
  "games.roulette.layoutActions": "チップ",
  "games.roulette.hint": "場所をクリックしてチップを置きます。右クリックか Delete で外します。",
  "games.roulette.hintTouch": "場所をタップしてチップを置きます。長押しで外します。",
  "games.roulette.bet": "チップ",
  "games.baccarat.betColumn": "エリア",
  "games.baccarat.tableActions": "チップ",
  "games.baccarat.hint": "エリアをクリックしてチップを置きます。右クリックか Delete で外します。",
  "games.baccarat.hintTouch": "エリアをタップしてチップを置きます。長押しで外します。",
  "games.cashout.cashOut": "受け取る",
  "games.cashout.current": "受け取れる額",
  "games.mines.hint": "地雷の数を選び、「プレイ」を押してからタイルをめくってください。",
  "games.mines.instantHint": "めくるタイルを選んでからプレイ：一度にめくられます。",
  "games.mines_mania.hint": "地雷の数を選び、「プレイ」を押してから、タイル・行・列をめくってください。",
  "games.towers.hint": "難易度を選び、「プレイ」を押してから1段ずつ登ってください。",
  "games.towers.instantHint": "下から各段で1つずつタイルを選んでからプレイ：一度に登ります。",
  "games.hilo.hint": "「プレイ」を押して最初のカードを配り、次のカードを予想してください。",
  "games.coinflip.hint": "「プレイ」を押してから、表か裏を選んでください。",
  "games.rock_paper_scissors.hint": "「プレイ」を押してから、手を出してください。",
  "games.doctor_pump.hint": "難易度を選び、「プレイ」を押してからポンプしてください。",
  "games.chicken_crossing.hint": "難易度を選び、「プレイ」を押してから1車線ずつ渡ってください。",
  "games.degen_mining.hint": "難易度を選び、「プレイ」を押してから各階層で坑道を掘ってください。",
  "games.flight_deck.autoCashOut": "自動受け取り",
  "games.flight_deck.autoToggle": "自動で受け取る",
  "games.flight_deck.autoSet": "{multiplier} で自動受け取り",
  "games.flight_deck.hint": "必要なら自動受け取りを設定し、「プレイ」を押して離陸してください。",
  "games.blackjack.mainBet": "ハンド",
  "games.blackjack.paid": "{amount} 獲得",
  "games.blackjack.sideWon": "{hand}、{amount} 獲得",
  "games.blackjack.idle": "コインを選び、「プレイ」を押して配ってください。",
  "games.blackjack.singleNote": "ディーラーと1対1。コインを入力して「プレイ」を押してください。",
  "games.craps.placeOn": "{bet} にチップを置く",
  "games.craps.placeRow": "プレースエリア",
  "games.craps.propsRow": "ハードウェイと1ロールエリア",
  "games.craps.opening": "最初のエリア",
  "games.craps.onTable": "取り下げられるチップ",
  "games.war.bet.main": "ハンド",
  "games.war.clearBet": "{bet} をクリア",
  "games.war.warNotAllowed": "ここでウォーをすると最大獲得を超える可能性があるため、サレンダーのみ選べます。",
  "games.war.rules.pays": "{multiplier} 獲得（コイン込み）",
  "games.war.status.wars_exhausted": "5回のウォーがすべてタイ：レイズはハンドの半分とともに戻りました",
  "games.keno.paytable": "的中数別の獲得表",
  "games.roulette.onBet": "{amount} 配置中",
  "games.baccarat.onBet": "{amount} 配置中",
  "games.cashout.firstStep": "最初のステップを進めると受け取れます。",
  "games.blackjack.sideLost": "獲得なし",
  "games.blackjack.onCircle": "{amount} 配置中",
  "games.war.onBet": "{amount} 配置中",
  "replay.cancelled":
    "このラウンドはキャンセルされました。ウォレットがプレイを確認しなかったため、結果は抽選されず、引かれたコインは戻されました。",
  "games.dice.rules.formula":
    "倍率 = RTP × 100 / 勝率（正確な値で保持）。獲得は通貨の最小単位に一度だけ切り捨てられます。",
  "games.limbo.rules.intro":
    "1.00× 以上の結果倍率が1つ出ます。目標に届けば、使ったコインの目標倍を獲得します。",
  "games.plinko.rules.table": "{rows} 段・リスク{risk}の獲得表：",
  "games.plinko_100.rules.intro":
    "1回のプレイで {balls} 個のボールを落とし、それぞれがコインを均等に分けて持ちます。獲得は全ボールの平均倍率で、一度だけ切り捨てられます。",
  "games.keno.rules.table|other": "{count} 個・リスク{risk}の獲得表：",
  "games.lightning_keno.rules.table|other": "{count} 個・リスク{risk}の基本獲得表（ブースト前）：",
  "games.roulette.rules.intro":
    "ゼロが1つのヨーロピアンルーレット。レイアウトのいくつのエリアにでもチップを置けます。ボールは37のポケットのどれかに入り、それを含むエリアすべてが獲得になります。",
  "games.roulette.rules.partage":
    "ラ・パルタージュ：ゼロが出たとき、ゼロを含まないエリアはコインの半分が戻ります。",
  "games.roulette.rules.controls":
    "チップの額を選び、レイアウトをクリックしてチップを置きます。プレイ中のコインはチップの合計です。エリアのチップを外すには右クリックするか Delete を押します。",
  "games.baccarat.rules.intro":
    "9に近い手を選びます：プレイヤーかバンカー、タイ、またはどちらかの最初の2枚のペア。10と絵札は0、エースは1と数え、合計の下一桁だけが有効です。",
  "games.baccarat.rules.push": "タイの場合、プレイヤーとバンカーのチップは戻ります（{multiplier}）。",
  "games.mines.rules.intro":
    "5 × 5 のマスに選んだ数の地雷が隠れています。宝石をめくるたびに倍率が上がり、地雷を踏むと何も得られずに終わります。最初の宝石の後はいつでも受け取れます。",
  "games.mines.rules.instant":
    "インスタントモード：宝石の数までタイルを選んでプレイします。タイルは選んだ順にめくられ、すべて宝石ならすぐに受け取り、地雷なら終了です。",
  "games.towers.rules.intro":
    "各段でタイルを1つ選んで9段を登ります。どの段にも罠が隠れています。安全な選択ごとに倍率が上がり、どの段の後でも受け取れます。",
  "games.towers.rules.instant":
    "インスタントモード：下から好きな段数だけタイルを選んでプレイします。登りは選択どおりに進み、すべて安全なら最後の段で受け取り、罠なら終了です。",
  "games.hilo.rules.intro":
    "カードが1枚表向きに配られます。次のカードが高いか低いかを予想し、当たるたびに獲得がその確率の逆数倍になります。カードは無料でスキップでき、当たった後は受け取れます。",
  "games.coinflip.rules.intro":
    "表か裏を選びます。当たるたびに連勝の価値がこのゲームの還元率で2倍になり、外れるとラウンドを失います。トスの合間に受け取れ、{max} 回当たると連勝は自動で終わります。",
  "games.doctor_pump.rules.intro":
    "ドクターが風船をふくらませます：{steps} 回の押し込みのうち、いくつかで風船が割れます。安全なポンプごとに倍率が上がります。割れる前に受け取りましょう。",
  "games.chicken_crossing.rules.intro":
    "チキンが {lanes} 車線の道路を渡るのを手伝います。1車線渡るごとに倍率が上がり、車線に車がいるとラウンド終了です。どの車線でも受け取れます。",
  "games.degen_mining.rules.intro":
    "各階層で {shafts} 本の坑道から1つを選び、{levels} 階層掘り進みます。鉱石はトロッコの価値をその係数で掛け、落盤は何も得られずに終わります。掘るたびに受け取れます。",
  "games.flight_deck.rules.intro":
    "飛行機は 1.00× で離陸し、証明可能な公平性で決まる墜落点でフライトが終わるまで倍率が上がります。飛行中に手動で受け取るか、離陸前に自動受け取りを設定します。",
  "games.flight_deck.rules.clock":
    "サーバーの時計が決めます：受け取りはサーバーが受け取った時点で有効となり、退出してもフライトは決着します。",
  "games.blackjack.rules.dealer":
    "ディーラーはすべての17でスタンドし、エースか10点札のときはブラックジャックを確認します。ディーラーのブラックジャックはラウンドを終わらせ、最初のコインだけを取ります。",
  "games.blackjack.rules.payouts":
    "ブラックジャックは 3:2、スペードのエースと黒のジャックは 2:1。勝ったハンドは 1:1、引き分けはコインが戻ります。スプリット後の21はブラックジャックではありません。",
  "games.blackjack.rules.insurance":
    "ディーラーのエースに対し、コインの半分でインシュランスできます。ディーラーがブラックジャックならインシュランスは 2:1（還元率 {rtp}）。",
  "games.blackjack.rules.abandon":
    "未完了のラウンドは追加のコインなしで完了されます：インシュランスなし、開いているハンドはすべてスタンド、ディーラーがプレイします。",
  "games.blackjack.rules.sideRtp": "このサイドハンドの還元率：{rtp}。",
  "games.craps.rules.intro":
    "テーブルにチップを置いて「プレイ」を押すと、最初のチップがまとめて使われ、ダイスが振られます。テーブルにチップが残っている間、ラウンドは続きます。",
  "games.craps.rules.point":
    "カムアウトで 4・5・6・8・9・10 が出るとポイントが決まり、ポイントか7が出ると解除されます。その時点で開いているエリアだけにチップを置けます。",
  "games.craps.rules.working":
    "プレースエリアとハードウェイはカムアウトでは無効、オッズは常に有効。カムアウトの12ではドントエリアはそのまま残ります。",
  "games.craps.rules.wallet":
    "ロールの合間に追加したチップはロール時にまとめて使われ、当たったロールはすぐに獲得になり、取り下げたチップはそのまま戻ります。",
  "games.craps.rules.bet": "エリア",
  "games.craps.rules.pays": "獲得",
  "games.craps.rules.abandon":
    "ラウンドを離れると、取り下げ可能なチップは戻り、ポイントのあるラインエリアとカムエリアは決着までロールされます。",
  "games.war.rules.intro":
    "ラウンドごとにシャッフルされる8デッキのシューから1枚ずつ配られます。エースが最強。高いカードが等倍でハンドに勝ちます。",
  "games.war.rules.tie":
    "タイのときは、サレンダーしてコインの半分を取り戻すか、ウォーに進みます：コインと同数をもう一度レイズし、1枚ずつ配られます。",
  "games.war.rules.wars":
    "ウォーに勝つとコインが戻り、レイズはすべて等倍で獲得になります。負けるとコインとレイズを失います。再びタイならもう一度選びます（そのときのサレンダーはレイズを放棄）。ウォーは最大5回。",
} satisfies Record<string, string>;
