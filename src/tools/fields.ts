import { ToolError } from "./contract.js";

export interface RequireFieldOptions {
  /** Treat an empty string like a missing value (for fields where "" can mean nothing). Default false. */
  emptyIsMissing?: boolean;
}

/**
 * The value of a parameter an operation cannot do without. A missing one (undefined; with `emptyIsMissing`
 * also "") fails the call with a message naming the operation and the field, in English and Chinese.
 * An empty string counts as given by default: hashing or encoding "" is a valid request.
 */
export function requireField<T>(
  value: T | undefined,
  field: string,
  operation: string,
  options: RequireFieldOptions = {},
): T {
  if (value === undefined || (options.emptyIsMissing && value === ""))
    throw new ToolError(`Operation "${operation}" needs "${field}" (缺少参数 ${field}).`);
  return value;
}
