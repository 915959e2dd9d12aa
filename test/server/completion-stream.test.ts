import express from "express";
import type { AddressInfo } from "node:net";
import { describe, expect, it } from "vitest";
import { CompletionStream } from "../../src/server/openai/stream.js";

describe("CompletionStream", () => {
  it("breaks a long silence with SSE comments once it is open", async () => {
    const app = express();
    app.get("/", (_req, res) => {
      const stream = new CompletionStream(res, () => ({ "x-test": "1" }), 30);
      setTimeout(() => {
        stream.chunk({ hello: "world" });
        stream.done();
      }, 100);
    });
    const server = app.listen(0, "127.0.0.1");
    await new Promise((resolve) => server.once("listening", resolve));
    try {
      const res = await fetch(`http://127.0.0.1:${(server.address() as AddressInfo).port}/`);
      expect(res.headers.get("x-test")).toBe("1");
      const text = await res.text();
      expect(text).toMatch(/^: keep-alive\n\n/);
      expect(text).toMatch(/data: {"hello":"world"}\n\ndata: \[DONE\]\n\n$/);
    } finally {
      server.close();
    }
  });
});
