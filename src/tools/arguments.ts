import { jsonrepair } from "jsonrepair";

export type ParsedArguments = { ok: true; value: Record<string, unknown> } | { ok: false; error: string };

/**
 * Parses the argument string an LLM sent for a tool call, repairing the damage models commonly do —
 * small local models (3B–8B) most: an empty string, a code fence around the JSON, an object sent as a
 * JSON string, text after the object, Python's quotes and constants, trailing commas, unquoted keys,
 * doubled braces, Chinese full-width punctuation, and the whole call (`{"name": …, "arguments": …}`) sent
 * as its arguments. Arguments cut off before their end are refused, never completed by guessing: a
 * half-sent target could name a wider one ("卧室" for "卧室的灯").
 */
export function parseToolArguments(raw: string, toolName?: string): ParsedArguments {
  const text = stripCodeFence(raw.trim());
  if (text === "") return { ok: true, value: {} };

  const direct = tryParse(text);
  const value = direct.ok ? direct.value : (tryParse(leadingObject(text) ?? "").value ?? repaired(text));
  if (value === undefined) {
    const cut = text.startsWith("{") && leadingObject(text) === undefined && !/\}\s*$/.test(text);
    return {
      ok: false,
      error: cut
        ? "The arguments were cut off before their end. Send the whole JSON object again."
        : `Arguments are not valid JSON (${direct.error}). Send one JSON object.`,
    };
  }
  const unwrapped = typeof value === "string" ? tryParse(value.trim()).value : value;
  if (isPlainObject(unwrapped)) return { ok: true, value: withoutCallWrapper(unwrapped, toolName) };
  return { ok: false, error: "Arguments must be a JSON object with the tool's parameters." };
}

/** The object a model meant, for JSON that is damaged but whole (it ends where it began to close). */
function repaired(text: string): unknown {
  const inner = /^\{\s*\{([\s\S]*)\}\s*\}$/.exec(text);
  const candidate = inner ? `{${inner[1]}}` : text;
  if (!/^\{[\s\S]*\}$/.test(candidate)) return undefined;
  for (const attempt of [candidate, fullWidthToAscii(candidate)]) {
    try {
      return JSON.parse(jsonrepair(attempt));
    } catch {
      // the next attempt, or not repairable
    }
  }
  return undefined;
}

/** `"target"："灯"，"b"：1` → `"target":"灯","b":1`: full-width marks between JSON parts only. */
function fullWidthToAscii(text: string): string {
  return text.replace(/(["”])\s*：/g, "$1:").replace(/([\d"”}\]el])\s*，\s*(?=["“])/g, "$1,");
}

/** `{"name": "iot_control", "arguments": {…}}` sent as iot_control's arguments: the inner object. */
function withoutCallWrapper(value: Record<string, unknown>, toolName?: string): Record<string, unknown> {
  const keys = Object.keys(value);
  const inner = value.arguments ?? value.parameters;
  if (toolName && value.name === toolName && keys.length === 2 && isPlainObject(inner)) return inner;
  return value;
}

function tryParse(text: string): { ok: boolean; value?: unknown; error?: string } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch (error) {
    return { ok: false, error: (error as Error).message };
  }
}

function stripCodeFence(text: string): string {
  const fence = /^```(?:json)?\s*([\s\S]*?)\s*```$/i.exec(text);
  return fence ? fence[1]! : text;
}

/** The first balanced `{…}` at the start of the text, ignoring braces inside strings. */
function leadingObject(text: string): string | undefined {
  if (!text.startsWith("{")) return undefined;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (inString) {
      if (c === "\\") i++;
      else if (c === '"') inString = false;
    } else if (c === '"') inString = true;
    else if (c === "{") depth++;
    else if (c === "}" && --depth === 0) return text.slice(0, i + 1);
  }
  return undefined;
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/**
 * A template of a tool's arguments object for an error message — `{"service": "…", "target": "…"}`,
 * required fields first — which a small model copies more reliably than it follows a description.
 */
export function argumentShape(parameters: Record<string, unknown>): string {
  const properties = Object.keys((parameters.properties as Record<string, unknown> | undefined) ?? {});
  const required = ((parameters.required as string[] | undefined) ?? []).filter((k) =>
    properties.includes(k),
  );
  const keys = [...new Set([...required, ...properties])].slice(0, 4);
  return `{${keys.map((key) => `"${key}": …`).join(", ")}}`;
}
