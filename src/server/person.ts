import type { NextFunction, Request, Response } from "express";

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
    const id = trusted ? req.get("x-remote-user-id")?.trim() : undefined;
    if (id) {
      const name =
        req.get("x-remote-user-display-name")?.trim() || req.get("x-remote-user-name")?.trim() || id;
      req.person = { id: id.slice(0, 128), name: name.slice(0, 128) };
    }
    next();
  };
}
