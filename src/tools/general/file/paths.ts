import { constants, type Stats } from "node:fs";
import { lstat, mkdir, open, realpath, stat, type FileHandle } from "node:fs/promises";
import { join, resolve } from "node:path";
import { ToolError } from "../../contract.js";
import { displayPath, isWithin, type Root } from "./roots.js";

export interface Located {
  root: Root;
  /** The real path of the root folder (symlinks resolved). */
  rootReal: string;
  /** The path as the model writes it, normalised ("notes/a.txt", "" for the default root itself). */
  display: string;
  /** The target exists: `real` and `stats` describe it. */
  exists: boolean;
  real: string;
  stats?: Stats;
  /** When it does not exist: the real path of the deepest existing folder, and the names below it. */
  parentReal: string;
  missing: string[];
}

export function describeType(stats: Stats): string {
  if (stats.isFile()) return "file";
  if (stats.isDirectory()) return "dir";
  if (stats.isSymbolicLink()) return "symlink";
  if (stats.isFIFO()) return "fifo";
  if (stats.isSocket()) return "socket";
  if (stats.isCharacterDevice() || stats.isBlockDevice()) return "device";
  return "other";
}

/** Resolves the root folder itself, creating it on first use. */
export async function rootReal(root: Root): Promise<string> {
  await mkdir(root.path, { recursive: true });
  return realpath(root.path);
}

/**
 * Walks the path one name at a time with lstat. A symlink on the way (and at the end when
 * `followLast`) is resolved with realpath and must stay inside the root; a missing name stops the
 * walk, and what exists up to there has been checked. Operations that act on a name itself (delete,
 * move, stat) pass `followLast: false`, so a final symlink is the link, never its target.
 */
export async function locate(root: Root, names: string[], followLast: boolean): Promise<Located> {
  const base = await rootReal(root);
  const display = displayPath(root, names);
  let current = base;
  let stats = await lstat(base);
  for (let i = 0; i < names.length; i++) {
    const next = join(current, names[i]!);
    const last = i === names.length - 1;
    const shown = displayPath(root, names.slice(0, i + 1));
    try {
      stats = await lstat(next);
    } catch (error) {
      if (errorCode(error) !== "ENOENT") throw fsError(error, shown);
      return {
        root,
        rootReal: base,
        display,
        exists: false,
        real: join(current, ...names.slice(i)),
        parentReal: current,
        missing: names.slice(i),
      };
    }
    if (stats.isSymbolicLink() && (!last || followLast)) {
      let target: string;
      try {
        target = await realpath(next);
      } catch {
        throw new ToolError(`"${shown}" is a symbolic link whose target does not exist.`);
      }
      if (!isWithin(target, base)) {
        throw new ToolError(
          `"${shown}" is a symbolic link leading outside ${root.path}; it is not followed.`,
        );
      }
      current = target;
      stats = await stat(target);
    } else {
      current = next;
    }
    if (!last && !stats.isDirectory()) throw new ToolError(`"${shown}" is not a folder.`);
  }
  return {
    root,
    rootReal: base,
    display,
    exists: true,
    real: current,
    stats,
    parentReal: current,
    missing: [],
  };
}

/** Creates the missing folders below `parentReal`, refusing if one turns out to be something else. */
export async function createMissingFolders(parentReal: string, names: string[]): Promise<void> {
  let current = parentReal;
  for (const name of names) {
    current = join(current, name);
    try {
      await mkdir(current);
    } catch (error) {
      if (errorCode(error) !== "EEXIST") throw fsError(error, name);
      if (!(await lstat(current)).isDirectory()) throw new ToolError(`"${name}" exists and is not a folder.`);
    }
  }
}

export interface ProtectedPath {
  real: string;
  stats?: Stats;
}

/** The protected paths as they are now: resolved through symlinks, with identity when they exist. */
export async function resolveProtected(paths: string[]): Promise<ProtectedPath[]> {
  return Promise.all(
    paths.map(async (path) => {
      const real = await realpath(path).catch(() => resolve(path));
      return { real, stats: await stat(real).catch(() => undefined) };
    }),
  );
}

