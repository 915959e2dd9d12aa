/**
 * The UI as HA shows it: in an iframe of HA's frontend, under the ingress path. A small proxy plays HA: it
 * serves a frontend page at / that sets HA's theme variables and user language, and forwards
 * /api/hassio_ingress/<token>/… to Cyrene with the prefix stripped, X-Ingress-Path and the user headers set.
 */
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, Frame } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Harness } from "../support/harness.js";
import { expectAccessible, launchBrowser, screenshot, UI_TIMEOUT } from "./support/browser.js";
import { startWebApp } from "./support/web-app.js";

const INGRESS = "/api/hassio_ingress/abc123";

/** HA's frontend, as far as the UI looks at it: theme variables on <html>, hass.language, dark mode. */
const frontendPage = (language: string) => `<!doctype html>
<html style="--primary-color: #e91e63; --dark-primary-color: #ad1457; --primary-background-color: #101418;
  --card-background-color: #1a2027; --primary-text-color: #f1f1f1; --secondary-text-color: #c0c4c8;
  --divider-color: rgba(255,255,255,0.16); --app-header-background-color: #101418;
  --app-header-text-color: #f1f1f1; --secondary-background-color: #2a3038;">
<head><title>Home Assistant</title><link rel="icon" href="data:,">
<style>body { margin: 0; background: var(--primary-background-color); } iframe { border: 0; width: 100vw; height: 100vh; display: block; }</style>
</head>
<body>
<home-assistant></home-assistant>
<script>document.querySelector("home-assistant").hass = { language: ${JSON.stringify(language)}, themes: { darkMode: true } };</script>
<iframe title="Cyrene" src="${INGRESS}/"></iframe>
</body></html>`;

let h: Harness;
let browser: Browser;
let proxy: Server;
let proxyUrl: string;
/** Every path the browser asked the proxy for. */
const seen: string[] = [];

