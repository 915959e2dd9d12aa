import { describe, expect, it } from "vitest";
import { MAX_SCHEMA_CHARS, providerSchema } from "../../src/mcp-client/tool-schema.js";
import { prefixedToolName } from "../../src/mcp-client/tool-names.js";
import { argumentChecker } from "../../src/mcp-client/tool-arguments.js";

describe("an MCP tool's schema as providers accept it", () => {
  it("turns a root union into one object, keeping every member's properties", () => {
    const result = providerSchema({
      anyOf: [
        { type: "object", properties: { id: { type: "string" } } },
        { type: "object", properties: { name: { type: "string" } } },
      ],
    });
    expect(result).toEqual({
      schema: { type: "object", properties: { id: { type: "string" }, name: { type: "string" } } },
    });
  });

  it("writes out references (recursion cut), gives arrays items, drops required names that do not exist", () => {
    const result = providerSchema({
      type: "object",
      $defs: { Node: { type: "object", properties: { child: { $ref: "#/$defs/Node" } } } },
      properties: {
        root: { $ref: "#/$defs/Node" },
        tags: { type: "array" },
        pair: { type: "array", items: [{}, {}] },
      },
      required: ["root", "ghost"],
      additionalProperties: false,
    });
    const schema = (result as { schema: Record<string, unknown> }).schema;
    expect(JSON.stringify(schema)).not.toMatch(/\$ref|\$defs|additionalProperties/);
    expect(schema).toMatchObject({
      type: "object",
      required: ["root"],
      properties: { tags: { type: "array", items: {} }, pair: { type: "array", items: {} } },
    });
  });

  it("gives an object root properties, and leaves out what cannot be offered", () => {
    expect(providerSchema({ type: "object" })).toEqual({ schema: { type: "object", properties: {} } });
    expect(providerSchema("nope")).toEqual({ problem: "its input schema is not an object" });
    const huge = {
      type: "object",
      properties: { a: { type: "string", description: "x".repeat(MAX_SCHEMA_CHARS) } },
    };
    expect(providerSchema(huge)).toMatchObject({ problem: expect.stringMatching(/over 16000 characters/) });
  });

  it("bounds references that branch", () => {
    const defs: Record<string, unknown> = {};
    for (let i = 0; i < 10; i++)
      defs[`D${i}`] = {
        type: "object",
        properties: { l: { $ref: `#/$defs/D${i + 1}` }, r: { $ref: `#/$defs/D${i + 1}` } },
      };
    const result = providerSchema({ type: "object", $defs: defs, properties: { x: { $ref: "#/$defs/D0" } } });
    expect("schema" in result || "problem" in result).toBe(true);
  });
});

describe("an MCP tool's name", () => {
  it("is prefixed, cleaned, and cut to 64 with a hash that keeps long names apart", () => {
    expect(prefixedToolName("ha", "HassTurnOn", new Set())).toBe("ha__HassTurnOn");
    expect(prefixedToolName("nas", "files.list/all", new Set())).toBe("nas__files_list_all");
    const a = prefixedToolName("nas", `${"x".repeat(80)}a`, new Set());
    const b = prefixedToolName("nas", `${"x".repeat(80)}b`, new Set());
    expect(a).toHaveLength(64);
    expect(a).not.toBe(b);
    expect(prefixedToolName("nas", "a.b", new Set(["nas__a_b"]))).toMatch(/^nas__a_b_[0-9a-f]{6}$/);
  });
});

describe("arguments checked against the server's schema", () => {
  it("names what is wrong, and leaves a schema it cannot compile to the server", () => {
    const check = argumentChecker({
      type: "object",
      properties: { n: { type: "integer" } },
      required: ["n"],
    });
    expect(check({ n: 1 })).toBeUndefined();
    expect(check({ n: "one" })).toMatch(/\/n must be integer/);
    expect(argumentChecker({ type: "no-such-type" })({})).toBeUndefined();
  });
});
