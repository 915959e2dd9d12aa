import { createHash, createHmac } from "node:crypto";
import { z } from "zod";
import { ToolError, type Tool } from "../contract.js";
import { defineTool } from "../define-tool.js";
import { requireField } from "../fields.js";
import { decrypt, encrypt } from "./crypto/aes.js";
import { decode, encode, textEncoding } from "./crypto/encoding.js";

export { uuidV7 } from "./crypto/uuid.js";

export const MAX_INPUT_LENGTH = 100_000;
const MAX_KEY_LENGTH = 1024;

const HASHES = ["md5", "sha1", "sha256", "sha384", "sha512", "sha3-256", "sha3-512"] as const;
const DIGEST_ENCODINGS = ["hex", "base64", "base64url"] as const;
const OPERATIONS = ["hash", "encode", "decode", "encrypt", "decrypt"] as const;

const parameters = z.object({
  operation: z.enum(OPERATIONS),
  text: z.string(),
  algorithm: z.string().optional(),
  key: z.string().optional(),
  encoding: z.string().optional(),
});

type Args = z.output<typeof parameters>;

const DESCRIPTION =
  "Hashes (哈希: md5, sha256…; with key: HMAC), base64/hex/url encode/decode (编码/解码), AES encrypt/decrypt " +
  "with key as passphrase (加密/解密).";

/** Hashes, HMACs, encodings and passphrase encryption, all with node:crypto. */
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
    case "hash":
      return hash(args);
    case "encode": {
      const encoding = textEncoding(args.encoding);
      return { encoding, text: encode(bounded(args.text), encoding) };
    }
    case "decode":
      return decode(bounded(args.text), textEncoding(args.encoding));
    case "encrypt":
      return { encrypted: await encrypt(bounded(args.text), passphrase(args)) };
    case "decrypt":
      return { text: await decrypt(bounded(args.text, 2), passphrase(args)) };
  }
}

/** A digest of the text, or with `key` its HMAC. An empty key is taken as none: models fill optional fields with "". */
function hash(args: Args) {
  const algorithm = hashAlgorithm(args.algorithm);
  const encoding = digestEncoding(args.encoding);
  const text = bounded(args.text);
  if (!args.key)
    return { algorithm, encoding, digest: createHash(algorithm).update(text, "utf8").digest(encoding) };
  return { algorithm, encoding, hmac: createHmac(algorithm, args.key).update(text, "utf8").digest(encoding) };
}

function bounded(text: string, factor = 1): string {
  if (text.length > MAX_INPUT_LENGTH * factor) {
    throw new ToolError(`The text is too long (at most ${MAX_INPUT_LENGTH * factor} characters): send less.`);
  }
  return text;
}

function hashAlgorithm(name: string | undefined): (typeof HASHES)[number] {
  const normalized = (name ?? "sha256")
    .trim()
    .toLowerCase()
    .replace(/^sha-(?=\d)/, "sha");
  const found = HASHES.find((algorithm) => algorithm === normalized);
  if (!found) throw new ToolError(`Unsupported hash algorithm "${name}". Supported: ${HASHES.join(", ")}.`);
  return found;
}

function digestEncoding(name: string | undefined): (typeof DIGEST_ENCODINGS)[number] {
  const found = DIGEST_ENCODINGS.find((encoding) => encoding === (name ?? "hex").trim().toLowerCase());
  if (!found)
    throw new ToolError(
      `Unsupported digest encoding "${name}". Supported for hash: ${DIGEST_ENCODINGS.join(", ")}.`,
    );
  return found;
}

function passphrase(args: Args): string {
  const value = requireField(args.key, "key", args.operation);
  if (value === "") throw new ToolError("The key (passphrase) must not be empty.");
  if (value.length > MAX_KEY_LENGTH)
    throw new ToolError(`The key is too long (at most ${MAX_KEY_LENGTH} characters).`);
  return value;
}
