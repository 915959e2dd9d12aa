import { buildHome, type BuiltHome } from "./home-builder.js";

/** A small mixed Chinese/English home for resolution and formatting tests. */
export function sampleHome(): BuiltHome {
  return buildHome(
    [
      { id: "living_room", name: "客厅", aliases: ["Living Room", "lounge"] },
      { id: "bedroom", name: "Bedroom", aliases: ["卧室", "主卧"] },
      { id: "kitchen", name: "Kitchen", aliases: ["厨房"] },
      { id: "garage", name: "Garage", aliases: ["车库"] },
      { id: "study", name: "书房", aliases: ["Study"] },
    ],
    [
      {
        id: "light.living_room_ceiling",
        name: "客厅吸顶灯",
        area: "living_room",
        aliases: ["Living Room Ceiling"],
      },
      {
        id: "light.living_room_strip",
        name: "Living Room Light Strip",
        area: "living_room",
        attributes: { brightness: 128, color_mode: "hs", hs_color: [30, 80] },
      },
      { id: "light.kitchen_lights", name: "Kitchen Lights", area: "kitchen", state: "off" },
      { id: "light.bedroom_lamp", name: "卧室台灯", area: "bedroom", aliases: ["Bedside Lamp"] },
      { id: "light.study_desk", name: "Desk Lamp", area: "study" },
      { id: "switch.kitchen_kettle", name: "Kettle", area: "kitchen", deviceClass: "outlet" },
      { id: "switch.decorative", name: "Decorative Lights", area: "living_room", exposed: false },
      {
        id: "sensor.bedroom_temperature",
        name: "Bedroom Temperature",
        area: "bedroom",
        deviceClass: "temperature",
        state: "21.5",
        attributes: { unit_of_measurement: "°C" },
      },
      {
        id: "sensor.living_room_temperature",
        name: "客厅温度",
        area: "living_room",
        deviceClass: "temperature",
        state: "23.1",
        attributes: { unit_of_measurement: "°C" },
      },
      {
        id: "sensor.bedroom_humidity",
        name: "Bedroom Humidity",
        area: "bedroom",
        deviceClass: "humidity",
        state: "45",
        attributes: { unit_of_measurement: "%" },
      },
      {
        id: "climate.living_room_ac",
        name: "客厅空调",
        area: "living_room",
        state: "cool",
        attributes: { current_temperature: 26, temperature: 24, hvac_modes: ["off", "cool", "heat"] },
      },
      { id: "lock.front_door", name: "Front Door", aliases: ["大门锁"], state: "locked" },
      {
        id: "cover.garage_door",
        name: "Garage Door",
        area: "garage",
        deviceClass: "garage",
        state: "closed",
      },
      {
        id: "cover.living_room_curtain",
        name: "客厅窗帘",
        area: "living_room",
        deviceClass: "curtain",
        state: "open",
        attributes: { current_position: 100 },
      },
      { id: "fan.bedroom_fan", name: "Bedroom Fan", area: "bedroom", state: "off" },
      {
        id: "sensor.kettle_power",
        name: "Kettle Power",
        area: "kitchen",
        deviceClass: "power",
        state: "0",
        attributes: { unit_of_measurement: "W" },
      },
    ],
  );
}