/** Refuses a target that is, or is inside, a protected path; with `subtree`, also one that contains one. */
export function assertNotProtected(
  protectedPaths: ProtectedPath[],
  target: string,
  display: string,
  subtree = false,
) {
  for (const entry of protectedPaths) {
    if (isWithin(target, entry.real))
      throw new ToolError(`"${display}" is protected; the assistant may not access it.`);
    if (subtree && isWithin(entry.real, target)) {
      throw new ToolError(
        `"${display}" contains a protected file; it cannot be deleted or moved as a whole.`,
      );
    }
  }
}

/**
 * Opens a regular file inside the root and proves that the open descriptor is that file. The checks
 * before opening (locate) can be raced: someone with write access to the folder (a Samba user of
 * /share, another add-on) could swap a folder for a symlink between check and open. So:
 *  - O_NOFOLLOW: the last name is never followed if it became a symlink; O_NONBLOCK: a FIFO swapped in
 *    cannot block the open (and the type was checked before opening, so no device is ever opened).
 *  - After opening: the descriptor must be a regular file, and its (dev, inode) must be what the path
 *    names now, that path's real location lying inside the root.
 *  - nlink must be 1. A hard link is a second name for the same inode, possibly outside the root:
 *    a hard link to /data/options.json placed in /share would otherwise let the model read or
 *    overwrite the add-on's secrets, and realpath cannot see hard links. With a single link, the
 *    name checked above is the file's only name, so the file really is inside the root.
 */
export async function openVerified(
  located: Located,
  path: string,
  flags: number,
  protectedPaths: ProtectedPath[],
): Promise<{ handle: FileHandle; stats: Stats }> {
  const display = located.display;
  let handle: FileHandle;
  try {
    handle = await open(path, flags | constants.O_NOFOLLOW | constants.O_NONBLOCK, 0o666);
  } catch (error) {
    throw fsError(error, display);
  }
  try {
    const stats = await handle.stat();
    assertRegularFile(stats, display);
    const real = await realpath(path);
    const named = await stat(real);
    if (!isWithin(real, located.rootReal) || named.dev !== stats.dev || named.ino !== stats.ino) {
      throw new ToolError(`"${display}" changed while it was being opened; it was left alone. Try again.`);
    }
    assertNotProtected(protectedPaths, real, display);
    if (protectedPaths.some((p) => p.stats && p.stats.dev === stats.dev && p.stats.ino === stats.ino)) {
      throw new ToolError(`"${display}" is protected; the assistant may not access it.`);
    }
    return { handle, stats };
  } catch (error) {
    await handle.close();
    throw error;
  }
}

export function assertRegularFile(stats: Stats, display: string): void {
  if (stats.isDirectory()) throw new ToolError(`"${display}" is a folder, not a file; use operation list.`);
  if (!stats.isFile()) {
    throw new ToolError(
      `"${display}" is a ${describeType(stats)}, not a regular file; only regular files can be used.`,
    );
  }
  if (stats.nlink > 1) {
    throw new ToolError(
      `"${display}" has ${stats.nlink} hard links (other names elsewhere); for safety such files are not read or written.`,
    );
  }
}

export function errorCode(error: unknown): string | undefined {
  return (error as NodeJS.ErrnoException | undefined)?.code;
}

const FS_MESSAGES: Record<string, string> = {
  ENOENT: "does not exist",
  EEXIST: "already exists",
  ENOTDIR: "has a part that is not a folder",
  EISDIR: "is a folder",
  ENOTEMPTY: "is a folder that is not empty",
  EACCES: "cannot be accessed (permission denied)",
  EPERM: "cannot be accessed (operation not permitted)",
  ELOOP: "is a symbolic link; it is not followed",
  ENXIO: "is not a regular file",
  ENOSPC: "cannot be written: the disk is full",
  EROFS: "cannot be written: the file system is read-only",
  ENAMETOOLONG: "has a name that is too long",
  EXDEV: "cannot be moved there: the two folders are on different disks",
  EBUSY: "is busy",
};

/** Turns expected file-system errors into messages for the model; anything else stays a bug. */
export function fsError(error: unknown, display: string): Error {
  if (error instanceof ToolError) return error;
  const message = FS_MESSAGES[errorCode(error) ?? ""];
  return message ? new ToolError(`"${display || "."}" ${message}.`) : (error as Error);
}
