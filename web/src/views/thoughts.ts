import { css, html, LitElement, nothing, type TemplateResult } from "lit";
import { request, type ToolResult } from "../api.js";
import { parseResult } from "../chat-session.js";
import { dateTime, duration, number } from "../format.js";
import { t, tn, tOr } from "../i18n.js";
import { icon } from "../icons.js";
import { Loader } from "../loader.js";
import { shared } from "../styles.js";
import { summarize } from "../tool-summary.js";
import { toolDetails } from "./tool-details.js";

interface Thought {
  id: string;
  trigger: { kind: "event" | "schedule" | "watch"; prompt: string; topic?: string };
  status: string;
  outcome: string | null;
  text: string | null;
  actions: { tool: string; arguments: string; success: boolean; result: string }[];
  reason: string | null;
  /** The Assist satellite its words were spoken on. */
  spoken_on?: string | null;
  conversation_id: string | null;
  tokens: number;
  started_at: string;
  finished_at: string | null;
}

/** The error of a failed call whose stored result was cut short (the store keeps 500 characters of it). */
function errorIn(cut: string): string {
  const quoted = /"error":"((?:[^"\\]|\\.)*)/.exec(cut)?.[1];
  if (quoted === undefined) return t("toolFailed");
  try {
    return `${JSON.parse(`"${quoted}"`) as string}…`;
  } catch {
    return `${quoted}…`;
  }
}

/** What the thought said; an outcome stored as the LLM's raw JSON answer still reads as its text. */
function saidText(text: string | null): string | null {
  if (!text?.trim().startsWith("{")) return text;
  try {
    const parsed = JSON.parse(text) as { text?: unknown };
    return typeof parsed.text === "string" ? parsed.text : text;
  } catch {
    return text;
  }
}

/** The Thinker's timeline: what started each thought, the tools it used, and what came of it. */
export class ThoughtsView extends LitElement {
  /** Skipped triggers are counted, not listed: by reason, over the last day. */
  private skipped: Record<string, number> = {};
  private readonly thoughts = new Loader(this, async () => {
    const answer = await request<{ thoughts: Thought[]; skipped_last_24h?: Record<string, number> }>(
      "api/thoughts?limit=100",
    );
    this.skipped = answer.skipped_last_24h ?? {};
    return answer.thoughts;
  });

  override render(): TemplateResult {
    return html`<div class="page">
      <div class="row">
        <h1>${t("thoughtsTitle")}</h1>
        <span class="spacer"></span>
        <button class="outlined" @click=${() => this.thoughts.reload()}>
          ${icon("refresh")}${t("refresh")}
        </button>
      </div>
      <p class="muted intro">${t("thoughtsHint")}</p>
      ${this.renderSkipped()}
      ${this.thoughts.error ? html`<p class="alert" role="alert">${this.thoughts.error}</p>` : nothing}
      ${
        this.thoughts.value === null && !this.thoughts.error
          ? html`<p class="muted">${t("loading")}</p>`
          : this.thoughts.value?.length === 0
            ? html`<p class="card muted">${t("noThoughts")}</p>`
            : html`<ol class="plain timeline">
                ${this.thoughts.value?.map((thought) => this.renderThought(thought))}
              </ol>`
      }
    </div>`;
  }

  private renderSkipped(): TemplateResult | typeof nothing {
    const reasons = Object.entries(this.skipped);
    if (reasons.length === 0) return nothing;
    const counts = reasons.map(
      ([reason, count]) => `${tOr(`skip_${reason.replace(/ /g, "_")}`, reason)} ${number(count)}`,
    );
    return html`<p class="muted skipped">${t("skippedLastDay", { counts: counts.join(", ") })}</p>`;
  }

