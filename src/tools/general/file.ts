import type { Stats } from "node:fs";
import { lstat, readdir, realpath, rename, rm, rmdir, unlink } from "node:fs/promises";
import { join } from "node:path";
import { z } from "zod";
import { ToolError, type Tool } from "../contract.js";
import { defineTool } from "../define-tool.js";
import { encode, ENCODINGS } from "./file/encoding.js";
import {
  assertNotProtected,
  assertRegularFile,
  createMissingFolders,
  describeType,
  errorCode,
  fsError,
  isWithin,
  locate,
  nameRoots,
  resolveProtected,
  splitRelative,
  type Located,
  type Root,
} from "./file/paths.js";
import { readBytes, writeBytes } from "./file/read-write.js";

export interface FileToolOptions {
  /** Folders the tool may use: absolute paths (named by their last part) or `{ name, path }`. The first is the default. */
  roots: Array<string | Root>;
  /** Files or folders never read, written, listed or deleted, even inside a root (options.json, the database). */
  protectedPaths: string[];
  /** Most bytes returned by one read. Default 256 KiB. */
  maxReadBytes?: number;
  /** Most bytes written by one write or append. Default 1 MiB. */
  maxWriteBytes?: number;
  /** Most entries returned by list. Default 200. */
  maxListEntries?: number;
}

const OPERATIONS = ["read", "write", "append", "list", "stat", "delete", "mkdir", "move"] as const;

export function fileTool(options: FileToolOptions): Tool {
  const roots = nameRoots(options.roots);
  const maxReadBytes = options.maxReadBytes ?? 256 * 1024;
  const maxWriteBytes = options.maxWriteBytes ?? 1024 * 1024;
  const maxListEntries = options.maxListEntries ?? 200;
  const names = roots.map((r) => r.name) as [string, ...string[]];
  const rootList = roots.map((r, i) => `"${r.name}" = ${r.path}${i === 0 ? " (default)" : ""}`).join(", ");

  const parameters = z.object({
    operation: z
      .enum(OPERATIONS)
      .describe(
        "read: a file's text. write: create a file (overwrite: true to replace one). append: add to the end " +
          "(creates the file if missing). list: a folder's entries. stat: type, size, time, or exists: false. " +
          "delete: a file or an empty folder (recursive: true for a folder with contents). mkdir: create a " +
          "folder. move: move or rename `path` to `to`.",
      ),
    root: z.enum(names).optional().describe(`Which folder the path is in: ${rootList}.`),
    path: z
      .string()
      .optional()
      .describe(
        "Path relative to the root folder, folders separated by /, e.g. 'notes/购物清单.txt'. Empty or left out " +
          "means the root folder itself (for list, stat). Never absolute, no '..'.",
      ),
    content: z
      .string()
      .optional()
      .describe("write/append: the text to write (base64 data when encoding is base64)."),
    encoding: z
      .enum(ENCODINGS)
      .optional()
      .describe(
        "Text encoding. Writing: utf8 by default. Reading: detected when omitted (UTF-8, else GB18030 for Chinese " +
          "files, base64 for binary). gbk/gb18030: Chinese Windows files; base64: binary data.",
      ),
    overwrite: z.boolean().optional().describe("write/move: true to replace an existing file."),
    recursive: z.boolean().optional().describe("delete: true to delete a folder and everything in it."),
    to: z.string().optional().describe("move: the new path, relative to to_root (or to the same root)."),
    to_root: z.enum(names).optional().describe("move: the destination folder when it differs from root."),
    offset: z.number().int().min(0).optional().describe("read: byte offset to start at (from next_offset)."),
    length: z.number().int().min(1).optional().describe(`read: most bytes to read (max ${maxReadBytes}).`),
  });

  return defineTool({
    name: "file",
    description:
      "Read, write, append, list, inspect, delete, create folders in, and move/rename files (文件: 读取/打开, " +
      "写入/保存, 追加, 列出目录/文件夹, 删除, 新建文件夹, 移动/重命名) in the assistant's own folders only: " +
      `${rootList}. Paths are relative to one of these. Handles UTF-8, Chinese GBK/GB18030, UTF-16 and ` +
      "binary (base64) files. Not for Home Assistant configuration or system files, which are outside these " +
      "folders, nor for web pages. To process JSON or Markdown content, read the file and pass the text to " +
      "the json or markdown tool.",
    parameters,
    async execute(args) {
      const root = roots.find((r) => r.name === (args.root ?? names[0]))!;
      const path = splitRelative(args.path ?? "", "path", roots);
      const protectedPaths = await resolveProtected(options.protectedPaths);
      const base = { ...(roots.length > 1 ? { root: root.name } : {}), path: path.join("/") || "." };
      const needName = () => {
        if (path.length === 0)
          throw new ToolError(`Operation ${args.operation} needs a \`path\` below the root folder.`);
      };

      switch (args.operation) {
        case "read": {
          needName();
          const located = await existing(root, path, true);
          return { ...base, ...(await readBytes(located, protectedPaths, { ...args, maxReadBytes })) };
        }

        case "write":
        case "append": {
          needName();
          if (args.content === undefined)
            throw new ToolError(`Operation ${args.operation} needs \`content\`.`);
          const bytes = encode(args.content, args.encoding ?? "utf8");
          if (bytes.length > maxWriteBytes) {
            throw new ToolError(
              `\`content\` is ${bytes.length} bytes; at most ${maxWriteBytes} bytes can be written at once.`,
            );
          }
          const located = await locate(root, path, true);
          const append = args.operation === "append";
          return {
            ...base,
            ...(await writeBytes(located, protectedPaths, bytes, append, args.overwrite ?? false)),
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
            else if (args.recursive) await rm(located.real, { recursive: true });
            else await rmdir(located.real);
          } catch (error) {
            if (errorCode(error) === "ENOTEMPTY" || errorCode(error) === "EEXIST") {
              throw new ToolError(
                `"${located.display}" is a folder that is not empty; pass recursive: true to delete it with its contents.`,
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
          const toRoot = roots.find((r) => r.name === (args.to_root ?? root.name))!;
          const toPath = splitRelative(args.to, "to", roots);
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
            if (!args.overwrite)
              throw new ToolError(`"${target.display}" already exists; pass overwrite: true to replace it.`);
            if (isFolder || target.stats!.isDirectory())
              throw new ToolError(`"${target.display}" already exists; folders are never replaced.`);
          }
          if (isFolder && isWithin(target.real, source.real))
            throw new ToolError("A folder cannot be moved into itself.");
          if (!target.exists) await createMissingFolders(target.parentReal, target.missing.slice(0, -1));
          await rename(source.real, target.real).catch((error: unknown) => {
            throw fsError(error, target.display);
          });
          return {
            ...base,
            moved_to: target.display,
            ...(toRoot === root ? {} : { to_root: toRoot.name }),
          };
        }
      }
    },
  });
}

async function existing(root: Root, path: string[], followLast: boolean): Promise<Located> {
  const located = await locate(root, path, followLast);
  if (!located.exists) {
    const parent = path.slice(0, -1).join("/") || ".";
    throw new ToolError(
      `"${located.display}" does not exist in "${root.name}". List "${parent}" to see what is there.`,
    );
  }
  return located;
}

function describeEntry(name: string | undefined, stats: Stats): Record<string, unknown> {
  return {
    ...(name === undefined ? {} : { name }),
    type: describeType(stats),
    ...(stats.isFile() ? { size: stats.size } : {}),
    mtime: stats.mtime.toISOString().replace(/\.\d{3}Z$/, "Z"),
  };
}
