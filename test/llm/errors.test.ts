import { APIConnectionError, APIError } from "openai";
import { describe, expect, it } from "vitest";
import { LlmClient } from "../../src/llm/client.js";
import { toLlmError } from "../../src/llm/sdk-errors.js";

const endpoint = { baseUrl: "https://llm.example.lan:8443/v1", model: "m" };
const connectionError = (code: string, message = code) => {
  const socket = Object.assign(new Error(message), { code });
  return new APIConnectionError({ cause: new TypeError("fetch failed", { cause: socket }) });
};

describe("LLM error messages", () => {
  it("name the host and the cause of a connection failure", () => {
    expect(toLlmError(connectionError("DEPTH_ZERO_SELF_SIGNED_CERT"), endpoint).message).toBe(
      "Cannot reach the language model at llm.example.lan:8443: its TLS certificate is self-signed.",
    );
    expect(toLlmError(connectionError("CERT_HAS_EXPIRED"), endpoint).message).toMatch(
      /certificate has expired/,
    );
    expect(toLlmError(connectionError("ERR_SSL_WRONG_VERSION_NUMBER"), endpoint).message).toMatch(
      /plain http/,
    );
    expect(toLlmError(connectionError("EAI_AGAIN"), endpoint).message).toMatch(
      /could not be looked up right now \(DNS\)/,
    );
    expect(toLlmError(connectionError("EWHATEVER", "socket hang up"), endpoint).message).toMatch(
      /: socket hang up\.$/,
    );
  });

  it("a refused key names the setting to check, and a missing key is called missing, without doubled periods", () => {
    const refused = APIError.generate(
      401,
      { error: { message: "Authentication Fails, Your api key is invalid." } },
      undefined,
      new Headers(),
    );
    expect(toLlmError(refused, { ...endpoint, apiKey: "k", keySetting: "CYRENE_LLM_API_KEY" }).message).toBe(
      "The language model at llm.example.lan:8443 refused the API key (401): Authentication Fails, " +
        "Your api key is invalid. Check CYRENE_LLM_API_KEY.",
    );
    const missing = toLlmError(refused, { ...endpoint, apiKey: "", keySetting: 'the "llm_api_key" option' });
    expect(missing.message).toMatch(/The API key is missing: set the "llm_api_key" option\.$/);
    expect(missing.message).not.toMatch(/\.\./);
  });

  it("a host name that does not resolve, for real", async () => {
    const client = new LlmClient({
      baseUrl: "http://no-such-host.invalid/v1",
      apiKey: "k",
      model: "m",
      maxRetries: 0,
      requestTimeoutMs: 5_000,
      idleTimeoutMs: 5_000,
    });
    const error = await client
      .complete({ messages: [{ role: "user", content: "hi" }] })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({
      kind: "network",
      message: expect.stringMatching(
        /^Cannot reach the language model at no-such-host\.invalid: the host name .*\(DNS\)\.$/,
      ),
    });
  });
});
