import { execFileSync } from "node:child_process";
import { existsSync, lstatSync } from "node:fs";
import { link, mkdir, mkdtemp, readFile, readdir, rm, stat, symlink, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import iconv from "iconv-lite";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { Tool } from "../../../src/tools/contract.js";
import { fileTool } from "../../../src/tools/general/file.js";
import { failWith, succeed, type ToolArgs } from "../../support/tool-calls.js";
import { toolContext } from "../../support/tool-context.js";

let tmp: string;
let files: string; // root "files"
let share: string; // root "share"
let outside: string; // never reachable
let secret: string;
let tool: Tool;

const SECRET = "api_key: sk-TOPSECRET";

beforeEach(async () => {
  tmp = await mkdtemp(join(tmpdir(), "cyrene-file-"));
  files = join(tmp, "data", "files");
  share = join(tmp, "share", "cyrene");
  outside = join(tmp, "outside");
  secret = join(outside, "secret.txt");
  await mkdir(files, { recursive: true });
  await mkdir(outside);
  await writeFile(secret, SECRET);
  await writeFile(join(tmp, "data", "options.json"), '{"token": "x"}');
  await writeFile(join(files, "protected.db"), "database");
  tool = fileTool({
    roots: [files, { name: "share", path: share }],
    protectedPaths: [join(tmp, "data", "options.json"), join(files, "protected.db"), join(files, "private")],
    maxReadBytes: 64,
    maxWriteBytes: 100,
    maxListEntries: 4,
  });
});

afterEach(async () => {
  await rm(tmp, { recursive: true, force: true });
});

const run = (args: ToolArgs, using: Tool = tool) => using.execute(args, toolContext());
const data = <T = Record<string, unknown>>(args: ToolArgs, using: Tool = tool) => succeed<T>(using, args);
const failure = (args: ToolArgs, using: Tool = tool) => failWith(using, args);

async function expectSecretIntact(): Promise<void> {
  expect(await readFile(secret, "utf8")).toBe(SECRET);
  expect(await readdir(outside)).toEqual(["secret.txt"]);
}

describe("file tool", () => {
  it("names its folders in the description and keeps the schema small", () => {
    const definition = tool.definition();
    expect(definition.parameters).toMatchObject({ required: ["operation"] });
    expect(Object.keys(definition.parameters.properties as object)).toEqual([
      "operation",
      "path",
      "content",
      "encoding",
      "to",
      "force",
      "offset",
    ]);
    expect(definition.description).toContain(
      `in ${files} (also ${share}: absolute paths), paths relative to it`,
    );
    expect(fileTool({ roots: [files], protectedPaths: [] }).definition().description).toContain(
      `in ${files}, paths relative to it`,
    );
    expect(JSON.stringify(definition.parameters)).not.toMatch(/anyOf|oneOf/);
  });

  describe("reading and writing", () => {
    it("writes, reads, refuses to overwrite by accident, overwrites and appends", async () => {
      expect(
        await data({ operation: "write", path: `${share}/笔记/购物清单.txt`, content: "牛奶\n" }),
      ).toEqual({
        path: `${share}/笔记/购物清单.txt`,
        created: true,
        bytes_written: 7,
        size: 7,
      });
      expect(await readFile(join(share, "笔记", "购物清单.txt"), "utf8")).toBe("牛奶\n");
      expect(await failure({ operation: "write", path: `${share}/笔记/购物清单.txt`, content: "x" })).toBe(
        `"${share}/笔记/购物清单.txt" already exists (7 bytes). Pass force: true to replace it, or use append.`,
      );
      await data({
        operation: "write",
        path: `${share}/./笔记//购物清单.txt`,
        content: "面包\n",
        force: true,
      });
      await data({ operation: "append", path: `${share}/笔记/购物清单.txt`, content: "鸡蛋\n" });
      expect(await data({ operation: "read", path: `${share}/笔记/购物清单.txt` })).toEqual({
        path: `${share}/笔记/购物清单.txt`,
        size: 14,
        encoding: "utf8",
        content: "面包\n鸡蛋\n",
      });
    });

    it("uses the first root by default and creates it on first use", async () => {
      await rm(files, { recursive: true });
      await data({ operation: "write", path: "a.txt", content: "hi" });
      expect(await readFile(join(files, "a.txt"), "utf8")).toBe("hi");
    });

    it("reads large files in chunks cut at character boundaries", async () => {
      const text = "中文字符".repeat(10); // 120 bytes
      await writeFile(join(files, "long.txt"), text);
      let content = "";
      let offset: number | undefined = 0;
      let reads = 0;
      while (offset !== undefined) {
        const part: { content: string; next_offset?: number; range: string } = await data({
          operation: "read",
          path: "long.txt",
          offset,
        });
        expect(part.content).not.toContain("\uFFFD");
        content += part.content;
        offset = part.next_offset;
        reads++;
      }
      expect(content).toBe(text);
      expect(reads).toBe(2);
      const smallReads = fileTool({ roots: [files], protectedPaths: [], maxReadBytes: 10 });
      expect(await data({ operation: "read", path: "long.txt" }, smallReads)).toMatchObject({
        content: "中文字",
        next_offset: 9,
        range: "bytes 0-9 of 120",
      });
      expect(await failure({ operation: "read", path: "long.txt", offset: 500 })).toBe(
        "offset 500 is past the end of the file (120 bytes).",
      );
      expect(await failure({ operation: "read", path: "long.txt", offset: -1 })).toBe(
        "Invalid arguments for file: offset: offset is a byte position, 0 or more: the next_offset of the previous read (偏移量)",
      );
    });

    it("refuses writes over the size limit without creating anything", async () => {
      expect(await failure({ operation: "write", path: "big.txt", content: "x".repeat(101) })).toBe(
        "`content` is 101 bytes; at most 100 bytes can be written at once.",
      );
      expect(existsSync(join(files, "big.txt"))).toBe(false);
    });

    it("needs content, and a path below the root", async () => {
      expect(await failure({ operation: "write", path: "a.txt" })).toBe("Operation write needs `content`.");
      expect(await failure({ operation: "read", path: "" })).toBe(
        "Operation read needs a `path` below the root folder.",
      );
      expect(await failure({ operation: "read", path: "missing.txt" })).toBe(
        '"missing.txt" does not exist. List "." to see what is there.',
      );
      expect(await failure({ operation: "read", path: `${share}/sub/missing.txt` })).toBe(
        `"${share}/sub/missing.txt" does not exist. List "${share}/sub" to see what is there.`,
      );
      expect(await failure({ operation: "frobnicate", path: "a.txt" })).toMatch(
        /^Invalid arguments for file: operation: Invalid option: expected one of "read"\|"write"/,
      );
    });
  });

  describe("encodings", () => {
    it("writes and reads GBK and detects GB18030 files", async () => {
      await data({ operation: "write", path: "gbk.txt", content: "你好，世界", encoding: "gbk" });
      const bytes = await readFile(join(files, "gbk.txt"));
      expect(iconv.decode(bytes, "gbk")).toBe("你好，世界");
      expect(bytes.length).toBe(10);
      expect(await data({ operation: "read", path: "gbk.txt", encoding: "gbk" })).toMatchObject({
        content: "你好，世界",
      });
      expect(await data({ operation: "read", path: "gbk.txt" })).toMatchObject({
        content: "你好，世界",
        encoding: "gb18030",
        note: expect.stringContaining("Not valid UTF-8; decoded as GB18030"),
      });
    });

    it("refuses characters an encoding cannot hold instead of writing question marks", async () => {
      expect(await failure({ operation: "write", path: "x.txt", content: "温度 🌡", encoding: "gbk" })).toBe(
        '`content` has "🌡" (U+1F321) at position 3, which gbk cannot represent; use gb18030 or utf8.',
      );
      expect(
        await failure({ operation: "write", path: "x.txt", content: "café 咖啡", encoding: "latin1" }),
      ).toBe('`content` has "咖" (U+5496) at position 5, which latin1 cannot represent; use utf8.');
      await data({ operation: "write", path: "emoji.txt", content: "温度 🌡", encoding: "gb18030" });
      expect(await data({ operation: "read", path: "emoji.txt", encoding: "gb18030" })).toMatchObject({
        content: "温度 🌡",
      });
      expect(existsSync(join(files, "x.txt"))).toBe(false);
    });

    it("handles UTF-16LE with BOM, latin1 and UTF-8 BOM", async () => {
      await writeFile(
        join(files, "u16.txt"),
        Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from("Hi 你好", "utf16le")]),
      );
      expect(await data({ operation: "read", path: "u16.txt" })).toMatchObject({
        encoding: "utf16le",
        content: "Hi 你好",
      });
      await data({ operation: "write", path: "l1.txt", content: "café", encoding: "latin1" });
      expect((await readFile(join(files, "l1.txt"))).length).toBe(4);
      expect(await data({ operation: "read", path: "l1.txt", encoding: "latin1" })).toMatchObject({
        content: "café",
      });
      await writeFile(join(files, "bom.txt"), "\uFEFFhello");
      expect(await data({ operation: "read", path: "bom.txt" })).toMatchObject({
        encoding: "utf8",
        content: "hello",
      });
    });

    it("round-trips binary data as base64 and detects binary files", async () => {
      const bytes = Buffer.from([0, 1, 2, 255, 254, 0, 10, 13]);
      await data({
        operation: "write",
        path: "bin.dat",
        content: bytes.toString("base64"),
        encoding: "base64",
      });
      expect(await readFile(join(files, "bin.dat"))).toEqual(bytes);
      expect(await data({ operation: "read", path: "bin.dat" })).toMatchObject({
        encoding: "base64",
        content: bytes.toString("base64"),
        note: "Binary data (not text); shown as base64.",
      });
      expect(
        await failure({ operation: "write", path: "b.dat", content: "not base64!", encoding: "base64" }),
      ).toBe("`content` is not valid base64.");
    });

    it("accepts encodings as people spell them, and lists the supported ones otherwise", async () => {
      await data({ operation: "write", path: "gb.txt", content: "温度", encoding: "GB2312" });
      expect(iconv.decode(await readFile(join(files, "gb.txt")), "gbk")).toBe("温度");
      expect(await data({ operation: "read", path: "gb.txt", encoding: "GBK" })).toMatchObject({
        encoding: "gbk",
        content: "温度",
      });
      expect(await data({ operation: "read", path: "gb.txt", encoding: "ISO-8859-1" })).toMatchObject({
        encoding: "latin1",
      });
      await data({ operation: "write", path: "u8.txt", content: "温度", encoding: "UTF-8" });
      expect(await readFile(join(files, "u8.txt"), "utf8")).toBe("温度");
      expect(await failure({ operation: "write", path: "x.txt", content: "x", encoding: "ebcdic" })).toBe(
        'Invalid arguments for file: encoding: "ebcdic" is not supported (不支持的编码); use one of utf8, ' +
          "utf16le, latin1, base64, gbk, gb18030 (gbk/gb18030: Chinese Windows files; base64: binary data).",
      );
      expect(existsSync(join(files, "x.txt"))).toBe(false);
    });
  });

  describe("folders", () => {
    it("lists entries folders first, capped, without protected entries", async () => {
      await mkdir(join(files, "b-dir"));
      await writeFile(join(files, "a.txt"), "12345");
      await writeFile(join(files, "c.txt"), "");
      await writeFile(join(files, "d.txt"), "");
      await symlink("a.txt", join(files, "e-link"));
      const result = await data<{ entries: { name: string; type: string; size?: number; mtime: string }[] }>({
        operation: "list",
      });
      expect(result).toMatchObject({
        path: ".",
        total: 5,
        truncated: "only the first 4 entries are listed",
      });
      expect(result.entries.map(({ name, type, size }) => ({ name, type, size }))).toEqual([
        { name: "b-dir", type: "dir", size: undefined },
        { name: "a.txt", type: "file", size: 5 },
        { name: "c.txt", type: "file", size: 0 },
        { name: "d.txt", type: "file", size: 0 },
      ]);
      expect(result.entries[0]!.mtime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/);
      expect(await failure({ operation: "list", path: "a.txt" })).toBe(
        '"a.txt" is a file, not a folder; use read or stat.',
      );
    });

    it("stats files, folders, links and missing paths", async () => {
      await writeFile(join(files, "a.txt"), "12345");
      await symlink(secret, join(files, "out-link"));
      await symlink("a.txt", join(files, "in-link"));
      expect(await data({ operation: "stat", path: "a.txt" })).toMatchObject({
        exists: true,
        type: "file",
        size: 5,
      });
      expect(await data({ operation: "stat", path: "" })).toMatchObject({
        path: ".",
        exists: true,
        type: "dir",
      });
      expect(await data({ operation: "stat", path: "nope/x" })).toEqual({
        path: "nope/x",
        exists: false,
      });
      expect(await data({ operation: "stat", path: "out-link" })).toMatchObject({
        type: "symlink",
        target: "outside (refused)",
      });
      expect(await data({ operation: "stat", path: "in-link" })).toMatchObject({
        type: "symlink",
        target: "inside the folder",
      });
    });

    it("creates, moves, renames and deletes", async () => {
      expect(await data({ operation: "mkdir", path: "a/b/c" })).toMatchObject({ created: true });
      expect(await data({ operation: "mkdir", path: "a/b/c" })).toMatchObject({ created: false });
      await data({ operation: "write", path: "a/b/c/f.txt", content: "x" });
      expect(await data({ operation: "move", path: "a/b/c/f.txt", to: "g.txt" })).toMatchObject({
        moved_to: "g.txt",
      });
      expect(await data({ operation: "move", path: "g.txt", to: `${share}/moved/g.txt` })).toEqual({
        path: "g.txt",
        moved_to: `${share}/moved/g.txt`,
      });
      expect(await readFile(join(share, "moved", "g.txt"), "utf8")).toBe("x");
      // A relative `to` stays in the folder of `path`: a rename in place.
      expect(await data({ operation: "move", path: `${share}/moved/g.txt`, to: "moved/h.txt" })).toEqual({
        path: `${share}/moved/g.txt`,
        moved_to: `${share}/moved/h.txt`,
      });
      expect(await readFile(join(share, "moved", "h.txt"), "utf8")).toBe("x");
      expect(await data({ operation: "move", path: `${share}/moved/h.txt`, to: `${files}/g.txt` })).toEqual({
        path: `${share}/moved/h.txt`,
        moved_to: "g.txt",
      });
      expect(await readFile(join(files, "g.txt"), "utf8")).toBe("x");
      await data({ operation: "delete", path: "g.txt" });
      await data({ operation: "write", path: "h.txt", content: "h" });
      await data({ operation: "write", path: "i.txt", content: "i" });
      expect(await failure({ operation: "move", path: "h.txt", to: "i.txt" })).toBe(
        '"i.txt" already exists; pass force: true to replace it.',
      );
      await data({ operation: "move", path: "h.txt", to: "i.txt", force: true });
      expect(await readFile(join(files, "i.txt"), "utf8")).toBe("h");
      expect(await failure({ operation: "move", path: "a", to: "a/b/inside" })).toBe(
        "A folder cannot be moved into itself.",
      );
      expect(await failure({ operation: "delete", path: "a" })).toBe(
        '"a" is a folder that is not empty; pass force: true to delete it with its contents.',
      );
      expect(await data({ operation: "delete", path: "a", force: true })).toMatchObject({
        deleted: "dir",
      });
      expect(await data({ operation: "delete", path: "i.txt" })).toMatchObject({ deleted: "file" });
      expect(existsSync(join(files, "a"))).toBe(false);
      expect(await failure({ operation: "delete", path: "" })).toBe(
        "Operation delete needs a `path` below the root folder.",
      );
      expect(await failure({ operation: "delete", path: "." })).toBe(
        "Operation delete needs a `path` below the root folder.",
      );
    });
  });

  describe("escapes", () => {
    const offLimits = () =>
      `\`path\` must be relative (to ${files}) or inside ${share}; other places are off limits.`;
    it.each([
      ["../outside/secret.txt", '`path` must not contain "..": paths stay inside the root folder.'],
      ["a/../../../outside/secret.txt", '`path` must not contain "..": paths stay inside the root folder.'],
      ["..", '`path` must not contain "..": paths stay inside the root folder.'],
      ["/etc/passwd", offLimits],
      ["~/secret.txt", offLimits],
      ["C:\\Windows\\win.ini", offLimits],
      ["/tmp/../etc/passwd", '`path` must not contain "..": paths stay inside the root folder.'],
      ["..\\outside\\secret.txt", "`path` contains a backslash; separate folders with /."],
      ["secret.txt\0.png", "`path` contains a NUL byte."],
    ])("refuses the path %j", async (path, expected) => {
      const message = typeof expected === "string" ? expected : expected();
      for (const operation of ["read", "write", "append", "list", "stat", "delete", "mkdir", "move"]) {
        const error = await failure({ operation, path, content: "pwned", to: "x" });
        expect(error.startsWith(message), `${operation}: ${error}`).toBe(true);
      }
      expect(await failure({ operation: "move", path: "x", to: "../x" })).toBe(
        '`to` must not contain "..": paths stay inside the root folder.',
      );
      await expectSecretIntact();
    });

    it("takes absolute paths inside a folder, and only there", async () => {
      await data({ operation: "write", path: join(share, "notes/a.txt"), content: "shared" });
      expect(await readFile(join(share, "notes", "a.txt"), "utf8")).toBe("shared");
      expect(await data({ operation: "stat", path: share })).toMatchObject({ path: share, type: "dir" });
      expect(await data({ operation: "stat", path: `${files}/` })).toMatchObject({ path: ".", type: "dir" });
      for (const path of [`${share}-evil/a.txt`, `${share}/../outside/secret.txt`, secret]) {
        expect((await run({ operation: "read", path })).success, path).toBe(false);
      }
      expect(await failure({ operation: "write", path: `${share}-evil/a.txt`, content: "x" })).toBe(
        offLimits(),
      );
      expect(existsSync(`${share}-evil`)).toBe(false);
      await expectSecretIntact();
    });

    it("does not follow a folder symlink that leaves the root, for any operation", async () => {
      await symlink(outside, join(files, "escape"));
      await symlink("../../outside", join(files, "relative-escape"));
      await mkdir(join(files, "sub"));
      await symlink("../..", join(files, "sub", "up"));
      for (const via of ["escape", "relative-escape", "sub/up/../outside"]) {
        for (const operation of ["read", "write", "append", "list", "stat", "delete", "mkdir", "move"]) {
          const result = await run({
            operation,
            path: `${via}/secret.txt`,
            content: "pwned",
            force: true,
            to: "stolen.txt",
          });
          expect(result.success, `${operation} via ${via}`).toBe(false);
        }
      }
      expect(await failure({ operation: "list", path: "escape" })).toBe(
        `"escape" is a symbolic link leading outside ${files}; it is not followed.`,
      );
      expect(await failure({ operation: "move", path: "sub", to: "escape/sub" })).toContain(
        "leading outside",
      );
      expect(await failure({ operation: "write", path: "sub/up/new.txt", content: "x" })).toContain(
        "leading outside",
      );
      await expectSecretIntact();
      expect(existsSync(join(files, "stolen.txt"))).toBe(false);
    });

    it("refuses file symlinks (and chains) pointing outside, but may delete the link itself", async () => {
      await symlink(secret, join(files, "link.txt"));
      await symlink(join(files, "link.txt"), join(files, "chain.txt"));
      for (const path of ["link.txt", "chain.txt"]) {
        expect(await failure({ operation: "read", path })).toContain("leading outside");
        expect(await failure({ operation: "write", path, content: "pwned", force: true })).toContain(
          "leading outside",
        );
        expect(await failure({ operation: "append", path, content: "pwned" })).toContain("leading outside");
      }
      expect(await data({ operation: "delete", path: "link.txt" })).toMatchObject({ deleted: "symlink" });
      await expectSecretIntact();
    });

    it("refuses to write through a dangling symlink to a place outside", async () => {
      await symlink(join(outside, "created-by-model.txt"), join(files, "dangling.txt"));
      expect(await failure({ operation: "write", path: "dangling.txt", content: "pwned" })).toBe(
        '"dangling.txt" is a symbolic link whose target does not exist.',
      );
      expect(await failure({ operation: "append", path: "dangling.txt", content: "pwned" })).toContain(
        "does not exist",
      );
      await expectSecretIntact();
    });

    it("follows symlinks that stay inside the root", async () => {
      await mkdir(join(files, "real"));
      await writeFile(join(files, "real", "a.txt"), "inside");
      await symlink("real", join(files, "alias"));
      await symlink("real/a.txt", join(files, "a-link.txt"));
      expect(await data({ operation: "read", path: "alias/a.txt" })).toMatchObject({ content: "inside" });
      expect(await data({ operation: "read", path: "a-link.txt" })).toMatchObject({ content: "inside" });
      await data({ operation: "write", path: "alias/b.txt", content: "via alias" });
      expect(await readFile(join(files, "real", "b.txt"), "utf8")).toBe("via alias");
    });

    it("refuses a hard link to an outside file (and any file with several links)", async () => {
      await link(secret, join(files, "hard.txt"));
      const message =
        '"hard.txt" has 2 hard links (other names elsewhere); for safety such files are not read or written.';
      expect(await failure({ operation: "read", path: "hard.txt" })).toBe(message);
      expect(await failure({ operation: "write", path: "hard.txt", content: "pwned", force: true })).toBe(
        message,
      );
      expect(await failure({ operation: "append", path: "hard.txt", content: "pwned" })).toBe(message);
      expect(await data({ operation: "stat", path: "hard.txt" })).toMatchObject({
        type: "file",
        hard_links: 2,
      });
      await expectSecretIntact();
      // Deleting the extra name leaves the other one untouched.
      await data({ operation: "delete", path: "hard.txt" });
      await expectSecretIntact();
    });

    it("refuses FIFOs without blocking, and devices", async () => {
      execFileSync("mkfifo", [join(files, "pipe")]);
      for (const operation of ["read", "write", "append"]) {
        expect(await failure({ operation, path: "pipe", content: "x", force: true })).toBe(
          '"pipe" is a fifo, not a regular file; only regular files can be used.',
        );
      }
      expect(await data({ operation: "stat", path: "pipe" })).toMatchObject({ type: "fifo" });
      const dev = fileTool({ roots: ["/dev"], protectedPaths: [] });
      for (const path of ["null", "zero", "urandom"]) {
        expect(await failure({ operation: "read", path }, dev)).toBe(
          `"${path}" is a device, not a regular file; only regular files can be used.`,
        );
        expect(await failure({ operation: "write", path, content: "x", force: true }, dev)).toContain(
          "is a device",
        );
      }
      await symlink("/dev/zero", join(files, "zero"));
      expect(await failure({ operation: "read", path: "zero" })).toContain("leading outside");
    });

    it("protects configured paths inside a root, also through symlinks and in folder operations", async () => {
      await mkdir(join(files, "private"));
      await writeFile(join(files, "private", "keys.txt"), "k");
      await symlink("protected.db", join(files, "db-link"));
      const refused = '"protected.db" is protected; the assistant may not access it.';
      expect(await failure({ operation: "read", path: "protected.db" })).toBe(refused);
      expect(await failure({ operation: "write", path: "protected.db", content: "x", force: true })).toBe(
        refused,
      );
      expect(await failure({ operation: "append", path: "protected.db", content: "x" })).toBe(refused);
      expect(await failure({ operation: "delete", path: "protected.db" })).toBe(refused);
      expect(await failure({ operation: "stat", path: "protected.db" })).toBe(refused);
      expect(await failure({ operation: "move", path: "protected.db", to: "x.db" })).toBe(refused);
      expect(await failure({ operation: "read", path: "db-link" })).toBe(
        '"db-link" is protected; the assistant may not access it.',
      );
      expect(await failure({ operation: "read", path: "private/keys.txt" })).toContain("is protected");
      expect(await failure({ operation: "list", path: "private" })).toContain("is protected");
      await data({ operation: "write", path: "x.txt", content: "x" });
      expect(await failure({ operation: "move", path: "x.txt", to: "protected.db", force: true })).toBe(
        refused,
      );
      expect(await readFile(join(files, "protected.db"), "utf8")).toBe("database");
      const listed = await data<{ entries: { name: string }[] }>({ operation: "list", path: "" });
      expect(listed.entries.map((e) => e.name)).not.toContain("protected.db");
    });

    it("refuses deleting or moving a folder that contains a protected path", async () => {
      const root = fileTool({ roots: [tmp], protectedPaths: [join(tmp, "data", "options.json")] });
      expect(await failure({ operation: "delete", path: "data", force: true }, root)).toBe(
        '"data" contains a protected file; it cannot be deleted or moved as a whole.',
      );
      expect(await failure({ operation: "move", path: "data", to: "elsewhere" }, root)).toContain(
        "contains a protected file",
      );
      expect(lstatSync(join(tmp, "data", "options.json")).isFile()).toBe(true);
    });

    it("protects a protected file's inode even under another name", async () => {
      // A hard link that is the protected file: refused for its link count before anything else.
      await link(join(files, "protected.db"), join(files, "copy.db"));
      expect(await failure({ operation: "read", path: "copy.db" })).toContain("has 2 hard links");
      expect((await stat(join(files, "protected.db"))).size).toBe(8);
    });
  });
});
