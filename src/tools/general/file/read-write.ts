import { constants } from "node:fs";
import { ToolError } from "../../contract.js";
import { decode, type Encoding } from "./encoding.js";
import {
  assertNotProtected,
  assertRegularFile,
  createMissingFolders,
  openVerified,
  type Located,
  type ProtectedPath,
} from "./paths.js";

export interface ReadOptions {
  offset?: number;
  length?: number;
  encoding?: Encoding;
  maxReadBytes: number;
}

/** Reads at most maxReadBytes of an existing file located in a root, decoded to text (or base64). */
export async function readBytes(located: Located, protectedPaths: ProtectedPath[], options: ReadOptions) {
  assertRegularFile(located.stats!, located.display);
  assertNotProtected(protectedPaths, located.real, located.display);
  const { handle, stats } = await openVerified(located, located.real, constants.O_RDONLY, protectedPaths);
  try {
    const offset = options.offset ?? 0;
    if (offset > stats.size)
      throw new ToolError(`offset ${offset} is past the end of the file (${stats.size} bytes).`);
    const want = Math.min(options.length ?? options.maxReadBytes, options.maxReadBytes, stats.size - offset);
    const buffer = Buffer.alloc(want);
    let filled = 0;
    while (filled < want) {
      const { bytesRead } = await handle.read(buffer, filled, want - filled, offset + filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    const atEnd = offset + filled >= stats.size;
    const decoded = await decode(buffer.subarray(0, filled), options.encoding, offset === 0, atEnd);
    if (decoded.used === 0 && filled > 0) throw new ToolError("`length` is too small to hold one character.");
    const end = offset + decoded.used;
    const partial = end < stats.size || offset > 0;
    return {
      size: stats.size,
      encoding: decoded.encoding,
      ...(decoded.note ? { note: decoded.note } : {}),
      content: decoded.content,
      ...(partial ? { range: `bytes ${offset}-${end} of ${stats.size}` } : {}),
      ...(end < stats.size
        ? { next_offset: end, truncated: "more follows: read again with offset = next_offset" }
        : {}),
    };
  } finally {
    await handle.close();
  }
}

/** Writes or appends bytes to a file located in a root, creating it (and missing folders) when needed. */
export async function writeBytes(
  located: Located,
  protectedPaths: ProtectedPath[],
  bytes: Buffer,
  append: boolean,
  replace: boolean,
) {
  let flags = constants.O_WRONLY | (append ? constants.O_APPEND : 0);
  if (located.exists) {
    assertRegularFile(located.stats!, located.display);
    if (!append && !replace) {
      throw new ToolError(
        `"${located.display}" already exists (${located.stats!.size} bytes). Pass force: true to replace it, or use append.`,
      );
    }
  } else {
    flags |= constants.O_CREAT | constants.O_EXCL;
  }
  assertNotProtected(protectedPaths, located.real, located.display);
  if (!located.exists) await createMissingFolders(located.parentReal, located.missing.slice(0, -1));
  const { handle } = await openVerified(located, located.real, flags, protectedPaths);
  try {
    // Truncate only now: the descriptor has been proven to be the file inside the root.
    if (located.exists && !append) await handle.truncate(0);
    await handle.writeFile(bytes);
    const { size } = await handle.stat();
    return { created: !located.exists, bytes_written: bytes.length, size };
  } finally {
    await handle.close();
  }
}
