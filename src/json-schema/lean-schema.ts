/**
 * The JSON Schema the LLM reads, cut to what helps it choose and fill arguments: types, enums, required
 * fields, items, properties and descriptions. Every call is still validated against the full zod schema,
 * whose error names any bound the LLM missed, so bounds, lengths, patterns, formats, defaults and
 * `additionalProperties` are not paid for on every request.
 */
export function leanSchema(schema: Record<string, unknown>): Record<string, unknown> {
  return lean(schema) as Record<string, unknown>;
}

const KEPT = new Set(["type", "enum", "const", "description", "required"]);
const NESTED = new Set(["items", "anyOf", "oneOf", "allOf", "properties"]);

function lean(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(lean);
  if (node === null || typeof node !== "object") return node;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(node)) {
    if (KEPT.has(key)) out[key] = value;
    else if (key === "properties") out[key] = mapValues(value as Record<string, unknown>, lean);
    else if (NESTED.has(key)) out[key] = lean(value);
  }
  const union = (out.anyOf ?? out.oneOf) as Record<string, unknown>[] | undefined;
  if (union) return simplifyUnion(out, union);
  return out;
}

/** `anyOf` of bare types (zod's unions and nullables) becomes one `type` list. */
function simplifyUnion(out: Record<string, unknown>, union: Record<string, unknown>[]): unknown {
  const bare = union.every((member) => Object.keys(member).length === 1 && typeof member.type === "string");
  if (!bare) return out;
  const { anyOf: _a, oneOf: _o, ...rest } = out;
  const types = [...new Set(union.map((member) => member.type as string))];
  return { ...rest, type: types.length === 1 ? types[0] : types };
}

function mapValues(record: Record<string, unknown>, fn: (value: unknown) => unknown) {
  return Object.fromEntries(Object.entries(record).map(([key, value]) => [key, fn(value)]));
}
