import { createHash, createHmac, randomBytes, randomUUID } from "node:crypto";
import { z } from "zod";
import { ToolError, type Tool } from "../contract.js";
import { defineTool } from "../define-tool.js";
import { requireField } from "../fields.js";
import { decrypt, encrypt } from "./crypto/aes.js";

export const MAX_INPUT_LENGTH = 100_000;

const HASHES = ["md5", "sha1", "sha256", "sha384", "sha512", "sha3-256", "sha3-512"] as const;
const ENCODINGS = ["base64", "base64url", "hex", "url"] as const;
const DIGEST_ENCODINGS = ["hex", "base64", "base64url"] as const;
const INPUT_ENCODINGS = ["utf8", "hex", "base64"] as const;
const OPERATIONS = ["hash", "hmac", "encode", "decode", "uuid", "encrypt", "decrypt"] as const;

const parameters = z.object({
  operation: z
    .enum(OPERATIONS)
    .describe(
      "hash: digest of `text` (哈希/校验). hmac: keyed digest of `text` with `key`. encode / decode: `text` to/from " +
        "`encoding` (编码/解码). uuid: random UUIDs. encrypt: AES-256-GCM encrypt `text` with `passphrase` (加密); " +
        "decrypt: the reverse (解密), taking the string encrypt returned.",
    ),
  text: z
    .string()
    .optional()
    .describe(`The input (at most ${MAX_INPUT_LENGTH} characters). Not used by uuid.`),
  algorithm: z
    .string()
    .optional()
    .describe(`hash/hmac: one of ${HASHES.join(", ")}. Default sha256.`),
  key: z.string().optional().describe("hmac: the secret key (UTF-8)."),
  encoding: z
    .string()
    .optional()
    .describe(
      `encode/decode: one of ${ENCODINGS.join(", ")} (url = percent-encoding). hash/hmac: digest as ${DIGEST_ENCODINGS.join(", ")} (default hex).`,
    ),
  input_encoding: z
    .enum(INPUT_ENCODINGS)
    .optional()
    .describe(
      "hash/hmac/encode: how to read `text` as bytes: utf8 (default), or hex/base64 for binary data.",
    ),
  passphrase: z.string().optional().describe("encrypt/decrypt: the passphrase (密码)."),
  version: z
    .number()
    .int()
    .min(4)
    .max(7)
    .optional()
    .describe("uuid: 4 (random, default) or 7 (time-ordered)."),
  count: z.number().int().min(1).max(100).optional().describe("uuid: how many, 1–100. Default 1."),
});

type Args = z.output<typeof parameters>;

const DESCRIPTION =
  "Hashes, encodings and encryption (哈希/编码/加密): md5/sha1/sha256/sha512 hashes and HMACs; base64, base64url, hex " +
  "and URL encoding and decoding; UUIDs (v4, v7); AES-256-GCM encryption and decryption with a passphrase. Use it for " +
  "exact results instead of computing them yourself. Not for password storage or key management, and not for random " +
  "numbers or strings (use the random tool).";

/** Hashes, encodings, UUIDs and passphrase encryption, all with node:crypto. */
export function cryptoTool(): Tool {
  return defineTool({
    name: "crypto",
    description: DESCRIPTION,
    parameters,
    execute: (args) => run(args),
  });
}

async function run(args: Args): Promise<unknown> {
  switch (args.operation) {
    case "hash": {
      const algorithm = hashAlgorithm(args.algorithm);
      const encoding = digestEncoding(args.encoding);
      const digest = createHash(algorithm).update(input(args)).digest(encoding);
      return { algorithm, encoding, digest };
    }
    case "hmac": {
      const algorithm = hashAlgorithm(args.algorithm);
      const encoding = digestEncoding(args.encoding);
      const key = requireField(args.key, "key", "hmac");
      return { algorithm, encoding, hmac: createHmac(algorithm, key).update(input(args)).digest(encoding) };
    }
    case "encode": {
      const encoding = textEncoding(args.encoding);
      const bytes = input(args);
      const text = encoding === "url" ? encodeURIComponent(bytes.toString("utf8")) : bytes.toString(encoding);
      return { encoding, text };
    }
    case "decode":
      return decode(textEncoding(args.encoding), requireField(args.text, "text", "decode"));
    case "uuid": {
      const count = args.count ?? 1;
      if (count < 1 || count > 100) throw new ToolError("count must be 1–100.");
      const version = args.version ?? 4;
      if (version !== 4 && version !== 7)
        throw new ToolError(`Unsupported UUID version ${version}. Supported: 4, 7.`);
      const make = version === 7 ? () => uuidV7() : () => randomUUID();
      const uuids = Array.from({ length: count }, () => make());
      return count === 1 ? { uuid: uuids[0] } : { uuids };
    }
    case "encrypt":
      return {
        encrypted: await encrypt(bounded(requireField(args.text, "text", "encrypt")), passphrase(args)),
      };
    case "decrypt":
      return {
        text: await decrypt(bounded(requireField(args.text, "text", "decrypt"), 2), passphrase(args)),
      };
  }
}

