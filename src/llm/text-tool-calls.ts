/**
 * Tool calls that local models write as text instead of sending them as structured `tool_calls`
 * (the server's tool parser is off, or does not know the model's format). Each format is recognised
 * only when the whole text is calls and nothing else, and only for tools that were offered.
 */

export interface TextToolCall {
  name: string;
  /** JSON text of the arguments object. */
  arguments: string;
}

/** Where a text call may start, in the formats recognised: Hermes/Qwen, Llama 3, DeepSeek, Mistral. */
export const CALL_OPENERS = [
  "<tool_call>",
  "<|python_tag|>",
  "<｜tool▁calls▁begin｜>",
  "<｜tool▁call▁begin｜>",
  "[TOOL_CALLS]",
];

const HERMES = /<tool_call>([\s\S]*?)(?:<\/tool_call>|$)/g;
const DEEPSEEK_CALL = /<｜tool▁call▁begin｜>([\s\S]*?)(?:<｜tool▁call▁end｜>|$)/g;
const DEEPSEEK_TOKENS = /<｜tool▁calls?▁(?:begin|end)｜>|<｜tool▁call▁(?:begin|end)｜>/g;
const LLAMA_END_TOKENS = /<\|(?:eom_id|eot_id|end_of_text)\|>/g;

/**
 * The calls a text consists of, or undefined when it is not only calls (an answer that mentions a
 * call, an example, JSON that is an answer) or names a tool that was not offered.
 */
export function parseTextToolCalls(text: string, offered: ReadonlySet<string>): TextToolCall[] | undefined {
  const trimmed = text.trim();
  const calls = trimmed.startsWith("<tool_call>")
    ? hermesCalls(trimmed)
    : trimmed.startsWith("<|python_tag|>")
      ? jsonCalls(trimmed.slice("<|python_tag|>".length).replace(LLAMA_END_TOKENS, ""))
      : trimmed.startsWith("<｜tool▁call")
        ? deepSeekCalls(trimmed)
        : trimmed.startsWith("[TOOL_CALLS]")
          ? jsonCalls(trimmed.slice("[TOOL_CALLS]".length).replace(/<\/s>$/, ""))
          : trimmed.startsWith("{") || trimmed.startsWith("[")
            ? jsonCalls(trimmed)
            : undefined;
  if (!calls?.length || !calls.every((call) => offered.has(call.name))) return undefined;
  return calls;
}

/** Calls in marked formats (not bare JSON) anywhere in a model's thinking. */
export function callsInThinking(thinking: string, offered: ReadonlySet<string>): TextToolCall[] | undefined {
  const starts = CALL_OPENERS.map((opener) => thinking.indexOf(opener)).filter((i) => i >= 0);
  if (starts.length === 0) return undefined;
  const from = Math.min(...starts);
  const rest = thinking.slice(from);
  const end = rest.startsWith("<tool_call>")
    ? rest.lastIndexOf("</tool_call>") + "</tool_call>".length
    : rest.startsWith("<|python_tag|>") || rest.startsWith("[TOOL_CALLS]")
      ? lastJsonEnd(rest)
      : rest.lastIndexOf("｜>") + 2;
  return parseTextToolCalls(end > 0 ? rest.slice(0, end) : rest, offered);
}

/** `<tool_call>{"name": …, "arguments": …}</tool_call>`, once or more; nothing else but whitespace. */
function hermesCalls(text: string): TextToolCall[] | undefined {
  const calls: TextToolCall[] = [];
  let covered = 0;
  for (const match of text.matchAll(HERMES)) {
    if (text.slice(covered, match.index).trim()) return undefined;
    const call = callOf(parseJson(match[1]!.trim()));
    if (!call) return undefined;
    calls.push(call);
    covered = match.index + match[0].length;
  }
  return text.slice(covered).trim() ? undefined : calls;
}

/**
 * DeepSeek's markers: `<｜tool▁call▁begin｜>function<｜tool▁sep｜>NAME\n```json\n{…}\n```<｜tool▁call▁end｜>`
 * (V3, R1), or `<｜tool▁call▁begin｜>NAME<｜tool▁sep｜>{…}<｜tool▁call▁end｜>` (V3.1 and later).
 */
function deepSeekCalls(text: string): TextToolCall[] | undefined {
  const calls: TextToolCall[] = [];
  for (const match of text.matchAll(DEEPSEEK_CALL)) {
    const [head, ...tail] = match[1]!.split("<｜tool▁sep｜>");
    if (head === undefined || tail.length !== 1) return undefined;
    let name = head.trim();
    let body = tail[0]!.trim();
    if (name === "function") {
      const newline = body.indexOf("\n");
      if (newline < 0) return undefined;
      name = body.slice(0, newline).trim();
      body = body.slice(newline + 1).trim();
    }
    body = body.replace(/^```(?:json)?\s*|\s*```$/g, "");
    const args = parseJson(body);
    if (!isObject(args) || !name) return undefined;
    calls.push({ name, arguments: JSON.stringify(args) });
  }
  if (text.replace(DEEPSEEK_CALL, "").replace(DEEPSEEK_TOKENS, "").trim()) return undefined;
  return calls;
}

/**
 * Llama 3's JSON calls: `{"name": …, "parameters": …}` (or `"arguments"`), several as an array or
 * separated by `;` or line breaks.
 */
function jsonCalls(text: string): TextToolCall[] | undefined {
  const trimmed = text.trim();
  const whole = parseJson(trimmed);
  const values = Array.isArray(whole)
    ? whole
    : whole !== undefined
      ? [whole]
      : trimmed.split(/;\s*|\n+/).map((part) => parseJson(part.trim()));
  const calls = values.map(callOf);
  return calls.length > 0 && calls.every((call) => call !== undefined)
    ? (calls as TextToolCall[])
    : undefined;
}

/** `{name, arguments|parameters}` (a `"type": "function"` beside them is allowed), or a nested `function`. */
function callOf(value: unknown): TextToolCall | undefined {
  if (!isObject(value)) return undefined;
  if (isObject(value.function) && value.type === "function") return callOf(value.function);
  const { name, type, ...rest } = value;
  const keys = Object.keys(rest);
  if (typeof name !== "string" || !name || (type !== undefined && type !== "function")) return undefined;
  if (keys.length > 1 || (keys.length === 1 && keys[0] !== "arguments" && keys[0] !== "parameters"))
    return undefined;
  const args = rest.arguments ?? rest.parameters ?? {};
  if (typeof args === "string") return { name, arguments: args };
  return isObject(args) ? { name, arguments: JSON.stringify(args) } : undefined;
}

function lastJsonEnd(text: string): number {
  return Math.max(text.lastIndexOf("}"), text.lastIndexOf("]")) + 1;
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
