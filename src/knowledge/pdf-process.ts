/** The PDF reader's child process (started by pdf.ts): the text of one PDF per task. */
import { serveInChild } from "../child-process/serve.js";
import { InputError } from "../input-error.js";
import { loadUnpdf, readPdfNow, type PdfAnswer, type PdfTask } from "./pdf.js";

serveInChild<PdfTask, PdfAnswer>(async ({ data, maxPages, deadline }) => {
  try {
    return { ok: true, pdf: await readPdfNow(data, { maxPages, deadline }) };
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    return { ok: false, error: message, input: error instanceof InputError };
  }
}, loadUnpdf);
