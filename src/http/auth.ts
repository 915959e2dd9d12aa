import { timingSafeEqual } from "node:crypto";
import type { NextFunction, Request, Response } from "express";
import { openAiError } from "./error-shapes.js";
import type { ApiError } from "./errors.js";

/** HA's ingress proxy: in the add-on, requests through ingress come from here, already authenticated by HA. */
export const INGRESS_PROXY_ADDRESS = "172.30.32.2";

export function remoteAddress(req: Request): string {
  const address = req.socket.remoteAddress ?? "";
  return address.startsWith("::ffff:") ? address.slice(7) : address;
}

/**
 * Requires `Authorization: Bearer <token>` on the APIs (/api, /v1, /ha/v1, /mcp, /readyz). The health check and the
 * web UI's static files need none: they hold no data, and the page asks for the token itself.
 */
export function bearerAuth(token: string, options: { trustIngress: boolean }) {
  return (req: Request, res: Response, next: NextFunction) => {
    if (!/^\/(api|v1|ha\/v1|mcp|readyz)(\/|$)/.test(req.path)) return next();
    if (options.trustIngress && remoteAddress(req) === INGRESS_PROXY_ADDRESS) return next();
    if (bearerMatches(req, token)) return next();
    res
      .status(401)
      .set("WWW-Authenticate", 'Bearer realm="cyrene"')
      .json(openAiError(refusal(401, "Missing or invalid bearer token.", "authentication_error")));
  };
}

/** In the add-on the ingress port answers only HA's ingress proxy. */
export function ingressOnly() {
  return (req: Request, res: Response, next: NextFunction) => {
    if (remoteAddress(req) === INGRESS_PROXY_ADDRESS || req.path === "/healthz") return next();
    res.status(403).json(openAiError(forbidden("This port serves Home Assistant ingress only.")));
  };
}

/** Whether the request brings `Authorization: Bearer <token>` (compared in constant time). */
export function bearerMatches(req: Request, token: string): boolean {
  const given = /^Bearer\s+(.+)$/i.exec(req.headers.authorization ?? "")?.[1]?.trim();
  if (!given) return false;
  const [a, b] = [Buffer.from(given), Buffer.from(token)];
  return a.length === b.length && timingSafeEqual(a, b);
}

const refusal = (status: number, message: string, type: string): ApiError => ({
  status,
  message,
  type,
  code: null,
  param: null,
});

/** A source or person this port does not serve. */
export const forbidden = (message: string) => refusal(403, message, "forbidden");
