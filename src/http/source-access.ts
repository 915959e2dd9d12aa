import ipaddr from "ipaddr.js";
import type { NextFunction, Request, Response } from "express";
import { bearerAuth, forbidden, remoteAddress } from "./auth.js";
import { openAiError } from "./error-shapes.js";

/** The Supervisor's internal network: Home Assistant Core and the add-ons (`hassio` bridge). */
export const ADDON_NETWORK = "172.30.32.0/23";

export interface AccessRules {
  /** Running as an add-on: HA's network is trusted. */
  addon: boolean;
  /** Further sources the user trusts (addresses or CIDRs). */
  allowNetworks: string[];
}

/**
 * Who may use the Assist listeners without a token: loopback always, HA's network in the add-on, and
 * the networks the user listed. HA's Ollama and Wyoming integrations send no token, so that is how
 * they get in; everyone else needs the API token (Ollama port) or is refused (Wyoming port).
 */
export function trustedSource(address: string, rules: AccessRules): boolean {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.process(address);
  } catch {
    return false;
  }
  if (parsed.range() === "loopback") return true;
  const networks = rules.addon ? [ADDON_NETWORK, ...rules.allowNetworks] : rules.allowNetworks;
  return networks.some((network) => inNetwork(parsed, network));
}

function inNetwork(address: ipaddr.IPv4 | ipaddr.IPv6, network: string): boolean {
  const cidr = network.includes("/")
    ? network
    : `${network}/${ipaddr.parse(network).kind() === "ipv4" ? 32 : 128}`;
  const [base, bits] = ipaddr.parseCIDR(cidr);
  return address.kind() === base.kind() && address.match(base, bits);
}

declare module "express-serve-static-core" {
  interface Request {
    /** Let in as a trusted source (HA's network), not by the API token alone. */
    trustedSource?: boolean;
  }
}

/**
 * Whether the request came from a trusted source (HA's side), which may say whom a turn acts for; a
 * caller let in by the API token alone may not.
 */
export function cameFromTrustedSource(req: Request): boolean {
  return req.trustedSource === true;
}

/** Express guard for the Ollama port: trusted sources pass; others need the API token, if one is set. */
export function assistAccess(rules: AccessRules, apiToken: string | undefined) {
  const withToken = apiToken ? bearerAuth(apiToken, { trustIngress: false }) : undefined;
  return (req: Request, res: Response, next: NextFunction) => {
    if (trustedSource(remoteAddress(req), rules)) {
      req.trustedSource = true;
      return next();
    }
    if (withToken) return withToken(req, res, next);
    res
      .status(403)
      .json(
        openAiError(
          forbidden("This port serves Home Assistant and the networks listed in assist_allow_networks only."),
        ),
      );
  };
}
