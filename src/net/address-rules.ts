import ipaddr from "ipaddr.js";
import { isIP } from "node:net";

type Address = ipaddr.IPv4 | ipaddr.IPv6;

/**
 * What kind of address an IP is, for the guard's decisions:
 * - never: cloud metadata, unspecified, multicast, broadcast — refused whatever the settings say;
 * - supervisor: the Home Assistant Supervisor (172.30.32.2) — only with allowSupervisor;
 * - loopback, linkLocal, reserved — only when the host is on the allow list;
 * - private: RFC 1918, CGNAT (Tailscale), unique-local IPv6 — with allowPrivate or the allow list;
 * - public: everything else.
 */
export type AddressClass =
  "never" | "supervisor" | "loopback" | "linkLocal" | "private" | "reserved" | "public";

export interface Classified {
  /** Canonical text of the address (IPv4-mapped IPv6 as IPv4). */
  address: string;
  cls: AddressClass;
  /** Why, in words: "cloud metadata address", "loopback address"… */
  label: string;
}

/** Cloud metadata endpoints (AWS, GCP, Azure, Alibaba, OpenStack, ECS, Oracle). */
const METADATA_ADDRESSES = new Set([
  "169.254.169.254",
  "169.254.170.2",
  "169.254.169.123",
  "100.100.100.200",
  "168.63.129.16",
  "192.0.0.192",
  "fd00:ec2::254",
  "fd00:ec2::23",
]);

export const METADATA_HOSTNAMES = new Set([
  "metadata.google.internal",
  "metadata.goog",
  "metadata",
  "instance-data",
  "instance-data.ec2.internal",
  "metadata.azure.internal",
]);

export const SUPERVISOR_HOSTNAMES = new Set(["supervisor", "hassio"]);
export const SUPERVISOR_ADDRESS = "172.30.32.2";

/** Parses an IP literal (any spelling ipaddr.js accepts), unwrapping IPv4-mapped IPv6. */
export function parseAddress(text: string): Address | undefined {
  const bare = text.startsWith("[") && text.endsWith("]") ? text.slice(1, -1) : text;
  if (!ipaddr.isValid(bare)) return undefined;
  return ipaddr.process(bare);
}

export function classifyAddress(text: string): Classified {
  const parsed = parseAddress(text);
  if (!parsed) return { address: text, cls: "never", label: "unparseable address" };
  return classify(parsed);
}

function classify(ip: Address): Classified {
  const address = ip.toString();
  const result = (cls: AddressClass, label: string): Classified => ({ address, cls, label });
  if (METADATA_ADDRESSES.has(address)) return result("never", "cloud metadata address");
  if (address === SUPERVISOR_ADDRESS) return result("supervisor", "Home Assistant Supervisor address");

  if (ip.kind() === "ipv4") {
    switch (ip.range() as string) {
      case "unicast":
        return result("public", "public address");
      case "unspecified":
        return result("never", "unspecified address (0.0.0.0/8)");
      case "broadcast":
        return result("never", "broadcast address");
      case "multicast":
        return result("never", "multicast address");
      case "linkLocal":
        return result("linkLocal", "link-local address (169.254.0.0/16)");
      case "loopback":
        return result("loopback", "loopback address (127.0.0.0/8)");
      case "private":
        return result("private", "private LAN address");
      case "carrierGradeNat":
        return result("private", "carrier-grade NAT / VPN address (100.64.0.0/10)");
      default:
        return result("reserved", specialLabel(ip.range()));
    }
  }

  const v6 = ip as ipaddr.IPv6;
  const embedded = embeddedIPv4(v6);
  if (embedded) {
    // NAT64, 6to4 and IPv4-translated addresses reach the IPv4 address inside them: judge that one.
    const inner = classify(embedded);
    if (inner.cls !== "public") return { address, cls: inner.cls, label: `${inner.label} inside ${address}` };
  }
  switch (v6.range() as string) {
    case "unicast":
      return v6.parts[0] === 0
        ? result("reserved", "IPv4-compatible IPv6 address")
        : result("public", "public address");
    case "unspecified":
      return result("never", "unspecified address (::)");
    case "multicast":
      return result("never", "multicast address");
    case "linkLocal":
      return result("linkLocal", "link-local address (fe80::/10)");
    case "loopback":
      return result("loopback", "loopback address (::1)");
    case "uniqueLocal":
    case "deprecatedSiteLocal":
      return result("private", "private LAN address (fc00::/7)");
    case "rfc6052":
    case "6to4":
      return result("public", "public address");
    default:
      return result("reserved", specialLabel(v6.range()));
  }
}

