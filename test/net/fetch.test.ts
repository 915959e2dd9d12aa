import { describe, expect, it } from "vitest";
import { guardedFetch, type GuardedRequest } from "../../src/net/fetch.js";
import type { NetworkGuard, NetworkGuardOptions, Resolver } from "../../src/net/guard.js";
import { expectNetError, FETCH_LIMITS, testGuard, useWebFixture } from "../support/web.js";

const SECRET = "sup3r-secret-supervisor-token-0123456789";

const web = useWebFixture();
const other = useWebFixture(); // a second origin, for cross-origin redirects

const guard = (options: Partial<NetworkGuardOptions> = {}) =>
  testGuard({ secretsToScrub: [SECRET], ...options });
const fetchVia = (g: NetworkGuard, request: Partial<GuardedRequest> & { url: string }) =>
  guardedFetch(g, { ...FETCH_LIMITS, ...request });

/** A DNS answer that changes: public for the guard's check, loopback for the connection's own lookup. */
function rebindingResolver(): { resolve: Resolver; calls: () => number } {
  let calls = 0;
  return {
    resolve: async () => [{ address: calls++ === 0 ? "93.184.215.14" : "127.0.0.1", family: 4 }],
    calls: () => calls,
  };
}

describe("guardedFetch", () => {
  it("fetches an allowed page", async () => {
    const response = await fetchVia(guard(), { url: `${web.origin}/article` });
    expect(response.status).toBe(200);
    expect(response.headers["content-type"]).toBe("text/html; charset=utf-8");
    expect(response.body.toString()).toContain("Balcony solar, explained");
    expect(response.truncated).toBe(false);
    expect(response.redirects).toEqual([]);
  });

  it("refuses loopback by default and never connects", async () => {
    const error = await expectNetError(fetchVia(guard({ allowHosts: [] }), { url: `${web.origin}/article` }));
    expect(error.kind).toBe("refused");
    expect(error.message).toMatch(/loopback/);
    expect(web.requests).toHaveLength(0);
  });

  it("checks the address again when connecting (DNS rebinding)", async () => {
    const rebinding = rebindingResolver();
    const error = await expectNetError(
      fetchVia(guard({ allowHosts: [], resolve: rebinding.resolve }), {
        url: `http://rebind.test:${web.port}/article`,
      }),
    );
    expect(error.kind).toBe("refused");
    expect(error.message).toMatch(/rebind\.test \(127\.0\.0\.1\).*loopback/);
    expect(rebinding.calls()).toBe(2);
    expect(web.requests).toHaveLength(0);
  });

  it("checks the address again when connecting over https too", async () => {
    const rebinding = rebindingResolver();
    const error = await expectNetError(
      fetchVia(guard({ allowHosts: [], resolve: rebinding.resolve }), {
        url: `https://rebind.test:${web.port}/`,
      }),
    );
    expect(error.message).toMatch(/rebind\.test \(127\.0\.0\.1\).*loopback/);
    expect(rebinding.calls()).toBe(2);
  });

  it("connects to the address the guard resolved", async () => {
    const resolve: Resolver = async () => [{ address: "127.0.0.1", family: 4 }];
    const response = await fetchVia(guard({ allowHosts: ["nas.test"], resolve }), {
      url: `http://nas.test:${web.port}/small-json`,
    });
    expect(JSON.parse(response.body.toString())).toMatchObject({ ok: true });
    expect(web.requests[0]?.headers.host).toBe(`nas.test:${web.port}`);
  });

  it("ignores proxy environment variables (a proxy would bypass the guard)", async () => {
    const saved = { ...process.env };
    Object.assign(process.env, { HTTP_PROXY: "http://127.0.0.1:9", http_proxy: "http://127.0.0.1:9" });
    delete process.env.NO_PROXY;
    delete process.env.no_proxy;
    try {
      const response = await fetchVia(guard(), { url: `${web.origin}/small-json` });
      expect(response.status).toBe(200);
    } finally {
      process.env = saved;
    }
  });

  describe("redirects", () => {
    it("follows a chain, checking every hop", async () => {
      const response = await fetchVia(guard(), { url: `${web.origin}/redirect/3` });
      expect(response.status).toBe(200);
      expect(response.url).toBe(`${web.origin}/article`);
      expect(response.redirects).toEqual([
        `${web.origin}/redirect/3`,
        `${web.origin}/redirect/2`,
        `${web.origin}/redirect/1`,
        `${web.origin}/redirect/0`,
      ]);
    });

    it("stops after the limit", async () => {
      const error = await expectNetError(
        fetchVia(guard(), { url: `${web.origin}/redirect/9`, maxRedirects: 5 }),
      );
      expect(error.kind).toBe("too_many_redirects");
      expect(error.message).toMatch(/more than 5/);
      expect(web.requestsTo("/article")).toHaveLength(0);
    });

    it("returns the redirect itself when not following", async () => {
      const response = await fetchVia(guard(), { url: `${web.origin}/redirect/1`, maxRedirects: 0 });
      expect(response.status).toBe(302);
      expect(response.headers.location).toBe("/redirect/0");
    });

    it.each([
      ["http://169.254.169.254/latest/meta-data/iam/security-credentials/", /metadata/],
      ["http://2852039166/latest/meta-data/", /metadata/],
      ["http://[::ffff:a9fe:a9fe]/", /metadata/],
      ["http://metadata.google.internal/computeMetadata/v1/", /metadata/],
      ["http://supervisor/core/api/states", /Supervisor/],
      ["http://0.0.0.0:8123/", /unspecified/],
      ["file:///etc/passwd", /Only http/],
      ["gopher://127.0.0.1:6379/_INFO", /Only http/],
    ])("refuses a redirect to %s", async (location, message) => {
      const url = `${web.origin}/redirect-to?url=${encodeURIComponent(location)}`;
      const error = await expectNetError(fetchVia(guard(), { url }));
      expect(error.kind).toBe("refused");
      expect(error.message).toMatch(message);
    });

    it("refuses a redirect to a loopback address that is not allowed", async () => {
      const location = `http://127.0.0.2:${web.port}/article`;
      const error = await expectNetError(
        fetchVia(guard(), { url: `${web.origin}/redirect-to?url=${encodeURIComponent(location)}` }),
      );
      expect(error.message).toMatch(/127\.0\.0\.2: it is a loopback address/);
      expect(web.requestsTo("/article")).toHaveLength(0);
    });

    it("drops credentials when a redirect leaves the origin", async () => {
      const target = `${other.origin}/echo`;
      const response = await fetchVia(guard(), {
        url: `${web.origin}/redirect-to?url=${encodeURIComponent(target)}`,
        headers: {
          authorization: "Bearer user-token",
          cookie: "session=abc",
          "x-api-key": "k",
          accept: "a/b",
        },
      });
      const seen = JSON.parse(response.body.toString()) as { headers: Record<string, string> };
      expect(seen.headers.authorization).toBeUndefined();
      expect(seen.headers.cookie).toBeUndefined();
      expect(seen.headers["x-api-key"]).toBeUndefined();
      expect(seen.headers.accept).toBe("a/b");
      expect(response.droppedHeaders).toEqual(["authorization", "cookie", "x-api-key"]);
      // The first hop did get them: it is the origin the caller chose.
      expect(web.requestsTo("/redirect-to")[0]?.headers.authorization).toBe("Bearer user-token");
    });

    it("keeps credentials on a same-origin redirect", async () => {
      const response = await fetchVia(guard(), {
        url: `${web.origin}/redirect-to?url=/echo`,
        headers: { authorization: "Bearer user-token" },
      });
      const seen = JSON.parse(response.body.toString()) as { headers: Record<string, string> };
      expect(seen.headers.authorization).toBe("Bearer user-token");
    });

    it("turns POST into GET on 303 and keeps it on 307", async () => {
      const post = {
        method: "POST" as const,
        body: '{"a":1}',
        headers: { "content-type": "application/json" },
      };
      const to303 = await fetchVia(guard(), {
        ...post,
        url: `${web.origin}/redirect-to?url=/echo&status=303`,
      });
      expect(JSON.parse(to303.body.toString())).toMatchObject({ method: "GET", body: "" });
      const to307 = await fetchVia(guard(), {
        ...post,
        url: `${web.origin}/redirect-to?url=/echo&status=307`,
      });
      expect(JSON.parse(to307.body.toString())).toMatchObject({ method: "POST", body: '{"a":1}' });
    });
  });

  describe("secrets", () => {
    it("never sends a header carrying a secret", async () => {
      const response = await fetchVia(guard(), {
        url: `${web.origin}/echo`,
        headers: { authorization: `Bearer ${SECRET}`, "x-other": `prefix-${SECRET}`, accept: "*/*" },
      });
      const seen = JSON.parse(response.body.toString()) as { headers: Record<string, string> };
      expect(JSON.stringify(seen)).not.toContain(SECRET);
      expect(response.droppedHeaders).toEqual(["authorization", "x-other"]);
    });

    it("never sends a secret through a cross-origin redirect either", async () => {
      const target = `${other.origin}/echo`;
      await fetchVia(guard(), {
        url: `${web.origin}/redirect-to?url=${encodeURIComponent(target)}`,
        headers: { "x-token": SECRET },
      });
      expect(JSON.stringify([...web.requests, ...other.requests])).not.toContain(SECRET);
    });

    it("refuses a body or URL carrying a secret before connecting", async () => {
      const body = JSON.stringify({ token: SECRET });
      expect(
        (await expectNetError(fetchVia(guard(), { url: `${web.origin}/echo`, method: "POST", body }))).kind,
      ).toBe("refused");
      const url = `${web.origin}/echo?t=${SECRET}`;
      expect((await expectNetError(fetchVia(guard(), { url }))).message).toMatch(/secret/);
      expect(web.requests).toHaveLength(0);
    });
  });

  describe("bodies", () => {
    it.each(["/gzip", "/deflate", "/brotli"])("decompresses %s", async (path) => {
      const response = await fetchVia(guard(), { url: `${web.origin}${path}` });
      expect(response.body.toString()).toContain("Balcony solar, explained");
      expect(response.headers["content-encoding"]).toBeUndefined();
    });

    it("stops reading at the size cap", async () => {
      const response = await fetchVia(guard(), { url: `${web.origin}/big`, maxBytes: 100_000 });
      expect(response.truncated).toBe(true);
      expect(response.body.length).toBe(100_000);
    });

    it("caps the decompressed size of a compression bomb", async () => {
      const response = await fetchVia(guard(), { url: `${web.origin}/gzip-bomb`, maxBytes: 1024 * 1024 });
      expect(response.truncated).toBe(true);
      expect(response.body.length).toBe(1024 * 1024);
    });

    it("reports a body that cannot be decompressed", async () => {
      const error = await expectNetError(fetchVia(guard(), { url: `${web.origin}/broken-gzip` }));
      expect(error.kind).toBe("bad_response");
      expect(error.message).toMatch(/could not be decompressed/);
    });

    it("skips the body when the caller does not want it", async () => {
      const response = await fetchVia(guard(), {
        url: `${web.origin}/pdf`,
        readBody: (head) => head.headers["content-type"] !== "application/pdf",
      });
      expect(response.bodySkipped).toBe(true);
      expect(response.body.length).toBe(0);
    });
  });

  describe("failures", () => {
    it("times out", async () => {
      const error = await expectNetError(fetchVia(guard(), { url: `${web.origin}/slow`, timeoutMs: 300 }));
      expect(error.kind).toBe("timeout");
      expect(error.message).toMatch(/did not answer within 300 ms/);
    });

    it("stops when the caller aborts", async () => {
      const controller = new AbortController();
      const pending = fetchVia(guard(), { url: `${web.origin}/slow`, signal: controller.signal });
      controller.abort("shutdown");
      expect((await expectNetError(pending)).kind).toBe("aborted");
    });

    it("explains a refused connection", async () => {
      const error = await expectNetError(fetchVia(guard(), { url: "http://127.0.0.1:1/" }));
      expect(error.kind).toBe("unreachable");
      expect(error.message).toMatch(/connection refused/);
    });
  });
});