beforeAll(async () => {
  [h, browser] = await Promise.all([startWebApp(), launchBrowser()]);
  h.llm.setFallback({ text: "你好！我在。" });
  const upstream = new URL(h.url);
  proxy = createServer((req, res) => {
    const url = req.url ?? "/";
    seen.push(url);
    if (url === "/" || url.startsWith("/?")) {
      const language = new URL(url, "http://x").searchParams.get("lang") ?? "zh-Hans";
      res.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(frontendPage(language));
      return;
    }
    if (!url.startsWith(`${INGRESS}/`)) {
      res.writeHead(404).end("not HA's");
      return;
    }
    const forwarded = httpRequest(
      {
        host: upstream.hostname,
        port: upstream.port,
        method: req.method,
        path: url.slice(INGRESS.length),
        headers: {
          ...req.headers,
          host: upstream.host,
          "x-ingress-path": INGRESS,
          "x-remote-user-id": "u-ha-owner",
          "x-remote-user-name": "owner",
          "x-remote-user-display-name": "Xiaoming Wang",
        },
      },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
      },
    );
    forwarded.on("error", () => res.destroy());
    req.pipe(forwarded);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
}, 300_000);
afterAll(async () => {
  await browser?.close();
  proxy?.closeAllConnections();
  await new Promise((resolve) => proxy?.close(resolve));
  await h?.close();
});

async function openPanel(language = "zh-Hans"): Promise<{ frame: Frame; close: () => Promise<void> }> {
  // The browser's own language is English: the Chinese must come from HA's user language.
  const context = await browser.newContext({ viewport: { width: 1200, height: 800 }, locale: "en-US" });
  context.setDefaultTimeout(UI_TIMEOUT);
  const page = await context.newPage();
  await page.goto(`${proxyUrl}/?lang=${language}`);
  const frame = await (await page.waitForSelector("iframe")).contentFrame();
  if (!frame) throw new Error("no iframe");
  await frame.locator("cyrene-app nav").waitFor();
  return {
    frame,
    close: async () => {
      await screenshot(page, `ingress-${language}`);
      await context.close();
    },
  };
}

describe("under HA's ingress path, in HA's iframe", () => {
  it("loads, chats and streams with relative URLs only, in HA's language and theme", async () => {
    seen.length = 0;
    const { frame, close } = await openPanel();
    expect(frame.url()).toBe(`${proxyUrl}${INGRESS}/`);
    // HA's language (zh-Hans) though the browser says English.
    await expect.poll(() => frame.evaluate("document.documentElement.lang")).toBe("zh-CN");
    await frame.getByRole("link", { name: "提醒" }).waitFor();
    // HA's theme variables, copied from the parent frame; HA's dark mode.
    expect(
      await frame.evaluate(
        "getComputedStyle(document.documentElement).getPropertyValue('--primary-color').trim()",
      ),
    ).toBe("#e91e63");
    expect(await frame.evaluate("document.documentElement.dataset.theme")).toBe("dark");
    expect(await frame.evaluate("getComputedStyle(document.body).backgroundColor")).toBe("rgb(16, 20, 24)");
    await frame.locator(".person-name", { hasText: "Xiaoming Wang" }).waitFor();

    await frame.getByRole("textbox", { name: "消息" }).fill("你好");
    await frame.getByRole("textbox", { name: "消息" }).press("Enter");
    await frame.getByText("你好！我在。").waitFor();
    await frame.locator(".conversations li", { hasText: "你好" }).waitFor();
    await expectAccessible(frame, "the chat in HA's iframe");

    for (const tab of ["提醒", "知识库", "思考", "状态"]) {
      await frame.getByRole("link", { name: tab }).click();
      await frame.getByRole("heading", { level: 1, name: tab }).waitFor();
    }
    // Every request went to HA's frontend page or under the ingress path: none to / of Cyrene itself.
    expect(seen.filter((path) => !path.startsWith(`${INGRESS}/`) && !path.startsWith("/?"))).toEqual([]);
    expect(seen).toEqual(
      expect.arrayContaining([
        `${INGRESS}/`,
        `${INGRESS}/api/chat`,
        `${INGRESS}/api/me`,
        `${INGRESS}/api/reminders`,
        `${INGRESS}/api/status`,
      ]),
    );
    expect(seen.some((path) => /^\/api\/hassio_ingress\/abc123\/assets\/.+\.js$/.test(path))).toBe(true);
    await close();
  }, 120_000);

  it("follows HA's English when the user picked it", async () => {
    const { frame, close } = await openPanel("en");
    await expect.poll(() => frame.evaluate("document.documentElement.lang")).toBe("en");
    await frame.getByRole("link", { name: "Reminders" }).waitFor();
    await close();
  }, 60_000);

  for (const [language, tab, composer, status] of [
    ["de", "Erinnerungen", "Nachricht", "Angebotene Tools"],
    ["fr", "Rappels", "Message", "Outils proposés"],
  ] as const) {
    it(`follows HA's ${language}, and tells the server the language with each message`, async () => {
      const { frame, close } = await openPanel(language);
      await expect.poll(() => frame.evaluate("document.documentElement.lang")).toBe(language);
      await frame.getByRole("link", { name: tab }).waitFor();
      const sent = frame
        .page()
        .waitForRequest((request) => request.url().endsWith("/api/chat") && request.method() === "POST");
      await frame.getByRole("textbox", { name: composer }).fill("Bonjour, hallo");
      await frame.getByRole("textbox", { name: composer }).press("Enter");
      expect(JSON.parse((await sent).postData() ?? "{}")).toMatchObject({ language });
      await frame.getByText("你好！我在。").waitFor();
      await expectAccessible(frame, `the chat in ${language}`);
      await frame.getByRole("link", { name: language === "de" ? "Status" : "État" }).click();
      await frame.getByText(status).first().waitFor();
      await close();
    }, 60_000);
  }

  it("serves the page without caching, and the hashed assets for good", async () => {
    const index = await fetch(`${proxyUrl}${INGRESS}/`);
    expect(index.headers.get("cache-control")).toBe("no-cache");
    expect(index.headers.get("content-security-policy")).toContain("default-src 'self'");
    const html = await index.text();
    const asset = /src="\.\/(assets\/[^"]+\.js)"/.exec(html)?.[1];
    expect(asset, "index.html loads its script by a relative URL").toBeTruthy();
    expect(html).not.toMatch(/(src|href)="\/(?!\/)/);
    const script = await fetch(`${proxyUrl}${INGRESS}/${asset}`);
    expect(script.status).toBe(200);
    expect(script.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(script.headers.get("content-type")).toMatch(/javascript/);
    // No address outside the page's own origin anywhere in the bundle (no CDN, no remote font).
    const body = await script.text();
    expect(body).not.toMatch(
      /https?:\/\/(?!www\.w3\.org\/)[a-z0-9.-]+\.[a-z]{2,}\/[\w/-]*\.(js|css|woff2?|ttf)\b/i,
    );
  }, 60_000);
});
