/**
 * A real browser for the UI tests: Debian's chromium (`apt-get install -y chromium`; .ci/run installs it),
 * driven by playwright-core, which downloads no browser of its own.
 */
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { join } from "node:path";
import { chromium, type Browser, type Frame, type Page } from "playwright-core";
import { expect } from "vitest";
import { ROOT } from "./web-build.js";

export const CHROMIUM = process.env.CYRENE_CHROMIUM ?? "/usr/bin/chromium";
export const SCREENSHOTS = join(ROOT, "test-results", "screenshots");

/** Generous: the CI machine has two cores and runs other test files beside these. */
export const UI_TIMEOUT = 20_000;

export async function launchBrowser(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(`No browser at ${CHROMIUM}: install Debian's chromium (apt-get install -y chromium).`);
  }
  // playwright gives each launch a fresh, empty profile (its own --user-data-dir).
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    timeout: 120_000,
    args: [
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
      "--disable-dev-shm-usage",
    ],
  });
}

export async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[]; failureSummary?: string }[];
}

/**
 * Runs axe-core in the page (evaluated through the DevTools protocol, so the page's CSP need not allow it)
 * and expects no serious or critical violation.
 */
export async function expectAccessible(page: Page | Frame, label: string): Promise<void> {
  await page.evaluate(axeSource);
  const violations = (await page.evaluate(
    `axe.run(document, { resultTypes: ["violations"] }).then((r) => r.violations)`,
  )) as AxeViolation[];
  const serious = violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map(
      (v) =>
        `${v.impact} ${v.id}: ${v.help} — ${v.nodes
          .slice(0, 3)
          .map((n) => `${JSON.stringify(n.target)} ${n.failureSummary ?? ""}`)
          .join("; ")}`,
    );
  expect(serious, `axe on ${label}`).toEqual([]);
}

/**
 * What sticks out sideways on the page: the document or any element (through shadow roots) whose content
 * is wider than its box, or that (or whose own text: a long word, a URL) reaches past the screen or its card,
 * unless it is meant to scroll sideways (`data-scrolls`, a <pre>, a field) or to cut text with an ellipsis. Each offender as `tag.class: content px > box px`.
 */
export async function horizontalOverflow(page: Page): Promise<string[]> {
  return (await page.evaluate(OVERFLOW_SCRIPT)) as string[];
}

// Plain JavaScript, run in the page (the test code itself has no DOM types).
const OVERFLOW_SCRIPT = `(() => {
  const found = [];
  const root = document.scrollingElement ?? document.documentElement;
  if (root.scrollWidth > window.innerWidth + 1) {
    found.push("document: " + root.scrollWidth + " px > " + window.innerWidth + " px");
  }
  const name = (element) => element.localName + "." + (element.getAttribute("class") ?? "");
  const visit = (node) => {
    for (const element of Array.from(node.children)) {
      const style = getComputedStyle(element);
      const box = element.getBoundingClientRect();
      // Inside a sideways scroller (the tab bar, a wide table's frame) things may reach past the screen.
      const scrolled = element.parentElement?.closest("[data-scrolls]") != null;
      const shown = style.display !== "contents" && box.width > 1 && style.position !== "absolute";
      // Fields and code scroll their own content; an ellipsis cuts text on purpose.
      const ownScroll =
        element.matches("[data-scrolls], pre, input, textarea, select") || style.textOverflow === "ellipsis";
      if (shown && !ownScroll && style.overflowX !== "visible" && element.scrollWidth > element.clientWidth + 1) {
        found.push(name(element) + ": " + element.scrollWidth + " px > " + element.clientWidth + " px");
      }
      if (shown && !scrolled) {
        const card = element.parentElement?.closest(".card")?.getBoundingClientRect().right;
        if (box.right > window.innerWidth + 1) found.push(name(element) + ": right edge " + Math.round(box.right) + " px");
        else if (card !== undefined && box.right > card + 1) {
          found.push(name(element) + ": past its card's edge by " + Math.round(box.right - card) + " px");
        }
      }
      const scrollsText = element.closest("pre") != null;
      if (shown && !scrolled && !ownScroll && !scrollsText && style.overflowX === "visible") texts(element);
      if (element.shadowRoot) visit(element.shadowRoot);
      visit(element);
    }
  };
  // Text runs past its box's edge without the box growing (a long word, a URL): its own lines are measured.
  const texts = (element) => {
    const card = element.closest(".card")?.getBoundingClientRect().right;
    for (const node of Array.from(element.childNodes)) {
      if (node.nodeType !== Node.TEXT_NODE || !node.textContent.trim()) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      const right = Math.max(...Array.from(range.getClientRects()).map((r) => r.right));
      const what = "text in " + name(element) + " (" + node.textContent.trim().slice(0, 24) + ")";
      if (right > window.innerWidth + 1) found.push(what + ": right edge " + Math.round(right) + " px");
      else if (card !== undefined && right > card + 1) {
        found.push(what + ": past its card's edge by " + Math.round(right - card) + " px");
      }
    }
  };
  visit(document.documentElement);
  return found;
})()`;
