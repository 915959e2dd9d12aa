import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { encode } from "gpt-tokenizer/encoding/o200k_base";
import { describe, expect, it } from "vitest";
import { jsonTool } from "../../../src/tools/general/json.js";
import { failWith, succeed, type ToolArgs } from "../../support/tool-calls.js";
import { toolContext } from "../../support/tool-context.js";

const tool = jsonTool({
  maxInputChars: 300_000,
  maxDepth: 50,
  maxOutputChars: 2_000,
  maxChanges: 5,
  timeoutMs: 3_000,
});

const run = (args: ToolArgs) => tool.execute(args, toolContext());
const data = <T = Record<string, unknown>>(args: ToolArgs) => succeed<T>(tool, args);
const failure = (args: ToolArgs) => failWith(tool, args);

function expectPrototypesClean(): void {
  const probe = {} as Record<string, unknown>;
  expect(probe.polluted).toBeUndefined();
  expect(probe.isAdmin).toBeUndefined();
  expect(Object.prototype).not.toHaveProperty("polluted");
  expect(Array.prototype).not.toHaveProperty("polluted");
}

describe("json tool", () => {
  it("costs at most 120 tokens per request", () => {
    const wire = JSON.stringify({ type: "function", function: tool.definition() });
    expect(encode(wire).length).toBeLessThanOrEqual(120);
  });

  it("offers a flat schema with an operation enum", () => {
    const { parameters, name } = tool.definition();
    expect(name).toBe("json");
    expect(parameters).toMatchObject({
      type: "object",
      required: ["operation", "json"],
      properties: {
        operation: { enum: ["parse", "validate", "query", "pretty", "minify", "diff"] },
        json: { type: "string" },
        schema: { type: "string" },
        expression: { type: "string" },
      },
    });
    expect(JSON.stringify(parameters)).not.toMatch(/anyOf|oneOf|allOf/);
  });

  describe("parse", () => {
    it("summarises valid JSON", async () => {
      expect(await data({ operation: "parse", json: '{"名字": "小明", "tags": [1, 2]}' })).toEqual({
        valid: true,
        type: "object",
        key_count: 2,
        keys: ["名字", "tags"],
        depth: 2,
      });
      expect(await data({ operation: "parse", json: "[1,2,3]" })).toMatchObject({
        valid: true,
        type: "array",
        length: 3,
      });
    });

    it("accepts an object sent instead of a string", async () => {
      expect(await data({ operation: "parse", json: { a: 1 } })).toMatchObject({ valid: true, keys: ["a"] });
    });

    it.each([
      ['{\n  "a": 1,\n  "b": [1, 2,],\n}', 3, 14, "trailing comma"],
      ["{'a': 1}", 1, 2, "double quotes"],
      ['{"a": 1 "b": 2}', 1, 9, "comma is probably missing"],
      ['{"a": NaN}', 1, 7, "NaN is not a JSON value"],
      ["{a: 1}", 1, 2, "property names need double quotes"],
      ['{"a": 1} // note', 1, 10, "comments are not allowed"],
      ['{"a": "x', 1, 7, "unterminated string"],
      ["[1, 2", 1, 6, "array is not closed"],
      ['{"a": "C:\\path"}', 1, 7, "invalid escape"],
      ['{"a": 1}}', 1, 9, "only one value is allowed"],
      ["", 1, 1, "expected a value"],
    ])("locates the error in %j", async (json, line, column, message) => {
      const result = await data<{
        valid: boolean;
        line: number;
        column: number;
        error: string;
        excerpt: string;
      }>({
        operation: "parse",
        json,
      });
      expect(result).toMatchObject({ valid: false, line, column });
      expect(result.error).toContain(message);
      expect(result.excerpt.split("\n")[1]).toBe(" ".repeat(result.excerpt.split("\n")[1]!.length - 1) + "^");
    });

    it("shows an excerpt of a long line around the error", async () => {
      const json = `{"long": "${"x".repeat(500)}", "bad": tru}`;
      const { excerpt } = await data<{ excerpt: string }>({ operation: "parse", json });
      expect(excerpt).toBe(`…${"x".repeat(30)}", "bad": tru}\n${" ".repeat(41)}^`);
    });

    it("names the broken argument for other operations", async () => {
      expect(await failure({ operation: "pretty", json: '{"a":1,}' })).toBe(
        '`json` is not valid JSON: line 1, column 8: expected a property name in double quotes — a trailing comma before } or ] is not allowed\n{"a":1,}\n       ^',
      );
      expect(await failure({ operation: "diff", json: "{}", other: "[" })).toMatch(
        /^`other` is not valid JSON: line 1/,
      );
    });

    it("warns when large integers lose precision", async () => {
      expect(await data({ operation: "parse", json: '{"id": 12345678901234567890}' })).toMatchObject({
        note: "Integers beyond 2^53 (such as 12345678901234567890) lose precision in parsed values.",
      });
      expect(
        await data({ operation: "parse", json: '{"id": 9007199254740991, "f": 1.23456789012345678}' }),
      ).not.toHaveProperty("note");
    });
  });

  describe("hostile input", () => {
    it("refuses deeply nested input before parsing it", async () => {
      const deep = "[".repeat(100_000) + "]".repeat(100_000);
      for (const operation of ["parse", "pretty", "query", "diff", "validate"]) {
        const error = await failure({ operation, json: deep, other: "1", expression: "@", schema: "{}" });
        expect(error).toBe("json is nested deeper than 50 levels; this tool does not accept it.");
      }
      expect(
        await failure({
          operation: "validate",
          json: "1",
          schema: '{"a":'.repeat(60) + "1" + "}".repeat(60),
        }),
      ).toBe("schema is nested deeper than 50 levels; this tool does not accept it.");
      // Brackets inside strings do not count.
      expect(await data({ operation: "parse", json: JSON.stringify("[".repeat(1000)) })).toMatchObject({
        valid: true,
      });
    });

    it("refuses oversized input", async () => {
      const error = await failure({ operation: "parse", json: " ".repeat(300_001) });
      expect(error).toContain("longer than 300000 characters");
    });

    it("keeps __proto__ keys as data without polluting prototypes", async () => {
      const json =
        '{"__proto__": {"polluted": true, "isAdmin": true}, "constructor": {"prototype": {"polluted": 1}}}';
      expect(await data({ operation: "parse", json })).toMatchObject({ keys: ["__proto__", "constructor"] });
      expect(await data({ operation: "query", json, expression: "__proto__.polluted" })).toEqual({
        result: true,
      });
      expect(
        await data({
          operation: "query",
          json,
          expression: 'merge(@, __proto__, {__proto__: `{"polluted": 1}`})',
        }),
      ).toBeDefined();
      expect(await data({ operation: "diff", json: "{}", other: json })).toMatchObject({
        changes: [
          { op: "add", path: "/__proto__", value: { polluted: true, isAdmin: true } },
          { op: "add", path: "/constructor", value: { prototype: { polluted: 1 } } },
        ],
      });
      expect(await data({ operation: "diff", json, other: "{}" })).toMatchObject({ count: 2 });
      expect(
        await data({
          operation: "validate",
          json,
          schema:
            '{"type":"object","properties":{"__proto__":{"type":"object","required":["polluted"]}},"__proto__":{"polluted":1}}',
        }),
      ).toEqual({ valid: true });
      expect(JSON.parse((await data<{ text: string }>({ operation: "minify", json })).text)).toHaveProperty(
        "__proto__",
      );
      expectPrototypesClean();
    });

    it("does not expose inherited properties to JMESPath or JSON Schema", async () => {
      const json = '{"a": {"b": 1}, "list": [1, 2]}';
      for (const expression of [
        "constructor",
        "a.constructor",
        "a.toString",
        "a.hasOwnProperty",
        "list.length",
        "a.__proto__",
      ]) {
        expect(await data({ operation: "query", json, expression })).toEqual({ result: null });
      }
      expect(
        await data({
          operation: "validate",
          json: "{}",
          schema: '{"required": ["constructor", "toString"]}',
        }),
      ).toMatchObject({
        valid: false,
        errors: [{ keyword: "required" }, { keyword: "required" }],
      });
    });

    it.each([
      "constructor.constructor('return process')()",
      "@.constructor.constructor(`\"return process.mainModule.require('child_process').execSync('touch PWNED')\"`)",
      "a | eval('1+1')",
      '`"x"`.__proto__.polluted',
      "require('fs')",
      "$..[?(@.constructor.constructor('return process')())]",
    ])("does not run code from the expression %s", async (expression) => {
      const marker = join(tmpdir(), "PWNED");
      const result = await run({ operation: "query", json: '{"a": 1}', expression });
      if (result.success) expect(result.data).toEqual({ result: null });
      else expect(result.error).toMatch(/^JMESPath error: /);
      expect(existsSync(marker)).toBe(false);
      expect(existsSync("PWNED")).toBe(false);
      expectPrototypesClean();
    });

    it("gives a JSONPath hint for JSONPath syntax", async () => {
      const error = await failure({
        operation: "query",
        json: '{"a": [{"b": 1}]}',
        expression: "$..a[?(@.b > 0)]",
      });
      expect(error).toContain("This looks like JSONPath; use JMESPath syntax instead");
    });

    it("stops a JMESPath query that would exhaust memory", async () => {
      const error = await failure({
        operation: "query",
        json: '"a"',
        expression: "pad_left(@, `400000000`)",
      });
      expect(error).toBe("The JMESPath query needed more than 128 MB of memory and was stopped.");
    });

    it("stops a JMESPath query that runs too long", async () => {
      const json = JSON.stringify("a" + " ".repeat(100_000) + "b");
      const error = await failure({ operation: "query", json, expression: "trim_right(@)" });
      expect(error).toMatch(/^The JMESPath query took longer than 3000 ms and was stopped/);
    });

    it("stops a schema pattern with catastrophic backtracking", async () => {
      const error = await failure({
        operation: "validate",
        json: JSON.stringify("a".repeat(40) + "!"),
        schema: '{"type": "string", "pattern": "^(a+)+$"}',
      });
      expect(error).toMatch(/^Validation took longer than 3000 ms and was stopped/);
    });

    it("answers a cancelled call without running it", async () => {
      const controller = new AbortController();
      controller.abort("shutdown");
      const result = await tool.execute(
        { operation: "query", json: "1", expression: "@" },
        toolContext({ signal: controller.signal }),
      );
      expect(result).toEqual({ success: false, error: "The JMESPath query was cancelled" });
    });
  });

  describe("validate", () => {
    const schema = JSON.stringify({
      type: "object",
      properties: {
        name: { type: "string", minLength: 1 },
        age: { type: "integer", minimum: 0 },
        email: { type: "string", format: "email" },
        kind: { enum: ["light", "switch"] },
      },
      required: ["name"],
      additionalProperties: false,
    });

    it("accepts a valid document", async () => {
      expect(
        await data({ operation: "validate", json: '{"name": "灯", "age": 3, "email": "a@b.cn"}', schema }),
      ).toEqual({
        valid: true,
      });
    });

    it("lists errors with JSON Pointer paths", async () => {
      const result = await data({
        operation: "validate",
        json: '{"age": -1, "email": "nope", "kind": "fan", "extra": 1}',
        schema,
      });
      expect(result).toEqual({
        valid: false,
        errors: [
          { path: "(root)", message: "must have required property 'name'", keyword: "required" },
          {
            path: "(root)",
            message: 'must NOT have additional properties: "extra"',
            keyword: "additionalProperties",
          },
          { path: "/age", message: "must be >= 0", keyword: "minimum" },
          { path: "/email", message: 'must match format "email"', keyword: "format" },
          {
            path: "/kind",
            message: 'must be equal to one of the allowed values: ["light","switch"]',
            keyword: "enum",
          },
        ],
      });
    });

    it("caps the number of errors", async () => {
      const many = JSON.stringify(Array.from({ length: 30 }, () => "x"));
      const result = await data<{ errors: unknown[]; more: string }>({
        operation: "validate",
        json: many,
        schema: '{"type": "array", "items": {"type": "integer"}}',
      });
      expect(result.errors).toHaveLength(20);
      expect(result.more).toBe("10 more errors not listed");
    });

    it("supports draft 2020-12 schemas", async () => {
      const schema2020 =
        '{"$schema": "https://json-schema.org/draft/2020-12/schema", "prefixItems": [{"type": "string"}]}';
      expect(await data({ operation: "validate", json: "[1]", schema: schema2020 })).toMatchObject({
        valid: false,
        errors: [{ path: "/0", keyword: "type" }],
      });
    });

    it("explains unusable schemas", async () => {
      expect(await failure({ operation: "validate", json: "1", schema: '{"type": "strin"}' })).toMatch(
        /^The schema is not usable: schema is invalid: data\/type must be equal to one of the allowed values/,
      );
      expect(
        await failure({
          operation: "validate",
          json: "1",
          schema: '{"$ref": "https://evil.example/s.json"}',
        }),
      ).toBe(
        "The schema is not usable: the schema refers to https://evil.example/s.json, which is not available: only references inside the schema itself (#/...) work",
      );
      expect(await failure({ operation: "validate", json: "1" })).toBe(
        "Operation validate needs `schema`: a JSON Schema as text (缺少参数 schema).",
      );
    });
  });

  describe("query", () => {
    const json = JSON.stringify({
      devices: [
        { name: "客厅灯", domain: "light", watts: 9 },
        { name: "Fan", domain: "fan", watts: 40 },
        { name: "Desk lamp", domain: "light", watts: 5 },
      ],
    });

    it("evaluates JMESPath", async () => {
      expect(
        await data({ operation: "query", json, expression: "devices[?domain == 'light'].name" }),
      ).toEqual({
        result: ["客厅灯", "Desk lamp"],
      });
      expect(await data({ operation: "query", json, expression: "sum(devices[].watts)" })).toEqual({
        result: 54,
      });
      expect(await data({ operation: "query", json, expression: "max_by(devices, &watts).name" })).toEqual({
        result: "Fan",
      });
      expect(await data({ operation: "query", json, expression: "missing.field" })).toEqual({ result: null });
    });

    it("reports syntax errors", async () => {
      expect(await failure({ operation: "query", json, expression: "devices[" })).toMatch(
        /^JMESPath error: /,
      );
      expect(await failure({ operation: "query", json })).toBe(
        "Operation query needs `expression`: a JMESPath expression (缺少参数 expression).",
      );
    });

    it("truncates large results", async () => {
      const big = JSON.stringify(Array.from({ length: 1000 }, (_, i) => ({ i })));
      const result = await data<{ result_json: string; truncated: string }>({
        operation: "query",
        json: big,
        expression: "@",
      });
      expect(result.result_json).toHaveLength(2_000);
      expect(result.truncated).toMatch(/^the output has \d+ characters; only the first 2000 are shown$/);
    });
  });

  describe("pretty and minify", () => {
    it("re-indents while keeping numbers, key order and duplicates exactly", async () => {
      const json = '{"b":1,"a":[1.50,{},[ ],{"id":12345678901234567890}],"s":"x\\"y \\\\","a":true}';
      expect((await data<{ text: string }>({ operation: "pretty", json })).text).toBe(
        '{\n  "b": 1,\n  "a": [\n    1.50,\n    {},\n    [],\n    {\n      "id": 12345678901234567890\n    }\n  ],\n  "s": "x\\"y \\\\",\n  "a": true\n}',
      );
      expect((await data<{ text: string }>({ operation: "pretty", json: "[1,[2]]" })).text).toBe(
        "[\n  1,\n  [\n    2\n  ]\n]",
      );
    });

    it("minifies", async () => {
      expect(await data({ operation: "minify", json: '{ "a" : [ 1 , "x y" ] ,\n "b" : { } }' })).toEqual({
        text: '{"a":[1,"x y"],"b":{}}',
      });
    });

    it("truncates long output", async () => {
      const json = JSON.stringify(Array.from({ length: 2000 }, (_, i) => i));
      const result = await data<{ text: string; truncated: string }>({ operation: "pretty", json });
      expect(result.text).toHaveLength(2_000);
      expect(result.truncated).toMatch(/only the first 2000 are shown/);
    });
  });

  describe("diff", () => {
    it("lists changes with JSON Pointer paths", async () => {
      const result = await data({
        operation: "diff",
        json: '{"name": "灯", "on": true, "tags": ["a", "b", "c"], "a/b": {"x~y": 1}, "gone": null}',
        other: '{"name": "灯", "on": false, "tags": ["a", "B"], "a/b": {"x~y": 2}, "new": [1]}',
      });
      expect(result).toEqual({
        equal: false,
        count: 6,
        changes: [
          { op: "replace", path: "/on", value: false, old: true },
          { op: "replace", path: "/tags/1", value: "B", old: "b" },
          { op: "remove", path: "/tags/2", old: "c" },
          { op: "replace", path: "/a~1b/x~0y", value: 2, old: 1 },
          { op: "remove", path: "/gone", old: null },
        ],
        truncated: "only the first 5 of 6 changes are listed",
      });
    });

    it("reports equal documents and type changes", async () => {
      expect(
        await data({ operation: "diff", json: '{"a": [1, {"b": 2}]}', other: '{ "a" : [1, {"b": 2}] }' }),
      ).toEqual({
        equal: true,
        count: 0,
        changes: [],
      });
      expect(await data({ operation: "diff", json: '{"a": {"b": 1}}', other: '{"a": [1]}' })).toMatchObject({
        changes: [{ op: "replace", path: "/a", value: [1], old: { b: 1 } }],
      });
      expect(await data({ operation: "diff", json: "1", other: '"1"' })).toMatchObject({
        changes: [{ op: "replace", path: "", value: "1", old: 1 }],
      });
    });

    it("summarises large values", async () => {
      const result = await data<{ changes: { value: unknown }[] }>({
        operation: "diff",
        json: "{}",
        other: JSON.stringify({ big: Array.from({ length: 500 }, (_, i) => i) }),
      });
      expect(result.changes[0]!.value).toBe("<array of 500 items>");
      expect(await failure({ operation: "diff", json: "{}" })).toBe(
        "Operation diff needs `other`: the second JSON document (缺少参数 other).",
      );
    });
  });
});
