import { list, type HomeWords } from "../home.js";

/*
 * German, from HA's intents sentences/de/_common.yaml at 4cc318b1: kinds from its expansion rules licht,
 * lichter, luefter, abdeckung, rollladen, fenster, garage, tor, tuer, schloss, szene, skript, batterie and
 * the cover_classes list (Markise, Beschattung: awning; Jalousie, Rollo: blind; Gardine, Vorhang: curtain;
 * Tür: door; Garagentür, Garagentor: garage; Tor: gate; Schirm: shade; Rollladen: shutter; Fenster:
 * window; the same in home_assistant_intents 2026.10.27, HA 2026.11's, which reads each as that one
 * device class); "all" from `alle` ("alle|sämtliche|jede[r|s|n]|die ganze…") and `alle_lichter_ueberall`
 * (überall); fillers from artikel_bestimmt, artikel_unbestimmt, possessivpronom_mein/unser, preposition,
 * area, floor (Geschoss), von_dem, zu_dem, hier and skip_words; request words from the verbs of its
 * HassTurnOn/HassTurnOff/HassLightSet/HassSetPosition/HassFanSetSpeed rules (schalten, machen, fahren,
 * setzen, stelle, aktivieren, an/aus/auf/zu) and skip_words (bitte, mal, kannst du, könntest du).
 */
export const deHome: HomeWords = {
  kinds: {
    light: list("licht|lichter|lichtern|lampe|lampen|leuchte|leuchten|beleuchtung|beleuchtungen"),
    switch: list("schalter"),
    plug: list("steckdose|steckdosen|stecker"),
    lock: list("schloss|schlösser|türschloss"),
    climate: list("thermostat|heizung|klimaanlage|klima"),
    curtain: list("vorhang|vorhänge|vorhängen|gardine|gardinen"),
    blind: list("jalousie|jalousien|rollo|rollos|raffstore|raffstores"),
    shade: list("schirm|schirme"),
    shutter: list("rollladen|rollläden|rolladen|rolläden"),
    awning: list("markise|markisen|beschattung|beschattungen"),
    "garage door": list("garagentor|garagentore|garagentür|garagentüre|garagentüren|garage|garagen"),
    gate: list("tor|tore"),
    cover: list("abdeckung|abdeckungen"),
    window: list("fenster"),
    door: list("tür|türe|türen"),
    fan: list("ventilator|ventilatoren|lüfter"),
    temperature: list("temperatur"),
    humidity: list("luftfeuchtigkeit|feuchtigkeit"),
    battery: list("batterie|batterien|akku"),
    power: list("leistung"),
    energy: list("energie|stromverbrauch|energieverbrauch"),
    "air quality": list("luftqualität|co2"),
    illuminance: list("helligkeitssensor"),
    "motion sensor": list("bewegung|bewegungsmelder|anwesenheit"),
    "leak sensor": list("wasserleck|wassermelder"),
    "smoke sensor": list("rauch|rauchmelder"),
    sensor: list("sensor|sensoren"),
    vacuum: list("staubsauger|saugroboter|staubsaugerroboter"),
    "media player": list("mediaplayer|player"),
    tv: list("fernseher|tv"),
    speaker: list("lautsprecher"),
    music: list("musik|lied|song"),
    scene: list("szene"),
    script: list("skript"),
    automation: list("automatisierung"),
    alarm: list("alarm|alarmanlage"),
    humidifier: list("luftbefeuchter|luftentfeuchter"),
    "water heater": list("boiler|warmwasserbereiter"),
    camera: list("kamera"),
    valve: list("ventil|bewässerung"),
    todo: list("liste|einkaufsliste"),
    siren: list("sirene"),
    button: list("taste|knopf"),
    weather: list("wetter"),
    person: list("person|personen"),
  },
  plurals: list(
    "lichter|lichtern|lampen|leuchten|beleuchtungen|vorhänge|vorhängen|gardinen|jalousien|rollläden|rolläden|markisen|beschattungen|ventilatoren|tore|türen|garagentore|garagentüren|steckdosen|schlösser|abdeckungen",
  ),
  all: list("alle|allen|alles|sämtliche|jede|jeder|jedes|jeden|ganze|gesamte|komplette|überall"),
  requestStart: list(
    "bitte|mal|kannst|könntest|du|ich|möchte|will|würde|schalte|schalt|schaltet|mach|mache|macht|dreh|drehe|" +
      "stelle|stell|setze|setz|fahre|fahr|aktiviere|aktivier|deaktiviere|deaktivier|öffne|schließe|schließ|" +
      "schliesse|schliess|ändere|der|die|das|dem|den|des|ein|eine|einen|einem|mein|meine|unser|unsere|im|in|am|an|" +
      "auf|vom|von|zum|zu",
  ),
  requestEnd: list(
    "dimmen|an|aus|ein|ab|auf|zu|hoch|runter|herunter|rauf|herauf|bitte|mal|einschalten|ausschalten|anschalten|abschalten|" +
      "anmachen|ausmachen|aufmachen|zumachen|aufdrehen|abdrehen|aktivieren|deaktivieren|öffnen|schließen|schliessen|" +
      "stellen|setzen|einstellen|ändern|fahren|hochfahren|runterfahren|herunterfahren|herunterlassen|machen|schalten",
  ),
  fillers: list(
    "welche|welcher|welches|sind|ist|der|die|das|dem|den|des|ein|eine|eines|einer|einem|einen|mein|meine|meines|meiner|meinem|meinen|unser|unsere|" +
      "unseres|unserer|unserem|unseren|in|im|an|am|bei|auf|von|vom|zu|zum|zur|und|oder|bitte|mal|hier|diesem|" +
      "raum|zimmer|geschoss|stock|etage|alle|allen|sämtliche|überall|ganze|gesamte|aus|ein|ab|hoch|runter",
  ),
  /* sentences/de/_common.yaml: brightness (Helligkeit), position, fan_speed (Geschwindigkeit, Stufe), color_temp. */
  actionWords: list(
    "rot|grün|blau|gelb|weiß|weiss|lila|orange|rosa|kaltweiß|kaltweiss|warmweiß|warmweiss|dimmen|helligkeit|position|geschwindigkeit|stufe|farbe|farbtemperatur|lautstärke|prozent|grad",
  ),
  here: list("hier|diesem raum|diesem zimmer|diesem bereich"),
  /* Cyrene's own list reading (HA's intents name one target per sentence, so they have no list words). */
  listJoiners: list("und|sowie"),
  placeSuffixes: [],
  residualParticles: [],
  valuePhrases: { first: [], last: [] },
  keptActionWords: [],
  value: { joiners: list("auf|um|zu"), units: list("%|prozent|grad|°") },
  places: {
    /* intents tests/de/_fixtures.yaml: the area Garten; HA's de `pelouse` counterpart Rasen (lawn_mower). */
    garden: { said: list("garten|hof|rasen"), areaWords: [] },
    /* intents tests/de/_fixtures.yaml: the areas Terrasse and Auffahrt (outdoor, ground floor). */
    outside: {
      said: list("draußen|draussen|außen|aussen"),
      areaWords: list("terrasse|balkon|veranda|auffahrt"),
    },
    /* intents tests/de/_fixtures.yaml: the area Eingang. */
    entrance: { said: list("eingang|haustür"), areaWords: list("flur|diele") },
  },
  /* The area names of intents tests/de/_fixtures.yaml (test/words/home.test.ts checks each). */
  roomWords: list("küche|flur|wohnzimmer|schlafzimmer|garage|garten|eingang|büro|auffahrt|terrasse"),
};
