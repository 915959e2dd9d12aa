import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import { isIP, type LookupFunction } from "node:net";
import {
  HostPattern,
  METADATA_HOSTNAMES,
  SUPERVISOR_HOSTNAMES,
  classifyAddress,
  normalizeHostname,
} from "./address-rules.js";
import { NetError, NetworkRefusedError } from "./errors.js";

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Resolves a hostname to all its addresses (dns.lookup by default; tests inject their own). */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>;

export interface NetworkGuardOptions {
  /** Hosts reachable even on loopback, link-local, private or reserved addresses: names, `*.lan`, IPs, CIDRs. */
  allowHosts: string[];
  /** Hosts never reachable (wins over allowHosts): names, `*.example.com`, IPs, CIDRs. */
  denyHosts: string[];
  /** Whether private LAN addresses (10/8, 172.16/12, 192.168/16, 100.64/10, fc00::/7) are reachable. */
  allowPrivate: boolean;
  /** Whether the Home Assistant Supervisor (`supervisor`, `hassio`, 172.30.32.2) is reachable. */
  allowSupervisor: boolean;
  /** Values never sent anywhere (the supervisor token, API keys): headers carrying one are dropped. */
  secretsToScrub: string[];
  resolve?: Resolver;
}

export interface CheckedUrl {
  url: URL;
  /** The addresses the host resolved to, all of them allowed. */
  addresses: ResolvedAddress[];
}

/** The one place that decides whether a URL may be fetched. */
export interface NetworkGuard {
  /** Checks scheme, host and every resolved address; throws `NetworkRefusedError` (or `NetError`). */
  check(url: string | URL): Promise<CheckedUrl>;
  /** Resolves a hostname and checks every address; throws like `check`. */
  resolveHost(hostname: string): Promise<ResolvedAddress[]>;
  /** A `dns.lookup` replacement that only ever answers checked addresses: the connection goes there. */
  readonly lookup: LookupFunction;
  /** Agents whose connections use `lookup`. IP literals skip lookup: `check` the URL first. */
  readonly httpAgent: http.Agent;
  readonly httpsAgent: https.Agent;
  /** The same guard with more hosts on the allow list (for a service the user configured, like SearXNG). */
  withAllowedHosts(hosts: string[]): NetworkGuard;
  /** Drops every header whose value carries a secret; returns the names dropped. */
  scrubHeaders(headers: Record<string, string>): { headers: Record<string, string>; removed: string[] };
  containsSecret(text: string): boolean;
}

const MIN_SECRET_LENGTH = 8;
const SETTINGS_HINT = "Cyrene's network settings";

export function createNetworkGuard(options: NetworkGuardOptions): NetworkGuard {
  return new Guard(options);
}

class Guard implements NetworkGuard {
  private readonly allow: HostPattern[];
  private readonly deny: HostPattern[];
  private readonly secretForms: string[];
  private readonly resolver: Resolver;
  readonly lookup: LookupFunction;
  readonly httpAgent: http.Agent;
  readonly httpsAgent: https.Agent;

  constructor(private readonly options: NetworkGuardOptions) {
    this.allow = options.allowHosts.filter((h) => h.trim()).map((h) => HostPattern.parse(h));
    this.deny = options.denyHosts.filter((h) => h.trim()).map((h) => HostPattern.parse(h));
    this.secretForms = secretForms(options.secretsToScrub);
    this.resolver = options.resolve ?? systemResolver;
    this.lookup = (hostname, lookupOptions, callback) => {
      const wanted = familyOf(lookupOptions.family);
      this.resolveHost(hostname).then(
        (addresses) => {
          const usable = wanted ? addresses.filter((a) => a.family === wanted) : addresses;
          const first = usable[0];
          if (!first) {
            const error: NodeJS.ErrnoException = new Error(`${hostname} has no IPv${wanted} address`);
            error.code = "ENOTFOUND";
            callback(error, "");
          } else if (lookupOptions.all) callback(null, usable);
          else callback(null, first.address, first.family);
        },
        (error: Error) => callback(error, ""),
      );
    };
    this.httpAgent = new http.Agent({ lookup: this.lookup });
    this.httpsAgent = new https.Agent({ lookup: this.lookup });
  }

  async check(input: string | URL): Promise<CheckedUrl> {
    let url: URL;
    try {
      url = new URL(input);
    } catch {
      throw new NetworkRefusedError(`"${String(input)}" is not a valid URL.`);
    }
    if (url.protocol !== "http:" && url.protocol !== "https:") {
      throw new NetworkRefusedError(`Only http:// and https:// URLs can be fetched, not ${url.protocol}//.`);
    }
    if (this.containsSecret(decodeSafely(url.href))) {
      throw new NetworkRefusedError(
        "Refused: the URL contains a secret (a token of this system) that is never sent.",
      );
    }
    return { url, addresses: await this.resolveHost(url.hostname) };
  }

