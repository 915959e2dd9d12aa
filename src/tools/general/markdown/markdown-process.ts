/** The markdown tool's child process (started by markdown.ts): one operation per task. */
import { serveInChild } from "../../../child-process/serve.js";
import { loadMarkdownLibraries, runMarkdown, type MarkdownAnswer, type MarkdownTask } from "./operations.js";

serveInChild<MarkdownTask, MarkdownAnswer>(async (task) => {
  try {
    return await runMarkdown(task);
  } catch (error) {
    return { ok: false, error: error instanceof Error ? error.message : String(error) };
  }
}, loadMarkdownLibraries);
