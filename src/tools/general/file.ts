import type { Stats } from "node:fs";
import { lstat, readdir, realpath, rename, rm, rmdir, unlink } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { ToolError, type Tool } from "../contract.js";
import { defineTool } from "../define-tool.js";
import { encode, encodingSchema } from "./file/encoding.js";
import {
  assertNotProtected,
  assertRegularFile,
  createMissingFolders,
  describeType,
  errorCode,
  fsError,
  locate,
  resolveProtected,
  type Located,
} from "./file/paths.js";
import { readBytes, writeBytes } from "./file/read-write.js";
import {
  displayPath,
  isWithin,
  resolvePath,
  resolveRoots,
  type Root,
  type RootOption,
} from "./file/roots.js";

export interface FileToolOptions {
  /** Folders the tool may use, absolute. Relative paths lead into the first; the others are named by absolute paths. */
  roots: RootOption[];
  /** Files or folders never read, written, listed or deleted, even inside a root (options.json, the database). */
  protectedPaths: string[];
  /** Most bytes returned by one read. Default 256 KiB. */
  maxReadBytes?: number;
  /** Most bytes written by one write or append. Default 1 MiB. */
  maxWriteBytes?: number;
  /** Most entries returned by list. Default 200. */
  maxListEntries?: number;
}

const OFFSET_HINT = "offset is a byte position, 0 or more: the next_offset of the previous read (偏移量)";
const OPERATIONS = ["read", "write", "append", "list", "stat", "delete", "mkdir", "move"] as const;