function bounded(text: string, factor = 1): string {
  if (text.length > MAX_INPUT_LENGTH * factor) {
    throw new ToolError(`The text is too long (at most ${MAX_INPUT_LENGTH * factor} characters).`);
  }
  return text;
}

function hashAlgorithm(name: string | undefined): (typeof HASHES)[number] {
  const normalized = (name ?? "sha256")
    .trim()
    .toLowerCase()
    .replace(/^sha-(?=\d)/, "sha");
  const found = HASHES.find((algorithm) => algorithm === normalized);
  if (!found)
    throw new ToolError(
      `Unsupported hash algorithm "${name}" (不支持的算法). Supported: ${HASHES.join(", ")}.`,
    );
  return found;
}

function digestEncoding(name: string | undefined): (typeof DIGEST_ENCODINGS)[number] {
  const found = DIGEST_ENCODINGS.find((encoding) => encoding === (name ?? "hex").trim().toLowerCase());
  if (!found)
    throw new ToolError(`Unsupported digest encoding "${name}". Supported: ${DIGEST_ENCODINGS.join(", ")}.`);
  return found;
}

function textEncoding(name: string | undefined): (typeof ENCODINGS)[number] {
  if (name === undefined) throw new ToolError(`"encoding" is needed: one of ${ENCODINGS.join(", ")}.`);
  const found = ENCODINGS.find((encoding) => encoding === name.trim().toLowerCase());
  if (!found)
    throw new ToolError(`Unsupported encoding "${name}" (不支持的编码). Supported: ${ENCODINGS.join(", ")}.`);
  return found;
}

function input(args: Args): Buffer {
  const text = requireField(args.text, "text", args.operation);
  if (text.length > MAX_INPUT_LENGTH)
    throw new ToolError(`The text is too long (at most ${MAX_INPUT_LENGTH} characters).`);
  const encoding = args.input_encoding ?? "utf8";
  return encoding === "utf8" ? Buffer.from(text, "utf8") : strictBytes(text, encoding);
}

const PATTERNS: Record<"hex" | "base64" | "base64url", RegExp> = {
  hex: /^(?:[0-9a-fA-F]{2})*$/,
  base64: /^[A-Za-z0-9+/]*={0,2}$/,
  base64url: /^[A-Za-z0-9_-]*={0,2}$/,
};

/** Decodes hex/base64 and refuses malformed input instead of silently skipping characters. */
function strictBytes(text: string, encoding: "hex" | "base64" | "base64url"): Buffer {
  const compact = text.replace(/\s+/g, "");
  if (
    !PATTERNS[encoding].test(compact) ||
    (encoding !== "hex" && compact.replace(/=+$/, "").length % 4 === 1)
  ) {
    throw new ToolError(`The text is not valid ${encoding} (格式无效).`);
  }
  return Buffer.from(compact, encoding);
}

function decode(encoding: (typeof ENCODINGS)[number], text: string) {
  if (text.length > MAX_INPUT_LENGTH)
    throw new ToolError(`The text is too long (at most ${MAX_INPUT_LENGTH} characters).`);
  if (encoding === "url") {
    try {
      return { encoding, text: decodeURIComponent(text.replace(/\+/g, " ")) };
    } catch {
      throw new ToolError("The text has malformed percent-encoding (URL 解码失败).");
    }
  }
  const bytes = strictBytes(text, encoding);
  try {
    return { encoding, text: new TextDecoder("utf-8", { fatal: true }).decode(bytes) };
  } catch {
    return {
      encoding,
      hex: bytes.toString("hex"),
      note: "The decoded bytes are not UTF-8 text; shown as hex.",
    };
  }
}

/** A version 7 UUID: 48-bit Unix milliseconds, then random bits (RFC 9562). */
export function uuidV7(now: number = Date.now()): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = 0x70 | (bytes[6]! & 0x0f);
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

function passphrase(args: Args): string {
  const value = requireField(args.passphrase, "passphrase", args.operation);
  if (value === "") throw new ToolError("The passphrase must not be empty.");
  if (value.length > 1024) throw new ToolError("The passphrase is too long (at most 1024 characters).");
  return value;
}
