import { isAbsolute, join, relative, resolve, sep } from "node:path";
import { ToolError } from "../../contract.js";

/** A folder the tool may use, as configured: an absolute path (a `name` is accepted and ignored). */
export type RootOption = string | { path: string; name?: string };

export interface Root {
  /** The configured absolute path, resolved. */
  path: string;
  /** How the model writes paths in it: "" for the first (default) root, else its path and "/". */
  prefix: string;
}

export function isWithin(child: string, parent: string): boolean {
  return child === parent || child.startsWith(parent.endsWith(sep) ? parent : parent + sep);
}

/** The configured roots, the first being where relative paths lead. */
export function resolveRoots(roots: RootOption[]): Root[] {
  if (roots.length === 0) throw new Error("fileTool needs at least one root folder");
  return roots.map((entry, index) => {
    const path = typeof entry === "string" ? entry : entry.path;
    if (!isAbsolute(path)) throw new Error(`fileTool root "${path}" must be an absolute path`);
    const resolved = resolve(path);
    return { path: resolved, prefix: index === 0 ? "" : join(resolved, "/") };
  });
}

/** The path as the model writes it: relative for the default root, absolute for the others. */
export function displayPath(root: Root, names: string[]): string {
  if (names.length === 0) return root.prefix ? root.path : "";
  return root.prefix + names.join("/");
}

export interface ResolvedPath {
  root: Root;
  names: string[];
}

/**
 * Splits a model-supplied path into a root and the names below it, refusing everything that could
 * point elsewhere: "..", NUL bytes, backslashes (a Windows separator here would be part of a name),
 * and absolute paths outside every root. A relative path is in `relativeTo` (the default root unless
 * given), an absolute one in the root that contains it.
 */
export function resolvePath(
  input: string,
  field: string,
  roots: Root[],
  relativeTo: Root = roots[0]!,
): ResolvedPath {
  if (input.includes("\0")) throw new ToolError(`\`${field}\` contains a NUL byte.`);
  if (input.length > 4096) throw new ToolError(`\`${field}\` is too long.`);
  const absolute = isAbsolute(input);
  if (input.startsWith("~") || /^[A-Za-z]:[\\/]/.test(input)) throw outsideRoots(field, roots);
  if (input.includes("\\"))
    throw new ToolError(`\`${field}\` contains a backslash; separate folders with /.`);
  if (input.split("/").includes(".."))
    throw new ToolError(`\`${field}\` must not contain "..": paths stay inside the root folder.`);
  let root = relativeTo;
  let rest = input;
  if (absolute) {
    const target = resolve(input);
    const containing = roots
      .filter((r) => isWithin(target, r.path))
      .sort((a, b) => b.path.length - a.path.length)[0];
    if (!containing) throw outsideRoots(field, roots);
    root = containing;
    rest = relative(containing.path, target);
  }
  const names = rest.split("/").filter((name) => name !== "" && name !== ".");
  for (const name of names) {
    if (Buffer.byteLength(name) > 255) throw new ToolError(`\`${field}\` has a name longer than 255 bytes.`);
  }
  return { root, names };
}

function outsideRoots(field: string, roots: Root[]): ToolError {
  const others = roots.slice(1).map((r) => r.path);
  return new ToolError(
    `\`${field}\` must be relative (to ${roots[0]!.path})` +
      (others.length ? ` or inside ${others.join(", ")}` : "") +
      "; other places are off limits.",
  );
}
