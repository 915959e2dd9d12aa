import { leanSchema } from "../json-schema/lean-schema.js";

/** A schema larger than this is not offered: every request would pay for it. */
export const MAX_SCHEMA_CHARS = 16_000;
const MAX_REF_DEPTH = 6;
/** References written out per schema at most: a schema whose references branch cannot grow without bound. */
const MAX_REFS = 200;

type Json = Record<string, unknown>;

/**
 * An MCP tool's input schema as every OpenAI-compatible provider accepts it: an object root with
 * `properties` (no top-level anyOf/oneOf/allOf/enum/not), local `$ref`s written out (providers reject
 * `$defs` in some places and the lean schema keeps no references), arrays with `items`, `required`
 * naming only properties that exist, and only the keywords that help the LLM fill arguments
 * (leanSchema). The server's full schema still validates every call (tool-arguments.ts).
 * Returns the reason instead when the schema cannot be offered.
 */
export function providerSchema(input: unknown): { schema: Json } | { problem: string } {
  if (input === null || typeof input !== "object" || Array.isArray(input))
    return { problem: "its input schema is not an object" };
  const root = input as Json;
  const defs = { ...(root.definitions as Json | undefined), ...(root.$defs as Json | undefined) };
  const inlined = inline(root, defs, 0, { left: MAX_REFS }) as Json;
  const lean = leanSchema(inlined);
  const schema = repair(objectRoot(lean, inlined)) as Json;
  if (JSON.stringify(schema).length > MAX_SCHEMA_CHARS)
    return { problem: `its input schema is over ${MAX_SCHEMA_CHARS} characters` };
  return { schema };
}

/** Writes out `#/$defs/X` and `#/definitions/X`; deeper than MAX_REF_DEPTH (recursion) becomes `{}`. */
function inline(node: unknown, defs: Json, depth: number, budget: { left: number }): unknown {
  if (Array.isArray(node)) return node.map((item) => inline(item, defs, depth, budget));
  if (node === null || typeof node !== "object") return node;
  const object = node as Json;
  if (typeof object.$ref === "string") {
    const match = /^#\/(?:\$defs|definitions)\/(.+)$/.exec(object.$ref);
    const target = match ? defs[decodeURIComponent(match[1]!)] : undefined;
    if (!target || depth >= MAX_REF_DEPTH || budget.left-- <= 0)
      return object.description ? { description: object.description } : {};
    const { $ref: _ref, ...rest } = object;
    return { ...(inline(target, defs, depth + 1, budget) as Json), ...rest };
  }
  const out: Json = {};
  for (const [key, value] of Object.entries(object)) {
    if (key === "$defs" || key === "definitions") continue;
    out[key] =
      key === "properties" && value && typeof value === "object"
        ? Object.fromEntries(
            Object.entries(value as Json).map(([k, v]) => [k, inline(v, defs, depth, budget)]),
          )
        : inline(value, defs, depth, budget);
  }
  return out;
}

/** The root as `{ type: "object", properties, required? }`; a root union's object members are merged. */
function objectRoot(lean: Json, full: Json): Json {
  const members = [
    lean,
    ...(["anyOf", "oneOf", "allOf"] as const).flatMap((key) => (lean[key] as Json[]) ?? []),
  ];
  const properties: Json = {};
  for (const member of members)
    if (member.properties && typeof member.properties === "object")
      Object.assign(properties, member.properties);
  const root: Json = { type: "object", properties };
  if (typeof lean.description === "string") root.description = lean.description;
  // A union's members' required fields are not required of the whole.
  if (Array.isArray(full.required)) root.required = full.required;
  return root;
}

function repair(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(repair);
  if (node === null || typeof node !== "object") return {};
  const out: Json = { ...(node as Json) };
  if (out.properties !== undefined) {
    const properties = out.properties && typeof out.properties === "object" ? (out.properties as Json) : {};
    out.properties = Object.fromEntries(Object.entries(properties).map(([k, v]) => [k, repair(v)]));
  }
  const types = Array.isArray(out.type) ? out.type : [out.type];
  if (types.includes("object") && out.properties === undefined) out.properties = {};
  if (types.includes("array"))
    out.items = out.items === undefined || Array.isArray(out.items) ? {} : repair(out.items);
  if (out.required !== undefined) {
    const names = Object.keys((out.properties as Json | undefined) ?? {});
    const required = Array.isArray(out.required)
      ? [
          ...new Set(
            out.required.filter((name): name is string => typeof name === "string" && names.includes(name)),
          ),
        ]
      : [];
    if (required.length) out.required = required;
    else delete out.required;
  }
  for (const key of ["anyOf", "oneOf", "allOf"])
    if (Array.isArray(out[key])) out[key] = (out[key] as unknown[]).map(repair);
  return out;
}
