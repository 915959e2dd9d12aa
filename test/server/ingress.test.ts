import type { NextFunction, Request, Response } from "express";
import { describe, expect, it, vi } from "vitest";
import { bearerAuth, ingressOnly } from "../../src/http/auth.js";

function request(address: string, path = "/api/chat", authorization?: string) {
  return { socket: { remoteAddress: address }, path, headers: { authorization } } as unknown as Request;
}

function response() {
  const res = { statusCode: 200 } as Response & { statusCode: number };
  res.status = vi.fn((code: number) => ((res.statusCode = code), res)) as unknown as Response["status"];
  res.set = vi.fn(() => res) as unknown as Response["set"];
  res.json = vi.fn(() => res) as unknown as Response["json"];
  return res;
}

function run(middleware: (req: Request, res: Response, next: NextFunction) => void, req: Request) {
  const res = response();
  const next = vi.fn();
  middleware(req, res, next);
  return next.mock.calls.length > 0 ? "next" : res.statusCode;
}

describe("add-on listeners", () => {
  it("the ingress port answers only HA's ingress proxy", () => {
    expect(run(ingressOnly(), request("172.30.32.2"))).toBe("next");
    expect(run(ingressOnly(), request("::ffff:172.30.32.2"))).toBe("next");
    expect(run(ingressOnly(), request("172.30.32.1"))).toBe(403);
    expect(run(ingressOnly(), request("192.168.1.20"))).toBe(403);
  });

  it("ingress requests need no bearer token; others do", () => {
    const auth = bearerAuth("t0ken", { trustIngress: true });
    expect(run(auth, request("172.30.32.2"))).toBe("next");
    expect(run(auth, request("10.0.0.5"))).toBe(401);
    expect(run(auth, request("10.0.0.5", "/api/chat", "Bearer t0ken"))).toBe("next");
    expect(run(bearerAuth("t0ken", { trustIngress: false }), request("172.30.32.2"))).toBe(401);
  });
});
