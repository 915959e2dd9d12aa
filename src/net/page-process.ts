/** The page reader's child process (started by page-reader.ts): HTML in, the page's main content out. */
import { serveInChild } from "../child-process/serve.js";
import { extractPage, loadLibraries } from "./extract.js";
import type { PageReply, PageRequest } from "./page-reader.js";

serveInChild<PageRequest, PageReply>(async ({ html, url, links, limits }) => {
  try {
    return { ok: true, page: await extractPage(html, url, { links, limits }) };
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}, loadLibraries);
