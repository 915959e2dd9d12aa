import { buildHome, type AreaSpec, type BuiltHome, type EntitySpec } from "./home-builder.js";

const ROOMS: [en: string, zh: string][] = [
  ["Living Room", "客厅"],
  ["Bedroom", "卧室"],
  ["Kitchen", "厨房"],
  ["Study", "书房"],
  ["Bathroom", "浴室"],
  ["Dining Room", "餐厅"],
  ["Balcony", "阳台"],
  ["Guest Room", "客房"],
  ["Kids Room", "儿童房"],
  ["Garage", "车库"],
  ["Hallway", "走廊"],
  ["Laundry", "洗衣房"],
  ["Office", "办公室"],
  ["Gym", "健身房"],
  ["Cellar", "地下室"],
  ["Attic", "阁楼"],
  ["Nursery", "婴儿房"],
  ["Library", "图书室"],
  ["Pantry", "储藏室"],
  ["Porch", "门廊"],
];

interface Template {
  domain: string;
  en: string;
  zh: string;
  deviceClass?: string;
  state: string;
  attributes?: Record<string, unknown>;
}

const TEMPLATES: Template[] = [
  {
    domain: "light",
    en: "Ceiling Light",
    zh: "吸顶灯",
    state: "on",
    attributes: { brightness: 200, color_mode: "color_temp", color_temp_kelvin: 3000 },
  },
  { domain: "light", en: "Floor Lamp", zh: "落地灯", state: "off" },
  {
    domain: "light",
    en: "Light Strip",
    zh: "灯带",
    state: "on",
    attributes: { brightness: 90, color_mode: "hs", rgb_color: [255, 80, 0] },
  },
  { domain: "switch", en: "Plug", zh: "插座", deviceClass: "outlet", state: "on" },
  {
    domain: "sensor",
    en: "Temperature",
    zh: "温度",
    deviceClass: "temperature",
    state: "22.4",
    attributes: { unit_of_measurement: "°C" },
  },
  {
    domain: "sensor",
    en: "Humidity",
    zh: "湿度",
    deviceClass: "humidity",
    state: "48",
    attributes: { unit_of_measurement: "%" },
  },
  {
    domain: "sensor",
    en: "Power",
    zh: "功率",
    deviceClass: "power",
    state: "35.2",
    attributes: { unit_of_measurement: "W" },
  },
  { domain: "binary_sensor", en: "Motion", zh: "人体传感器", deviceClass: "motion", state: "off" },
  { domain: "binary_sensor", en: "Window", zh: "窗户", deviceClass: "window", state: "off" },
  {
    domain: "cover",
    en: "Curtain",
    zh: "窗帘",
    deviceClass: "curtain",
    state: "open",
    attributes: { current_position: 100 },
  },
  {
    domain: "climate",
    en: "Air Conditioner",
    zh: "空调",
    state: "cool",
    attributes: { current_temperature: 26, temperature: 24 },
  },
  { domain: "media_player", en: "Speaker", zh: "音箱", state: "idle", attributes: { volume_level: 0.3 } },
  { domain: "fan", en: "Fan", zh: "风扇", state: "off" },
];

/**
 * A large generated home: `count` entities over 20 room kinds × as many floors as needed. Half the
 * rooms are named in Chinese (with English aliases), half in English (with Chinese aliases).
 */
export function generatedHome(count = 5_000): BuiltHome {
  const perRoom = TEMPLATES.length * 2;
  const roomCount = Math.ceil(count / perRoom);
  const areas: AreaSpec[] = [];
  const entities: EntitySpec[] = [];
  for (let r = 0; r < roomCount; r++) {
    const [en, zh] = ROOMS[r % ROOMS.length]!;
    const floor = Math.floor(r / ROOMS.length) + 1;
    const chinese = r % 2 === 0;
    const areaId = `${en.toLowerCase().replace(/ /g, "_")}_${floor}`;
    const name = chinese ? `${floor}楼${zh}` : `${en} F${floor}`;
    const alias = chinese ? `${en} F${floor}` : `${floor}楼${zh}`;
    areas.push({ id: areaId, name, aliases: [alias] });
    for (let copy = 1; copy <= 2; copy++) {
      for (const t of TEMPLATES) {
        if (entities.length >= count) break;
        const suffix = copy === 1 ? "" : ` ${copy}`;
        const objectId = `${areaId}_${t.en.toLowerCase().replace(/ /g, "_")}${copy === 1 ? "" : "_" + copy}`;
        entities.push({
          id: `${t.domain}.${objectId}`,
          name: chinese ? `${name}${t.zh}${suffix}` : `${name} ${t.en}${suffix}`,
          area: areaId,
          deviceClass: t.deviceClass,
          state: t.state,
          attributes: t.attributes,
          exposed: entities.length % 10 !== 9,
          lastChanged: new Date(Date.now() - (entities.length % 300) * 60_000).toISOString(),
        });
      }
    }
  }
  return buildHome(areas, entities);
}

/** Queries of the kinds users say, for the benchmark. */
export const BENCH_QUERIES = [
  "1楼客厅的灯",
  "living room f1 lights",
  "Bedroom F2 temperature",
  "2楼卧室温度",
  "kitchen f3 plug",
  "3楼厨房插座",
  "书房空调",
  "study f4 air conditioner",
  "1楼客厅吸顶灯",
  "Bedroom F2 Ceiling Light",
  "bedrom f2 ceiling lite",
  "客厅窗帘",
  "garage f1 curtain",
  "light.living_room_1_ceiling_light",
  "balcony f5 humidity",
  "阳台湿度",
  "swimming pool pump",
  "all lights",
  "温度",
  "Kids Room F3 Speaker 2",
];
