/** Finnish strings of the replay page and of the history's replay links ("replay.*"). */
export default {
  "replay.pageTitle": "Kierroksen toisto: {game}",
  "replay.failedTitle": "Tätä kierrosta ei voi näyttää",
  "replay.badge": "Toisto",
  "replay.cancelled":
    "Tämä kierros peruttiin: lompakko ei vahvistanut panosta, joten tulosta ei arvottu ja mahdollisesti veloitettu panos palautettiin.",
  "replay.detailsLabel": "Kierroksen tiedot",
  "replay.settingsLabel": "Kierroksen asetukset",
  "replay.serverSeedHash": "Palvelimen siemenen tiiviste",
  "replay.nonce": "Nonce-arvo",
  "replay.unrevealed":
    "Palvelimen siemen pysyy salassa niin kauan kuin sen siemenpari on käytössä. Kun pelaaja vaihtaa parin, tämä sivu näyttää sen ja kierroksen voi tarkistaa.",
  "replay.historyLink": "Toisto",
  "replay.historyLinkLabel": "Kierroksen {id} toisto (jaettava linkki)",
} satisfies Record<string, string>;
