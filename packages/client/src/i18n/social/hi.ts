/**
 * The Hindi texts of a social session: no betting, cash or winning money. A round is played with coins
 * ("सिक्के"), "खेलें" starts it, "बटोरें" ends a climbing one, and what a round gives back is its prize ("इनाम").
 */
export default {
  "shell.help.play": "खेलें दबाता है (ऑटो टैब में: ऑटो-प्ले शुरू या बंद करता है)।",
  "shell.controls.label": "खेल नियंत्रण",
  "shell.mode.label": "खेल का तरीका",
  "shell.bet.amount": "खेलने के सिक्के",
  "shell.bet.amountLabel": "{currency} में खेलने के सिक्के",
  "shell.bet.enterAmount": "खेलने के सिक्के डालें।",
  "shell.bet.aboveBalance": "यह आपके पास मौजूद सिक्कों से ज़्यादा है।",
  "shell.bet.notEnoughBalance": "आपके {balance} {stake} के इस खेल के लिए काफ़ी नहीं हैं: कुछ नहीं खेला गया।",
  "shell.bet.total": "खेल में सिक्के",
  "shell.bet.noBets": "टेबल पर कम से कम एक चिप रखें।",
  "shell.preset.min.label": "सिक्के न्यूनतम पर करें",
  "shell.preset.half.label": "सिक्के आधे करें",
  "shell.preset.double.label": "सिक्के दोगुने करें",
  "shell.preset.max.label": "सिक्के अधिकतम पर करें",
  "shell.play.label": "खेलें",
  "shell.result.win": "आपको {amount} मिले ({multiplier})",
  "shell.result.push": "बराबरी: आपके {amount} वापस आए",
  "shell.result.partial": "{stake} में से {payout} वापस आए ({multiplier}): {loss} कम",
  "shell.autobet.count": "खेलों की संख्या",
  "shell.autobet.progress": "खेल",
  "shell.autobet.played|one": "{count} खेल खेला गया",
  "shell.autobet.played|other": "{count} खेल खेले गए",
  "shell.autobet.onWin": "इनाम के बाद",
  "shell.autobet.stopped.count|one": "ऑटो-प्ले पूरा हुआ: {count} खेल खेला गया।",
  "shell.autobet.stopped.count|other": "ऑटो-प्ले पूरा हुआ: {count} खेल खेले गए।",
  "shell.autobet.stopped.profit|one": "ऑटो-प्ले रुका: {count} खेल के बाद आपका सिक्कों का लक्ष्य पूरा हुआ।",
  "shell.autobet.stopped.profit|other": "ऑटो-प्ले रुका: {count} खेलों के बाद आपका सिक्कों का लक्ष्य पूरा हुआ।",
  "shell.autobet.stopped.loss|one": "ऑटो-प्ले रुका: {count} खेल के बाद आपकी सीमा पूरी हुई।",
  "shell.autobet.stopped.loss|other": "ऑटो-प्ले रुका: {count} खेलों के बाद आपकी सीमा पूरी हुई।",
  "shell.autobet.invalid.count": "खेलों की संख्या: एक पूर्ण संख्या, रोकने तक खेलने के लिए 0।",
  "shell.autobet.invalid.onWinPercent": "इनाम के बाद: 0 से 10000 तक का प्रतिशत।",
  "shell.autobet.start": "ऑटो-प्ले शुरू करें",
  "shell.autobet.stop": "ऑटो-प्ले रोकें",
  "shell.note.max_win_reached": "{maxWin} का सबसे बड़ा इनाम पूरा हुआ: आपके लिए राउंड बटोर लिया गया।",
  "shell.note.bet_exceeds_max_win":
    "यह खेल {maxWin} के सबसे बड़े इनाम से ज़्यादा दे सकता है: कुछ नहीं खेला गया। कम सिक्के लगाएँ।",
  "shell.tab.history": "मेरे खेल",
  "shell.history.stake": "सिक्के",
  "shell.history.payout": "इनाम",
  "shell.rules.maxWin": "प्रति राउंड सबसे बड़ा इनाम: {amount}",
  "shell.rules.malfunction": "खराबी होने पर सभी इनाम और खेल रद्द हो जाते हैं।",
  "shell.fair.check.stake": "सिक्के",
  "shell.fair.check.payout": "इनाम",
  "shell.fair.status.cancelled":
    "यह खेल नतीजा निकलने से पहले रद्द कर दिया गया: सिक्के वापस आ गए और सत्यापित करने के लिए कोई नतीजा नहीं है।",
  "shell.error.invalid_amount": "सिक्कों की यह संख्या मान्य नहीं है।",
  "shell.error.bet_below_minimum": "एक खेल के लिए कम से कम {min} सिक्के चाहिए।",
  "shell.error.bet_above_maximum": "एक खेल में ज़्यादा से ज़्यादा {max} सिक्के लग सकते हैं।",
  "shell.error.max_win_exceeded":
    "यह खेल {maxWin} के सबसे बड़े इनाम से ज़्यादा दे सकता है। कम सिक्के लगाएँ या छोटा गुणक चुनें।",
  "shell.error.not_enough_money": "इस खेल के लिए सिक्के काफ़ी नहीं हैं।",
  "shell.error.player_disabled": "आपका खाता अभी नहीं खेल सकता। कृपया साइट से संपर्क करें।",
  "shell.error.bet_refused": "साइट ने यह खेल अस्वीकार किया।",
  "shell.error.previous_bet_settling":
    "इस गेम में आपका पिछला खेल रद्द कर दिया गया और उसके सिक्के वापस आ रहे हैं। उनके आते ही आप यह गेम फिर खेल सकते हैं।",
  "shell.error.round_initializing": "आपके खेल की पुष्टि अभी हो रही है। एक पल…",
  "shell.error.wallet_unavailable":
    "आपका सिक्कों का बैलेंस जवाब नहीं दे रहा। आपका खेल नहीं लिया गया, या उसके सिक्के वापस आएँगे; हर नतीजा सुरक्षित रहता है और पुष्टि होने पर दिखाया जाता है।",
  "shell.safety.label": "सुरक्षित खेलें",
  "shell.safety.responsibleGambling": "ज़िम्मेदारी से खेलना",
  "games.common.payoutOnWin": "इनाम",
  "games.common.maxPayout": "सबसे बड़ा इनाम",
  "games.roulette.layout": "टेबल",
  "games.roulette.layoutActions": "चिप",
  "games.roulette.hint": "चिप जोड़ने के लिए किसी जगह पर क्लिक करें; राइट-क्लिक या Delete उसे हटाता है।",
  "games.roulette.hintTouch": "चिप जोड़ने के लिए किसी जगह पर टैप करें; हटाने के लिए उसे दबाकर रखें।",
  "games.roulette.bet": "चिप",
  "games.baccarat.betColumn": "जगह",
  "games.baccarat.tableActions": "चिप",
  "games.baccarat.hint": "चिप जोड़ने के लिए किसी जगह पर क्लिक करें; राइट-क्लिक या Delete उसे हटाता है।",
  "games.baccarat.hintTouch": "चिप जोड़ने के लिए किसी जगह पर टैप करें; हटाने के लिए उसे दबाकर रखें।",
  "games.cashout.cashOut": "बटोरें",
  "games.cashout.current": "बटोरने का मूल्य",
  "games.mines.hint": "माइनों की संख्या चुनें, खेलें दबाएँ, फिर खाने खोलें।",
  "games.mines.instantHint": "खोलने के लिए खाने चुनें, फिर खेलें: वे एक साथ खुलते हैं।",
  "games.mines_mania.hint": "माइनों की संख्या चुनें, खेलें दबाएँ, फिर खाने, पंक्तियाँ या कॉलम खोलें।",
  "games.towers.hint": "कठिनाई चुनें, खेलें दबाएँ, फिर एक-एक पंक्ति चढ़ें।",
  "games.towers.instantHint": "नीचे से हर पंक्ति में एक खाना चुनें, फिर खेलें: चढ़ाई एक साथ खेली जाती है।",
  "games.hilo.hint": "पहला कार्ड बाँटने के लिए खेलें दबाएँ, फिर अगले का अनुमान लगाएँ।",
  "games.coinflip.hint": "खेलें दबाएँ, फिर चित या पट बोलें।",
  "games.rock_paper_scissors.hint": "खेलें दबाएँ, फिर अपना हाथ चलें।",
  "games.doctor_pump.hint": "कठिनाई चुनें, खेलें दबाएँ, फिर पंप करें।",
  "games.chicken_crossing.hint": "कठिनाई चुनें, खेलें दबाएँ, फिर लेन दर लेन पार करें।",
  "games.degen_mining.hint": "कठिनाई चुनें, खेलें दबाएँ, फिर हर स्तर पर एक शाफ़्ट खोदें।",
  "games.flight_deck.autoCashOut": "ऑटो बटोरें",
  "games.flight_deck.autoToggle": "अपने आप बटोरें",
  "games.flight_deck.autoSet": "{multiplier} पर ऑटो बटोरें",
  "games.flight_deck.hint": "चाहें तो ऑटो बटोरना सेट करें, फिर उड़ान के लिए खेलें दबाएँ।",
  "games.blackjack.mainBet": "हाथ",
  "games.blackjack.paid": "{amount} मिले",
  "games.blackjack.sideWon": "{hand}, {amount} देता है",
  "games.blackjack.idle": "अपने सिक्के चुनें और बाँटने के लिए खेलें दबाएँ।",
  "games.blackjack.singleNote": "डीलर के खिलाफ़ एक हाथ। अपने सिक्के डालें और खेलें दबाएँ।",
  "games.craps.placeOn": "{bet} पर चिप रखें",
  "games.craps.placeRow": "प्लेस जगहें",
  "games.craps.propsRow": "हार्डवे और एक-थ्रो जगहें",
  "games.craps.opening": "शुरुआती जगहें",
  "games.craps.onTable": "चिप जो आप उठा सकते हैं",
  "games.war.bet.main": "हाथ",
  "games.war.clearBet": "{bet} साफ़ करें",
  "games.war.warNotAllowed": "यहाँ युद्ध सबसे बड़े इनाम से ज़्यादा दे सकता है: सरेंडर ही विकल्प है।",
  "games.war.rules.pays": "{multiplier} देता है (आपके सिक्कों सहित)",
  "games.war.status.wars_exhausted": "पाँच युद्ध टाई: बढ़ाए गए सिक्के आधे हाथ के साथ वापस आए",
  "games.keno.paytable": "मिलानों की संख्या के अनुसार इनाम तालिका",
  "games.cashout.firstStep": "बटोरना खोलने के लिए पहला कदम उठाएँ।",
  "replay.cancelled":
    "यह राउंड रद्द हुआ: वॉलेट ने खेल की पुष्टि नहीं की, इसलिए कोई नतीजा नहीं निकाला गया और लिए गए सिक्के लौटा दिए गए।",
  "games.dice.rules.formula":
    "गुणक = RTP × 100 / जीत की संभावना, सटीक रखा जाता है; इनाम मुद्रा की सबसे छोटी इकाई तक एक बार नीचे गोल किया जाता है।",
  "games.limbo.rules.intro":
    "1.00× या उससे ज़्यादा का एक नतीजा गुणक निकलता है। अगर यह आपके लक्ष्य तक पहुँचे, तो आपको अपने सिक्कों का लक्ष्य गुना मिलता है।",
  "games.plinko.rules.table": "{rows} पंक्तियों, {risk} जोखिम की इनाम तालिका:",
  "games.plinko_100.rules.intro":
    "एक खेल {balls} गेंदें गिराता है, हर गेंद सिक्कों का बराबर हिस्सा लेकर। खेल सभी गेंदों का औसत गुणक देता है, एक बार नीचे गोल करके।",
  "games.keno.rules.table|one": "{count} संख्या, {risk} जोखिम की इनाम तालिका:",
  "games.keno.rules.table|other": "{count} संख्या, {risk} जोखिम की इनाम तालिका:",
  "games.lightning_keno.rules.table|one": "{count} संख्या, {risk} जोखिम की मूल इनाम तालिका (बूस्ट से पहले):",
  "games.lightning_keno.rules.table|other": "{count} संख्या, {risk} जोखिम की मूल इनाम तालिका (बूस्ट से पहले):",
  "games.roulette.rules.intro":
    "एक शून्य वाला यूरोपीय रूलेट। लेआउट की जितनी चाहें जगहों पर चिप रखें; गेंद 37 खानों में से एक में गिरती है और उसे कवर करने वाली हर जगह जीतती है।",
  "games.roulette.rules.partage": "ला पार्ताज: शून्य आने पर, जो जगह शून्य को कवर नहीं करती वह अपने आधे सिक्के लौटाती है।",
  "games.roulette.rules.controls":
    "चिप का मूल्य चुनें और चिप रखने के लिए लेआउट पर क्लिक करें; खेल में सिक्के आपकी चिपों का जोड़ हैं। किसी जगह की चिप हटाने के लिए उस पर राइट-क्लिक करें या Delete दबाएँ।",
  "games.baccarat.rules.intro":
    "9 के करीब वाले हाथ को चुनें: प्लेयर या बैंकर, टाई, या किसी भी हाथ के पहले दो कार्डों में जोड़ी। दहले और तस्वीर वाले कार्ड 0, इक्के 1 गिने जाते हैं; कुल का केवल आखिरी अंक गिना जाता है।",
  "games.baccarat.rules.push": "टाई होने पर प्लेयर और बैंकर की चिप लौट आती हैं ({multiplier})।",
  "games.mines.rules.intro":
    "5 × 5 ग्रिड में चुनी गई संख्या में माइन छिपी हैं। हर खुला रत्न गुणक बढ़ाता है; माइन राउंड को खाली हाथ खत्म करती है। पहले रत्न के बाद जब चाहें बटोरें।",
  "games.mines.rules.instant":
    "तुरंत मोड: जितने रत्न हैं उतने तक खाने चुनें, फिर खेलें। खाने आपके चुने क्रम में खुलते हैं; सभी रत्न हों तो राउंड तुरंत बटोरा जाता है, और माइन उसे खत्म करती है।",
  "games.towers.rules.intro":
    "हर पंक्ति में एक खाना चुनकर नौ पंक्तियाँ चढ़ें; हर पंक्ति में जाल छिपे हैं। हर सुरक्षित चुनाव गुणक बढ़ाता है; किसी भी पंक्ति के बाद बटोरें।",
  "games.towers.rules.instant":
    "तुरंत मोड: नीचे से ऊपर जितनी चाहें पंक्तियों में एक खाना चुनें, फिर खेलें। चढ़ाई आपके चुनावों पर चलती है; हर चुनाव सुरक्षित हो तो राउंड आखिरी पर बटोरा जाता है, और जाल उसे खत्म करता है।",
  "games.hilo.rules.intro":
    "एक कार्ड सीधा बाँटा जाता है। अनुमान लगाएँ कि अगला कार्ड ऊँचा होगा या नीचा; हर सही अनुमान आपके इनाम को उसकी संभावना के व्युत्क्रम से गुणा करता है। बिना कीमत के कार्ड छोड़ें, या सही अनुमान के बाद बटोरें।",
  "games.coinflip.rules.intro":
    "चित या पट बोलें। हर सही अनुमान इस खेल की वापसी पर सिलसिले का मूल्य दोगुना करता है; गलत अनुमान राउंड हरा देता है। उछालों के बीच बटोरें; {max} सही अनुमानों के बाद सिलसिला अपने आप खत्म होता है।",
  "games.doctor_pump.rules.intro":
    "डॉक्टर एक गुब्बारा फुलाता है: {steps} दबाव, जिनमें से कुछ उसे फोड़ देते हैं। हर सुरक्षित पंप गुणक बढ़ाता है; फटने से पहले बटोरें।",
  "games.chicken_crossing.rules.intro":
    "मुर्गी को {lanes} लेन वाली सड़क पार करने में मदद करें। हर पार की गई लेन गुणक बढ़ाती है; लेन में गाड़ी राउंड खत्म करती है। किसी भी लेन पर बटोरें।",
  "games.degen_mining.rules.intro":
    "हर स्तर पर {shafts} शाफ़्टों में से एक चुनकर {levels} स्तर नीचे खोदें। अयस्क खदान गाड़ी के मूल्य को अपने गुणांक से गुणा करता है; धँसाव राउंड को खाली हाथ खत्म करता है। किसी भी खुदाई के बाद बटोरें।",
  "games.flight_deck.rules.intro":
    "विमान 1.00× पर उड़ता है और गुणक तब तक बढ़ता है जब तक उड़ान अपने सिद्ध निष्पक्ष क्रैश बिंदु पर खत्म न हो। उड़ान के दौरान हाथ से बटोरें, या उड़ान से पहले ऑटो बटोरना सेट करें।",
  "games.flight_deck.rules.clock":
    "सर्वर की घड़ी तय करती है: बटोरना उसी पल गिना जाता है जब सर्वर उसे पाता है, और आप चले जाएँ तब भी उड़ान निपटती है।",
  "games.blackjack.rules.dealer":
    "डीलर हर 17 पर रुकता है और इक्के या दस-मूल्य वाले कार्ड के नीचे ब्लैकजैक जाँचता है: डीलर का ब्लैकजैक राउंड खत्म करता है और केवल आपके शुरुआती सिक्के लेता है।",
  "games.blackjack.rules.payouts":
    "ब्लैकजैक 3:2 देता है; हुकुम का इक्का काले गुलाम के साथ 2:1 देता है। जीता हाथ 1:1 देता है, बराबरी सिक्के लौटाती है। स्प्लिट के बाद 21 ब्लैकजैक नहीं है।",
  "games.blackjack.rules.insurance":
    "डीलर के इक्के पर आप अपने आधे सिक्कों से बीमा ले सकते हैं; डीलर के पास ब्लैकजैक हो तो बीमा 2:1 देता है (वापसी {rtp})।",
  "games.blackjack.rules.abandon":
    "अधूरा छोड़ा गया राउंड बिना किसी और सिक्के के आपके लिए पूरा किया जाता है: बीमा अस्वीकार, हर खुला हाथ रुकता है, डीलर खेलता है।",
  "games.blackjack.rules.sideRtp": "इस साइड हाथ की खिलाड़ी को वापसी: {rtp}।",
  "games.craps.rules.intro":
    "टेबल पर चिप रखें और खेलें दबाएँ: शुरुआती चिप एक बार में ली जाती हैं और पासे फेंके जाते हैं। जब तक टेबल पर चिप हैं, राउंड खुला रहता है।",
  "games.craps.rules.point":
    "कम-आउट थ्रो में 4, 5, 6, 8, 9 या 10 पॉइंट तय करता है; पॉइंट या 7 उसे हटाता है। केवल अभी खुली जगहें ही चिप लेती हैं।",
  "games.craps.rules.working":
    "कम-आउट थ्रो पर प्लेस जगहें और हार्डवे बंद रहते हैं; ऑड्स हमेशा चालू; कम-आउट पर 12 डोंट जगहों को टेबल पर छोड़ता है।",
  "games.craps.rules.wallet":
    "थ्रो के बीच जोड़ी गई चिप आपके थ्रो करने पर एक साथ ली जाती हैं; जीतने वाला हर थ्रो तुरंत अपना इनाम देता है; उठाई गई चिप सीधे लौटती हैं।",
  "games.craps.rules.bet": "जगह",
  "games.craps.rules.pays": "देता है",
  "games.craps.rules.abandon":
    "अगर आप राउंड छोड़ दें, तो उठाई जा सकने वाली चिप लौट आती हैं और पॉइंट वाली लाइन और कम जगहें फ़ैसले तक फेंकी जाती हैं।",
  "games.war.rules.intro":
    "हर राउंड के लिए फेंटे गए 8 गड्डियों के शू से दोनों को एक-एक कार्ड; इक्के ऊँचे। ऊँचा कार्ड 1 के बदले 1 पर हाथ जीतता है।",
  "games.war.rules.tie":
    "टाई होने पर आधे सिक्के वापस पाने के लिए सरेंडर करें, या युद्ध करें: अपने सिक्के फिर से बढ़ाएँ, और दोनों को एक-एक कार्ड मिलता है।",
  "games.war.rules.wars":
    "युद्ध जीतें तो आपके सिक्के लौटते हैं और हर बढ़ोतरी 1 के बदले 1 देती है; हारें तो सिक्के और बढ़ोतरियाँ खो देते हैं; फिर टाई हो तो फिर चुनें (तब सरेंडर बढ़ोतरियाँ छोड़ देता है)। अधिकतम 5 युद्ध।",
} satisfies Record<string, string>;
