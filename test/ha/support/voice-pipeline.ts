import type { WyomingTts } from "../../fixtures/wyoming-tts/server.js";
import type { ConversationResult, HaEvents, PipelineEvent } from "./ha-events.js";

export interface VoiceRun {
  events: PipelineEvent[];
  result: ConversationResult;
  /** What HA streamed to TTS, in the pieces it came in, with when (ms after the run's start). */
  spoken: { atMs: number; text: string }[];
  /** `performance.now()` when the run was asked for (pipeline made). */
  startedAt: number;
  /** HA started TTS streaming (`tts_start_streaming`) before the reply was complete. */
  streamed: boolean;
}

/**
 * One `assist_pipeline/run` from text through TTS with `agent` as the conversation engine and a Wyoming
 * TTS that takes streamed text (test/fixtures/wyoming-tts): what HA speaks, and when, is what reaches
 * the TTS. The pipeline is made for the run and deleted after it.
 */
export async function runVoicePipeline(
  ws: HaEvents,
  tts: WyomingTts,
  options: { agent: string; ttsEntity: string; language: string; text: string; conversationId?: string },
): Promise<VoiceRun> {
  const pipeline = await ws.call<{ id: string }>("assist_pipeline/pipeline/create", {
    name: `Cyrene voice ${options.language} (${options.agent})`,
    language: options.language,
    conversation_engine: options.agent,
    conversation_language: "*",
    stt_engine: null,
    stt_language: null,
    tts_engine: options.ttsEntity,
    tts_language: options.language.slice(0, 2),
    tts_voice: null,
    wake_word_entity: null,
    wake_word_id: null,
  });
  try {
    const from = tts.chunks.length;
    const started = performance.now();
    const events = await ws.runPipeline({
      pipeline: pipeline.id,
      start_stage: "intent",
      end_stage: "tts",
      input: { text: options.text },
      ...(options.conversationId ? { conversation_id: options.conversationId } : {}),
    });
    const failed = events.find((e) => e.type === "error");
    if (failed) throw new Error(`the pipeline failed: ${JSON.stringify(failed.data)}`);
    // HA feeds the TTS as the text comes; the last of it may reach the TTS just after run-end.
    for (let waited = 0; tts.chunks.length === from || !tts.streamEnded; waited += 20) {
      if (waited > 5_000) throw new Error("HA sent the TTS nothing to speak");
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const end = events.find((e) => e.type === "intent-end")!.data as { intent_output: ConversationResult };
    return {
      events,
      result: end.intent_output,
      startedAt: started,
      spoken: tts.chunks.slice(from).map((c) => ({ atMs: c.at - started, text: c.text })),
      streamed: events.some((e) => e.data?.tts_start_streaming === true),
    };
  } finally {
    await ws.call("assist_pipeline/pipeline/delete", { pipeline_id: pipeline.id });
  }
}

/** When HA's TTS first got words, and the longest time without new words after that (ms). */
export function speechTimes(run: VoiceRun): { firstMs: number; longestSilenceMs: number } {
  const words = run.spoken.filter((piece) => piece.text.trim());
  const firstMs = words[0]?.atMs ?? Number.NaN;
  let longestSilenceMs = 0;
  for (let i = 1; i < words.length; i++) {
    longestSilenceMs = Math.max(longestSilenceMs, words[i]!.atMs - words[i - 1]!.atMs);
  }
  return { firstMs, longestSilenceMs };
}

/** What HA spoke, as one line: the pieces' text with the whitespace joined. */
export function spokenText(run: VoiceRun): string {
  return run.spoken
    .map((piece) => piece.text)
    .join("")
    .replace(/\s+/g, " ")
    .trim();
}

/**
 * The turns in each pack language, and in Dutch (no pack: Cyrene's own line is the English
 * fallback of words/speech-for.ts): a quick command (a light, through Cyrene's iot_control), and a
 * question whose web search is slow, with the model silent or speaking a preamble first (over HA's 60
 * characters, so HA is already speaking when the search starts). `line` is what Cyrene says of the search.
 */
export const VOICE_CASES = [
  {
    language: "zh-CN",
    command: "打开客厅灯",
    done: "好的，客厅灯已经打开了。",
    question: "明天上海天气怎么样？",
    query: "明天上海的天气",
    line: "正在网上搜索明天上海的天气…",
    preamble:
      "好的，我先帮你在网上查一下明天上海的天气预报，看看会不会下雨、气温是多少度，这可能需要几秒钟的时间，请稍等一下，马上就告诉你结果。",
    answer: "明天上海多云，十五到二十二度。",
    followUp: "那后天呢？",
  },
  {
    language: "en",
    command: "Turn on the living room light",
    done: "The living room light is on.",
    question: "What's the weather in Shanghai tomorrow?",
    query: "tomorrow's weather in Shanghai",
    line: "Searching the web for tomorrow's weather in Shanghai…",
    preamble: "Sure, let me look up the weather forecast for Shanghai tomorrow for you.",
    answer: "Tomorrow in Shanghai it will be cloudy, 15 to 22 degrees.",
    followUp: "And the day after?",
  },
  {
    language: "de",
    command: "Schalte das Wohnzimmerlicht ein",
    done: "Das Wohnzimmerlicht ist an.",
    question: "Wie wird das Wetter morgen in Berlin?",
    query: "Wetter morgen in Berlin",
    line: "Ich suche im Netz nach Wetter morgen in Berlin…",
    preamble: "Klar, ich schaue kurz im Netz nach, wie das Wetter morgen in Berlin wird.",
    answer: "Morgen wird es in Berlin bewölkt, zwölf bis achtzehn Grad.",
    followUp: "Und übermorgen?",
  },
  {
    language: "fr",
    command: "Allume la lumière du salon",
    done: "La lumière du salon est allumée.",
    question: "Quel temps fera-t-il demain à Paris ?",
    query: "météo de demain à Paris",
    line: "Je cherche sur le web : météo de demain à Paris…",
    preamble: "Bien sûr, je regarde tout de suite sur le web la météo de demain à Paris.",
    answer: "Demain à Paris, temps nuageux, de douze à dix-huit degrés.",
    followUp: "Et après-demain ?",
  },
  {
    language: "nl",
    command: "Zet de woonkamerlamp aan",
    done: "De woonkamerlamp is aan.",
    question: "Wat voor weer wordt het morgen in Amsterdam?",
    query: "weer morgen Amsterdam",
    line: "Searching the web for weer morgen Amsterdam…",
    preamble: "Natuurlijk, ik zoek even op internet hoe het weer morgen in Amsterdam wordt.",
    answer: "Morgen is het bewolkt in Amsterdam, twaalf tot zeventien graden.",
    followUp: "En overmorgen?",
  },
];
