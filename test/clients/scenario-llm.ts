import type { RecordedRequest, Reply } from "../fixtures/scripted-llm/server.js";

/**
 * The LLM behind Cyrene for the client matrix: it answers by what the last message says, so clients in
 * other processes need no script. A tool result is acknowledged ("工具结果：…"); "weather in CITY" calls
 * the client's get_weather; "json" answers JSON; "fail" fails (HTTP 500); anything else is echoed
 * ("你说：…").
 */
export function scenarioReply(request: RecordedRequest): Reply {
  const last = request.body.messages.at(-1)!;
  const text = typeof last.content === "string" ? last.content : "";
  if (last.role === "tool") return { text: `工具结果：${text}` };
  const city = /weather in (\w+)/.exec(text)?.[1];
  const offered = request.body.tools?.some((tool) => tool.function.name === "get_weather");
  if (city && offered) return { toolCalls: [{ name: "get_weather", arguments: { city } }] };
  if (/json/i.test(text)) return { text: '{"city":"Oslo","temp_c":-3}' };
  if (/\bfail\b/.test(text)) return { status: 500 };
  return { text: `你说：${text}` };
}

/** How many requests reached the LLM whose last message contains `marker` (a turn that ran once: 1). */
export function requestsWith(requests: RecordedRequest[], marker: string): number {
  return requests.filter((r) => {
    const content = r.body.messages.at(-1)?.content;
    return typeof content === "string" && content.includes(marker);
  }).length;
}
