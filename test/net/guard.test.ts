import type { LookupAddress } from "node:dns";
import { describe, expect, it } from "vitest";
import { NetworkRefusedError } from "../../src/net/errors.js";
import { createNetworkGuard, type NetworkGuardOptions, type Resolver } from "../../src/net/guard.js";

const DNS: Record<string, string[]> = {
  "example.com": ["93.184.215.14", "2606:2800:21f:cb07:6820:80da:af6b:8b2c"],
  "evil.example": ["10.0.0.5"],
  "mixed.example": ["93.184.215.14", "127.0.0.1"],
  "nas.lan": ["192.168.1.10"],
  "printer.lan": ["192.168.1.11"],
  "meta.lan": ["169.254.169.254"],
  "mapped.example": ["::ffff:169.254.169.254"],
  supervisor: ["172.30.32.2"],
  hassio: ["172.30.32.2"],
  localhost: ["127.0.0.1", "::1"],
  "tailscale.example": ["100.101.102.103"],
};

const resolve: Resolver = async (host) => {
  const addresses = DNS[host];
  if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${host}`), { code: "ENOTFOUND" });
  return addresses.map((address) => ({ address, family: address.includes(":") ? 6 : 4 }));
};

const SECRET = "sup3r-secret-supervisor-token-0123456789";

function guard(options: Partial<NetworkGuardOptions> = {}) {
  return createNetworkGuard({
    allowHosts: [],
    denyHosts: [],
    allowPrivate: false,
    allowSupervisor: false,
    secretsToScrub: [SECRET],
    resolve,
    ...options,
  });
}

/** The most open settings there are: even these never reach metadata, unspecified or multicast. */
const wideOpen = guard({ allowHosts: ["*", "0.0.0.0/0", "::/0"], allowPrivate: true });

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(NetworkRefusedError);
  return (error as Error).message;
}

describe("NetworkGuard.check", () => {
  it("allows public hosts and returns every checked address", async () => {
    const { url, addresses } = await guard().check("https://example.com/page?q=1");
    expect(url.hostname).toBe("example.com");
    expect(addresses.map((a) => a.family)).toEqual([4, 6]);
    await expect(guard().check("http://8.8.8.8/")).resolves.toBeTruthy();
    await expect(guard().check("http://[2606:4700:4700::1111]/")).resolves.toBeTruthy();
  });

  it.each([
    "http://169.254.169.254/latest/meta-data/",
    "http://2852039166/", // decimal
    "http://0xa9.254.169.254/", // hex octet
    "http://0xA9FEA9FE/", // hex integer
    "http://0251.0376.0251.0376/", // octal
    "http://169.254.43518/", // two-part form
    "http://[::ffff:169.254.169.254]/", // IPv4-mapped IPv6
    "http://[::ffff:a9fe:a9fe]/",
    "http://[0:0:0:0:0:ffff:169.254.169.254]/",
    "http://[64:ff9b::a9fe:a9fe]/", // NAT64
    "http://[2002:a9fe:a9fe::]/", // 6to4
    "http://[fd00:ec2::254]/", // AWS IPv6 metadata
    "http://100.100.100.200/", // Alibaba
    "http://169.254.170.2/v2/credentials", // ECS task credentials
    "http://metadata.google.internal/computeMetadata/v1/",
    "http://METADATA.google.internal./",
    "http://meta.lan/", // a name resolving to the metadata address
    "http://mapped.example/", // a name resolving to it as IPv4-mapped IPv6
  ])("refuses cloud metadata %s, whatever the settings", async (url) => {
    expect(await refusal(wideOpen.check(url))).toMatch(/metadata/);
    expect(await refusal(guard().check(url))).toMatch(/metadata/);
  });

  it.each([
    "http://0.0.0.0/",
    "http://0/",
    "http://[::]/",
    "http://224.0.0.251/",
    "http://[ff02::1]/",
    "http://255.255.255.255/",
  ])("refuses unspecified, multicast and broadcast %s, whatever the settings", async (url) => {
    expect(await refusal(wideOpen.check(url))).toMatch(/unspecified|multicast|broadcast/);
  });

  it.each([
    "http://supervisor/core/api/states",
    "http://SUPERVISOR./",
    "http://%73upervisor/",
    "http://hassio/",
  ])("refuses the Supervisor by name: %s", async (url) => {
    expect(await refusal(wideOpen.check(url))).toMatch(/Supervisor/);
  });

  it("refuses the Supervisor's address unless allowSupervisor, even with private access on", async () => {
    expect(await refusal(wideOpen.check("http://172.30.32.2/info"))).toMatch(/Supervisor/);
    expect(await refusal(wideOpen.check("http://[::ffff:172.30.32.2]/"))).toMatch(/Supervisor/);
    const open = guard({ allowSupervisor: true });
    await expect(open.check("http://supervisor/core/api")).resolves.toBeTruthy();
    await expect(open.check("http://172.30.32.2/")).resolves.toBeTruthy();
  });

  it.each([
    "http://127.0.0.1:8123/",
    "http://127.1/",
    "http://2130706433/",
    "http://0x7f.1/",
    "http://[::1]/",
    "http://localhost:8080/",
  ])("refuses loopback by default: %s", async (url) => {
    expect(await refusal(guard({ allowPrivate: true }).check(url))).toMatch(/loopback/);
  });

  it("allows loopback only when listed", async () => {
    await expect(guard({ allowHosts: ["127.0.0.1"] }).check("http://127.0.0.1:9/")).resolves.toBeTruthy();
    await expect(guard({ allowHosts: ["127.0.0.0/8"] }).check("http://127.1/")).resolves.toBeTruthy();
    // localhost resolves to 127.0.0.1 and ::1: every address must pass.
    expect(await refusal(guard({ allowHosts: ["127.0.0.1"] }).check("http://localhost/"))).toMatch(/::1/);
    await expect(guard({ allowHosts: ["localhost"] }).check("http://localhost/")).resolves.toBeTruthy();
  });

  it.each(["http://10.0.0.1/", "http://192.168.1.1/", "http://172.16.5.4/", "http://[fd12:3456::1]/"])(
    "refuses private LAN addresses by default and allows them with allowPrivate: %s",
    async (url) => {
      expect(await refusal(guard().check(url))).toMatch(/private LAN address.*allowed hosts/);
      await expect(guard({ allowPrivate: true }).check(url)).resolves.toBeTruthy();
    },
  );

  it("treats CGNAT / Tailscale addresses as private", async () => {
    expect(await refusal(guard().check("http://tailscale.example/"))).toMatch(/carrier-grade NAT/);
    await expect(guard({ allowPrivate: true }).check("http://tailscale.example/")).resolves.toBeTruthy();
  });

  it("refuses a public-looking name that resolves to a private address", async () => {
    expect(await refusal(guard().check("https://evil.example/"))).toMatch(/evil\.example \(10\.0\.0\.5\)/);
  });

  it("refuses a name when any of its addresses is refused", async () => {
    expect(await refusal(guard().check("http://mixed.example/"))).toMatch(/127\.0\.0\.1.*loopback/);
  });

  it("allows listed hosts by name, wildcard and CIDR", async () => {
    await expect(guard({ allowHosts: ["nas.lan"] }).check("http://nas.lan:5000/")).resolves.toBeTruthy();
    await expect(guard({ allowHosts: ["nas.lan"] }).check("http://printer.lan/")).rejects.toThrow(/private/);
    await expect(guard({ allowHosts: ["*.lan"] }).check("http://printer.lan/")).resolves.toBeTruthy();
    await expect(
      guard({ allowHosts: ["192.168.1.0/24"] }).check("http://printer.lan/"),
    ).resolves.toBeTruthy();
    await expect(
      guard({ allowHosts: ["http://nas.lan:5000/"] }).check("http://nas.lan/"),
    ).resolves.toBeTruthy();
  });

  it("allows link-local only when listed", async () => {
    expect(await refusal(guard({ allowPrivate: true }).check("http://169.254.10.20/"))).toMatch(/link-local/);
    expect(await refusal(guard({ allowPrivate: true }).check("http://[fe80::1]/"))).toMatch(/link-local/);
    await expect(
      guard({ allowHosts: ["169.254.10.0/24"] }).check("http://169.254.10.20/"),
    ).resolves.toBeTruthy();
  });

  it("refuses denied hosts even when public or allowed", async () => {
    const denying = guard({ denyHosts: ["*.example", "93.184.215.0/24"], allowHosts: ["evil.example"] });
    expect(await refusal(denying.check("http://evil.example/"))).toMatch(/blocked/);
    expect(await refusal(denying.check("http://93.184.215.99/"))).toMatch(/blocked/);
    expect(await refusal(guard({ denyHosts: ["93.184.215.14"] }).check("https://example.com/"))).toMatch(
      /blocked/,
    );
  });

  it.each([
    "file:///etc/passwd",
    "gopher://127.0.0.1:6379/_FLUSHALL",
    "ftp://example.com/",
    "data:text/html,<script>alert(1)</script>",
    "javascript:alert(1)",
    "dict://127.0.0.1:11211/",
    "ws://example.com/",
  ])("refuses non-http schemes: %s", async (url) => {
    expect(await refusal(wideOpen.check(url))).toMatch(/Only http:\/\/ and https:\/\//);
  });

  it("refuses things that are not URLs", async () => {
    expect(await refusal(guard().check("example.com/no-scheme"))).toMatch(/not a valid URL/);
  });

  it("refuses URLs carrying a secret, plain or encoded", async () => {
    expect(await refusal(guard().check(`https://example.com/?token=${SECRET}`))).toMatch(/secret/);
    expect(await refusal(guard().check(`https://example.com/${encodeURIComponent(SECRET)}`))).toMatch(
      /secret/,
    );
    expect(await refusal(guard().check(`https://user:${SECRET}@example.com/`))).toMatch(/secret/);
  });

  it("reports unknown hosts as unreachable, not refused", async () => {
    await expect(guard().check("https://no-such-host.example/")).rejects.toMatchObject({
      kind: "unreachable",
    });
  });
});

