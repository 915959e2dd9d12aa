import { describe, expect, it } from "vitest";
import { haUserOf, languageLineOf, speakerOf } from "../../src/http/ha-prompt.js";
import { HA_INSTRUCTIONS } from "../assist/ollama/ha-client.js";

// helpers/llm.py AssistAPI._async_get_preable, as HA 2026.2 renders it.
const ASSIST = "When controlling Home Assistant always call the intent tools. Use HassTurnOn to lock.";
const GENERIC = "and all generic commands like 'turn on the lights' should target this area.";
const NO_AREA =
  "When a user asks to turn on all devices of a specific type, ask user to specify an area, unless there is only one device of that type.";

describe("the speaker's room in HA's system text", () => {
  it("reads the Assist API's area line, with or without a floor, in either language", () => {
    expect(speakerOf(`${HA_INSTRUCTIONS}\n${ASSIST}\nYou are in area 厨房 ${GENERIC}\n`)).toEqual({
      via: "assist_api",
      area: "厨房",
    });
    expect(speakerOf(`${ASSIST}\nYou are in area Living Room (floor Ground Floor) ${GENERIC}`)).toEqual({
      via: "assist_api",
      area: "Living Room",
    });
    expect(speakerOf(`${ASSIST}\n${NO_AREA}`)).toEqual({ via: "assist_api" });
    // HA 2026.11's wording (components/intent/llm.py).
    expect(speakerOf(`${ASSIST}\n${NO_AREA.replace("ask user", "ask the user")}`)).toEqual({
      via: "assist_api",
    });
  });

  it("reads the line DOCS gives for the agent's instructions, as HA renders it", () => {
    expect(speakerOf(`${HA_INSTRUCTIONS}Speaker area: 厨房 (device 4b1f0c9e2d7a)\n`)).toEqual({
      via: "instructions",
      area: "厨房",
      deviceId: "4b1f0c9e2d7a",
    });
    expect(speakerOf("Speaker area: Living Room (device abc)")).toMatchObject({ area: "Living Room" });
    expect(speakerOf("Speaker area: Living Room")).toEqual({ via: "instructions", area: "Living Room" });
    // No device (a typed conversation), or one HA cannot place: Jinja renders None.
    expect(speakerOf("Speaker area: None (device None)")).toEqual({ via: "instructions" });
    expect(speakerOf("Speaker area: None (device 4b1f)")).toEqual({ via: "instructions", deviceId: "4b1f" });
  });

  it("finds no room where HA's text has neither line", () => {
    expect(speakerOf(HA_INSTRUCTIONS)).toBeUndefined();
    expect(speakerOf("The user said: You are in area 51.")).toBeUndefined();
  });
});

describe("the pipeline's language in HA's system text", () => {
  it("reads the line DOCS gives (`Language: {{ llm_context.language }}`), as HA renders it", () => {
    expect(languageLineOf(`${HA_INSTRUCTIONS}Language: de\n`)).toBe("de");
    expect(languageLineOf("Speaker area: Küche (device 4b1f)\nLanguage: zh-CN")).toBe("zh-CN");
    expect(languageLineOf("Language: pt-BR  ")).toBe("pt-BR");
  });

  it("tells nothing without the line, or where HA rendered no language", () => {
    expect(languageLineOf(HA_INSTRUCTIONS)).toBeUndefined();
    expect(languageLineOf("Language: None")).toBeUndefined();
    expect(languageLineOf("Language: ")).toBeUndefined();
    expect(languageLineOf("The user said: Language: de is nice")).toBeUndefined();
  });
});

describe("the user HA says a turn acts for", () => {
  const id = "8f14e45fceea167a5a36dedd4bea2543";

  it("reads the line DOCS gives, as HA renders it for a user", () => {
    expect(haUserOf(`${HA_INSTRUCTIONS}Speaker user: 王小明 (user ${id})\n`)).toEqual({ id, name: "王小明" });
    expect(haUserOf(`Speaker user: None (user ${id})`)).toEqual({ id, name: id });
  });

  it("names nobody for a satellite's turn without a user, or an id that is not HA's", () => {
    expect(haUserOf("Speaker user: None (user None)")).toBeUndefined();
    expect(haUserOf("Speaker user: Alice (user alice)")).toBeUndefined();
    expect(haUserOf("Speaker user: Alice")).toBeUndefined();
    expect(haUserOf(HA_INSTRUCTIONS)).toBeUndefined();
  });
});
