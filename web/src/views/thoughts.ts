import { css, html, LitElement, nothing, type TemplateResult } from "lit";
import { request } from "../api.js";
import { dateTime, duration, number, prettyJson } from "../format.js";
import { t, tOr } from "../i18n.js";
import { icon } from "../icons.js";
import { Loader } from "../loader.js";
import { shared } from "../styles.js";

interface Thought {
  id: string;
  trigger: { kind: "event" | "schedule" | "watch"; prompt: string; topic?: string };
  status: string;
  outcome: string | null;
  text: string | null;
  actions: { tool: string; arguments: string; success: boolean; result: string }[];
  reason: string | null;
  conversation_id: string | null;
  tokens: number;
  started_at: string;
  finished_at: string | null;
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
    return html`<li class="card thought" data-id=${thought.id}>
      <div class="row head">
        <time datetime=${thought.started_at}>${dateTime(thought.started_at)}</time>
        <span class="chip">${tOr(`trigger_${thought.trigger.kind}`, thought.trigger.kind)}</span>
        ${thought.trigger.topic ? html`<span class="muted">${thought.trigger.topic}</span>` : nothing}
        <span class="spacer"></span>
        <span class="chip ${statusClass}">${tOr(`thoughtStatus_${thought.status}`, thought.status)}</span>
        ${
          thought.outcome
            ? html`<span class="chip ${outcomeClass}"
                >${tOr(`outcome_${thought.outcome}`, thought.outcome)}</span
              >`
            : nothing
        }
      </div>
      <p class="prompt">${thought.trigger.prompt}</p>
      ${thought.text ? html`<p class="text">${thought.text}</p>` : nothing}
      ${thought.reason ? html`<p class="muted">${thought.reason}</p>` : nothing}
      ${
        thought.actions.length
          ? html`<details>
              <summary>${t("toolsUsed")}: ${thought.actions.map((a) => a.tool).join(", ")}</summary>
              <ul class="plain actions">
                ${thought.actions.map(
                  (action) =>
                    html`<li>
                      <div class="row">
                        ${icon("tool")}<code>${action.tool}</code>
                        <span class="chip ${action.success ? "ok" : "bad"}"
                          >${action.success ? t("toolDone") : t("toolFailed")}</span
                        >
                      </div>
                      <pre>${prettyJson(action.arguments)}</pre>
                      <pre>${prettyJson(action.result)}</pre>
                    </li>`,
                )}
              </ul>
            </details>`
          : html`<p class="muted small-text">${t("noToolsUsed")}</p>`
      }
      <div class="row muted small-text">
        <span>${t("tokens", { count: number(thought.tokens) })}</span>
        ${took ? html`<span>${duration(took)}</span>` : nothing}
        ${
          thought.conversation_id
            ? html`<a href="#/chat/${encodeURIComponent(thought.conversation_id)}"
                >${t("openConversation")}</a
              >`
            : nothing
        }
      </div>
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
      .text {
        border-left: 3px solid var(--primary-color);
        padding-left: 10px;
      }
      .actions {
        margin-top: 8px;
      }
      .actions .icon {
        width: 16px;
        height: 16px;
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
