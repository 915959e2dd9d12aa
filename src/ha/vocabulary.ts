import { normalize } from "./text.js";

/** One way a kind of device can be said; `factor` < 1 ranks a looser reading below a closer one. */
export interface KindMatch {
  domain: string;
  /** Device classes that fit; an entity without a device class fits at `classlessFactor`. */
  classes?: string[];
  classlessFactor?: number;
  factor?: number;
}

export interface Kind {
  /** Short label for messages: "light", "temperature sensor". */
  label: string;
  words: string[];
  matches: KindMatch[];
}

const cover = (classes: string[]): KindMatch => ({ domain: "cover", classes, classlessFactor: 0.75 });
const kind = (label: string, words: string, matches: KindMatch[]): Kind => ({
  label,
  words: words.split("|"),
  matches,
});

/** Words for kinds of devices, English and Chinese, "|"-separated. Longer phrases win over the words inside them. */
export const KINDS: Kind[] = [
  // 筒灯 (downlight) and 射灯 (spotlight) from HA's zh-cn `light` expansion rule (home-assistant/intents,
  // sentences/zh-cn/_common.yaml); its 吸顶灯 and 床头灯 are left out: homes name single lamps so.
  kind("light", "light|lights|lamp|bulb|lighting|灯|灯光|电灯|吊灯|台灯|灯泡|照明|灯带|筒灯|射灯", [
    { domain: "light" },
  ]),
  kind("switch", "switch|开关", [{ domain: "switch" }, { domain: "input_boolean", factor: 0.8 }]),
  kind("plug", "plug|outlet|socket|smart plug|插座|插头|智能插座", [
    { domain: "switch", classes: ["outlet"], classlessFactor: 0.7 },
  ]),
  kind("lock", "lock|door lock|锁|门锁|智能锁", [{ domain: "lock" }]),
  kind(
    "climate",
    "climate|thermostat|ac|a c|air conditioner|air conditioning|aircon|hvac|heating|heat pump|" +
      "空调|冷气|暖气|地暖|温控|温控器|恒温器|中央空调",
    [{ domain: "climate" }],
  ),
  kind("curtain", "curtain|drape|窗帘|布帘|纱帘", [cover(["curtain"])]),
  kind("blind", "blind|shade|shutter|roller|awning|百叶窗|百叶|卷帘|遮阳帘|卷闸|遮阳篷", [
    cover(["blind", "shade", "shutter", "awning"]),
  ]),
  kind("garage door", "garage door|garage|车库门|车库|卷帘门", [cover(["garage"])]),
  kind("gate", "gate|大门|院门|闸门", [cover(["gate"])]),
  kind("cover", "cover|covers", [{ domain: "cover" }]),
  kind("window", "window|窗|窗户", [
    cover(["window"]),
    { domain: "binary_sensor", classes: ["window"], factor: 0.9 },
  ]),
  kind("door", "door|门|房门", [
    { domain: "binary_sensor", classes: ["door", "opening", "garage_door"] },
    { domain: "cover", classes: ["door", "garage"], factor: 0.9 },
    { domain: "lock", factor: 0.7 },
  ]),
  kind("fan", "fan|ceiling fan|风扇|电扇|电风扇|吊扇|排气扇", [{ domain: "fan" }]),
  kind("temperature", "temperature|temp|温度|气温|室温|温度计|温度传感器", [
    { domain: "sensor", classes: ["temperature"] },
    { domain: "climate", factor: 0.7 },
    { domain: "weather", factor: 0.6 },
  ]),
  kind("humidity", "humidity|湿度|湿度计", [
    { domain: "sensor", classes: ["humidity"] },
    { domain: "weather", factor: 0.6 },
  ]),
  kind("battery", "battery|电量|电池", [{ domain: "sensor", classes: ["battery"] }]),
  kind("power", "power|wattage|功率|用电功率", [{ domain: "sensor", classes: ["power"] }]),
  kind("energy", "energy|energy usage|electricity|用电量|耗电|能耗|电能", [
    { domain: "sensor", classes: ["energy"] },
  ]),
  kind("air quality", "air quality|aqi|pm2.5|pm25|co2|carbon dioxide|空气质量|二氧化碳|甲醛", [
    { domain: "sensor", classes: ["aqi", "pm25", "pm10", "carbon_dioxide", "volatile_organic_compounds"] },
  ]),
  kind("illuminance", "illuminance|brightness sensor|lux|光照|照度|亮度传感器", [
    { domain: "sensor", classes: ["illuminance"] },
  ]),
  kind("motion sensor", "motion|motion sensor|occupancy|presence|人体|人体传感器|移动|有人|人在", [
    { domain: "binary_sensor", classes: ["motion", "occupancy", "presence"] },
  ]),
  kind("leak sensor", "leak|water leak|moisture|漏水|水浸", [
    { domain: "binary_sensor", classes: ["moisture"] },
  ]),
  kind("smoke sensor", "smoke|smoke detector|烟雾|烟感", [
    { domain: "binary_sensor", classes: ["smoke", "gas", "carbon_monoxide"] },
  ]),
  kind("sensor", "sensor|传感器|探测器", [{ domain: "sensor" }, { domain: "binary_sensor" }]),
  kind(
    "vacuum",
    "vacuum|vacuuming|vacuum cleaner|robot vacuum|roomba|hoover|cleaning robot|cleaning|clean|" +
      "扫地|扫地机|扫地机器人|吸尘器|扫拖机器人|拖地|打扫",
    [{ domain: "vacuum" }],
  ),
  kind("media player", "media player|player|播放器", [{ domain: "media_player" }]),
  kind("tv", "tv|television|telly|电视|电视机", [
    { domain: "media_player", classes: ["tv"], classlessFactor: 0.6 },
  ]),
  kind("speaker", "speaker|smart speaker|sound system|soundbar|stereo|音箱|音响|智能音箱|音响系统", [
    { domain: "media_player", classes: ["speaker", "receiver"], classlessFactor: 0.8 },
  ]),
  // Music plays on speakers first, on a TV only if nothing else does.
  kind("music", "music|song|songs|音乐|歌|歌曲", [
    { domain: "media_player", classes: ["speaker", "receiver"], classlessFactor: 0.9 },
    { domain: "media_player", factor: 0.5 },
  ]),
  kind("scene", "scene|场景|情景", [{ domain: "scene" }]),
  kind("script", "script|脚本", [{ domain: "script" }]),
  kind("automation", "automation|自动化", [{ domain: "automation" }]),
  kind("alarm", "alarm|alarm panel|security|警报|报警器|安防|警戒", [{ domain: "alarm_control_panel" }]),
  kind("humidifier", "humidifier|dehumidifier|加湿器|除湿机", [{ domain: "humidifier" }]),
  kind("water heater", "water heater|boiler|热水器", [{ domain: "water_heater" }]),
  kind("camera", "camera|摄像头|监控", [{ domain: "camera" }]),
  kind(
    "valve",
    "valve|water|watering|sprinkler|sprinklers|irrigation|阀门|水阀|浇水|浇花|灌溉|喷灌|洒水|洒水器|喷淋",
    [{ domain: "valve" }],
  ),
  kind("todo", "todo|to do|list|todo list|to do list|shopping list|待办|待办事项|清单|购物清单", [
    { domain: "todo" },
  ]),
  kind("siren", "siren|警笛|蜂鸣器", [{ domain: "siren" }]),
  kind("button", "button|按钮", [{ domain: "button" }, { domain: "input_button" }]),
  kind("weather", "weather|天气", [{ domain: "weather" }]),
  kind("person", "person|people|家人", [{ domain: "person" }]),
];