  private renderThought(thought: Thought): TemplateResult {
    const took = thought.finished_at && Date.parse(thought.finished_at) - Date.parse(thought.started_at);
    const outcomeClass = { tell: "info", ask: "warn", note: "ok", nothing: "" }[thought.outcome ?? ""] ?? "";
    const statusClass = thought.status === "failed" ? "bad" : thought.status === "running" ? "info" : "";
    const said = saidText(thought.text);
    const to = thought.spoken_on
      ? t("thoughtSpokenOn", { satellite: thought.spoken_on })
      : thought.outcome
        ? tOr(`thoughtTo_${thought.outcome}`, "")
        : "";
    return html`<li class="card thought" data-id=${thought.id}>
      <div class="row head">
        <time datetime=${thought.started_at}>${dateTime(thought.started_at)}</time>
        <span class="chip">${tOr(`trigger_${thought.trigger.kind}`, thought.trigger.kind)}</span>
        ${thought.trigger.topic ? html`<span class="muted topic">${thought.trigger.topic}</span>` : nothing}
        <span class="spacer"></span>
        ${
          thought.status !== "finished"
            ? html`<span class="chip ${statusClass}"
                >${tOr(`thoughtStatus_${thought.status}`, thought.status)}</span
              >`
            : nothing
        }
        ${
          thought.outcome
            ? html`<span class="chip ${outcomeClass}"
                >${tOr(`outcome_${thought.outcome}`, thought.outcome)}</span
              >`
            : nothing
        }
      </div>
      <p class="prompt"><span class="label">${t("thoughtWhy")}</span> ${thought.trigger.prompt}</p>
      ${
        thought.actions.length
          ? html`<div class="actions">
              <span class="label">${t("thoughtTools")}</span>
              <ul class="plain">
                ${thought.actions.map((action) => this.renderAction(action))}
              </ul>
            </div>`
          : html`<p class="muted small-text">${t("noToolsUsed")}</p>`
      }
      ${
        said
          ? html`<div class="said">
              <span class="label">${t("thoughtSaid")}</span>
              <blockquote class="text">${said}</blockquote>
              ${to ? html`<p class="muted to">${to}</p>` : nothing}
            </div>`
          : nothing
      }
      ${thought.reason ? html`<p class="muted">${thought.reason}</p>` : nothing}
      <div class="row muted small-text">
        <span>${tn("tokens", thought.tokens)}</span>
        ${took ? html`<span>${duration(took)}</span>` : nothing}
      </div>
    </li>`;
  }

  private renderAction(action: Thought["actions"][number]): TemplateResult {
    const parsed = parseResult(action.result);
    const result: ToolResult =
      action.success || !parsed.success ? parsed : { success: false, error: errorIn(action.result) };
    const call = { name: action.tool, arguments: action.arguments, result };
    return html`<li class="action ${action.success ? "ok" : "bad"}">
      <div class="row">
        <span class="mark" aria-hidden="true">${action.success ? "✓" : "✗"}</span>
        <span class="visually-hidden">${action.success ? t("toolDone") : t("toolFailed")}:</span>
        <span class="action-summary">${summarize(call)}</span>
      </div>
      ${!result.success ? html`<p class="error-text">${result.error}</p>` : nothing} ${toolDetails(call)}
    </li>`;
  }

  static override styles = [
    shared,
    css`
      .intro {
        margin: -8px 0 0;
      }
      .timeline {
        gap: 12px;
      }
      .thought {
        display: grid;
        gap: 6px;
      }
      .thought p {
        margin: 0;
      }
      .prompt {
        font-size: 15px;
      }
      .label {
        font-size: 12px;
        font-weight: 500;
        color: var(--secondary-text-color);
        margin-right: 4px;
      }
      .actions ul {
        margin-top: 4px;
        gap: 4px;
      }
      .action .row {
        flex-wrap: nowrap;
        align-items: baseline;
      }
      .mark {
        font-weight: 700;
        width: 1em;
        flex: none;
      }
      .action.ok .mark {
        color: var(--success-color);
      }
      .action.bad .mark,
      .error-text {
        color: var(--error-color);
      }
      .tool-details {
        margin-left: calc(1em + 8px);
      }
      .text {
        margin: 4px 0 0;
        border-left: 3px solid var(--primary-color);
        padding-left: 10px;
      }
      .to {
        margin: 2px 0 0 13px;
        font-size: 13px;
      }
      summary {
        cursor: pointer;
      }
      .small-text {
        font-size: 12px;
      }
    `,
  ];
}

customElements.define("cyrene-thoughts", ThoughtsView);
