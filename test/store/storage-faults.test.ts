import { mkdirSync, mkdtempSync, openSync, rmSync, writeFileSync, writeSync, closeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { openDatabase } from "../../src/store/database.js";
import { StorageError, storageProblem } from "../../src/store/storage-errors.js";

const dirs: string[] = [];
const fresh = () => {
  const dir = mkdtempSync(join(tmpdir(), "cyrene-storage-"));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** The error openDatabase throws for `path`. */
function openError(path: string): Error {
  try {
    openDatabase(path).close();
  } catch (error) {
    return error as Error;
  }
  throw new Error(`${path} opened`);
}

describe("a database that cannot be opened", () => {
  it("is called damaged when the file is not a database, naming it and saying: restore it or move it aside", () => {
    const path = join(fresh(), "cyrene.db");
    writeFileSync(path, Buffer.alloc(64 * 1024, "garbage!"));
    const error = openError(path);
    expect(error).toBeInstanceOf(StorageError);
    expect(error.message).toMatch(new RegExp(`^Cyrene cannot start: its database ${path} is damaged \\(`));
    expect(error.message).toMatch(/Restore it from a backup, or move it aside/);
    expect(error.message).not.toContain("\n");
  });

  it("is called damaged when its header is sound but its schema pages are not", () => {
    const path = join(fresh(), "cyrene.db");
    openDatabase(path).close();
    const fd = openSync(path, "r+");
    // Page 1 after the 100-byte header holds the schema's root: scribble over it.
    writeSync(fd, Buffer.alloc(3_000, 0xa5), 0, 3_000, 100);
    closeSync(fd);
    const error = openError(path);
    expect(error).toBeInstanceOf(StorageError);
    expect(error.message).toMatch(/is damaged/);
  });

  it("says the folder cannot be written when the data dir is a file", () => {
    const dir = join(fresh(), "data");
    writeFileSync(dir, "not a folder");
    const path = join(dir, "cyrene.db");
    const error = openError(path);
    expect(error).toBeInstanceOf(StorageError);
    expect(error.message).toMatch(
      new RegExp(
        `^Cyrene cannot start: it cannot write its database ${path} in ${dir} \\(.+\\)\\. Make ${dir} a writable folder`,
      ),
    );
  });

  it("says the folder cannot be written when the database's companion files cannot be made (as root, where chmod denies nothing)", () => {
    const dir = fresh();
    const path = join(dir, "cyrene.db");
    openDatabase(path).close();
    mkdirSync(`${path}-wal`);
    const error = openError(path);
    expect(error).toBeInstanceOf(StorageError);
    expect(error.message).toMatch(/cannot write its database/);
  });

  it("lets a bug be a bug: other errors pass through as they are", () => {
    expect(storageProblem(new Error("boom"))).toBeUndefined();
    expect(
      storageProblem(Object.assign(new Error("database or disk is full"), { code: "SQLITE_FULL" })),
    ).toMatchObject({
      status: 507,
      message: expect.stringMatching(/^The disk is full: nothing new could be saved\..*磁盘已满/),
    });
  });
});
