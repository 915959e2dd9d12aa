import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadDataset } from "../../../eval/dataset.js";
import { loadIntentCases } from "../../../eval/intents.js";
import { actionNamed, devicesNamed } from "../../../src/tools/provenance/person-words.js";
import { takesQuestion, type AskedChange } from "../../../src/tools/provenance/reply.js";
import { PACK_LANGUAGES, type PackLanguage } from "../../../src/words/language.js";
import { buildHome } from "../../ha/support/home-builder.js";

/**
 * The provenance gate's two word rules (person-words.ts), measured on how people really say things:
 * - actionNamed (words/actions.ts): after outside text, a change runs without a question only when the
 *   person's words name its kind of action. Its corpus is every command of the eval datasets (en, zh) and of
 *   HA's intent tests (en, de, fr, zh-CN), each with the service a literal-minded model calls. A miss costs
 *   the person one question (the gate asks, tools/provenance/gate.ts); it never refuses a person's request.
 * - takesQuestion (words/consent.ts, actions.ts): a stored question runs on the person's next message only
 *   when it says yes, or asks for the asked change itself ("open it", "打开吧"), naming nothing else in the
 *   home. Each reply is read against three questions in a small home named in every language: unlock the
 *   front door, open the garage door, turn on the AC. Yes: the confirmations corpora (test/agent/corpus),
 *   missed where no question takes it; not a yes: the replies in ./corpus/not-yes.*.txt, the status
 *   questions and the requests phrased as questions, wrong where any question takes it. Reading a not-yes as
 *   yes is the costly error (it would act): none on the tuning part. A missed yes costs a repeat.
 *
 * Held out: a line whose SHA-256 begins with a byte below 64, as the other corpus tests split.
 */
const AGENT_CORPUS = join(import.meta.dirname, "..", "..", "agent", "corpus");
const OWN_CORPUS = join(import.meta.dirname, "corpus");
const lines = (dir: string, file: string) =>
  readFileSync(join(dir, file), "utf8")
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith("#"));
const heldOut = (line: string) => createHash("sha256").update(line).digest()[0]! < 64;

const INTENT_HOMES: Record<string, PackLanguage> = {
  "intents-en": "en",
  "intents-de": "de",
  "intents-fr": "fr",
  "intents-zh-CN": "zh",
};
const commands = new Map<PackLanguage, Map<string, string>>(PACK_LANGUAGES.map((l) => [l, new Map()]));
for (const c of loadDataset().cases)
  commands.get(/\p{Script=Han}/u.test(c.sentence) ? "zh" : "en")!.set(c.sentence, c.service);
for (const c of loadIntentCases().cases) commands.get(INTENT_HOMES[c.home]!)!.set(c.sentence, c.service);

/** The devices the corpora name, each called by its name in every pack language. */
const dir = buildHome(
  [
    { id: "living_room", name: "Living Room", aliases: ["客厅", "Wohnzimmer", "salon"] },
    { id: "bedroom", name: "Bedroom", aliases: ["卧室", "Schlafzimmer", "chambre"] },
  ],
  [
    {
      id: "climate.ac",
      name: "AC",
      area: "living_room",
      aliases: ["air conditioner", "空调", "Klimaanlage", "clim"],
    },
    { id: "lock.front_door", name: "Front Door", aliases: ["入户门锁", "前门", "Haustür", "porte d'entrée"] },
    { id: "lock.back_door", name: "Back Door", aliases: ["后门", "Hintertür", "porte de derrière"] },
    {
      id: "cover.garage_door",
      name: "Garage Door",
      deviceClass: "garage",
      aliases: ["garage", "车库门", "Garagentor", "porte du garage"],
    },
    {
      id: "cover.window",
      name: "Window",
      deviceClass: "window",
      area: "living_room",
      aliases: ["窗户", "Fenster", "fenêtre"],
    },
    {
      id: "cover.blinds",
      name: "Living Room Blinds",
      deviceClass: "blind",
      area: "living_room",
      aliases: ["客厅窗帘", "Rollos", "volets"],
    },
    {
      id: "fan.bedroom",
      name: "Bedroom Fan",
      area: "bedroom",
      aliases: ["风扇", "Ventilator", "ventilateur"],
    },
    {
      id: "light.living_room",
      name: "Living Room Light",
      area: "living_room",
      aliases: ["客厅灯", "Wohnzimmerlicht"],
    },
    { id: "light.bedroom", name: "Bedroom Light", area: "bedroom", aliases: ["卧室灯"] },
  ],
).directory();
const QUESTIONS: AskedChange[] = [
  { domain: "lock", service: "unlock", entityIds: ["lock.front_door"] },
  { domain: "cover", service: "open_cover", entityIds: ["cover.garage_door"] },
  { domain: "climate", service: "turn_on", entityIds: ["climate.ac"] },
];
const takesAny = (reply: string) => QUESTIONS.some((asked) => takesQuestion(reply, [asked], dir));

