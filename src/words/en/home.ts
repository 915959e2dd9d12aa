import { list, type HomeWords } from "../home.js";

/*
 * English. Kinds: HA's intents sentences/en/_common.yaml (the light, fan, cover_classes lists, the cover
 * classes one word each as in home_assistant_intents 2026.10.27, HA 2026.11's; and the
 * device classes of tests/en/_fixtures.yaml) and the device names of allenporter/home-assistant-datasets
 * (device-actions-v2-fixtures), as resolution has read them since issue 12. "all": sentences/en/_common.yaml
 * `all` ("all [of the] | every [single] | each [and every]"). Request words: the verbs of HA's en
 * HassTurnOn/HassTurnOff/HassLightSet/HassSetPosition sentences and its skip words ("please"); fillers:
 * its `area` and `floor` expansion rules ("in | on | at | of [the]").
 */
export const enHome: HomeWords = {
  kinds: {
    light: list("light|lights|lamp|bulb|lighting"),
    switch: list("switch"),
    plug: list("plug|outlet|socket|smart plug"),
    lock: list("lock|door lock"),
    climate: list("climate|thermostat|ac|a c|air conditioner|air conditioning|aircon|hvac|heating|heat pump"),
    curtain: list("curtain|drape"),
    blind: list("blind|roller"),
    shade: list("shade"),
    shutter: list("shutter"),
    awning: list("awning"),
    "garage door": list("garage door|garage"),
    gate: list("gate"),
    cover: list("cover|covers"),
    window: list("window"),
    door: list("door"),
    fan: list("fan|ceiling fan"),
    temperature: list("temperature|temp"),
    humidity: list("humidity"),
    battery: list("battery"),
    power: list("power|wattage"),
    energy: list("energy|energy usage|electricity"),
    "air quality": list("air quality|aqi|pm2.5|pm25|co2|carbon dioxide"),
    illuminance: list("illuminance|brightness sensor|lux"),
    "motion sensor": list("motion|motion sensor|occupancy|presence"),
    "leak sensor": list("leak|water leak|moisture"),
    "smoke sensor": list("smoke|smoke detector"),
    sensor: list("sensor"),
    vacuum: list("vacuum|vacuuming|vacuum cleaner|robot vacuum|roomba|hoover|cleaning robot|cleaning|clean"),
    "media player": list("media player|player"),
    tv: list("tv|television|telly"),
    speaker: list("speaker|smart speaker|sound system|soundbar|stereo"),
    music: list("music|song|songs"),
    scene: list("scene"),
    script: list("script"),
    automation: list("automation"),
    alarm: list("alarm|alarm panel|security"),
    humidifier: list("humidifier|dehumidifier"),
    "water heater": list("water heater|boiler"),
    camera: list("camera"),
    valve: list("valve|water|watering|sprinkler|sprinklers|irrigation"),
    todo: list("todo|to do|list|todo list|to do list|shopping list"),
    siren: list("siren"),
    button: list("button"),
    weather: list("weather"),
    person: list("person|people"),
  },
  plurals: [],
  all: list("all|every|each|everything"),
  requestStart: list(
    "please|kindly|can|could|would|will|you|hey|ok|okay|turn|switch|set|make|put|start|stop|pause|unpause|resume|" +
      "play|skip|go|back|open|close|shut|lock|unlock|raise|lower|dim|brighten|increase|decrease|activate|" +
      "deactivate|enable|disable|on|off|up|down|the|a|an|my|our|both|me|to|it|heat|cool|mute|unmute|return|send|" +
      "dock|run|begin|end|change|adjust",
  ),
  requestEnd: list("on|off|please|now|up|down|again|thanks|for|me|to|it|back"),
  fillers: list(
    "this|room|the|a|an|my|our|please|in|at|of|and|or|on|off|to|for|from|with|by|near|turn|set|state|status|what|which|is|are|how|here",
  ),
  actionWords: list(
    "color temperature|red|green|blue|yellow|purple|pink|warm white|cool white|white|volume|louder|quieter|softer|loud|quiet|track|next|previous|prior|last|song|songs|music|skip|pause|resume|" +
      "unpause|play|playing|playback|mute|unmute|brightness|bright|brighter|dimmer|dim|brighten|temperature|degree|" +
      "degrees|warmer|cooler|hotter|colder|position|halfway|level|it|them|everything|again|mode|media|down|up|" +
      "return|base|dock|charge|charging|home|speed|color|colour",
  ),
  here: list("here|this room|in here"),
  /* Cyrene's own list reading (HA's intents name one target per sentence, so they have no list words). */
  listJoiners: list("and|&|plus"),
  placeSuffixes: [],
  residualParticles: [],
  valuePhrases: { first: [], last: [] },
  keptActionWords: list("it|them|again|mode|level"),
  value: { joiners: list("to|at|by"), units: list("%|percent|degrees|degree|°c|°f|°") },
  places: {
    /*
     * home-assistant-datasets: areas Garden, Front Garden, Coastal Garden, Courtyard garden, Backyard, Front
     * Yard, Courtyard, Shared Courtyard; the sprinklers are in Backyard and Garden ("Water the lawn").
     */
    garden: { said: list("garden|yard|backyard|courtyard|lawn"), areaWords: [] },
    /*
     * intents tests/en/_fixtures.yaml: an area "Outside" ("are any shades open outside?") and "Outside
     * Temperature"; home-assistant-datasets' outdoor areas: Terrace, Rooftop Terrace, Patio, Porch, Deck,
     * Balcony, Veranda. "outdoors" is "outdoor" once normalised.
     */
    outside: { said: list("outside|outdoor"), areaWords: list("terrace|patio|porch|deck|balcony|veranda") },
    /*
     * intents tests/en/_fixtures.yaml: the lock "Front Door" is in the area "Entrance";
     * home-assistant-datasets: the "Front Door" locks are in Entryway and Shared Hallway.
     */
    entrance: { said: list("entrance|entry|entryway|front door"), areaWords: list("hallway") },
  },
  /*
   * The head words of the room names in allenporter/home-assistant-datasets' homes
   * (device-actions-v2-fixtures, every `areas:` name; test/ha/room-words.test.ts checks each); words too
   * common to name one room ("room", "house", "area") are left out.
   */
  roomWords: list(
    "bedroom|office|terrace|garden|kitchen|pavilion|cinema|helipad|bathroom|balcony|deck|backyard|" +
      "kitchenette|closet|sauna|porch|barn|coop|yard|walkway|gym|pool|courtyard|shed|trail|workshop|patio|" +
      "beach|studio|veranda|hallway|orchard|entryway|attic|basement|study|conservatory|chapel|fountain|" +
      "parking|grove|theater|cellar|vineyard",
  ),
};
