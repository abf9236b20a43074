/** Hindi strings of free rounds: the offer, the rounds played, their summary ("freerounds.*"; "freerounds.social.*" for a session without money words). */
export default {
  "freerounds.offer.title|one": "आपके पास {count} फ़्री राउंड है",
  "freerounds.offer.title|other": "आपके पास {count} फ़्री राउंड हैं",
  "freerounds.offer.bet": "प्रति राउंड दांव: {amount}। आपके बैलेंस से कुछ नहीं कटता।",
  "freerounds.offer.params": "इन राउंड के लिए गेम की सेटिंग तय हैं।",
  "freerounds.offer.expires": "{date} तक खेलें।",
  "freerounds.offer.accept": "फ़्री राउंड खेलें",
  "freerounds.offer.later": "बाद में",
  "freerounds.waiting|one": "{count} फ़्री राउंड बाकी है",
  "freerounds.waiting|other": "{count} फ़्री राउंड बाकी हैं",
  "freerounds.fixed": "{amount} प्रति राउंड के फ़्री राउंड: दांव और सेटिंग तय हैं।",
  "freerounds.play.label|one": "फ़्री राउंड · {count} बाकी",
  "freerounds.play.label|other": "फ़्री राउंड · {count} बाकी",
  "freerounds.result.noWin": "फ़्री राउंड: इस बार कुछ नहीं",
  "freerounds.summary.title": "फ़्री राउंड पूरे हुए",
  "freerounds.summary.won|one": "{count} फ़्री राउंड में कुल जीत",
  "freerounds.summary.won|other": "{count} फ़्री राउंड में कुल जीत",
  "freerounds.summary.continue": "गेम पर लौटें",
  "freerounds.lapsed":
    "आपके फ़्री राउंड अब उपलब्ध नहीं हैं: वे समाप्त हो गए, रद्द हो गए या किसी दूसरी विंडो में खेले गए। दांव फिर से आपके बैलेंस से चुकाए जाएंगे।",
  "freerounds.social.bet": "प्रति खेल सिक्के: {amount}। आपके सिक्के इस्तेमाल नहीं होते।",
  "freerounds.social.fixed": "{amount} प्रति खेल के फ़्री खेल: सिक्के और सेटिंग तय हैं।",
  "freerounds.social.summary|one": "{count} फ़्री खेल से इनाम",
  "freerounds.social.summary|other": "{count} फ़्री खेलों से इनाम",
  "freerounds.social.lapsed":
    "आपके फ़्री खेल अब उपलब्ध नहीं हैं: वे समाप्त हो गए, रद्द हो गए या किसी दूसरी विंडो में इस्तेमाल हुए। खेल फिर से आपके सिक्कों का इस्तेमाल करेंगे।",
} satisfies Record<string, string>;
