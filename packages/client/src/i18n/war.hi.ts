/** वॉर के हिंदी पाठ ("games.war.*")। */
export default {
  "games.war.board": "वॉर टेबल",
  "games.war.bet.main": "दांव",
  "games.war.bet.tie": "टाई",
  "games.war.bet.coloured_tie": "रंगीन टाई",
  "games.war.clearBet": "{bet} साफ़ करें",
  "games.war.onBet": "इस पर {amount}",
  "games.war.cardBack": "उल्टा कार्ड",
  "games.war.player": "आप",
  "games.war.dealer": "डीलर",
  "games.war.decision": "टाई: आपका फ़ैसला",
  "games.war.goToWar": "युद्ध करें ({amount})",
  "games.war.surrender": "सरेंडर ({amount} पाएँ)",
  "games.war.warNotAllowed": "यहाँ युद्ध अधिकतम जीत से ज़्यादा दे सकता है: सरेंडर ही विकल्प है।",
  "games.war.status.tie": "टाई!",
  "games.war.status.won": "आपका कार्ड ऊँचा है",
  "games.war.status.lost": "डीलर का कार्ड ऊँचा है",
  "games.war.status.surrendered": "सरेंडर किया",
  "games.war.status.war_won": "आपका कार्ड युद्ध जीतता है",
  "games.war.status.war_lost": "डीलर का कार्ड युद्ध जीतता है",
  "games.war.status.wars_exhausted": "पाँच युद्ध टाई: बढ़ाए दांव आधे दांव के साथ लौटाए गए",
  "games.war.status.abandoned": "टाई पर छोड़ा: सरेंडर किया",
  "games.war.rules.intro":
    "हर राउंड के लिए फेंटे गए 8 गड्डियों के शू से दोनों को एक-एक कार्ड; इक्के ऊँचे। ऊँचा कार्ड बराबर भुगतान पर दांव जीतता है।",
  "games.war.rules.tie":
    "टाई होने पर आधा दांव वापस पाने के लिए सरेंडर करें, या युद्ध करें: अपना दांव फिर से बढ़ाएँ, और दोनों को एक-एक कार्ड मिलता है।",
  "games.war.rules.wars":
    "युद्ध जीतें तो आपका दांव लौटता है और हर बढ़ोतरी बराबर भुगतान देती है; हारें तो दांव और बढ़ोतरियाँ खो देते हैं; फिर टाई हो तो फिर चुनें (तब सरेंडर बढ़ोतरियाँ छोड़ देता है)। अधिकतम 5 युद्ध।",
  "games.war.rules.best":
    "पहले टाई पर युद्ध और सरेंडर बराबर मूल्य के हैं; एक युद्ध के बाद फिर युद्ध करना बेहतर है। इस खेल की वापसी 96.27% है।",
  "games.war.rules.pays": "{multiplier} देता है (दांव सहित)",
  "games.war.rules.abandon": "टाई पर छोड़ा गया राउंड सरेंडर के रूप में निपटाया जाता है।",
};
