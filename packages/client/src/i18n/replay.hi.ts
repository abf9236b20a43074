/** Hindi strings of the replay page and of the history's replay links ("replay.*"). */
export default {
  "replay.pageTitle": "राउंड रीप्ले: {game}",
  "replay.failedTitle": "यह राउंड दिखाया नहीं जा सकता",
  "replay.badge": "रीप्ले",
  "replay.cancelled":
    "यह राउंड रद्द हुआ: वॉलेट ने दांव की पुष्टि नहीं की, इसलिए कोई परिणाम नहीं निकाला गया और ली गई राशि लौटा दी गई।",
  "replay.detailsLabel": "राउंड का विवरण",
  "replay.settingsLabel": "राउंड की सेटिंग्स",
  "replay.serverSeedHash": "सर्वर सीड हैश",
  "replay.nonce": "नॉन्स",
  "replay.unrevealed":
    "जब तक सीड जोड़ी उपयोग में है, सर्वर सीड गुप्त रहता है। खिलाड़ी के जोड़ी बदलते ही यह पेज उसे दिखाता है और राउंड की जाँच हो सकती है।",
  "replay.historyLink": "रीप्ले",
  "replay.historyLinkLabel": "राउंड {id} का रीप्ले (साझा करने योग्य लिंक)",
} satisfies Record<string, string>;
