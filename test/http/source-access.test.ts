import { describe, expect, it } from "vitest";
import type { Request, Response } from "express";
import { assistAccess, cameFromTrustedSource, trustedSource } from "../../src/http/source-access.js";

describe("trustedSource", () => {
  const addon = { addon: true, allowNetworks: [] };
  const standalone = { addon: false, allowNetworks: ["192.168.1.0/24", "10.0.0.7"] };

  it("trusts loopback always, in either form", () => {
    for (const address of ["127.0.0.1", "::1", "::ffff:127.0.0.1"]) {
      expect(trustedSource(address, addon)).toBe(true);
      expect(trustedSource(address, standalone)).toBe(true);
    }
  });

  it("trusts HA's add-on network only in the add-on", () => {
    expect(trustedSource("172.30.32.1", addon)).toBe(true);
    expect(trustedSource("172.30.33.254", addon)).toBe(true);
    expect(trustedSource("::ffff:172.30.32.5", addon)).toBe(true);
    expect(trustedSource("172.30.34.1", addon)).toBe(false);
    expect(trustedSource("172.30.32.1", standalone)).toBe(false);
  });

  it("trusts the listed networks and addresses, nothing else", () => {
    expect(trustedSource("192.168.1.40", standalone)).toBe(true);
    expect(trustedSource("10.0.0.7", standalone)).toBe(true);
    expect(trustedSource("10.0.0.8", standalone)).toBe(false);
    expect(trustedSource("192.168.2.1", standalone)).toBe(false);
    expect(trustedSource("8.8.8.8", addon)).toBe(false);
    expect(trustedSource("not an address", addon)).toBe(false);
  });
});

describe("assistAccess", () => {
  const rules = { addon: true, allowNetworks: [] };
  const guard = assistAccess(rules, "the-token");
  /** Runs the guard on a request from `address`; the status it refused with, or "next". */
  const run = (address: string, path: string, authorization?: string) => {
    const req = {
      socket: { remoteAddress: address },
      path,
      headers: authorization ? { authorization } : {},
    } as unknown as Request;
    let outcome: number | "next" = "next";
    const res = {
      status(code: number) {
        outcome = code;
        return res;
      },
      set: () => res,
      json: () => res,
    } as unknown as Response;
    let passed = false;
    guard(req, res, () => (passed = true));
    return { outcome: passed ? "next" : outcome, trusted: cameFromTrustedSource(req) };
  };

  it("lets HA's network in as a trusted source, which may name the person a turn acts for", () => {
    expect(run("172.30.32.1", "/ha/v1/chat/completions")).toEqual({ outcome: "next", trusted: true });
  });

  it("asks anyone else for the token on /ha/v1 as on /v1, and lets them in untrusted", () => {
    expect(run("192.168.1.9", "/ha/v1/chat/completions").outcome).toBe(401);
    expect(run("192.168.1.9", "/v1/chat/completions").outcome).toBe(401);
    expect(run("192.168.1.9", "/ha/v1/chat/completions", "Bearer the-token")).toEqual({
      outcome: "next",
      trusted: false,
    });
  });
});
