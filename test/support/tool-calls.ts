import type { Tool } from "../../src/tools/contract.js";
import { toolContext } from "./tool-context.js";

export type ToolArgs = Record<string, unknown>;

/** Calls the tool and returns its data; throws (failing the test) when the call failed. */
export async function succeed<T = Record<string, unknown>>(tool: Tool, args: ToolArgs): Promise<T> {
  const result = await tool.execute(args, toolContext());
  if (!result.success) throw new Error(`expected success for ${brief(args)}, got: ${result.error}`);
  return result.data as T;
}

/** Calls the tool and returns its error message; throws (failing the test) when the call succeeded. */
export async function failWith(tool: Tool, args: ToolArgs): Promise<string> {
  const result = await tool.execute(args, toolContext());
  if (result.success) throw new Error(`expected an error, got: ${brief(result.data)}`);
  return result.error;
}

/** JSON, cut short: inputs and outputs can be hundreds of kilobytes. */
function brief(value: unknown): string {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 300 ? `${text.slice(0, 300)}…` : text;
}
