/**
 * A tool as the LLM sees it: its description going out, its result coming back. The tools' own contract
 * (tools/contract.ts) builds on these; the llm client and the job store need only these.
 */

/** What the LLM reads back from a tool call. Tools never throw into the loop; they answer with this. */
export type ToolResult =
  /** `untrusted`: the data holds text from outside (a web page, an API), to be read as data only. */
  { success: true; data: unknown; untrusted?: true } | { success: false; error: string };

/** The OpenAI function-calling description of a tool. */
export interface ToolDefinition {
  name: string;
  description: string;
  /** JSON Schema of the arguments object. */
  parameters: Record<string, unknown>;
}

/** The name given to a tool call the LLM sent without one, so its error result has a call to pair with. */
export const UNNAMED_TOOL = "unnamed_tool";
