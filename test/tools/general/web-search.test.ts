import { describe, expect, it } from "vitest";
import type { Tool } from "../../../src/tools/contract.js";
import { webSearchTool } from "../../../src/tools/general/web-search.js";
import { failWith, succeed, type ToolArgs } from "../../support/tool-calls.js";
import { testGuard, useWebFixture } from "../../support/web.js";

const web = useWebFixture();

/** The shared guard refuses loopback: the configured SearXNG must get through anyway. */
const guard = testGuard({ allowHosts: [] });
const searchAt = (path: string, extra: { maxResults?: number; defaultLanguage?: string } = {}) =>
  webSearchTool({ guard, searxngUrl: `${web.origin}${path}`, ...extra });

interface SearchData {
  query: string;
  results: Array<Record<string, unknown>>;
  answers?: string[];
  infoboxes?: Array<Record<string, unknown>>;
  suggestions?: string[];
  corrections?: string[];
  note?: string;
}

const search = (tool: Tool, args: ToolArgs) => succeed<SearchData>(tool, args);

describe("web_search", () => {
  it("returns compact results, answers, infoboxes and suggestions", async () => {
    const data = await search(searchAt("/searxng"), { query: "home assistant" });
    expect(data.query).toBe("home assistant");
    expect(data.results.map((r) => r.url)).toEqual([
      "https://www.home-assistant.io/",
      "https://www.home-assistant.io/installation/",
      "https://github.com/home-assistant/core",
      "https://zh.wikipedia.org/wiki/Home_Assistant",
    ]);
    expect(data.results[0]).toEqual({
      title: "Home Assistant",
      url: "https://www.home-assistant.io/",
      snippet: expect.stringMatching(/^Open source home automation/),
      engine: "duckduckgo",
    });
    expect(data.results[1]).toMatchObject({ published: "2026-11-02" });
    expect(data.results[3]?.snippet).toBe(
      "Home Assistant是一款自由开源的家庭自动化软件，设计为智能家居设备的中央控制系统。",
    );
    expect(data.answers).toEqual([
      "Home Assistant 2026.11 was released on 5 November 2026. (https://www.home-assistant.io/blog/)",
    ]);
    expect(data.infoboxes).toEqual([
      {
        title: "Home Assistant",
        content: expect.stringMatching(/^Home Assistant is free and open-source software/),
        facts: [
          "Developer(s): Paulus Schoutsen",
          "Written in: Python",
          "Initial release: 17 September 2013",
          "License: Apache License 2.0",
        ],
        links: [
          { title: "Official website", url: "https://www.home-assistant.io/" },
          { title: "Wikipedia (en)", url: "https://en.wikipedia.org/wiki/Home_Assistant" },
          { title: "Wikidata", url: "http://www.wikidata.org/entity/Q28957018" },
        ],
      },
    ]);
    expect(data.suggestions).toEqual([
      "home assistant green",
      "home assistant yellow",
      "home assistant voice",
    ]);
    expect(data).not.toHaveProperty("corrections");
    expect(data).not.toHaveProperty("note");
  });

  it("describes itself with a small schema", () => {
    const definition = searchAt("/searxng").definition();
    expect(definition.parameters).toMatchObject({ required: ["query"] });
    expect(Object.keys(definition.parameters.properties as object)).toEqual(["query", "time_range"]);
  });

  it("sends the SearXNG parameters, with the configured language", async () => {
    await search(searchAt("/searxng/", { defaultLanguage: "zh-CN" }), {
      query: "智能家居 新闻",
      time_range: "week",
    });
    const sent = web.requestsTo("/searxng/search")[0]!;
    expect(sent.method).toBe("GET");
    expect(sent.query).toEqual({
      q: "智能家居 新闻",
      format: "json",
      language: "zh-CN",
      time_range: "week",
    });
    expect(sent.headers["accept-language"]).toBe("zh-CN,en;q=0.5");
    expect(sent.headers.accept).toBe("application/json");
  });

  it("sends no language when none is configured", async () => {
    await search(searchAt("/searxng/"), { query: "home assistant" });
    const sent = web.requestsTo("/searxng/search")[0]!;
    expect(sent.query).toEqual({ q: "home assistant", format: "json" });
    expect(sent.headers["accept-language"]).toBe("en,zh;q=0.8");
  });

  it("limits the number of results", async () => {
    expect((await search(searchAt("/searxng", { maxResults: 2 }), { query: "x" })).results).toHaveLength(2);
  });

  it("accepts the base URL with or without /search and a trailing slash", async () => {
    for (const path of ["/searxng", "/searxng/", "/searxng/search"]) {
      expect((await search(searchAt(path), { query: "x" })).results.length).toBeGreaterThan(0);
    }
  });

  it("explains an empty answer with the engines that failed and the corrections", async () => {
    const data = await search(searchAt("/searxng-empty"), { query: "hom asistant" });
    expect(data.results).toEqual([]);
    expect(data.corrections).toEqual(["home assistant"]);
    expect(data.note).toMatch(/No results\. Engines that failed: google: timeout; duckduckgo: CAPTCHA\./);
  });

  it("says how to configure it when no URL is set", async () => {
    const error = await failWith(webSearchTool({ guard }), { query: "x" });
    expect(error).toMatch(/not configured.*searxng_url.*CYRENE_SEARXNG_URL/);
  });

  it("reports an invalid configured URL", async () => {
    const error = await failWith(webSearchTool({ guard, searxngUrl: "searx.lan:8888" }), { query: "x" });
    expect(error).toMatch(/not a valid http\(s\) URL/);
  });

  it("explains 403: the JSON format is disabled in settings.yml", async () => {
    const error = await failWith(searchAt("/searxng-403"), { query: "x" });
    expect(error).toMatch(/HTTP 403/);
    expect(error).toMatch(/settings\.yml/);
    expect(error).toMatch(/formats.*json/);
  });

  it("explains 429: SearXNG's limiter", async () => {
    const error = await failWith(searchAt("/searxng-429"), { query: "x" });
    expect(error).toMatch(/HTTP 429.*limiter/);
  });

  it("reports a response that is not SearXNG JSON", async () => {
    expect(await failWith(searchAt("/searxng-html"), { query: "x" })).toMatch(
      /did not return its JSON search response \(got text\/html/,
    );
    expect(await failWith(searchAt("/searxng-broken"), { query: "x" })).toMatch(/did not return its JSON/);
    expect(await failWith(searchAt("/nowhere"), { query: "x" })).toMatch(/HTTP 404/);
  });

  it("reports an unreachable SearXNG", async () => {
    const tool = webSearchTool({ guard, searxngUrl: "http://127.0.0.1:1/" });
    expect(await failWith(tool, { query: "x" })).toMatch(
      /SearXNG at http:\/\/127\.0\.0\.1:1 could not be reached/,
    );
  });

  it("opens only the SearXNG host, and never metadata", async () => {
    await expect(guard.check(`${web.origin}/searxng/search`)).rejects.toThrow(/loopback/);
    const metadata = webSearchTool({ guard, searxngUrl: "http://169.254.169.254/" });
    expect(await failWith(metadata, { query: "x" })).toMatch(/metadata/);
  });

  it("validates arguments", async () => {
    expect(await failWith(searchAt("/searxng"), { query: "" })).toBe(
      "Invalid arguments for web_search: query: query is needed: the words to search for (搜索词为空)",
    );
    expect(await failWith(searchAt("/searxng"), { query: "x".repeat(401) })).toMatch(
      /query is too long: at most 400 characters/,
    );
    expect(await failWith(searchAt("/searxng"), { query: "x", time_range: "decade" })).toMatch(/time_range/);
  });
});
