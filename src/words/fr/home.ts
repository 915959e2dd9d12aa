import { list, type HomeWords } from "../home.js";

/*
 * French, from HA's intents sentences/fr/_common.yaml at 4cc318b1: kinds from its expansion rules lumiere
 * (lumière, lampe, ampoule, éclairage), ventilateur(s) (ventilateur, ventilo, brasseur d'air), fenetre,
 * serrure and the cover_classes list (store [vénitien]: blind, shade; banne, auvent: awning; rideau:
 * curtain; porte: door; porte de garage: garage; portail: gate; volet: shutter; fenêtre: window; the same
 * in home_assistant_intents 2026.10.27, HA 2026.11's, store banne added to awning); "all"
 * from `tous` (tout, tous, toute[s]) and `partout`; fillers from le, au, mon, dans, de, ici (cette pièce)
 * and skip_words; request words from its verb rules allume, eteins, ferme, ouvre, regle, mets, active,
 * monte, baisse and skip_words (s'il te plaît, stp, tu peux, peux-tu).
 */
export const frHome: HomeWords = {
  kinds: {
    light: list("lumière|lumières|lampe|lampes|ampoule|ampoules|éclairage|éclairages"),
    switch: list("interrupteur"),
    plug: list("prise|prises"),
    lock: list("serrure|verrou|loquet"),
    climate: list("thermostat|chauffage|climatisation|clim|climatiseur"),
    curtain: list("rideau|rideaux"),
    blind: list("store|stores|store vénitien|stores vénitiens"),
    shade: [],
    shutter: list("volet|volets"),
    awning: list("banne|bannes|store banne|stores bannes|auvent|auvents"),
    "garage door": list("porte de garage|porte du garage|portes de garage|garage"),
    gate: list("portail|portails"),
    cover: [],
    window: list("fenêtre|fenêtres|fenetre|baie|velux|lucarne"),
    door: list("porte|portes"),
    fan: list("ventilateur|ventilateurs|ventilo|brasseur d'air"),
    temperature: list("température"),
    humidity: list("humidité"),
    battery: list("batterie"),
    power: list("puissance"),
    energy: list("énergie|consommation"),
    "air quality": list("qualité de l'air|co2"),
    illuminance: list("luminosité ambiante"),
    "motion sensor": list("mouvement|détecteur de mouvement|présence"),
    "leak sensor": list("fuite|fuite d'eau"),
    "smoke sensor": list("fumée|détecteur de fumée"),
    sensor: list("capteur|capteurs|sonde|détecteur"),
    vacuum: list("aspirateur|aspirateur robot"),
    "media player": list("lecteur"),
    tv: list("télé|télévision|tv"),
    speaker: list("enceinte|haut-parleur"),
    music: list("musique|chanson"),
    scene: list("scène"),
    script: list("script"),
    automation: list("automatisation"),
    alarm: list("alarme"),
    humidifier: list("humidificateur|déshumidificateur"),
    "water heater": list("chauffe-eau|ballon d'eau chaude"),
    camera: list("caméra"),
    valve: list("vanne|arrosage"),
    todo: list("liste|liste de courses"),
    siren: list("sirène"),
    button: list("bouton"),
    weather: list("météo"),
    person: list("personne"),
  },
  plurals: list("rideaux|lumières|lampes|volets|stores|ventilateurs|fenêtres|portes"),
  all: list("tout|tous|toute|toutes|partout"),
  requestStart: list(
    "éclaire|éclairer|illumine|illuminer|peux|tu|peuxtu|pourrais|allume|allumer|éteins|éteint|éteindre|eteins|eteint|eteindre|ferme|fermer|ouvre|" +
      "ouvrir|active|activer|désactive|désactiver|coupe|couper|règle|régler|regle|regler|mets|mettre|met|passe|" +
      "passer|baisse|baisser|monte|monter|descends|descendre|lève|ajuste|ajuster|change|changer|stoppe|arrête|" +
      "démarre|lance|le|la|les|l|un|une|des|du|de|d|au|aux|à|mon|ma|mes|notre|nos|dans|sur|en",
  ),
  requestEnd: list("stp|merci|maintenant|svp|en|à|de|sur|au|dans"),
  fillers: list(
    "quel|quels|quelle|quelles|sont|est|le|la|les|l|un|une|des|du|de|d|au|aux|à|mon|ma|mes|notre|nos|dans|sur|en|et|ou|ici|cette|cet|ce|pièce|" +
      "même|maison|tout|tous|toute|toutes|partout|stp|merci|étage",
  ),
  /* sentences/fr/_common.yaml: luminosité, position, vitesse, couleur, volume. */
  actionWords: list(
    "rouge|vert|verte|bleu|bleue|jaune|blanc|blanche|violet|orange|rose|chaud|froid|luminosité|intensité|position|vitesse|couleur|volume|pourcent|degrés|ouverture",
  ),
  here: list("ici|cette pièce|où je suis"),
  /* Cyrene's own list reading (HA's intents name one target per sentence, so they have no list words). */
  listJoiners: list("et|ainsi que"),
  placeSuffixes: [],
  residualParticles: [],
  valuePhrases: { first: [], last: [] },
  keptActionWords: [],
  value: { joiners: list("à|a|sur|de|en"), units: list("%|pourcent|pour cent|degrés|degré|°") },
  places: {
    /* intents tests/fr/_fixtures.yaml: the area Jardin; sentences/fr/_common.yaml `pelouse` (pelouse, herbe, gazon). */
    garden: { said: list("jardin|cour|pelouse|gazon"), areaWords: [] },
    /* HA's fr translations: "Outdoor" is extérieur; the outdoor areas terrasse, balcon, véranda. */
    outside: { said: list("dehors|extérieur"), areaWords: list("terrasse|balcon|véranda") },
    /* intents tests/fr/_fixtures.yaml: the area entrée and the lock "porte d'entrée". */
    entrance: { said: list("entrée|porte d'entrée"), areaWords: list("couloir") },
  },
  /* The head words of the area names of intents tests/fr/_fixtures.yaml (test/words/home.test.ts checks each). */
  roomWords: list("cuisine|salon|chambre|garage|entrée|bains|jardin"),
};
