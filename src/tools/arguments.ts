export type ParsedArguments = { ok: true; value: Record<string, unknown> } | { ok: false; error: string };

/**
 * Parses the argument string an LLM sent for a tool call, repairing the damage models commonly do:
 * an empty string, a code fence around the JSON, an object sent as a JSON string, text after the object.
 */
export function parseToolArguments(raw: string): ParsedArguments {
  const text = stripCodeFence(raw.trim());
  if (text === "") return { ok: true, value: {} };

  const direct = tryParse(text);
  const value = direct.ok ? direct.value : tryParse(leadingObject(text) ?? "").value;
  if (value === undefined) {
    return { ok: false, error: `Arguments are not valid JSON (${direct.error}). Send one JSON object.` };
  }
  const unwrapped = typeof value === "string" ? tryParse(value.trim()).value : value;
  if (isPlainObject(unwrapped)) return { ok: true, value: unwrapped };
  return { ok: false, error: "Arguments must be a JSON object with the tool's parameters." };
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
