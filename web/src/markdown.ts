import DOMPurify from "dompurify";
import { Marked } from "marked";

/**
 * Assistant messages are Markdown written by an LLM that may have read a hostile web page: they are parsed
 * by marked and sanitized by DOMPurify before they reach the page. Links open in a new tab without the
 * opener; images are shown only when inline (data:), else as links, so that a reply cannot make the browser
 * send anything to another host by merely being displayed.
 */
const marked = new Marked({ gfm: true, breaks: true });
const purify = DOMPurify(window);
purify.addHook("afterSanitizeAttributes", (node) => {
  if (node.tagName === "A") {
    node.setAttribute("target", "_blank");
    node.setAttribute("rel", "noopener noreferrer");
  }
});

const cache = new Map<string, string>();

export function renderMarkdown(text: string): string {
  const cached = cache.get(text);
  if (cached !== undefined) return cached;
  const fragment = purify.sanitize(marked.parse(text, { async: false }), {
    RETURN_DOM_FRAGMENT: true,
    FORBID_TAGS: ["style", "form", "input", "button", "textarea", "select", "iframe", "video", "audio"],
    FORBID_ATTR: ["style", "id", "class"],
  });
  for (const image of fragment.querySelectorAll("img")) {
    const src = image.getAttribute("src") ?? "";
    if (src.startsWith("data:image/")) continue;
    const link = document.createElement("a");
    link.href = src;
    link.target = "_blank";
    link.rel = "noopener noreferrer";
    link.textContent = image.getAttribute("alt") || src;
    image.replaceWith(link);
  }
  for (const table of fragment.querySelectorAll("table")) {
    const wrapper = document.createElement("div");
    wrapper.className = "table";
    wrapper.dataset.scrolls = "";
    table.replaceWith(wrapper);
    wrapper.append(table);
  }
  const holder = document.createElement("div");
  holder.append(fragment);
  const html = holder.innerHTML;
  if (cache.size > 500) cache.clear();
  cache.set(text, html);
  return html;
}
