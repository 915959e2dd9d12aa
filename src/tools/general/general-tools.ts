import type { Config } from "../../config/schema.js";
import type { HomeTime } from "../../time/home-time.js";
import type { ToolAccess } from "../access.js";
import type { Tool } from "../contract.js";
import { calculatorTool } from "./calculator.js";
import { cryptoTool } from "./crypto.js";
import { datetimeTool } from "./datetime.js";
import { fileTool } from "./file.js";
import { httpTool } from "./http.js";
import { jsonTool } from "./json.js";
import { markdownTool } from "./markdown.js";
import { randomTool } from "./random.js";
import { textTool } from "./text.js";
import { webFetchTool } from "./web-fetch.js";
import { webSearchTool } from "./web-search.js";

/** The eleven general tools, built from the settings. */
export function generalTools(config: Config, parts: { time: HomeTime; access: ToolAccess }): Tool[] {
  const { guard, files } = parts.access;
  const web = {
    guard,
    timeoutMs: config.web.timeoutMs,
    maxResponseBytes: Math.round(config.web.maxDownloadMb * 2 ** 20),
    maxChars: config.web.maxChars,
  };
  return [
    calculatorTool(),
    datetimeTool({ time: parts.time }),
    textTool(),
    cryptoTool(),
    randomTool(),
    markdownTool(),
    jsonTool(),
    // A read must fit in one tool result (agent.maxToolResultChars), escaped as JSON.
    fileTool({ ...files, maxReadBytes: 16 * 1024 }),
    httpTool(web),
    webSearchTool({
      guard,
      searxngUrl: config.web.searxngUrl,
      defaultLanguage: config.web.searchLanguage,
      timeoutMs: config.web.timeoutMs,
    }),
    webFetchTool(web),
  ];
}
