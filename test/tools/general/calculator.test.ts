import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { ToolResult } from "../../../src/tools/contract.js";
import { calculatorTool, normalizeExpression } from "../../../src/tools/general/calculator.js";
import { failWith, succeed } from "../../support/tool-calls.js";
import { toolContext } from "../../support/tool-context.js";

const tool = calculatorTool();
const calc = (expression: string): Promise<ToolResult> => tool.execute({ expression }, toolContext());

const result = async (expression: string) => (await succeed<{ result: string }>(tool, { expression })).result;
const error = (expression: string) => failWith(tool, { expression });

describe("calculator", () => {
  it("has a simple JSON schema", () => {
    const { parameters, name } = tool.definition();
    expect(name).toBe("calculator");
    expect(parameters).toMatchObject({ type: "object", required: ["expression"] });
  });

  it("computes exactly with big numbers", async () => {
    expect(await result("0.1 + 0.2")).toBe("0.3");
    expect(await result("2^100")).toBe("1267650600228229401496703205376");
    expect(await result("factorial(25)")).toBe("15511210043330985984000000");
    expect(await result("sqrt(16) + 3 * (2 - 5)")).toBe("-5");
    expect(await result("sin(30 deg)")).toBe("0.5");
    const third = await calc("1/3");
    expect(third).toMatchObject({ success: true, data: { result: "0.333333333333333" } });
    expect(((third as { data: { fullPrecision: string } }).data.fullPrecision.match(/3/g) ?? []).length).toBe(
      64,
    );
  });

  it("handles percentages", async () => {
    expect(await result("15% of 80")).toBe("12");
    expect(await result("80 + 15%")).toBe("92");
    expect(await result("200 - 10%")).toBe("180");
    expect(await result("5 percent of 200")).toBe("10");
    expect(await result("200的15%")).toBe("30");
    expect(await result("百分之20 of 50")).toBe("10");
    expect(await result("20% off 150")).toBe("120");
  });

  it("converts units", async () => {
    expect(await result("3 km to miles")).toMatch(/^1\.86411357671\d* miles$/);
    expect(await result("100 fahrenheit to celsius")).toBe("37.777777777778 celsius");
    expect(await result("100 degF to degC")).toBe("37.777777777778 degC");
    expect(await result("5 GB to MB")).toBe("5000 MB");
    expect(await result("60 mph to km/h")).toBe("96.56064 km / h");
    expect(await result("1 lb in kg")).toBe("0.45359237 kg");
  });

  it("accepts full-width and typographic operators", async () => {
    expect(normalizeExpression("（10 + 5）× 3 ÷ 2 =")).toBe("(10 + 5)* 3 / 2");
    expect(await result("（10 + 5）× 3 ÷ 2 =")).toBe("22.5");
    expect(await result("10 ** 3")).toBe("1000");
  });

  it("reports syntax and unit errors clearly", async () => {
    expect(await error("3 +")).toMatch(/Syntax error/);
    expect(await error("1 km + 2 kg")).toMatch(/Units do not match/);
    expect(await error("")).toMatch(/empty/);
    expect(await error("sqrt")).toMatch(/function, not a value/);
  });

  describe("hostile input", () => {
    it.each([
      ["import({a: 1}, {override: true})", /import is disabled/],
      ['createUnit("foo", "1 m")', /createUnit is disabled/],
      ['evaluate("1+1")', /evaluate is disabled/],
      ['parse("1+1")', /parse is disabled/],
      ['simplify("x+x")', /simplify is disabled/],
      ['derivative("x^2", "x")', /derivative is disabled/],
      ['resolve("x")', /resolve is disabled/],
      ['compile("1")', /compile is disabled/],
      ["reviver()", /reviver is disabled/],
      ["config({number: 'number'})", /config is disabled/],
      ["typed('f', {})", /typed is disabled/],
      ["map([1, 2], evaluate)", /evaluate is disabled/],
      ["f(x) = x^2", /Defining functions is not supported/],
      ["x = 3", /Assigning variables is not supported/],
      ["x = 3; x + 1", /not supported|one expression/],
      ["1; 2", /one expression per call/],
      ['cos.constructor("return process")()', /Syntax error/],
      ['cos.constructor("return process")', /named functions/],
      ['cos["constructor"]', /string index/],
      ["[1, 2].constructor", /Property access/],
      ['[1, 2]["__proto__"]', /string index/],
      ["{a: 1}", /Objects are not supported/],
    ])("refuses %s", async (expression, message) => {
      expect(await error(expression)).toMatch(message);
    });

    it("refuses over-long input without evaluating it", async () => {
      expect(await error("1+".repeat(300) + "1")).toMatch(/too long/);
      expect(await error("9".repeat(100_000))).toMatch(/too long/);
    });

    it("keeps huge exponents and factorials bounded", async () => {
      expect(await result("10^1e9")).toBe("1e+1000000000");
      expect(await result("factorial(1e6)")).toMatch(/^8\.26393168833\d*e\+5565708$/);
      expect(await result("factorial(50000)")).toMatch(/e\+213236$/);
      expect(await result("1e9999999999999999")).toMatch(/Infinity/);
    });

    it("stops a runaway calculation and recovers", async () => {
      const fast = calculatorTool({ timeoutMs: 500 });
      const answer = await fast.execute({ expression: "det(ones(200,200) + identity(200))" }, toolContext());
      expect(answer).toMatchObject({ success: false });
      expect((answer as { error: string }).error).toMatch(/did not finish within 500 ms/);
      expect(await fast.execute({ expression: "6 * 7" }, toolContext())).toEqual({
        success: true,
        data: { expression: "6 * 7", result: "42" },
      });
    });

    it("stops a memory bomb", async () => {
      expect(await error("zeros(10000, 10000)")).toMatch(/too much memory|did not finish/);
      expect(await result("1 + 1")).toBe("2");
    });

    it("survives one huge allocation, which kills a worker thread's whole process", async () => {
      expect(await error("ones(2^31)")).toMatch(/too much memory|did not finish/);
      expect(await result("2 + 2")).toBe("4");
    });

    it("stops when the call is aborted", async () => {
      const controller = new AbortController();
      controller.abort("user cancelled");
      const answer = await tool.execute({ expression: "1 + 1" }, toolContext({ signal: controller.signal }));
      expect(answer).toMatchObject({ success: false });
    });

    it("validates argument types", async () => {
      expect(await tool.execute({ expression: 42 }, toolContext())).toMatchObject({ success: false });
    });
  });
});

describe("the calculator process", () => {
  const calculatorChildren = () =>
    readdirSync("/proc")
      .filter((entry) => /^\d+$/.test(entry))
      .filter((pid) => {
        try {
          const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
          const parent = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
          return parent === process.pid && readFileSync(`/proc/${pid}/cmdline`, "utf8").includes("mathjs");
        } catch {
          return false; // exited while we looked
        }
      });

  it("is stopped once idle, and started again by the next call", async () => {
    const idle = calculatorTool({ idleMs: 200 });
    const before = calculatorChildren().length;
    expect(await succeed(idle, { expression: "2+2" })).toMatchObject({ result: "4" });
    expect(calculatorChildren().length).toBe(before + 1);
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(calculatorChildren().length).toBe(before);
    expect(await succeed(idle, { expression: "3*3" })).toMatchObject({ result: "9" });
  });
});
