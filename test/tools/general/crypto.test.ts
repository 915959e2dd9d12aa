import { encode } from "gpt-tokenizer/encoding/o200k_base";
import { describe, expect, it } from "vitest";
import { cryptoTool, uuidV7 } from "../../../src/tools/general/crypto.js";
import { failWith, succeed, type ToolArgs } from "../../support/tool-calls.js";

const tool = cryptoTool();

const call = (args: ToolArgs) => succeed(tool, args);
const failure = (args: ToolArgs) => failWith(tool, args);

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-([47])[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe("crypto", () => {
  it("costs at most 125 tokens per request", () => {
    const wire = JSON.stringify({ type: "function", function: tool.definition() });
    expect(encode(wire).length).toBeLessThanOrEqual(125);
  });

  it("offers a flat JSON schema", () => {
    expect(JSON.stringify(tool.definition().parameters)).not.toMatch(/oneOf|anyOf/);
  });

  describe("hash and hmac (known vectors)", () => {
    it.each([
      ["md5", "abc", "900150983cd24fb0d6963f7d28e17f72"],
      ["sha1", "abc", "a9993e364706816aba3e25717850c26c9cd0d89d"],
      ["sha256", "abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"],
      [
        "sha512",
        "abc",
        "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd454d4423643ce80e2a9ac94fa54ca49f",
      ],
      ["sha3-256", "abc", "3a985da74fe225b2045c172d6bd390bd855f086e3e9d525b46bfe24511431532"],
      ["MD5", "你好", "7eca689f0d3389d9dea66ae112e5cfd7"],
      ["SHA-256", "abc", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"],
    ])("%s(%s)", async (algorithm, text, digest) => {
      expect(await call({ operation: "hash", algorithm, text })).toMatchObject({ digest });
    });

    it("defaults to sha256 and can answer in base64", async () => {
      expect(await call({ operation: "hash", text: "abc", encoding: "base64" })).toEqual({
        algorithm: "sha256",
        encoding: "base64",
        digest: "ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0=",
      });
    });

    it("computes HMAC-SHA256 when given a key, a plain hash for an empty one", async () => {
      expect(
        await call({ operation: "hash", key: "key", text: "The quick brown fox jumps over the lazy dog" }),
      ).toEqual({
        algorithm: "sha256",
        encoding: "hex",
        hmac: "f7bc83f430538424b13298e6aa6fb143ef4d59a14946175997479dbc2d1a3cd8",
      });
      expect(await call({ operation: "hash", key: "", algorithm: "md5", text: "" })).toMatchObject({
        digest: "d41d8cd98f00b204e9800998ecf8427e",
      });
    });

    it("names the digest encodings it supports", async () => {
      expect(await failure({ operation: "hash", text: "x", encoding: "url" })).toMatch(
        /Unsupported digest encoding "url".*hex, base64, base64url/,
      );
    });

    it("refuses unsupported algorithms by name with the supported list", async () => {
      const error = await failure({ operation: "hash", algorithm: "crc32", text: "x" });
      expect(error).toMatch(/Unsupported hash algorithm "crc32"/);
      expect(error).toMatch(/md5, sha1, sha256, sha384, sha512, sha3-256, sha3-512/);
      expect(await failure({ operation: "hash", algorithm: "whirlpool", key: "k", text: "x" })).toMatch(
        /Unsupported/,
      );
    });
  });

  describe("encode and decode", () => {
    it.each([
      ["base64", "你好, world", "5L2g5aW9LCB3b3JsZA=="],
      ["hex", "abc", "616263"],
      ["url", "a b&c=你好", "a%20b%26c%3D%E4%BD%A0%E5%A5%BD"],
    ])("round-trips %s", async (encoding, text, encoded) => {
      expect(await call({ operation: "encode", encoding, text })).toEqual({ encoding, text: encoded });
      expect(await call({ operation: "decode", encoding, text: encoded })).toEqual({ encoding, text });
    });

    it("encodes base64url without padding", async () => {
      expect(await call({ operation: "encode", encoding: "base64url", text: "a" })).toEqual({
        encoding: "base64url",
        text: "YQ",
      });
      expect(await call({ operation: "decode", encoding: "base64url", text: "YQ" })).toEqual({
        encoding: "base64url",
        text: "a",
      });
    });

    it("shows non-UTF-8 bytes as hex and base64, so binary data converts between them", async () => {
      expect(await call({ operation: "decode", encoding: "base64", text: "//79" })).toMatchObject({
        hex: "fffefd",
        base64: "//79",
      });
      expect(await call({ operation: "decode", encoding: "hex", text: "fffefd" })).toMatchObject({
        base64: "//79",
      });
    });

    it("refuses malformed input instead of guessing", async () => {
      expect(await failure({ operation: "decode", encoding: "base64", text: "abc$" })).toMatch(
        /not valid base64/,
      );
      expect(await failure({ operation: "decode", encoding: "hex", text: "abc" })).toMatch(/not valid hex/);
      expect(await failure({ operation: "decode", encoding: "url", text: "%E4%BD" })).toMatch(/malformed/);
      expect(await failure({ operation: "decode", encoding: "rot13", text: "x" })).toMatch(
        /Unsupported encoding "rot13".*base64, base64url, hex, url/,
      );
      expect(await failure({ operation: "encode", text: "x" })).toMatch(/"encoding" is needed.*base64/);
      expect(await failure({ operation: "decode", encoding: "url", text: "%zz" })).toMatch(/two hex digits/);
    });
  });

  it("makes v7 UUIDs carrying the time (used by the random tool)", () => {
    const before = Date.now();
    const uuid = uuidV7();
    const after = Date.now();
    expect(UUID.exec(uuid)?.[1]).toBe("7");
    const millis = parseInt(uuid.replace(/-/g, "").slice(0, 12), 16);
    expect(millis).toBeGreaterThanOrEqual(before);
    expect(millis).toBeLessThanOrEqual(after);
    expect(uuidV7(0x0123456789ab).startsWith("01234567-89ab-7")).toBe(true);
  });

  describe("AES-256-GCM with a passphrase", () => {
    it("round-trips, with a fresh salt and IV each time", async () => {
      const text = "门锁密码 1234 🔐";
      const first = (await call({ operation: "encrypt", text, key: "correct horse" })) as {
        encrypted: string;
      };
      const second = (await call({ operation: "encrypt", text, key: "correct horse" })) as {
        encrypted: string;
      };
      expect(first.encrypted).toMatch(/^cy1:[A-Za-z0-9_-]+$/);
      expect(first.encrypted).not.toBe(second.encrypted);
      expect(await call({ operation: "decrypt", text: first.encrypted, key: "correct horse" })).toEqual({
        text,
      });
    });

    it("refuses a wrong passphrase and tampered or truncated data clearly", async () => {
      const { encrypted } = (await call({ operation: "encrypt", text: "secret", key: "right" })) as {
        encrypted: string;
      };
      expect(await failure({ operation: "decrypt", text: encrypted, key: "wrong" })).toMatch(
        /wrong passphrase.*密码错误/,
      );
      const body = Buffer.from(encrypted.slice(4), "base64url");
      body[body.length - 1]! ^= 1;
      const tampered = "cy1:" + body.toString("base64url");
      expect(await failure({ operation: "decrypt", text: tampered, key: "right" })).toMatch(
        /wrong passphrase/,
      );
      const salted = Buffer.from(encrypted.slice(4), "base64url");
      salted[3]! ^= 1; // the salt is authenticated too
      expect(
        await failure({
          operation: "decrypt",
          text: "cy1:" + salted.toString("base64url"),
          key: "right",
        }),
      ).toMatch(/wrong passphrase/);
      expect(await failure({ operation: "decrypt", text: encrypted.slice(0, 20), key: "right" })).toMatch(
        /incomplete/,
      );
      expect(await failure({ operation: "decrypt", text: "hello world!", key: "right" })).toMatch(
        /not text produced by the encrypt operation/,
      );
    });

    it("needs a key as passphrase", async () => {
      expect(await failure({ operation: "encrypt", text: "x" })).toMatch(/needs "key"/);
      expect(await failure({ operation: "encrypt", text: "x", key: "" })).toMatch(/must not be empty/);
    });
  });

  it("refuses oversized input and missing text", async () => {
    expect(await failure({ operation: "hash", text: "x".repeat(100_001) })).toMatch(/too long/);
    expect(await failure({ operation: "hash" })).toMatch(/text/);
  });
});
