import { describe, expect, it } from "vitest";
import { trustedSource } from "../../src/http/source-access.js";

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
