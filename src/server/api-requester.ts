import type { Request } from "express";
import { clientRequester, HOUSEHOLD, personRequester, type Requester } from "../store/conversation-access.js";
import { HttpError } from "../http/errors.js";

/**
 * Whose conversations an `/api` request lists, opens, continues and deletes. Behind ingress: the signed-in
 * person's. With the API token, nobody named — unless the caller says whose it asks for, as the entry
 * points that opened them name their owners: `?user=NAME` for a `/v1` client's `user` field, and
 * `?owner=household` for the household's voice (HA's Ollama and Wyoming turns).
 */
export function apiRequester(req: Request, seesAll: boolean): Requester {
  if (req.person) return personRequester(req.person.id, { seesAll });
  const { user, owner } = req.query;
  if (owner !== undefined && owner !== "household") {
    throw new HttpError(400, 'owner may only be "household"; use user=NAME for a /v1 client\'s user.');
  }
  if (owner === "household") return { ...HOUSEHOLD, seesAll };
  if (user !== undefined && typeof user !== "string") throw new HttpError(400, "user must be one name.");
  return { ...clientRequester(undefined, user), seesAll };
}
