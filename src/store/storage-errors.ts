import { dirname } from "node:path";

/** The database could not be opened: said in one line, with the file and what to do. Not a bug. */
export class StorageError extends Error {
  override name = "StorageError";
}

/** A fault of the disk or the database file, as a person can act on it. */
export interface StorageProblem {
  status: number;
  code: string;
  message: string;
}

const DISK_FULL: StorageProblem = {
  status: 507,
  code: "disk_full",
  message:
    "The disk is full: nothing new could be saved. Cyrene carries on by itself once there is room again. " +
    "磁盘已满：无法保存任何新内容。腾出空间后 Cyrene 会自动恢复。",
};

const DAMAGED: StorageProblem = {
  status: 500,
  code: "database_damaged",
  message:
    "Cyrene's database is damaged: this could not be read or saved. Restore cyrene.db from a backup, or move it " +
    "aside and restart Cyrene. Cyrene 的数据库已损坏，无法读取或保存。请从备份恢复 cyrene.db，或将其移走后重启 Cyrene。",
};

const UNWRITABLE: StorageProblem = {
  status: 500,
  code: "storage_unwritable",
  message:
    "Cyrene cannot write to its data folder: nothing new could be saved. " +
    "Cyrene 无法写入其数据目录，新内容未能保存。",
};

const codeOf = (error: unknown) => String((error as { code?: unknown } | null)?.code ?? "");

/** What a request that failed on storage tells the user, or undefined for any other failure. */
export function storageProblem(error: unknown): StorageProblem | undefined {
  const code = codeOf(error);
  if (code === "SQLITE_FULL" || code === "ENOSPC") return DISK_FULL;
  if (code.startsWith("SQLITE_CORRUPT") || code === "SQLITE_NOTADB") return DAMAGED;
  if (code.startsWith("SQLITE_READONLY") || code.startsWith("SQLITE_IOERR") || code === "EROFS")
    return UNWRITABLE;
  return undefined;
}

/**
 * Why the database at `path` cannot be opened, in one line that names the file and says what to do;
 * undefined when the error is not about storage (a bug, to be thrown as it is).
 */
export function openFault(error: unknown, path: string): StorageError | undefined {
  const code = codeOf(error);
  const reason = (error as Error).message;
  const folder = dirname(path);
  if (code.startsWith("SQLITE_CORRUPT") || code === "SQLITE_NOTADB") {
    return new StorageError(
      `Cyrene cannot start: its database ${path} is damaged (${reason}). Restore it from a backup, or move it ` +
        `aside (rename it, with any ${path}-wal and -shm next to it) to start with an empty one. ` +
        `Cyrene 无法启动：数据库 ${path} 已损坏。请从备份恢复，或将其（连同 -wal、-shm 文件）改名移走后以空数据库启动。`,
    );
  }
  if (code === "SQLITE_FULL" || code === "ENOSPC") {
    return new StorageError(
      `Cyrene cannot start: the disk holding ${path} is full. Free some space and start Cyrene again. ` +
        `Cyrene 无法启动：${path} 所在的磁盘已满。请腾出空间后重新启动。`,
    );
  }
  if (
    code.startsWith("SQLITE_CANTOPEN") ||
    code.startsWith("SQLITE_READONLY") ||
    code.startsWith("SQLITE_IOERR") ||
    ["EACCES", "EPERM", "EROFS", "EEXIST", "ENOTDIR", "EISDIR"].includes(code)
  ) {
    return new StorageError(
      `Cyrene cannot start: it cannot write its database ${path} in ${folder} (${reason}). Make ${folder} a ` +
        `writable folder, or move aside whatever is in the way of ${path}. ` +
        `Cyrene 无法启动：无法写入数据库 ${path}。请确保 ${folder} 是可写的目录，或移走占用该路径的文件。`,
    );
  }
  return undefined;
}