  async resolveHost(hostname: string): Promise<ResolvedAddress[]> {
    const host = normalizeHostname(hostname);
    if (!host) throw new NetworkRefusedError("Refused: the URL has no host.");
    this.checkName(host);
    let addresses: ResolvedAddress[];
    const literal = isIP(host);
    if (literal) addresses = [{ address: host, family: literal as 4 | 6 }];
    else {
      try {
        addresses = await this.resolver(host);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        const why = code === "ENOTFOUND" || code === "ENODATA" ? "no such host" : (code ?? String(error));
        throw new NetError(`Could not resolve "${host}" (${why}).`, "unreachable", { cause: error });
      }
      if (addresses.length === 0)
        throw new NetError(`Could not resolve "${host}" (no addresses).`, "unreachable");
    }
    for (const { address } of addresses) this.checkAddress(host, address);
    return addresses;
  }

  withAllowedHosts(hosts: string[]): NetworkGuard {
    return new Guard({ ...this.options, allowHosts: [...this.options.allowHosts, ...hosts] });
  }

  scrubHeaders(headers: Record<string, string>) {
    const kept: Record<string, string> = {};
    const removed: string[] = [];
    for (const [name, value] of Object.entries(headers)) {
      if (this.containsSecret(value) || this.containsSecret(name)) removed.push(name);
      else kept[name] = value;
    }
    return { headers: kept, removed };
  }

  containsSecret(text: string): boolean {
    return this.secretForms.some((secret) => text.includes(secret));
  }

  private checkName(host: string): void {
    if (METADATA_HOSTNAMES.has(host)) {
      throw new NetworkRefusedError(
        `Refused to connect to ${host}: it is a cloud metadata service, never allowed.`,
      );
    }
    if (SUPERVISOR_HOSTNAMES.has(host) && !this.options.allowSupervisor) {
      throw new NetworkRefusedError(
        `Refused to connect to ${host}: it is the Home Assistant Supervisor, which these tools may not call.`,
      );
    }
    if (this.deny.some((p) => p.matchesName(host))) {
      throw new NetworkRefusedError(`Refused to connect to ${host}: it is on the blocked-hosts list.`);
    }
  }

  private checkAddress(host: string, address: string): void {
    const { cls, label, address: canonical } = classifyAddress(address);
    const where = host === canonical || isIP(host) ? host : `${host} (${canonical})`;
    const refuse = (why: string) => new NetworkRefusedError(`Refused to connect to ${where}: ${why}`);
    if (this.deny.some((p) => p.matchesAddress(canonical)))
      throw refuse("the address is on the blocked-hosts list.");
    if (cls === "public") return;
    if (cls === "never") throw refuse(`it is a ${label}, never allowed.`);
    if (cls === "supervisor") {
      if (this.options.allowSupervisor) return;
      throw refuse("it is the Home Assistant Supervisor, which these tools may not call.");
    }
    if (this.allow.some((p) => p.matchesName(host) || p.matchesAddress(canonical))) return;
    if (cls === "private") {
      if (this.options.allowPrivate) return;
      throw refuse(
        `it is a ${label}. Local network access is off: allow private addresses or add this host to the ` +
          `allowed hosts in ${SETTINGS_HINT}.`,
      );
    }
    throw refuse(
      `it is a ${label}, reachable only when the host is on the allowed hosts in ${SETTINGS_HINT}.`,
    );
  }
}

const systemResolver: Resolver = async (hostname) => {
  const answers = await dns.promises.lookup(hostname, { all: true });
  return answers.map((a) => ({ address: a.address, family: a.family === 6 ? 6 : 4 }));
};

function familyOf(family: number | "IPv4" | "IPv6" | undefined): 4 | 6 | undefined {
  if (family === 4 || family === "IPv4") return 4;
  if (family === 6 || family === "IPv6") return 6;
  return undefined;
}

/** A secret as it may appear in a header, a URL or a body: plain, URL-encoded, base64. */
function secretForms(secrets: string[]): string[] {
  const forms = new Set<string>();
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET_LENGTH) continue;
    forms.add(secret);
    forms.add(encodeURIComponent(secret));
    forms.add(Buffer.from(secret).toString("base64").replace(/=+$/, ""));
  }
  return [...forms];
}

function decodeSafely(text: string): string {
  try {
    return `${text} ${decodeURIComponent(text)}`;
  } catch {
    return text;
  }
}
