import { z } from "zod";
import { ToolError, type Tool } from "../contract.js";
import { defineTool } from "../define-tool.js";
import { MathSandbox } from "./calculator/sandbox.js";

export interface CalculatorOptions {
  /** Time one expression may take (default 3000 ms). */
  timeoutMs?: number;
  /** Heap limit of the evaluating process (default 256 MB). */
  maxMemoryMb?: number;
  /** The evaluating process is stopped after this long without a call (default 60 s). */
  idleMs?: number;
}

export const MAX_EXPRESSION_LENGTH = 500;

const parameters = z.object({
  expression: z
    .string()
    .describe("mathjs syntax, English units: `2^64`, `15% of 80`, `sin(30 deg)`, `3 km to miles`"),
});

const DESCRIPTION =
  "Exact math and unit conversion (计算/换算): arithmetic, big numbers, %, powers, roots, trig, log, matrices. " +
  "Use for any calculation instead of mental math.";

/** A calculator tool backed by a restricted mathjs instance in a child process. */
export function calculatorTool(options: CalculatorOptions = {}): Tool {
  const sandbox = new MathSandbox({
    timeoutMs: options.timeoutMs ?? 3000,
    maxMemoryMb: options.maxMemoryMb ?? 256,
    idleMs: options.idleMs ?? 60_000,
  });
  return defineTool({
    name: "calculator",
    description: DESCRIPTION,
    parameters,
    async execute({ expression }, ctx) {
      const normalized = normalizeExpression(expression);
      if (normalized === "") throw new ToolError("The expression is empty.");
      if (normalized.length > MAX_EXPRESSION_LENGTH) {
        const length = Math.max(normalized.length, expression.trim().length);
        throw new ToolError(
          `The expression is too long (${length} characters, at most ${MAX_EXPRESSION_LENGTH}).`,
        );
      }
      const answer = await sandbox.evaluate(normalized, ctx.signal);
      if (!answer.ok) {
        throw new ToolError(
          `Could not calculate "${normalized}": ${answer.error.replace(/[.。]+$/, "")}. Use mathjs syntax, e.g. "2 * (3 + 4)", "15% of 80", "3 km to miles".`,
        );
      }
      return answer.fullPrecision === undefined
        ? { expression: normalized, result: answer.result }
        : { expression: normalized, result: answer.result, fullPrecision: answer.fullPrecision };
    },
  });
}

/**
 * Rewrites common ways of writing math into mathjs syntax: full-width characters, ×/÷, `**`,
 * "percent"/百分之, "X% of Y", "Y的X%", "X% off Y", and a trailing "=" or "=?".
 */
export function normalizeExpression(input: string): string {
  let text = input
    .slice(0, MAX_EXPRESSION_LENGTH * 4) // long inputs are refused after normalizing; don't scan megabytes
    .replace(/[\uFF01-\uFF5E]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .replace(/\u3000/g, " ")
    .replace(/[×✕⋅·]/g, "*")
    .replace(/÷/g, "/")
    .replace(/[−–—]/g, "-")
    .replace(/\*\*/g, "^")
    .replace(/[，]/g, ",")
    .replace(/[（]/g, "(")
    .replace(/[）]/g, ")");
  text = text
    .replace(/百分之\s*([\d.]+)/g, "$1%")
    .replace(/([\d.]+)\s*(?:percent|per cent|pct)\b/gi, "$1%")
    .replace(/([\d.]+)\s*%\s*off\s+([\d.]+)/gi, "$2 - $1%")
    .replace(/%\s*of\b/gi, "% *")
    .replace(/([\d.)]+)\s*的\s*([\d.]+\s*%)/g, "$1 * $2")
    .replace(/\s*=\s*\??\s*$/, "");
  return text.trim();
}