describe("NetworkGuard.lookup (used by the connection itself)", () => {
  const lookup = (g: ReturnType<typeof guard>, host: string, all: boolean) =>
    new Promise<string | LookupAddress[]>((ok, fail) =>
      g.lookup(host, { all }, (error, address) => (error ? fail(error) : ok(address))),
    );

  it("answers only checked addresses", async () => {
    expect(await lookup(guard(), "example.com", true)).toEqual([
      { address: "93.184.215.14", family: 4 },
      { address: "2606:2800:21f:cb07:6820:80da:af6b:8b2c", family: 6 },
    ]);
    expect(await lookup(guard(), "example.com", false)).toBe("93.184.215.14");
  });

  it("fails the connection for refused addresses", async () => {
    await expect(lookup(guard(), "evil.example", true)).rejects.toBeInstanceOf(NetworkRefusedError);
    await expect(lookup(guard(), "meta.lan", false)).rejects.toThrow(/metadata/);
    await expect(lookup(guard(), "supervisor", false)).rejects.toThrow(/Supervisor/);
  });
});

describe("withAllowedHosts", () => {
  it("adds hosts for one service without opening them for the shared guard", async () => {
    const shared = guard();
    const forSearch = shared.withAllowedHosts(["http://nas.lan:8888/"]);
    await expect(forSearch.check("http://nas.lan:8888/search")).resolves.toBeTruthy();
    await expect(shared.check("http://nas.lan:8888/search")).rejects.toThrow(/private/);
    await expect(forSearch.check("http://printer.lan/")).rejects.toThrow(/private/);
    expect(await refusal(forSearch.check("http://meta.lan/"))).toMatch(/metadata/);
  });
});

describe("secrets", () => {
  it("scrubs headers carrying a secret in any common form", () => {
    const { headers, removed } = guard().scrubHeaders({
      authorization: `Bearer ${SECRET}`,
      "x-basic": `Basic ${Buffer.from(SECRET).toString("base64")}`,
      "x-url": encodeURIComponent(SECRET),
      accept: "application/json",
    });
    expect(headers).toEqual({ accept: "application/json" });
    expect(removed).toEqual(["authorization", "x-basic", "x-url"]);
  });

  it("ignores empty and very short secrets (they would match everything)", () => {
    const g = guard({ secretsToScrub: ["", "abc"] });
    expect(g.scrubHeaders({ accept: "abc/def" }).removed).toEqual([]);
  });

  it("rejects invalid allow-list entries at creation", () => {
    expect(() => guard({ allowHosts: ["10.0.0.0/99"] })).toThrow(/CIDR/);
  });
});
