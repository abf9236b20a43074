/**
 * Os textos em português do Brasil de uma sessão social: sem apostas, dinheiro ou saques. Uma rodada é jogada
 * com moedas, "Jogar" a inicia, "Coletar" encerra uma rodada que sobe, e o que uma rodada devolve é o seu prêmio.
 */
export default {
  "shell.help.play": "pressiona Jogar (na aba Automático: inicia ou para o jogo automático).",
  "shell.controls.label": "Controles de jogo",
  "shell.mode.label": "Modo de jogo",
  "shell.bet.amount": "Moedas",
  "shell.bet.amountLabel": "Moedas em {currency}",
  "shell.bet.enterAmount": "Digite as moedas para jogar.",
  "shell.bet.aboveBalance": "São mais moedas do que você tem.",
  "shell.bet.notEnoughBalance": "Suas {balance} não cobrem uma jogada de {stake}: nada foi jogado.",
  "shell.bet.total": "Moedas em jogo",
  "shell.bet.noBets": "Coloque pelo menos uma ficha na mesa.",
  "shell.preset.min.label": "Levar as moedas ao mínimo",
  "shell.preset.half.label": "Reduzir as moedas à metade",
  "shell.preset.double.label": "Dobrar as moedas",
  "shell.preset.max.label": "Levar as moedas ao máximo",
  "shell.play.label": "Jogar",
  "shell.result.win": "Você recebeu {amount} ({multiplier})",
  "shell.result.push": "Empate: suas {amount} voltaram",
  "shell.result.partial": "Voltaram {payout} de {stake} ({multiplier}): {loss} a menos",
  "shell.autobet.count": "Número de jogadas",
  "shell.autobet.progress": "Jogadas",
  "shell.autobet.played|one": "{count} jogada",
  "shell.autobet.played|many": "{count} jogadas",
  "shell.autobet.played|other": "{count} jogadas",
  "shell.autobet.onWin": "Após um prêmio",
  "shell.autobet.start": "Iniciar jogo automático",
  "shell.autobet.stop": "Parar jogo automático",
  "shell.autobet.stopped.count|one": "Jogo automático concluído: {count} jogada.",
  "shell.autobet.stopped.count|many": "Jogo automático concluído: {count} jogadas.",
  "shell.autobet.stopped.count|other": "Jogo automático concluído: {count} jogadas.",
  "shell.autobet.stopped.profit|one":
    "Jogo automático parado: sua meta de moedas foi atingida após {count} jogada.",
  "shell.autobet.stopped.profit|many":
    "Jogo automático parado: sua meta de moedas foi atingida após {count} jogadas.",
  "shell.autobet.stopped.profit|other":
    "Jogo automático parado: sua meta de moedas foi atingida após {count} jogadas.",
  "shell.autobet.stopped.loss|one": "Jogo automático parado: seu limite foi atingido após {count} jogada.",
  "shell.autobet.stopped.loss|many": "Jogo automático parado: seu limite foi atingido após {count} jogadas.",
  "shell.autobet.stopped.loss|other": "Jogo automático parado: seu limite foi atingido após {count} jogadas.",
  "shell.autobet.invalid.count": "Número de jogadas: um número inteiro; 0 joga até você parar.",
  "shell.autobet.invalid.onWinPercent": "Após um prêmio: uma porcentagem de 0 a 10000.",
  "shell.note.max_win_reached": "O prêmio máximo de {maxWin} foi atingido: a rodada foi coletada para você.",
  "shell.note.bet_exceeds_max_win":
    "Esta jogada poderia dar mais que o prêmio máximo de {maxWin}: nada foi jogado. Use menos moedas.",
  "shell.tab.history": "Minhas jogadas",
  "shell.history.stake": "Moedas",
  "shell.history.payout": "Prêmio",
  "shell.rules.maxWin": "Prêmio máximo por rodada: {amount}",
  "shell.rules.malfunction": "Um mau funcionamento anula todos os prêmios e jogadas.",
  "shell.fair.check.stake": "Moedas",
  "shell.fair.check.payout": "Prêmio",
  "shell.fair.status.cancelled":
    "Esta jogada foi cancelada antes do sorteio: as moedas voltaram e não há resultado para verificar.",
  "shell.error.invalid_amount": "Este número de moedas não é válido.",
  "shell.error.bet_below_minimum": "O mínimo para uma jogada é {min}.",
  "shell.error.bet_above_maximum": "O máximo para uma jogada é {max}.",
  "shell.error.max_win_exceeded":
    "Esta jogada poderia dar mais que o prêmio máximo de {maxWin}. Use menos moedas ou um multiplicador menor.",
  "shell.error.not_enough_money": "Moedas insuficientes para esta jogada.",
  "shell.error.player_disabled": "Sua conta não pode jogar no momento. Entre em contato com o site.",
  "shell.error.bet_refused": "O site recusou esta jogada.",
  "shell.error.previous_bet_settling":
    "Sua jogada anterior neste jogo foi cancelada e as moedas estão voltando. Assim que voltarem, você pode jogar este jogo de novo.",
  "shell.error.round_initializing": "Sua jogada ainda está sendo confirmada. Um momento…",
  "shell.error.wallet_unavailable":
    "Seu saldo de moedas não responde. Sua jogada não foi aceita ou as moedas vão voltar; qualquer resultado é mantido e mostrado assim que confirmado.",
  "shell.safety.label": "Jogo seguro",
  "shell.safety.responsibleGambling": "Jogo responsável",
  "games.common.payoutOnWin": "Prêmio",
  "games.common.maxPayout": "Prêmio máximo",
  "games.roulette.layout": "Mesa",
  "games.roulette.layoutActions": "Fichas",
  "games.roulette.hint":
    "Clique numa casa para pôr uma ficha; clique com o botão direito ou use Delete para tirá-la.",
  "games.roulette.hintTouch": "Toque numa casa para pôr uma ficha; mantenha-a pressionada para tirá-la.",
  "games.roulette.bet": "Fichas",
  "games.baccarat.betColumn": "Casa",
  "games.baccarat.tableActions": "Fichas",
  "games.baccarat.hint":
    "Clique numa casa para pôr uma ficha; clique com o botão direito ou use Delete para tirá-la.",
  "games.baccarat.hintTouch": "Toque numa casa para pôr uma ficha; mantenha-a pressionada para tirá-la.",
  "games.cashout.cashOut": "Coletar",
  "games.cashout.current": "Valor a coletar",
  "games.mines.hint": "Escolha o número de minas, pressione Jogar e revele casas.",
  "games.mines.instantHint": "Escolha as casas a revelar e jogue: elas são reveladas de uma vez.",
  "games.mines_mania.hint": "Escolha o número de minas, pressione Jogar e revele casas, linhas ou colunas.",
  "games.towers.hint": "Escolha uma dificuldade, pressione Jogar e suba uma linha de cada vez.",
  "games.towers.instantHint":
    "Escolha uma casa por linha de baixo para cima e jogue: a subida é jogada de uma vez.",
  "games.hilo.hint": "Pressione Jogar para receber a primeira carta e adivinhe a próxima.",
  "games.coinflip.hint": "Pressione Jogar e escolha cara ou coroa.",
  "games.rock_paper_scissors.hint": "Pressione Jogar e mostre a sua mão.",
  "games.doctor_pump.hint": "Escolha uma dificuldade, pressione Jogar e bombeie.",
  "games.chicken_crossing.hint": "Escolha uma dificuldade, pressione Jogar e atravesse faixa por faixa.",
  "games.degen_mining.hint": "Escolha uma dificuldade, pressione Jogar e cave um poço em cada nível.",
  "games.flight_deck.autoCashOut": "Coleta automática",
  "games.flight_deck.autoToggle": "Coletar automaticamente",
  "games.flight_deck.autoSet": "Coleta automática em {multiplier}",
  "games.flight_deck.hint": "Defina uma coleta automática se quiser e pressione Jogar para decolar.",
  "games.blackjack.mainBet": "Mão",
  "games.blackjack.paid": "Recebeu {amount}",
  "games.blackjack.sideWon": "{hand}, dá {amount}",
  "games.blackjack.idle": "Escolha suas moedas e pressione Jogar para distribuir.",
  "games.blackjack.singleNote": "Uma mão contra o crupiê. Digite suas moedas e pressione Jogar.",
  "games.craps.placeOn": "Pôr uma ficha em {bet}",
  "games.craps.placeRow": "Casas nos números",
  "games.craps.propsRow": "Duplas e casas de um lançamento",
  "games.craps.opening": "Casas iniciais",
  "games.craps.onTable": "Fichas que você pode retirar",
  "games.war.bet.main": "Mão",
  "games.war.clearBet": "Tirar {bet}",
  "games.war.warNotAllowed": "Uma guerra aqui poderia dar mais que o prêmio máximo: a escolha é desistir.",
  "games.war.rules.pays": "dá {multiplier} (suas moedas incluídas)",
  "games.war.status.wars_exhausted": "Cinco guerras empatadas: aumentos devolvidos com metade da mão",
  "games.cashout.firstStep": "Dê o primeiro passo para poder coletar.",
  "games.keno.paytable": "Tabela de prêmios por número de acertos",
  "games.roulette.onBet": "{amount} em jogo",
  "games.baccarat.onBet": "{amount} em jogo",
  "games.blackjack.onCircle": "{amount} em jogo",
  "games.war.onBet": "{amount} em jogo",
  "games.craps.bet.place": "No número",
  "replay.cancelled":
    "Esta rodada foi cancelada: a carteira não confirmou a jogada, então nenhum resultado foi sorteado e as moedas descontadas foram devolvidas.",
  "games.dice.rules.formula":
    "Multiplicador = RTP × 100 / chance de ganhar, mantido exato; o prêmio é arredondado para baixo uma única vez para a menor unidade da moeda.",
  "games.limbo.rules.intro":
    "É sorteado um multiplicador de 1,00× ou mais. Se ele alcançar o seu alvo, você recebe o alvo vezes as suas moedas.",
  "games.plinko.rules.table": "Tabela de prêmios para {rows} linhas, risco {risk}:",
  "games.plinko_100.rules.intro":
    "Uma jogada solta {balls} bolas, cada uma com uma parte igual das moedas. A jogada dá o multiplicador médio de todas as bolas, arredondado para baixo uma vez.",
  "games.keno.rules.table|one": "Tabela de prêmios para {count} número, risco {risk}:",
  "games.keno.rules.table|many": "Tabela de prêmios para {count} números, risco {risk}:",
  "games.keno.rules.table|other": "Tabela de prêmios para {count} números, risco {risk}:",
  "games.lightning_keno.rules.table|one":
    "Tabela de prêmios base para {count} número, risco {risk} (antes dos bônus):",
  "games.lightning_keno.rules.table|many":
    "Tabela de prêmios base para {count} números, risco {risk} (antes dos bônus):",
  "games.lightning_keno.rules.table|other":
    "Tabela de prêmios base para {count} números, risco {risk} (antes dos bônus):",
  "games.roulette.rules.intro":
    "Roleta europeia com um zero. Ponha fichas em quantas casas do pano quiser; a bola para numa das 37 casas e toda casa que a cobre ganha.",
  "games.roulette.rules.partage":
    "La partage: quando sai o zero, uma casa que não cobre o zero devolve metade das suas moedas.",
  "games.roulette.rules.controls":
    "Escolha o valor da ficha e clique no pano para pôr fichas; as moedas em jogo são a soma das suas fichas. Clique com o botão direito ou pressione Delete numa casa para tirar as fichas dela.",
  "games.baccarat.rules.push": "Em caso de empate, as fichas no jogador e na banca voltam ({multiplier}).",
  "games.mines.rules.intro":
    "A grade 5 × 5 esconde o número de minas escolhido. Cada gema revelada aumenta o multiplicador; uma mina encerra a rodada sem nada. Colete quando quiser depois da primeira gema.",
  "games.towers.rules.intro":
    "Suba nove linhas escolhendo uma casa em cada; cada linha esconde suas armadilhas. Cada escolha segura aumenta o multiplicador; colete depois de qualquer linha.",
  "games.hilo.rules.intro":
    "Uma carta é virada. Adivinhe se a próxima será maior ou menor; cada acerto multiplica o seu prêmio pelo inverso da chance. Pule uma carta sem custo ou colete depois de um acerto.",
  "games.coinflip.rules.intro":
    "Escolha cara ou coroa. Cada acerto dobra o valor da sequência ao retorno deste jogo; um erro perde a rodada. Colete entre os lançamentos; a sequência termina sozinha após {max} acertos.",
  "games.doctor_pump.rules.intro":
    "O doutor enche um balão: {steps} bombadas, algumas das quais o estouram. Cada bombada segura aumenta o multiplicador; colete antes que ele estoure.",
  "games.chicken_crossing.rules.intro":
    "Ajude a galinha a atravessar uma estrada de {lanes} faixas. Cada faixa atravessada aumenta o multiplicador; um carro na faixa encerra a rodada. Colete em qualquer faixa.",
  "games.degen_mining.rules.intro":
    "Cave {levels} níveis para baixo, escolhendo um de {shafts} poços em cada. O minério multiplica o valor do vagonete pelo seu fator; um desabamento encerra a rodada sem nada. Colete depois de qualquer escavação.",
  "games.flight_deck.rules.intro":
    "O avião decola a 1,00× e o multiplicador sobe até o voo terminar no seu ponto de queda comprovadamente justo. Colete manualmente durante o voo ou defina uma coleta automática antes da decolagem.",
  "games.flight_deck.rules.clock":
    "O relógio do servidor decide: uma coleta vale no momento em que o servidor a recebe, e o voo é concluído mesmo se você sair.",
  "games.blackjack.rules.dealer":
    "O crupiê para em todo 17 e confere se tem blackjack com um ás ou uma carta de valor 10: um blackjack do crupiê encerra a rodada e leva só as suas moedas iniciais.",
  "games.blackjack.rules.payouts":
    "O blackjack dá 3:2; o ás de espadas com um valete preto dá 2:1. Uma mão vencedora dá 1:1, um empate devolve as moedas. 21 depois de dividir não é blackjack.",
  "games.blackjack.rules.insurance":
    "Com um ás do crupiê você pode se segurar por metade das suas moedas; o seguro dá 2:1 se o crupiê tiver blackjack (retorno {rtp}).",
  "games.blackjack.rules.abandon":
    "Uma rodada inacabada é concluída por você sem nenhuma moeda a mais: seguro recusado, cada mão aberta para, o crupiê joga.",
  "games.blackjack.rules.sideRtp": "Retorno ao jogador desta mão lateral: {rtp}.",
  "games.craps.rules.intro":
    "Ponha fichas na mesa e pressione Jogar: as fichas iniciais são usadas de uma vez e os dados são lançados. A rodada fica aberta enquanto houver fichas na mesa.",
  "games.craps.rules.point":
    "Um lançamento de saída de 4, 5, 6, 8, 9 ou 10 marca o ponto; o ponto ou um 7 o tira. Só as casas abertas agora aceitam fichas.",
  "games.craps.rules.working":
    "Casas nos números e duplas não valem nos lançamentos de saída; as odds valem sempre; um 12 na saída mantém as casas de não passe e não vir.",
  "games.craps.rules.wallet":
    "Fichas adicionadas entre lançamentos são usadas juntas quando você lança; cada lançamento vencedor dá o prêmio na hora; fichas retiradas voltam na hora.",
  "games.craps.rules.bet": "Casa",
  "games.craps.rules.abandon":
    "Se você sair de uma rodada, as fichas que poderia retirar voltam e as casas de linha e de vir com ponto continuam sendo lançadas até se decidirem.",
  "games.war.rules.intro":
    "Uma carta para cada um, de um sapato de 8 baralhos embaralhado a cada rodada; o ás é a mais alta. A carta mais alta ganha a mão 1 para 1.",
  "games.war.rules.tie":
    "Num empate, desista para receber metade das moedas de volta, ou vá à guerra: aumente suas moedas de novo, e cada um recebe uma carta.",
  "games.war.rules.wars":
    "Ganhe a guerra e suas moedas voltam e cada aumento dá 1 para 1; perca e você perde as moedas e os aumentos; empate de novo e você escolhe de novo (desistir então abre mão dos aumentos). No máximo 5 guerras.",
} satisfies Record<string, string>;
