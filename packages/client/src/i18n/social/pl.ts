/**
 * Polskie teksty sesji społecznościowej: bez zakładów, pieniędzy i wypłat. Rundę gra się monetami, „Graj” ją
 * zaczyna, „Odbierz” kończy rundę, która się wspina, a to, co runda oddaje, to jej nagroda.
 */
export default {
  "shell.help.play": "naciska Graj (w karcie Auto: uruchamia lub zatrzymuje autogrę).",
  "shell.controls.label": "Ustawienia gry",
  "shell.mode.label": "Tryb gry",
  "shell.bet.amount": "Monety",
  "shell.bet.amountLabel": "Monety w {currency}",
  "shell.bet.enterAmount": "Wpisz liczbę monet do gry.",
  "shell.bet.aboveBalance": "To więcej monet, niż masz.",
  "shell.bet.notEnoughBalance": "Twoje {balance} nie wystarczą na grę za {stake}: nic nie zagrano.",
  "shell.bet.total": "Monety w grze",
  "shell.bet.noBets": "Połóż co najmniej jeden żeton na stole.",
  "shell.preset.min.label": "Ustaw monety na minimum",
  "shell.preset.half.label": "Zmniejsz monety o połowę",
  "shell.preset.double.label": "Podwój monety",
  "shell.preset.max.label": "Ustaw monety na maksimum",
  "shell.play.label": "Graj",
  "shell.result.win": "Otrzymujesz {amount} ({multiplier})",
  "shell.result.push": "Remis: Twoje {amount} wracają do Ciebie",
  "shell.result.partial": "Wróciło {payout} z {stake} ({multiplier}): {loss} mniej",
  "shell.autobet.count": "Liczba gier",
  "shell.autobet.progress": "Rozegrane gry",
  "shell.autobet.played|one": "{count} rozegrana gra",
  "shell.autobet.played|few": "{count} rozegrane gry",
  "shell.autobet.played|many": "{count} rozegranych gier",
  "shell.autobet.played|other": "{count} rozegranej gry",
  "shell.autobet.onWin": "Po nagrodzie",
  "shell.autobet.start": "Uruchom autogrę",
  "shell.autobet.stop": "Zatrzymaj autogrę",
  "shell.autobet.stopped.count|one": "Autogra zakończona: rozegrano {count} grę.",
  "shell.autobet.stopped.count|few": "Autogra zakończona: rozegrano {count} gry.",
  "shell.autobet.stopped.count|many": "Autogra zakończona: rozegrano {count} gier.",
  "shell.autobet.stopped.count|other": "Autogra zakończona: rozegrano {count} gry.",
  "shell.autobet.stopped.profit|one": "Autogra zatrzymana: cel monet osiągnięty po {count} grze.",
  "shell.autobet.stopped.profit|few": "Autogra zatrzymana: cel monet osiągnięty po {count} grach.",
  "shell.autobet.stopped.profit|many": "Autogra zatrzymana: cel monet osiągnięty po {count} grach.",
  "shell.autobet.stopped.profit|other": "Autogra zatrzymana: cel monet osiągnięty po {count} gry.",
  "shell.autobet.stopped.loss|one": "Autogra zatrzymana: Twój limit osiągnięty po {count} grze.",
  "shell.autobet.stopped.loss|few": "Autogra zatrzymana: Twój limit osiągnięty po {count} grach.",
  "shell.autobet.stopped.loss|many": "Autogra zatrzymana: Twój limit osiągnięty po {count} grach.",
  "shell.autobet.stopped.loss|other": "Autogra zatrzymana: Twój limit osiągnięty po {count} gry.",
  "shell.autobet.invalid.count": "Liczba gier: liczba całkowita, 0 by grać, dopóki nie zatrzymasz.",
  "shell.autobet.invalid.onWinPercent": "Po nagrodzie: procent od 0 do 10000.",
  "shell.note.max_win_reached": "Osiągnięto najwyższą nagrodę {maxWin}: runda została odebrana za Ciebie.",
  "shell.note.bet_exceeds_max_win":
    "Ta gra mogłaby dać więcej niż najwyższa nagroda {maxWin}: nic nie zagrano. Użyj mniej monet.",
  "shell.tab.history": "Moje gry",
  "shell.history.stake": "Monety",
  "shell.history.payout": "Nagroda",
  "shell.rules.maxWin": "Najwyższa nagroda na rundę: {amount}",
  "shell.rules.malfunction": "Awaria unieważnia wszystkie nagrody i gry.",
  "shell.fair.check.stake": "Monety",
  "shell.fair.check.payout": "Nagroda",
  "shell.fair.status.cancelled":
    "Ta gra została anulowana przed losowaniem: monety wróciły i nie ma wyniku do sprawdzenia.",
  "shell.error.invalid_amount": "Ta liczba monet jest nieprawidłowa.",
  "shell.error.bet_below_minimum": "Najmniej monet na grę to {min}.",
  "shell.error.bet_above_maximum": "Najwięcej monet na grę to {max}.",
  "shell.error.max_win_exceeded":
    "Ta gra mogłaby dać więcej niż najwyższa nagroda {maxWin}. Użyj mniej monet lub mniejszego mnożnika.",
  "shell.error.not_enough_money": "Za mało monet na tę grę.",
  "shell.error.player_disabled": "Twoje konto nie może teraz grać. Skontaktuj się z serwisem.",
  "shell.error.bet_refused": "Serwis odrzucił tę grę.",
  "shell.error.previous_bet_settling":
    "Twoja poprzednia runda w tej grze została anulowana, a jej monety wracają. Gdy wrócą, znowu zagrasz w tę grę.",
  "shell.error.round_initializing": "Twoja gra jest wciąż potwierdzana. Chwileczkę…",
  "shell.error.wallet_unavailable":
    "Twoje saldo monet nie odpowiada. Twoja gra nie została przyjęta albo jej monety wrócą; każdy wynik jest zachowany i pokazany po potwierdzeniu.",
  "shell.safety.label": "Bezpieczna gra",
  "shell.safety.responsibleGambling": "Odpowiedzialna gra",
  "games.common.payoutOnWin": "Nagroda",
  "games.common.maxPayout": "Najwyższa nagroda",
  "games.roulette.layout": "Stół",
  "games.roulette.layoutActions": "Żetony",
  "games.roulette.hint": "Kliknij pole, by dodać żeton; prawy przycisk lub Delete go usuwa.",
  "games.roulette.hintTouch": "Dotknij pola, by dodać żeton; przytrzymaj je, by go usunąć.",
  "games.roulette.bet": "Żetony",
  "games.baccarat.betColumn": "Pole",
  "games.baccarat.tableActions": "Żetony",
  "games.baccarat.hint": "Kliknij pole, by dodać żeton; prawy przycisk lub Delete go usuwa.",
  "games.baccarat.hintTouch": "Dotknij pola, by dodać żeton; przytrzymaj je, by go usunąć.",
  "games.cashout.cashOut": "Odbierz",
  "games.cashout.current": "Wartość do odbioru",
  "games.mines.hint": "Wybierz liczbę min, naciśnij Graj, a potem odkrywaj pola.",
  "games.mines.instantHint": "Wybierz pola do odkrycia, a potem zagraj: odkryją się wszystkie naraz.",
  "games.mines_mania.hint": "Wybierz liczbę min, naciśnij Graj, a potem odkrywaj pola, rzędy lub kolumny.",
  "games.towers.hint": "Wybierz trudność, naciśnij Graj, a potem wspinaj się rząd po rzędzie.",
  "games.towers.instantHint":
    "Wybierz po jednym polu w rzędzie od dołu, a potem zagraj: wspinaczka rozegra się naraz.",
  "games.hilo.hint": "Naciśnij Graj, by rozdać pierwszą kartę, a potem zgaduj następną.",
  "games.coinflip.hint": "Naciśnij Graj, a potem wybierz orła lub reszkę.",
  "games.rock_paper_scissors.hint": "Naciśnij Graj, a potem pokaż rękę.",
  "games.doctor_pump.hint": "Wybierz trudność, naciśnij Graj, a potem pompuj.",
  "games.chicken_crossing.hint": "Wybierz trudność, naciśnij Graj, a potem przechodź pas po pasie.",
  "games.degen_mining.hint": "Wybierz trudność, naciśnij Graj, a potem kop szyb na każdym poziomie.",
  "games.flight_deck.autoCashOut": "Autoodbiór",
  "games.flight_deck.autoToggle": "Odbierz automatycznie",
  "games.flight_deck.autoSet": "Autoodbiór przy {multiplier}",
  "games.flight_deck.hint": "Ustaw autoodbiór, jeśli chcesz, a potem naciśnij Graj, by wystartować.",
  "games.blackjack.mainBet": "Ręka",
  "games.blackjack.paid": "Otrzymano {amount}",
  "games.blackjack.sideWon": "{hand}, daje {amount}",
  "games.blackjack.idle": "Wybierz monety i naciśnij Graj, by rozdać.",
  "games.blackjack.singleNote": "Jedna ręka przeciw krupierowi. Wpisz monety i naciśnij Graj.",
  "games.craps.placeOn": "Połóż żeton na {bet}",
  "games.craps.placeRow": "Pola liczb",
  "games.craps.propsRow": "Dublety i pola na jeden rzut",
  "games.craps.opening": "Pola otwierające",
  "games.craps.onTable": "Żetony, które możesz zdjąć",
  "games.war.bet.main": "Ręka",
  "games.war.clearBet": "Wyczyść: {bet}",
  "games.war.warNotAllowed": "Wojna mogłaby tu dać więcej niż najwyższa nagroda: pozostaje poddanie się.",
  "games.war.rules.pays": "daje {multiplier} (z Twoimi monetami)",
  "games.war.status.wars_exhausted": "Pięć wojen z remisem: podbicia zwrócone z połową ręki",
  "games.cashout.firstStep": "Wykonaj pierwszy krok, by móc odebrać.",
  "games.keno.paytable": "Tabela nagród według liczby trafień",
  "games.craps.bet.come": "Come",
  "games.craps.bet.dont_come": "Don't Come",
  "games.craps.bet.place": "Na liczbę",
  "replay.cancelled":
    "Ta runda została anulowana: portfel nie potwierdził gry, więc nie wylosowano wyniku, a pobrane monety zostały zwrócone.",
  "games.dice.rules.formula":
    "Mnożnik = RTP × 100 / szansa wygranej, liczony dokładnie; nagroda jest raz zaokrąglana w dół do najmniejszej jednostki waluty.",
  "games.limbo.rules.intro":
    "Losowany jest mnożnik wyniku równy 1,00× lub więcej. Jeśli osiągnie Twój cel, dostajesz cel razy Twoje monety.",
  "games.plinko.rules.intro":
    "Kulka spada przez rzędy kołków, na każdym skręcając w lewo lub w prawo, i wpada do kubełka, który daje swój mnożnik. Skrajne kubełki są rzadkie i dają najwięcej.",
  "games.plinko.rules.table": "Tabela nagród dla {rows} rzędów, ryzyko {risk}:",
  "games.plinko_100.rules.intro":
    "Jedna gra zrzuca {balls} kulek, a każda niesie równą część monet. Gra daje średni mnożnik wszystkich kulek, raz zaokrąglony w dół.",
  "games.lightning_plinko.rules.intro":
    "Przed każdym zrzutem piorun może uderzyć w dowolny kubełek ze wzmocnieniem. Kulka w trafionym kubełku daje jego bazowy mnożnik razy wzmocnienie.",
  "games.keno.rules.table|one": "Tabela nagród dla {count} liczby, ryzyko {risk}:",
  "games.keno.rules.table|few": "Tabela nagród dla {count} liczb, ryzyko {risk}:",
  "games.keno.rules.table|many": "Tabela nagród dla {count} liczb, ryzyko {risk}:",
  "games.keno.rules.table|other": "Tabela nagród dla {count} liczby, ryzyko {risk}:",
  "games.lightning_keno.rules.table|one":
    "Bazowa tabela nagród dla {count} liczby, ryzyko {risk} (przed wzmocnieniami):",
  "games.lightning_keno.rules.table|few":
    "Bazowa tabela nagród dla {count} liczb, ryzyko {risk} (przed wzmocnieniami):",
  "games.lightning_keno.rules.table|many":
    "Bazowa tabela nagród dla {count} liczb, ryzyko {risk} (przed wzmocnieniami):",
  "games.lightning_keno.rules.table|other":
    "Bazowa tabela nagród dla {count} liczby, ryzyko {risk} (przed wzmocnieniami):",
  "games.wheel.rules.intro":
    "Koło się kręci i zatrzymuje na losowym segmencie; nagrodą jest mnożnik tego segmentu.",
  "games.darts.rules.intro":
    "Jedna rzutka leci w regulaminową tarczę. Pierścień, w który trafi, daje swój mnożnik dla wybranego ryzyka; rzutka poza tarczą to pudło.",
  "games.roulette.rules.intro":
    "Ruletka europejska z jednym zerem. Połóż żetony na dowolnie wielu polach stołu; kulka wpada do jednej z 37 kieszeni i każde pole ją obejmujące wygrywa.",
  "games.roulette.rules.partage":
    "La partage: gdy wypadnie zero, pole nieobejmujące zera oddaje połowę swoich monet.",
  "games.roulette.rules.controls":
    "Wybierz wartość żetonu i klikaj stół, by kłaść żetony; monety w grze to suma żetonów. Kliknij pole prawym przyciskiem lub naciśnij Delete, by zdjąć jego żetony.",
  "games.baccarat.rules.intro":
    "Wybierz rękę bliższą 9: gracza lub bankiera, remis albo parę w dwóch pierwszych kartach którejś ręki. Dziesiątki i figury liczą się jako 0, asy jako 1; liczy się tylko ostatnia cyfra sumy.",
  "games.baccarat.rules.push": "Przy remisie żetony na gracza i bankiera wracają ({multiplier}).",
  "games.mines.rules.intro":
    "Siatka 5 × 5 ukrywa wybraną liczbę min. Każdy odkryty klejnot podnosi mnożnik; mina kończy rundę bez nagrody. Odbierz, kiedy chcesz, po pierwszym klejnocie.",
  "games.mines.rules.instant":
    "Tryb natychmiastowy: wybierz co najwyżej tyle pól, ile jest klejnotów, i zagraj. Pola odkrywają się w kolejności wyboru; jeśli wszystkie są klejnotami, runda jest od razu odebrana, a mina ją kończy.",
  "games.towers.rules.intro":
    "Wespnij się przez dziewięć rzędów, wybierając w każdym jedno pole; każdy rząd kryje pułapki. Każdy bezpieczny wybór podnosi mnożnik; odbierz po dowolnym rzędzie.",
  "games.towers.rules.instant":
    "Tryb natychmiastowy: wybierz pole w dowolnej liczbie rzędów, od dołu w górę, i zagraj. Wspinaczka podąża za wyborami; jeśli każdy jest bezpieczny, runda jest odebrana na ostatnim, a pułapka ją kończy.",
  "games.hilo.rules.intro":
    "Karta jest odkryta. Zgadnij, czy następna będzie wyższa, czy niższa; każdy trafny typ mnoży nagrodę przez odwrotność jego szansy. Pomiń kartę bez kosztów albo odbierz po trafnym typie.",
  "games.coinflip.rules.intro":
    "Wybierz orła lub reszkę. Każdy trafny wybór podwaja wartość serii przy zwrocie tej gry; błędny kończy rundę przegraną. Odbierz między rzutami; seria kończy się sama po {max} trafieniach.",
  "games.doctor_pump.rules.intro":
    "Doktor pompuje balon: {steps} ściśnięć, z których niektóre go przebijają. Każde bezpieczne pompnięcie podnosi mnożnik; odbierz, zanim pęknie.",
  "games.chicken_crossing.rules.intro":
    "Pomóż kurczakowi przejść drogę o {lanes} pasach. Każdy przebyty pas podnosi mnożnik; samochód na pasie kończy rundę. Odbierz na dowolnym pasie.",
  "games.degen_mining.rules.intro":
    "Kop w dół przez {levels} poziomów, wybierając na każdym jeden z {shafts} szybów. Ruda mnoży wartość wózka przez swój współczynnik; zawał kończy rundę bez nagrody. Odbierz po dowolnym kopaniu.",
  "games.flight_deck.rules.intro":
    "Samolot startuje przy 1,00×, a mnożnik rośnie, aż lot skończy się w sprawdzalnie uczciwym punkcie katastrofy. Odbierz ręcznie w trakcie lotu albo ustaw automatyczny odbiór przed startem.",
  "games.flight_deck.rules.clock":
    "Decyduje zegar serwera: odbiór liczy się w chwili, gdy serwer go otrzyma, a lot rozstrzyga się, nawet jeśli wyjdziesz.",
  "games.blackjack.rules.dealer":
    "Krupier staje na każdym 17 i sprawdza blackjacka pod asem lub kartą o wartości dziesięciu: blackjack krupiera kończy rundę i zabiera tylko Twoje początkowe monety.",
  "games.blackjack.rules.payouts":
    "Blackjack daje 3:2; as pik z czarnym waletem daje 2:1. Wygrana ręka daje 1:1, remis oddaje monety. 21 po rozdzieleniu nie jest blackjackiem.",
  "games.blackjack.rules.insurance":
    "Gdy krupier ma asa, możesz ubezpieczyć się za połowę monet; ubezpieczenie daje 2:1, jeśli krupier ma blackjacka (zwrot {rtp}).",
  "games.blackjack.rules.abandon":
    "Niedokończona runda jest kończona za Ciebie bez dodatkowych monet: ubezpieczenie odrzucone, każda otwarta ręka pasuje, krupier gra.",
  "games.blackjack.rules.sideRtp": "Zwrot dla gracza w tej ręce dodatkowej: {rtp}.",
  "games.craps.rules.intro":
    "Połóż żetony na stole i naciśnij Graj: żetony otwierające są brane jednorazowo, a kości rzucane. Runda trwa, dopóki na stole są żetony.",
  "games.craps.rules.point":
    "Rzut otwierający 4, 5, 6, 8, 9 lub 10 ustala punkt; punkt lub 7 go zdejmuje. Żetony przyjmują tylko pola otwarte w danej chwili.",
  "games.craps.rules.working":
    "Pola liczb i dublety nie działają przy rzutach otwierających; kursy działają zawsze; 12 przy otwarciu zostawia pola don't na stole.",
  "games.craps.rules.wallet":
    "Żetony dodane między rzutami są brane razem, gdy rzucasz; każdy wygrywający rzut od razu daje nagrodę; zdjęte żetony wracają natychmiast.",
  "games.craps.rules.bet": "Pole",
  "games.craps.rules.abandon":
    "Jeśli opuścisz rundę, żetony, które możesz zdjąć, wracają, a pola line i come z punktem są rozgrywane do rozstrzygnięcia.",
  "games.war.rules.intro":
    "Po jednej karcie z sabotu 8 talii tasowanego co rundę; asy są wysokie. Wyższa karta wygrywa rękę po równym kursie.",
  "games.war.rules.tie":
    "Przy remisie poddaj się, by odzyskać połowę monet, albo idź na wojnę: podbij swoje monety raz jeszcze i każdy dostaje po jednej karcie.",
  "games.war.rules.wars":
    "Wygraj wojnę, a monety wracają i każde podbicie daje po równym kursie; przegraj, a tracisz monety i podbicia; znów remis – wybierasz ponownie (poddanie się oznacza wtedy utratę podbić). Najwyżej 5 wojen.",
} satisfies Record<string, string>;
