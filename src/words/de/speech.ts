import type { SpeechWords } from "../speech.js";

// Du, as Home Assistant's German texts address the user.
const about = (with_: (object: string) => string, alone: string) => (object: string | undefined) =>
  object ? `${with_(object)}…` : `${alone}…`;

export const speech: SpeechWords = {
  noAnswer: "(keine Antwort)",
  progress: {
    calls: {
      web_search: about((q) => `Ich suche im Netz nach ${q}`, "Ich suche im Netz"),
      web_fetch: about((host) => `Ich lese ${host}`, "Ich lese eine Webseite"),
      http: about((host) => `Ich frage bei ${host} an`, "Ich sende eine Anfrage"),
      knowledge_search: about(
        (q) => `Ich suche in der Wissensdatenbank nach ${q}`,
        "Ich schaue in der Wissensdatenbank nach",
      ),
      knowledge_ingest: about(
        (title) => `Ich speichere ${title}`,
        "Ich speichere das in der Wissensdatenbank",
      ),
      memory_search: about(
        (q) => `Ich suche in unseren Gesprächen nach ${q}`,
        "Ich schaue in unseren früheren Gesprächen nach",
      ),
      iot_query: about((q) => `Ich prüfe ${q}`, "Ich schaue im Haus nach"),
      iot_control: about((target) => `Ich kümmere mich um ${target}`, "Ich kümmere mich darum"),
      reminder_create: about((text) => `Ich lege eine Erinnerung an: ${text}`, "Ich lege eine Erinnerung an"),
      reminder_list: () => "Ich sehe deine Erinnerungen durch…",
      reminder_delete: () => "Ich lösche die Erinnerung…",
      datetime: () => "Ich sehe nach Datum und Uhrzeit…",
      calculator: () => "Ich rechne…",
      file: about((path) => `Ich bearbeite die Datei ${path}`, "Ich bearbeite Dateien"),
    },
    working: "Ich bin dran…",
    still: "Einen Moment noch…",
    handedOff: "Das dauert etwas; ich sage dir Bescheid, wenn es fertig ist.",
    thinking: "Ich überlege kurz…",
    answering: "Ich fasse die Antwort zusammen…",
  },
  voice: {
    done: "Okay.",
    stillWorking: "Ich bin noch dran; frag mich gleich noch mal nach dem Ergebnis.",
    tooSlow: "Das hat leider zu lange gedauert. Bitte versuch es noch einmal.",
    failed: "Ich kann gerade leider nicht antworten. Bitte versuch es später noch einmal.",
    unheard: "Entschuldige, das habe ich nicht verstanden.",
    tooLong: (length, max) =>
      `Das war zu lang (${length} Zeichen, höchstens ${max}), deshalb habe ich nichts getan. Bitte sag es kürzer.`,
  },
  reminders: {
    title: "Cyrene-Erinnerung",
    done: "Erledigt",
    snooze: (amount, unit) => `In ${amount} ${unit === "min" ? "Min." : "Sek."} erneut`,
    late: (due, skipped) => ` (fällig war ${due}${more(skipped)})`,
    missed: (due, skipped) => ` (verpasst, fällig war ${due}${more(skipped)})`,
    failedTitle: "Cyrene konnte eine Erinnerung nicht zustellen",
    failed: (message, target, error) => `Die Erinnerung „${message}“ hat ${target} nicht erreicht: ${error}`,
  },
};

function more(skipped: number): string {
  return skipped > 0 ? `; ${skipped} weitere verpasst` : "";
}
