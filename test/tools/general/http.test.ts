import { describe, expect, it } from "vitest";
import { httpTool } from "../../../src/tools/general/http.js";
import { failWith, succeed, type ToolArgs } from "../../support/tool-calls.js";
import { testGuard, useWebFixture } from "../../support/web.js";

const SECRET = "sup3r-secret-supervisor-token-0123456789";

const web = useWebFixture();

const tool = httpTool({ guard: testGuard({ secretsToScrub: [SECRET] }), maxChars: 2000 });
const shortTool = httpTool({ guard: testGuard(), maxChars: 500 });
const strictTool = httpTool({ guard: testGuard({ secretsToScrub: [SECRET], allowHosts: [] }) });

type Data = Record<string, unknown> & {
  headers: Record<string, string>;
  json?: unknown;
  body?: string;
  note?: string;
};

const call = (args: ToolArgs) => succeed<Data>(tool, args);
const callError = (args: ToolArgs) => failWith(tool, args);

describe("http tool", () => {
  it("describes itself with a JSON schema", () => {
    const definition = tool.definition();
    expect(definition.name).toBe("http");
    expect(definition.parameters).toMatchObject({ type: "object", required: ["url"] });
    expect(Object.keys(definition.parameters.properties as object)).toEqual([
      "url",
      "method",
      "headers",
      "body",
    ]);
  });

  it("returns JSON as data with the key headers", async () => {
    const data = await call({ url: `${web.origin}/small-json` });
    expect(data.status).toBe(200);
    expect(data.json).toEqual({ ok: true, temperature: 21.5, unit: "°C" });
    expect(data.headers).toEqual({
      "content-type": "application/json",
      "content-length": "43",
      date: expect.any(String),
    });
    expect(data.headers).not.toHaveProperty("connection");
  });

  it("shortens large JSON and says so", async () => {
    const data = await call({ url: `${web.origin}/json` });
    const sensors = (data.json as { sensors: unknown[] }).sensors;
    expect(sensors.length).toBeLessThan(300);
    expect(sensors.at(-1)).toMatch(/more items/);
    expect(JSON.stringify(data.json).length).toBeLessThanOrEqual(2000);
    expect(data.note).toMatch(/shortened/);
  });

  it("sends method, query, headers and a JSON body", async () => {
    const data = await call({
      url: `${web.origin}/echo?a=1&q=温度 sensor&n=5&on=true`,
      method: "POST",
      headers: { "X-Trace": "abc" },
      body: { entity: "light.kitchen", on: true },
    });
    const echo = data.json as {
      method: string;
      query: object;
      headers: Record<string, string>;
      body: string;
    };
    expect(echo.method).toBe("POST");
    expect(echo.query).toEqual({ a: "1", q: "温度 sensor", n: "5", on: "true" });
    expect(echo.headers["x-trace"]).toBe("abc");
    expect(echo.headers["content-type"]).toBe("application/json");
    expect(JSON.parse(echo.body)).toEqual({ entity: "light.kitchen", on: true });
  });

  it("sends a text body with its own content type", async () => {
    const data = await call({
      url: `${web.origin}/echo`,
      method: "PUT",
      body: "turn=on",
      headers: { "Content-Type": "application/x-www-form-urlencoded" },
    });
    const echo = data.json as { method: string; headers: Record<string, string>; body: string };
    expect(echo).toMatchObject({ method: "PUT", body: "turn=on" });
    expect(echo.headers["content-type"]).toBe("application/x-www-form-urlencoded");
  });

  it("sends a JSON string as JSON unless a content type says otherwise", async () => {
    const echo = async (args: ToolArgs) =>
      (await call({ url: `${web.origin}/echo`, method: "POST", ...args })).json as {
        headers: Record<string, string>;
        body: string;
      };
    const asJson = await echo({ body: '{"on": true}' });
    expect(asJson).toMatchObject({ body: '{"on": true}', headers: { "content-type": "application/json" } });
    const asText = await echo({ body: '{"on": true}', headers: { "content-type": "text/plain" } });
    expect(asText.headers["content-type"]).toBe("text/plain");
    expect((await echo({ body: "{not json" })).headers["content-type"]).not.toBe("application/json");
    expect((await echo({ body: [1, 2] })).body).toBe("[1,2]");
  });

  it("answers HEAD without a body", async () => {
    const data = await call({ url: `${web.origin}/article`, method: "HEAD" });
    expect(data.status).toBe(200);
    expect(data).not.toHaveProperty("body");
    expect(data.headers["content-type"]).toMatch(/text\/html/);
  });

  it("cuts long text bodies and says so", async () => {
    const data = await succeed<Data>(shortTool, { url: `${web.origin}/long-article` });
    expect(data.body!.length).toBeLessThanOrEqual(500);
    expect(data.note).toMatch(/Body cut at \d+ of \d+ characters/);
  });

  it("decodes legacy Chinese charsets in text bodies", async () => {
    const data = await call({ url: `${web.origin}/gbk-header` });
    expect(data.body).toContain("智能家居可以让生活更加方便");
  });

  it("does not show binary bodies", async () => {
    const data = await call({ url: `${web.origin}/png` });
    expect(data.body).toMatch(/^\[image\/png content, \d+ bytes: not shown\]$/);
  });

  it("reports HTTP errors as data, since they are the answer", async () => {
    const data = await call({ url: `${web.origin}/status/404` });
    expect(data).toMatchObject({ status: 404, status_text: "Not Found", body: "status 404" });
  });

  it("follows redirects and says where it ended", async () => {
    const followed = await call({ url: `${web.origin}/redirect/1` });
    expect(followed).toMatchObject({ status: 200, url: `${web.origin}/article` });
    expect(followed.redirected_from).toHaveLength(2);
  });

  it("does not send headers carrying a secret, and says so", async () => {
    const data = await call({ url: `${web.origin}/echo`, headers: { Authorization: `Bearer ${SECRET}` } });
    expect(JSON.stringify(data.json)).not.toContain(SECRET);
    expect(data.headers_not_sent).toMatch(/^authorization: not sent/);
  });

  it("refuses what the guard refuses, with the reason", async () => {
    expect(await failWith(strictTool, { url: `${web.origin}/article` })).toMatch(/loopback address/);
    expect(await callError({ url: "http://169.254.169.254/latest/meta-data/" })).toMatch(/metadata/);
    expect(await callError({ url: "http://[::ffff:169.254.169.254]/" })).toMatch(/metadata/);
    expect(await callError({ url: "http://supervisor/core/api/states" })).toMatch(/Supervisor/);
    expect(await callError({ url: "file:///etc/passwd" })).toMatch(/Only http/);
    const redirectToMetadata = `${web.origin}/redirect-to?url=${encodeURIComponent("http://169.254.169.254/")}`;
    expect(await callError({ url: redirectToMetadata })).toMatch(/metadata/);
    expect(web.requestsTo("/article")).toHaveLength(0);
  });

  it("rejects inconsistent arguments", async () => {
    expect(await callError({ url: `${web.origin}/echo`, body: "x" })).toMatch(/GET request has no body/);
    expect(await callError({ url: `${web.origin}/echo`, method: "HEAD", body: {} })).toMatch(
      /HEAD request has no body/,
    );
    expect(await callError({ url: `${web.origin}/echo`, method: "POST", body: "x".repeat(100_001) })).toMatch(
      /request body is too large/,
    );
    expect(await callError({ url: "" })).toBe(
      "Invalid arguments for http: url: url is needed: an absolute http:// or https:// URL (需要网址)",
    );
    expect(await callError({ url: "example.com/api" })).toMatch(/not an absolute URL/);
    expect(await callError({ url: `${web.origin}/echo`, method: "TRACE" })).toMatch(/Invalid arguments/);
  });

  it("reports unreachable hosts", async () => {
    expect(await callError({ url: "http://127.0.0.1:1/" })).toMatch(/connection refused/);
  });
});