function specialLabel(range: string): string {
  return range === "reserved" ? "reserved address" : `special-purpose address (${range})`;
}

function embeddedIPv4(ip: ipaddr.IPv6): ipaddr.IPv4 | undefined {
  const p = ip.parts;
  const v4 = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);
  switch (ip.range() as string) {
    case "rfc6052": // 64:ff9b::a.b.c.d
    case "rfc6145": // ::ffff:0:a.b.c.d
      return v4(p[6]!, p[7]!);
    case "6to4": // 2002:aabb:ccdd::
      return v4(p[1]!, p[2]!);
    case "unicast": // ::a.b.c.d (IPv4-compatible, deprecated)
      return p.slice(0, 6).every((x) => x === 0) ? v4(p[6]!, p[7]!) : undefined;
    default:
      return undefined;
  }
}

/** Lower case, no trailing dot, no IPv6 brackets. */
export function normalizeHostname(hostname: string): string {
  let host = hostname.trim().toLowerCase();
  if (host.startsWith("[") && host.endsWith("]")) host = host.slice(1, -1);
  while (host.endsWith(".")) host = host.slice(0, -1);
  return host;
}

/**
 * One entry of an allow or deny list: a hostname (`nas.lan`), a wildcard (`*.lan` matches `x.lan` and
 * `a.b.lan`; `*` matches every host), an IP or a CIDR (`192.168.1.0/24`). A URL is accepted too and
 * stands for its hostname.
 */
export class HostPattern {
  private constructor(
    readonly source: string,
    private readonly name?: string,
    private readonly suffix?: string,
    private readonly cidr?: [Address, number],
  ) {}

  static parse(entry: string): HostPattern {
    let text = entry.trim();
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(text)) text = new URL(text).hostname;
    if (text.includes("/")) {
      const [base, bits] = text.split("/") as [string, string];
      const ip = parseAddress(base);
      if (!ip || !/^\d+$/.test(bits)) throw new Error(`Invalid CIDR "${entry}"`);
      // An IPv4 range written as IPv4-mapped IPv6 was unwrapped by parseAddress: its prefix loses 96 bits.
      const mapped = ip.kind() === "ipv4" && isIP(normalizeHostname(base)) === 6;
      const prefix = mapped ? Number(bits) - 96 : Number(bits);
      if (prefix < 0 || prefix > (ip.kind() === "ipv4" ? 32 : 128))
        throw new Error(`Invalid CIDR "${entry}"`);
      return new HostPattern(entry, undefined, undefined, [ip, prefix]);
    }
    const host = normalizeHostname(text);
    if (!host) throw new Error("Empty host pattern");
    const ip = isIP(host) ? parseAddress(host) : undefined;
    if (ip) return new HostPattern(entry, undefined, undefined, [ip, ip.kind() === "ipv4" ? 32 : 128]);
    if (host === "*") return new HostPattern(entry, undefined, "");
    if (host.startsWith("*.")) return new HostPattern(entry, undefined, host.slice(1));
    return new HostPattern(entry, host);
  }

  matchesName(hostname: string): boolean {
    const host = normalizeHostname(hostname);
    if (this.name !== undefined) return host === this.name;
    if (this.suffix !== undefined) return this.suffix === "" || host.endsWith(this.suffix);
    return false;
  }

  matchesAddress(address: string): boolean {
    if (!this.cidr) return false;
    const ip = parseAddress(address);
    if (!ip || ip.kind() !== this.cidr[0].kind()) return false;
    return ip.match(this.cidr);
  }
}