export interface KindWord {
  /** The word in normalised compact form. */
  word: string;
  kind: Kind;
}

/** Every kind word, normalised, longest first so "garage door" is taken before "door". */
export const KIND_WORDS: KindWord[] = KINDS.flatMap((kind) =>
  [...new Set(kind.words.map((w) => normalize(w).compact))].map((word) => ({ word, kind })),
).sort((a, b) => b.word.length - a.word.length);

/** How well an entity of `domain`/`deviceClass` fits a kind: 0 (not at all) to 1. */
export function kindFit(
  kind: Kind,
  domain: string,
  deviceClass: string | undefined,
  /** The best fit of the domain, whatever the device class. */
  anyClass = false,
): number {
  let best = 0;
  for (const match of kind.matches) {
    if (match.domain !== domain) continue;
    let fit = match.factor ?? 1;
    if (match.classes && !anyClass) {
      if (deviceClass === undefined) fit *= match.classlessFactor ?? 0;
      else if (!match.classes.includes(deviceClass)) fit = 0;
    }
    best = Math.max(best, fit);
  }
  return best;
}

/** Words that carry no meaning for finding a device. Removed only from what is left after areas and kinds. */
export const FILLERS = new Set(
  (
    "the|a|an|my|our|all|every|each|please|in|at|of|and|or|on|off|to|for|from|with|by|near|turn|set|state|status|what|is|are|how|" +
    "所有|全部|一下|帮我|请|把|和|与|跟|以及|还有|里面|现在|当前|打开|关闭|关掉|开启|状态|多少|几度|怎么样|吗|呢|家里"
  )
    .split("|")
    .map((w) => normalize(w).compact),
);