const rows: string[] = [];
const rate = (wrong: number, of: number) =>
  of ? `${wrong}/${of} (${((100 * wrong) / of).toFixed(1)} %)` : "–";
afterAll(() =>
  console.log(
    `\nThe gate's word rules per language (tuning part | held-out part)\n${rows.sort().join("\n")}\n`,
  ),
);

/** Splits, measures both parts, prints them; returns the misses of each part. */
function measure(language: string, says: string, all: string[], wrong: (line: string) => boolean) {
  const tuning = all.filter((line) => !heldOut(line));
  const held = all.filter(heldOut);
  const missTuning = tuning.filter(wrong);
  const missHeld = held.filter(wrong);
  rows.push(
    `  ${language} ${says.padEnd(36)} ${rate(missTuning.length, tuning.length).padEnd(20)} | ${rate(missHeld.length, held.length)}`,
  );
  return { missTuning, missHeld, held };
}

describe.each(PACK_LANGUAGES)("the gate's word rules in %s", (language) => {
  it("name the kind of action of the commands people say", () => {
    const said = commands.get(language)!;
    expect(said.size).toBeGreaterThanOrEqual(50);
    const { missTuning, missHeld, held } = measure(
      language,
      "commands whose action is not read",
      [...said.keys()],
      (line) => {
        const [domain, service] = said.get(line)!.split(".") as [string, string];
        return !actionNamed(line, domain, service);
      },
    );
    // A miss asks once (never a refusal); the bounds hold today's figures, printed above, from getting worse.
    expect(
      missTuning.length / Math.max(said.size - held.length, 1),
      missTuning.join("\n"),
    ).toBeLessThanOrEqual(0.05);
    expect(missHeld.length / Math.max(held.length, 1)).toBeLessThanOrEqual(0.05);
  });

  it("read a yes as yes", () => {
    const yes = lines(AGENT_CORPUS, `confirmations.${language}.txt`);
    const { missTuning, missHeld, held } = measure(
      language,
      "yes missed (asked again)",
      yes,
      (line) => !takesAny(line),
    );
    expect(
      missTuning.length / Math.max(yes.length - held.length, 1),
      missTuning.join("\n"),
    ).toBeLessThanOrEqual(0.1);
    expect(missHeld.length / Math.max(held.length, 1)).toBeLessThanOrEqual(0.3);
  });

  it("never read a no, a doubt or a new question as yes", () => {
    const requests = new Set(lines(AGENT_CORPUS, `requests.${language}.txt`));
    const notYes = [
      ...lines(OWN_CORPUS, `not-yes.${language}.txt`),
      ...lines(AGENT_CORPUS, `status-questions.${language}.txt`),
      ...requests,
    ];
    // A request for the asked device itself ("could you open the garage" to "open the garage door?") asks
    // for what was asked: taking it is right. Any other question it takes is the costly error.
    const wrong = (line: string) =>
      QUESTIONS.some(
        (asked) =>
          takesQuestion(line, [asked], dir) &&
          !(requests.has(line) && asked.entityIds.some((id) => devicesNamed(dir, line).has(id))),
      );
    const { missTuning, missHeld, held } = measure(
      language,
      "not a yes, read as yes (would act)",
      notYes,
      wrong,
    );
    expect(missTuning, "the costly error").toEqual([]);
    expect(missHeld.length / Math.max(held.length, 1)).toBeLessThanOrEqual(0.05);
  });
});
