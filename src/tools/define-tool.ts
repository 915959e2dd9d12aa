import { z } from "zod";
import { InputError } from "../input-error.js";
import { leanSchema } from "../json-schema/lean-schema.js";
import { fail, ok, type Tool, type ToolContext, type ToolDefinition } from "./contract.js";
import type { Effect } from "./effects.js";

export interface ToolSpec<S extends z.ZodType> {
  name: string;
  /** When to use the tool and when not; read by the LLM on every request. */
  description: string;
  parameters: S;
  /**
   * The results carry text from outside (web pages, APIs): they are marked `untrusted`, the system
   * prompt tells the LLM that instructions inside them are not the user's, and the turn counts them as
   * read (turn/provenance.ts). A function decides per result (iot_query: names the person did not say).
   */
  untrustedOutput?: boolean | ((data: unknown, ctx: ToolContext) => boolean);
  /** Only for a person's turn: never offered to nor run by a background thought (see Tool). */
  attendedOnly?: boolean;
  /** What a call changes in the home or sends out (see Tool.effects); given the parsed arguments. */
  effects?(args: z.output<S>): Effect[];
  execute(args: z.output<S>, ctx: ToolContext): unknown;
}

/**
 * Builds a tool from a zod schema: the schema is exported once as JSON Schema for the LLM and
 * used again to validate every call. Thrown `InputError`s (`ToolError` among them) become error results with their message;
 * any other exception becomes an error result too, so the turn goes on.
 */
export function defineTool<S extends z.ZodType>(spec: ToolSpec<S>): Tool {
  const definition: ToolDefinition = {
    name: spec.name,
    description: spec.description,
    parameters: toParameters(spec.parameters),
  };
  const { effects } = spec;
  return {
    definition: () => definition,
    ...(spec.attendedOnly ? { attendedOnly: true } : {}),
    // Arguments that do not parse change nothing: the call itself fails on them.
    ...(effects && {
      effects: (args: unknown) => {
        const parsed = spec.parameters.safeParse(args ?? {});
        return parsed.success ? effects(parsed.data) : [];
      },
    }),
    async execute(args, ctx) {
      const parsed = spec.parameters.safeParse(args ?? {});
      if (!parsed.success) return fail(`Invalid arguments for ${spec.name}: ${formatIssues(parsed.error)}`);
      try {
        const data = await spec.execute(parsed.data, ctx);
        const untrusted =
          typeof spec.untrustedOutput === "function" ? spec.untrustedOutput(data, ctx) : spec.untrustedOutput;
        return untrusted ? { success: true, untrusted: true, data } : ok(data);
      } catch (error) {
        if (error instanceof InputError) return fail(error.message);
        if (ctx.signal.aborted)
          return fail(`${spec.name} was stopped: ${String(ctx.signal.reason ?? "aborted")}`);
        ctx.logger.error({ err: error, tool: spec.name }, "tool failed unexpectedly");
        return fail(`${spec.name} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
    },
  };
}

function toParameters(schema: z.ZodType): Record<string, unknown> {
  return leanSchema(z.toJSONSchema(schema, { io: "input", unrepresentable: "any" }));
}

export function formatIssues(error: z.ZodError): string {
  return error.issues
    .map((issue) => (issue.path.length ? `${issue.path.join(".")}: ${issue.message}` : issue.message))
    .join("; ");
}
