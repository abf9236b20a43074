/** Finnish strings of free rounds: the offer, the rounds played, their summary ("freerounds.*"; "freerounds.social.*" for a session without money words). */
export default {
  "freerounds.offer.title|one": "Sinulla on {count} ilmaiskierros",
  "freerounds.offer.title|other": "Sinulla on {count} ilmaiskierrosta",
  "freerounds.offer.bet": "Panos per kierros: {amount}. Saldostasi ei veloiteta mitään.",
  "freerounds.offer.params": "Pelin asetukset ovat kiinteät näillä kierroksilla.",
  "freerounds.offer.expires": "Pelaa ne viimeistään {date}.",
  "freerounds.offer.accept": "Pelaa ilmaiskierrokset",
  "freerounds.offer.later": "Myöhemmin",
  "freerounds.waiting|one": "{count} ilmaiskierros odottaa",
  "freerounds.waiting|other": "{count} ilmaiskierrosta odottaa",
  "freerounds.fixed": "Ilmaiskierrokset {amount} per kierros: panos ja asetukset ovat kiinteät.",
  "freerounds.play.label|one": "Ilmaiskierros · {count} jäljellä",
  "freerounds.play.label|other": "Ilmaiskierros · {count} jäljellä",
  "freerounds.result.noWin": "Ilmaiskierros: ei tällä kertaa mitään",
  "freerounds.summary.title": "Ilmaiskierrokset päättyivät",
  "freerounds.summary.won|one": "Voitot yhteensä {count} ilmaiskierroksesta",
  "freerounds.summary.won|other": "Voitot yhteensä {count} ilmaiskierroksesta",
  "freerounds.summary.continue": "Takaisin peliin",
  "freerounds.lapsed":
    "Ilmaiskierroksesi eivät ole enää käytettävissä: ne vanhenivat, peruttiin tai pelattiin toisessa ikkunassa. Panokset maksetaan taas saldostasi.",
  "freerounds.social.bet": "Kolikot per peli: {amount}. Kolikoitasi ei käytetä.",
  "freerounds.social.fixed": "Ilmaispelit à {amount}: kolikot ja asetukset ovat kiinteät.",
  "freerounds.social.summary|one": "Palkinnot {count} ilmaispelistä",
  "freerounds.social.summary|other": "Palkinnot {count} ilmaispelistä",
  "freerounds.social.lapsed":
    "Ilmaispelisi eivät ole enää käytettävissä: ne vanhenivat, peruttiin tai käytettiin toisessa ikkunassa. Pelit käyttävät taas kolikoitasi.",
} satisfies Record<string, string>;
