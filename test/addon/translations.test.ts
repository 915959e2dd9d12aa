import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { ROOT, readYaml, translationProblems } from "./supervisor.js";

interface Translation {
  configuration: Record<string, { name: string; description?: string }>;
  network: Record<string, string>;
}

const config = readYaml("config.yaml") as { schema: Record<string, unknown>; ports: Record<string, unknown> };
// The file stem is the language code HA's frontend asks for (zh-Hans, not zh-CN).
const LANGUAGES = ["en", "zh-Hans", "de", "fr"];

describe("translations/", () => {
  it("holds English, Simplified Chinese, German and French", () => {
    expect(readdirSync(join(ROOT, "translations")).sort()).toEqual(LANGUAGES.map((l) => `${l}.yaml`).sort());
  });

  describe.each(LANGUAGES)("%s", (language) => {
    const translation = readYaml(`translations/${language}.yaml`) as Translation;

    it("passes the Supervisor's translation schema", () => {
      expect(translationProblems(translation)).toEqual([]);
    });

    it("names and describes every option, and no other", () => {
      expect(Object.keys(translation.configuration).sort()).toEqual(Object.keys(config.schema).sort());
      for (const [key, entry] of Object.entries(translation.configuration)) {
        expect(entry.description?.trim(), `${key} has a description`).toBeTruthy();
      }
    });

    it("describes every port, and no other", () => {
      expect(Object.keys(translation.network).sort()).toEqual(Object.keys(config.ports).sort());
    });
  });

  it("is Chinese in zh-Hans", () => {
    const zh = readYaml("translations/zh-Hans.yaml") as Translation;
    const texts = [
      ...Object.values(zh.configuration).map((entry) => `${entry.name} ${entry.description}`),
      ...Object.values(zh.network),
    ];
    for (const text of texts) expect(text).toMatch(/\p{Script=Han}/u);
  });
});
