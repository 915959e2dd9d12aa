import { createHash } from "node:crypto";
import { TOOL_NAME } from "../text/tool-name.js";

const MAX = 64;

/**
 * `<server>__<tool>` as providers accept it (text/tool-name.ts): characters outside [a-zA-Z0-9_-] become
 * `_`, and a name over 64 characters is cut and ends in a short hash of the original, so two long names
 * that share a beginning stay apart. `taken` holds the names already given for this server.
 */
export function prefixedToolName(server: string, tool: string, taken: ReadonlySet<string>): string {
  const clean = tool.replace(/[^a-zA-Z0-9_-]/g, "_") || "tool";
  let name = `${server}__${clean}`;
  if (name.length > MAX || taken.has(name)) {
    const hash = createHash("sha256").update(tool).digest("hex").slice(0, 6);
    name = `${name.slice(0, MAX - 7)}_${hash}`;
  }
  if (!TOOL_NAME.test(name)) throw new Error(`cannot name the MCP tool ${JSON.stringify(tool)}`);
  return name;
}

/** `ha__*` stands for every tool of the server `ha` (thinker.tools). */
export function isPrefixPattern(name: string): boolean {
  return /^[a-zA-Z0-9-]+__\*$/.test(name);
}

/** The server part of a prefixed name, or undefined for a built-in tool's name. */
export function serverOf(name: string): string | undefined {
  const at = name.indexOf("__");
  return at > 0 ? name.slice(0, at) : undefined;
}
