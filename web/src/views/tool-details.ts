import { html, nothing, type TemplateResult } from "lit";
import type { ToolResult } from "../api.js";
import { prettyJson } from "../format.js";
import { t } from "../i18n.js";

/** A tool call's raw arguments and result, closed behind "Details": the plain line above says what it did. */
export function toolDetails(call: {
  name: string;
  arguments: string;
  result?: ToolResult;
  late?: ToolResult;
}): TemplateResult {
  return html`<details class="tool-details">
    <summary>${t("toolDetails")}</summary>
    <h4 class="tool-name">${t("toolCall", { name: call.name })}</h4>
    <h4>${t("toolArguments")}</h4>
    <pre class="tool-arguments">${prettyJson(call.arguments || "{}")}</pre>
    ${
      call.result
        ? html`<h4>${t("toolResult")}</h4>
            <pre class="tool-result">${resultText(call.result)}</pre>`
        : nothing
    }
    ${
      call.late
        ? html`<h4>${t("toolLateResult")}</h4>
            <pre class="tool-late-result">${resultText(call.late)}</pre>`
        : nothing
    }
  </details>`;
}

export function resultText(result: ToolResult): string {
  return result.success ? prettyJson(result.data) : result.error;
}
