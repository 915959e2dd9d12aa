import type { z } from "zod";
import { formatIssues } from "../tools/define-tool.js";
import { HttpError } from "./errors.js";

/** A request body (or query) as `schema` reads it; a 400 that says what is wrong otherwise. */
export function parseBody<S extends z.ZodType>(schema: S, body: unknown): z.output<S> {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) throw new HttpError(400, `Invalid request: ${formatIssues(parsed.error)}`);
  return parsed.data;
}
