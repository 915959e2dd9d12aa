import type TurndownService from "turndown";

/** The HTML-to-Markdown converter of page extraction, from the lazily loaded Turndown class. */
export function createTurndown(Turndown: typeof TurndownService): TurndownService {
  const turndown = new Turndown({
    headingStyle: "atx",
    codeBlockStyle: "fenced",
    bulletListMarker: "-",
    emDelimiter: "*",
  });
  turndown.remove(["script", "style", "noscript", "template", "iframe"]);
  // Links become their text: URLs would double the length; the caller can ask for the list of links instead.
  turndown.addRule("linkText", { filter: "a", replacement: (content) => content });
  turndown.addRule("imageAlt", {
    filter: "img",
    replacement: (_content, node) => {
      const alt = (node as { getAttribute(name: string): string | null }).getAttribute("alt")?.trim();
      return alt ? `[image: ${alt}]` : "";
    },
  });
  turndown.addRule("compactListItem", {
    filter: "li",
    replacement: (content, node) => {
      const item = node as unknown as { parentNode: ListParent | null; nextSibling: unknown };
      const parent = item.parentNode;
      let prefix = "- ";
      if (parent?.nodeName === "OL") {
        const start = Number(parent.getAttribute("start") ?? 1) || 1;
        prefix = `${start + Array.prototype.indexOf.call(parent.children, item)}. `;
      }
      const body = content
        .replace(/^\n+/, "")
        .replace(/\n+$/, "\n")
        .replace(/\n/gm, `\n${" ".repeat(prefix.length)}`);
      return prefix + body.trimEnd() + (item.nextSibling ? "\n" : "");
    },
  });
  return turndown;
}

interface ListParent {
  nodeName: string;
  children: ArrayLike<unknown>;
  getAttribute(name: string): string | null;
}
