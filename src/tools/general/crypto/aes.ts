import { createCipheriv, createDecipheriv, randomBytes, scrypt } from "node:crypto";
import { promisify } from "node:util";
import { ToolError } from "../../contract.js";

// AES-256-GCM with a scrypt-derived key (N = 2^15, r = 8, p = 1).
// Output: "cy1:" + base64url(version | salt | iv | tag | ciphertext); version, salt and iv are
// authenticated as associated data, so changing any byte makes decryption fail.

const VERSION = 1;
const PREFIX = "cy1:";
const SALT = 16;
const IV = 12;
const TAG = 16;
const HEADER = 1 + SALT + IV;
const SCRYPT = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const scryptAsync = promisify(scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: typeof SCRYPT,
) => Promise<Buffer>;

/** Encrypts UTF-8 text with a passphrase; the caller bounds the text's length. */
export async function encrypt(text: string, secret: string): Promise<string> {
  const salt = randomBytes(SALT);
  const iv = randomBytes(IV);
  const header = Buffer.concat([Buffer.from([VERSION]), salt, iv]);
  const key = await scryptAsync(secret.normalize("NFC"), salt, 32, SCRYPT);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  cipher.setAAD(header);
  const ciphertext = Buffer.concat([cipher.update(text, "utf8"), cipher.final()]);
  return PREFIX + Buffer.concat([header, cipher.getAuthTag(), ciphertext]).toString("base64url");
}

export async function decrypt(encrypted: string, secret: string): Promise<string> {
  const body = encrypted.trim().replace(/^cy1:/, "");
  if (!/^[A-Za-z0-9_-]+$/.test(body)) {
    throw new ToolError(`This is not text produced by the encrypt operation (expected "${PREFIX}…").`);
  }
  const data = Buffer.from(body, "base64url");
  if (data.length < HEADER + TAG) throw new ToolError("The encrypted text is incomplete.");
  if (data[0] !== VERSION) throw new ToolError(`Unsupported encrypted-text version ${data[0]}.`);
  const header = data.subarray(0, HEADER);
  const salt = data.subarray(1, 1 + SALT);
  const iv = data.subarray(1 + SALT, HEADER);
  const tag = data.subarray(HEADER, HEADER + TAG);
  const key = await scryptAsync(secret.normalize("NFC"), salt, 32, SCRYPT);
  const decipher = createDecipheriv("aes-256-gcm", key, iv);
  decipher.setAAD(header);
  decipher.setAuthTag(tag);
  try {
    return Buffer.concat([decipher.update(data.subarray(HEADER + TAG)), decipher.final()]).toString("utf8");
  } catch {
    throw new ToolError(
      "Decryption failed: wrong passphrase, or the encrypted text was changed or cut (解密失败：密码错误或数据已损坏).",
    );
  }
}
