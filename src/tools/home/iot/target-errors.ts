import {
  type Candidate,
  clearWinner,
  type EntityDirectory,
  type EntityInfo,
  resolve,
} from "../../../ha/index.js";
import { ToolError } from "../../contract.js";

/** The refusals a control target gets: no match, the wrong domain, not exposed; each names what there is. */

/** What a refusal needs of the request. */
interface Requested {
  domain: string;
  service: string;
}

export function wrongDomain(entity: EntityInfo, req: Requested): ToolError {
  return new ToolError(
    `${entity.name} (${entity.entityId}) is a ${entity.domain}, not a ${req.domain}: ` +
      `use ${entity.domain} services (e.g. ${entity.domain}.${req.service}).`,
  );
}

export function noMatch(dir: EntityDirectory, text: string, closest: Candidate[], req: Requested): ToolError {
  const elsewhere = resolve(dir, text);
  const other = elsewhere.candidates[0];
  if (
    elsewhere.kind !== "none" &&
    other &&
    other.entity.domain !== req.domain &&
    clearWinner(elsewhere.candidates)
  ) {
    return wrongDomain(other.entity, req);
  }
  const others = elsewhere.candidates.map((c) => c.entity);
  if (elsewhere.kind === "ranked" && others.length > 1 && others.every((e) => e.domain !== req.domain)) {
    const services = [...new Set(others.map((e) => `${e.domain}.${req.service}`))].join(", ");
    return new ToolError(
      `"${text}" could mean several devices, none of them a ${req.domain}: ${list(dir, others)}. ` +
        `Ask the user which one, then use its own domain's services (e.g. ${services}).`,
    );
  }
  // Nothing of the domain near ("the guest house door" where the only lock is the main house's): the
  // domain's own, else what is near in others.
  const ofDomain = closest.length
    ? []
    : dir.entities.filter((e) => e.domain === req.domain && e.exposed && !e.secondary);
  const near = closest.length || ofDomain.length ? closest : elsewhere.candidates;
  const hint = near.length
    ? ` Closest matches: ${list(
        dir,
        near.slice(0, 5).map((c) => c.entity),
      )}.`
    : ofDomain.length
      ? ` The ${req.domain} entities here: ${list(dir, ofDomain)}.`
      : "";
  return new ToolError(
    `No ${req.domain === "homeassistant" ? "device" : req.domain} matches "${text}".${hint}`,
  );
}

/** A target exists but is not exposed to Assist (worth re-reading the exposure settings once). */
export class NotExposedError extends ToolError {}

export function notExposed(entity: EntityInfo): ToolError {
  return new NotExposedError(
    `${entity.name} (${entity.entityId}) is not exposed to Assist, so Cyrene may not use it. ` +
      "To allow it, expose it in Home Assistant (Settings → Voice assistants → Expose), or set " +
      "expose_all_entities in Cyrene's options.",
  );
}

export function list(dir: EntityDirectory, entities: EntityInfo[], max = 12): string {
  const shown = entities.slice(0, max).map((e) => {
    const area = dir.areaName(e);
    return `${e.name} (${e.entityId}${area ? ", " + area : ""})`;
  });
  return shown.join(", ") + (entities.length > max ? `, … and ${entities.length - max} more` : "");
}