export function fileTool(options: FileToolOptions): Tool {
  const roots = resolveRoots(options.roots);
  const maxReadBytes = options.maxReadBytes ?? 256 * 1024;
  const maxWriteBytes = options.maxWriteBytes ?? 1024 * 1024;
  const maxListEntries = options.maxListEntries ?? 200;

  const parameters = z.object({
    operation: z.enum(OPERATIONS),
    path: z.string().optional(),
    content: z.string().optional(),
    encoding: encodingSchema.optional(),
    to: z.string().optional(),
    force: z.boolean().optional(),
    offset: z.number().int(OFFSET_HINT).min(0, OFFSET_HINT).optional(),
  });

  return defineTool({
    name: "file",
    description: describeFileTool(roots),
    parameters,
    async execute(args) {
      const { root, names: path } = resolvePath(args.path ?? "", "path", roots);
      const protectedPaths = await resolveProtected(options.protectedPaths);
      const base = { path: displayPath(root, path) || "." };
      const needName = () => {
        if (path.length === 0)
          throw new ToolError(`Operation ${args.operation} needs a \`path\` below the root folder.`);
      };

      switch (args.operation) {
        case "read": {
          needName();
          const located = await existing(root, path, true);
          const read = await readBytes(located, protectedPaths, { ...args, maxReadBytes });
          return { ...base, ...read };
        }

        case "write":
        case "append": {
          needName();
          if (args.content === undefined)
            throw new ToolError(`Operation ${args.operation} needs \`content\`.`);
          const bytes = await encode(args.content, args.encoding ?? "utf8");
          if (bytes.length > maxWriteBytes) {
            throw new ToolError(
              `\`content\` is ${bytes.length} bytes; at most ${maxWriteBytes} bytes can be written at once.`,
            );
          }
          const located = await locate(root, path, true);
          const append = args.operation === "append";
          return {
            ...base,
            ...(await writeBytes(located, protectedPaths, bytes, append, args.force ?? false)),
          };
        }

        case "list": {
          const located = await existing(root, path, true);
          if (!located.stats!.isDirectory())
            throw new ToolError(`"${located.display}" is a file, not a folder; use read or stat.`);
          assertNotProtected(protectedPaths, located.real, located.display || ".");
          const entries = await readdir(located.real, { withFileTypes: true }).catch((e: unknown) => {
            throw fsError(e, located.display);
          });
          if (!isWithin(await realpath(located.real), located.rootReal)) {
            throw new ToolError(`"${located.display}" changed while it was being listed; try again.`);
          }
          const visible = entries.filter(
            (e) => !protectedPaths.some((p) => p.real === join(located.real, e.name)),
          );
          visible.sort(
            (a, b) => Number(b.isDirectory()) - Number(a.isDirectory()) || a.name.localeCompare(b.name),
          );
          const listed = await Promise.all(
            visible.slice(0, maxListEntries).map(async (entry) => {
              const stats = await lstat(join(located.real, entry.name)).catch(() => undefined);
              return stats ? describeEntry(entry.name, stats) : { name: entry.name, type: "gone" };
            }),
          );
          return {
            ...base,
            entries: listed,
            total: visible.length,
            ...(visible.length > maxListEntries
              ? { truncated: `only the first ${maxListEntries} entries are listed` }
              : {}),
          };
        }

        case "stat": {
          const located = await locate(root, path, false);
          if (!located.exists) return { ...base, exists: false };
          assertNotProtected(protectedPaths, located.real, located.display || ".");
          const stats = located.stats!;
          const info: Record<string, unknown> = { ...base, exists: true, ...describeEntry(undefined, stats) };
          if (stats.isFile() && stats.nlink > 1) info.hard_links = stats.nlink;
          if (stats.isSymbolicLink()) {
            const target = await realpath(located.real).catch(() => undefined);
            info.target =
              target === undefined
                ? "missing"
                : isWithin(target, located.rootReal)
                  ? "inside the folder"
                  : "outside (refused)";
          }
          return info;
        }

        case "delete": {
          needName();
          const located = await existing(root, path, false);
          const isFolder = located.stats!.isDirectory();
          assertNotProtected(protectedPaths, located.real, located.display, isFolder);
          try {
            if (!isFolder) await unlink(located.real);
            else if (args.force) await rm(located.real, { recursive: true });
            else await rmdir(located.real);
          } catch (error) {
            if (errorCode(error) === "ENOTEMPTY" || errorCode(error) === "EEXIST") {
              throw new ToolError(
                `"${located.display}" is a folder that is not empty; pass force: true to delete it with its contents.`,
              );
            }
            throw fsError(error, located.display);
          }
          return { ...base, deleted: describeType(located.stats!) };
        }

        case "mkdir": {
          needName();
          const located = await locate(root, path, true);
          if (located.exists) {
            if (located.stats!.isDirectory()) return { ...base, created: false };
            throw new ToolError(`"${located.display}" already exists and is not a folder.`);
          }
          assertNotProtected(protectedPaths, located.real, located.display);
          await createMissingFolders(located.parentReal, located.missing);
          return { ...base, created: true };
        }

        case "move": {
          needName();
          if (!args.to) throw new ToolError("Operation move needs `to`, the new path.");
          // A relative `to` stays in the folder of `path`: renaming in place is the usual move.
          const { root: toRoot, names: toPath } = resolvePath(args.to, "to", roots, root);
          if (toPath.length === 0)
            throw new ToolError("`to` must name a file or folder below the root folder.");
          const source = await existing(root, path, false);
          const target = await locate(toRoot, toPath, false);
          const isFolder = source.stats!.isDirectory();
          if (!isFolder && !source.stats!.isFile() && !source.stats!.isSymbolicLink())
            assertRegularFile(source.stats!, source.display);
          assertNotProtected(protectedPaths, source.real, source.display, isFolder);
          assertNotProtected(protectedPaths, target.real, target.display);
          if (target.exists) {
            if (!args.force)
              throw new ToolError(`"${target.display}" already exists; pass force: true to replace it.`);
            if (isFolder || target.stats!.isDirectory())
              throw new ToolError(`"${target.display}" already exists; folders are never replaced.`);
          }
          if (isFolder && isWithin(target.real, source.real))
            throw new ToolError("A folder cannot be moved into itself.");
          if (!target.exists) await createMissingFolders(target.parentReal, target.missing.slice(0, -1));
          await rename(source.real, target.real).catch((error: unknown) => {
            throw fsError(error, target.display);
          });
          return { ...base, moved_to: target.display };
        }
      }
    },
  });
}

async function existing(root: Root, path: string[], followLast: boolean): Promise<Located> {
  const located = await locate(root, path, followLast);
  if (!located.exists) {
    const parent = displayPath(root, path.slice(0, -1)) || ".";
    throw new ToolError(`"${located.display}" does not exist. List "${parent}" to see what is there.`);
  }
  return located;
}

/** Deterministic: part of the request prefix, which must stay byte-identical from one request to the next. */
function describeFileTool(roots: Root[]): string {
  const others = roots.slice(1).map((r) => r.path);
  const also = others.length ? ` (also ${others.join(", ")}: absolute paths)` : "";
  return (
    "Read and save files (文件: 读取/保存/追加/列出/删除/新建文件夹/移动/重命名) in " +
    `${roots[0]!.path}${also}, paths relative to it; GBK and base64 too. Not for Home Assistant config.`
  );
}

function describeEntry(name: string | undefined, stats: Stats): Record<string, unknown> {
  return {
    ...(name === undefined ? {} : { name }),
    type: describeType(stats),
    ...(stats.isFile() ? { size: stats.size } : {}),
    mtime: stats.mtime.toISOString().replace(/\.\d{3}Z$/, "Z"),
  };
}
