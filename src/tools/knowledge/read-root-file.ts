import { constants } from "node:fs";
import type { FileAccess } from "../access.js";
import { ToolError } from "../contract.js";
import {
  assertNotProtected,
  assertRegularFile,
  locate,
  openVerified,
  resolveProtected,
} from "../general/file/paths.js";
import { resolvePath } from "../general/file/roots.js";

/**
 * Reads a whole file inside the file tool's folders under the file tool's rules (no "..", no symlink
 * leading out, no hard links, protected paths refused), at most `maxBytes`.
 */
export async function readRootFile(
  access: FileAccess,
  path: string,
  maxBytes: number,
): Promise<{ data: Buffer; display: string }> {
  const { root, names } = resolvePath(path, "path", access.roots);
  if (names.length === 0) throw new ToolError("`path` must name a file inside the folder.");
  const located = await locate(root, names, true);
  if (!located.exists) throw new ToolError(`"${located.display}" does not exist.`);
  const protectedPaths = await resolveProtected(access.protectedPaths);
  assertRegularFile(located.stats!, located.display);
  assertNotProtected(protectedPaths, located.real, located.display);
  if (located.stats!.size > maxBytes) {
    throw new ToolError(
      `"${located.display}" is ${Math.round(located.stats!.size / 2 ** 20)} MB; the knowledge base takes at most ${Math.round(maxBytes / 2 ** 20)} MB.`,
    );
  }
  const { handle, stats } = await openVerified(located, located.real, constants.O_RDONLY, protectedPaths);
  try {
    const data = Buffer.alloc(Math.min(stats.size, maxBytes));
    let filled = 0;
    while (filled < data.length) {
      const { bytesRead } = await handle.read(data, filled, data.length - filled, filled);
      if (bytesRead === 0) break;
      filled += bytesRead;
    }
    return { data: data.subarray(0, filled), display: located.display };
  } finally {
    await handle.close();
  }
}
