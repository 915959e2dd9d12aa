import { Ajv, type ValidateFunction } from "ajv";
import { clip } from "../text/clip.js";

const ajv = new Ajv({ allErrors: true, strict: false, logger: false, validateFormats: false });

/**
 * Checks a call's arguments against the server's own input schema before it goes out, so the LLM reads
 * what is wrong in one error result instead of a server's reply in its own words. A schema ajv cannot
 * compile (a server's mistake) leaves the checking to the server.
 */
export function argumentChecker(schema: unknown): (args: unknown) => string | undefined {
  let validate: ValidateFunction | undefined;
  try {
    const { $schema: _draft, ...rest } = (schema ?? {}) as Record<string, unknown>;
    validate = ajv.compile(rest);
  } catch {
    return () => undefined;
  }
  return (args) => {
    if (validate!(args)) return undefined;
    return (validate!.errors ?? [])
      .slice(0, 5)
      .map((e) => {
        const where = e.instancePath || "(root)";
        const extra =
          e.keyword === "additionalProperties"
            ? `: ${JSON.stringify(e.params.additionalProperty)}`
            : e.keyword === "enum"
              ? `: ${clip(JSON.stringify(e.params.allowedValues), 200)}`
              : "";
        return `${where} ${e.message ?? e.keyword}${extra}`;
      })
      .join("; ");
  };
}
