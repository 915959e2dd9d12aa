import type { NextFunction, Request, Response } from "express";
import { clip } from "../text/clip.js";

/** The Home Assistant user behind a request, as HA's ingress proxy names them. */
export interface Person {
  id: string;
  /** The display name, else the user name. */
  name: string;
}

declare module "express-serve-static-core" {
  interface Request {
    person?: Person;
  }
}

/**
 * Reads HA's X-Remote-User-* headers into `req.person` when they can be trusted: in the add-on only HA's
 * ingress proxy reaches this port, and it sets them; standalone they are ignored unless the settings say
 * a trusted proxy sets them.
 */
export function personFromHeaders(trusted: boolean) {
  return (req: Request, _res: Response, next: NextFunction) => {
    const id = trusted ? header(req, "x-remote-user-id") : undefined;
    if (id) {
      const name = header(req, "x-remote-user-display-name") || header(req, "x-remote-user-name") || id;
      req.person = { id: id.slice(0, 128), name: clip(name, 128) };
    }
    next();
  };
}

/**
 * A header as the proxy meant it: HA sends names like 王小明 as UTF-8 bytes, which Node reads as
 * latin1; such a value is read again as UTF-8 (a plain ASCII or latin1 one stays as it is).
 */
function header(req: Request, name: string): string | undefined {
  const raw = req.get(name)?.trim();
  if (!raw || !/[\u0080-\u00ff]/.test(raw)) return raw;
  const decoded = Buffer.from(raw, "latin1").toString("utf8");
  return decoded.includes("\ufffd") ? raw : decoded;
}
