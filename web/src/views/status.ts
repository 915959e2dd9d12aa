import { css, html, LitElement, nothing, type TemplateResult } from "lit";
import { request } from "../api.js";
import { dateTime, duration, number, percent } from "../format.js";
import { t, tn, tOr } from "../i18n.js";
import { icon } from "../icons.js";
import { Loader } from "../loader.js";
import { shared } from "../styles.js";

/** An MCP server Cyrene uses as a client (its tools are `<name>__<tool>`). */
interface McpServer {
  name: string;
  url: string;
  state: "connecting" | "connected" | "down";
  /** The transport it speaks, once connected. */
  transport?: "streamable-http" | "sse";
  tools: number;
  skipped: { tool: string; reason: string }[];
  error?: string;
  retryAt?: number;
}

interface Status {
  version: string;
  model: string;
  llm: { status: string; since?: string; last_error?: string };
  home_assistant: { status: string; reason?: string; version?: string };
  tools: {
    offered: string[];
    disabled: string[];
    not_configured?: { name: string; setting: string }[];
    mcp_servers?: McpServer[];
  };
  /** What Home Assistant told of the speaker's room on the last voice turn (its Ollama integration). */
  voice?: {
    last_turn: {
      at: string;
      told: boolean;
      via: "instructions" | "assist_api" | null;
      area: string | null;
      device_id: string | null;
    } | null;
  };
  recent_turns: {
    count: number;
    prompt_tokens: number;
    completion_tokens: number;
    cached_tokens: number;
    cache_hit_rate: number | null;
    turns: {
      id: string;
      conversation_id: string;
      status: string;
      rounds: number;
      tool_calls: number;
      prompt_tokens: number | null;
      completion_tokens: number | null;
      cached_tokens: number | null;
      started_at: string;
      duration_ms: number | null;
    }[];
  };
}

const TURN_CHIPS: Record<string, string> = {
  completed: "ok",
  failed: "bad",
  running: "info",
  cancelled: "warn",
};

/** What Cyrene runs on and how it is doing: versions, the LLM and HA, the tools, what recent turns cost. */
export class StatusView extends LitElement {
  private readonly status = new Loader(this, () => request<Status>("api/status"));

  override render(): TemplateResult {
    const s = this.status.value;
    return html`<div class="page">
      <div class="row">
        <h1>${t("statusTitle")}</h1>
        <span class="spacer"></span>
        <button class="outlined" @click=${() => this.status.reload()}>
          ${icon("refresh")}${t("refresh")}
        </button>
      </div>
      ${this.status.error ? html`<p class="alert" role="alert">${this.status.error}</p>` : nothing}
      ${!s && !this.status.error ? html`<p class="muted">${t("loading")}</p>` : nothing}
      ${s ? this.renderStatus(s) : nothing}
    </div>`;
  }

  private renderStatus(s: Status): TemplateResult {
    const llmClass = { ok: "ok", failing: "bad" }[s.llm.status] ?? "";
    const haClass = { ready: "ok", unavailable: "bad", connecting: "warn" }[s.home_assistant.status] ?? "";
    const turns = s.recent_turns;
    return html`
      <div class="cards">
        <section class="card" aria-labelledby="status-cyrene">
          <h2 id="status-cyrene">Cyrene</h2>
          <dl>
            <dt>${t("version")}</dt>
            <dd class="version">${s.version}</dd>
            <dt>${t("model")}</dt>
            <dd>${s.model}</dd>
          </dl>
        </section>
        <section class="card" aria-labelledby="status-llm">
          <h2 id="status-llm">${t("llm")}</h2>
          <p><span class="chip ${llmClass}">${tOr(`llm_${s.llm.status}`, s.llm.status)}</span></p>
          ${s.llm.since ? html`<p class="muted">${t("since", { time: dateTime(s.llm.since) })}</p>` : nothing}
          ${s.llm.last_error ? html`<p class="error-text">${t("lastError", { error: s.llm.last_error })}</p>` : nothing}
        </section>
        <section class="card" aria-labelledby="status-ha">
          <h2 id="status-ha">${t("homeAssistant")}</h2>
          <p>
            <span class="chip ${haClass}"
              >${tOr(`ha_${s.home_assistant.status}`, s.home_assistant.status)}</span
            >
            ${s.home_assistant.version ? html`<span class="muted">${s.home_assistant.version}</span>` : nothing}
          </p>
          ${s.home_assistant.reason ? html`<p class="error-text">${s.home_assistant.reason}</p>` : nothing}
        </section>
        ${this.renderVoice(s.voice?.last_turn ?? null)}
      </div>
      <section class="card" aria-labelledby="status-tools">
        <h2 id="status-tools">${t("toolsOffered", { count: s.tools.offered.length })}</h2>
        <div class="chips">${s.tools.offered.map((name) => html`<code class="chip">${name}</code>`)}</div>
        <h3 class="disabled-title">${t("toolsDisabled", { count: s.tools.disabled.length })}</h3>
        <div class="chips">
          ${
            s.tools.disabled.length
              ? s.tools.disabled.map((name) => html`<code class="chip bad">${name}</code>`)
              : html`<span class="muted">${t("none")}</span>`
          }
        </div>
        ${this.renderNotConfigured(s.tools.not_configured ?? [])}
        ${this.renderMcpServers(s.tools.mcp_servers ?? [])}
      </section>
      <section class="card" aria-labelledby="status-turns">
        <h2 id="status-turns">${t("recentTurns")}</h2>
        <p class="muted">
          ${tn("turnsSummary", turns.count, {
            prompt: number(turns.prompt_tokens),
            cached: number(turns.cached_tokens),
            rate: percent(turns.cache_hit_rate),
            completion: number(turns.completion_tokens),
          })}
        </p>
        ${
          turns.turns.length
            ? html`<div class="table" data-scrolls role="region" aria-labelledby="status-turns" tabindex="0">
                <table>
                  <thead>
                    <tr>
                      <th scope="col">${t("turnStarted")}</th>
                      <th scope="col">${t("turnStatus")}</th>
                      <th scope="col" class="n">${t("turnRounds")}</th>
                      <th scope="col" class="n">${t("turnTools")}</th>
                      <th scope="col" class="n">${t("turnPrompt")}</th>
                      <th scope="col" class="n">${t("turnCached")}</th>
                      <th scope="col" class="n">${t("turnCompletion")}</th>
                      <th scope="col" class="n">${t("turnDuration")}</th>
                    </tr>
                  </thead>
                  <tbody>
                    ${turns.turns.map(
                      (turn) =>
                        html`<tr>
                          <td data-label=${t("turnStarted")}>${dateTime(turn.started_at)}</td>
                          <td data-label=${t("turnStatus")}>
                            <span class="chip ${TURN_CHIPS[turn.status] ?? ""}"
                              >${tOr(`turnStatus_${turn.status}`, turn.status)}</span
                            >
                          </td>
                          <td class="n" data-label=${t("turnRounds")}>${turn.rounds}</td>
                          <td class="n" data-label=${t("turnTools")}>${turn.tool_calls}</td>
                          <td class="n" data-label=${t("turnPrompt")}>${number(turn.prompt_tokens)}</td>
                          <td class="n" data-label=${t("turnCached")}>${number(turn.cached_tokens)}</td>
                          <td class="n" data-label=${t("turnCompletion")}>
                            ${number(turn.completion_tokens)}
                          </td>
                          <td class="n" data-label=${t("turnDuration")}>${duration(turn.duration_ms)}</td>
                        </tr>`,
                    )}
                  </tbody>
                </table>
              </div>`
            : nothing
        }
      </section>
    `;
  }

  /** The room of the last voice turn: whether HA told it, which, and how. */
  private renderVoice(turn: NonNullable<Status["voice"]>["last_turn"]): TemplateResult {
    const room = !turn
      ? html`<span class="muted">${t("voiceRoomNoTurn")}</span>`
      : !turn.told
        ? html`<span class="error-text">${t("voiceRoomNotTold")}</span>`
        : turn.area
          ? html`<span class="chip ok">${turn.area}</span>`
          : html`<span class="error-text">${t("voiceRoomUnknown")}</span>`;
    return html`<section class="card" aria-labelledby="status-voice">
      <h2 id="status-voice">${t("voiceTitle")}</h2>
      <dl>
        <dt>${t("voiceRoom")}</dt>
        <dd class="voice-room">${room}</dd>
      </dl>
      ${
        turn
          ? html`<p class="muted">
              ${[turn.via && tOr(`voiceVia_${turn.via}`, turn.via), dateTime(turn.at)].filter(Boolean).join(" · ")}
            </p>`
          : nothing
      }
    </section>`;
  }

  /** Tools left out because the service they need is not set up, each with the setting that enables it. */
  private renderNotConfigured(tools: { name: string; setting: string }[]): TemplateResult | typeof nothing {
    if (tools.length === 0) return nothing;
    return html`<h3 class="disabled-title">${t("toolsNotConfigured", { count: tools.length })}</h3>
      <ul class="plain not-configured">
        ${tools.map(
          (tool) =>
            html`<li>
              <code class="chip">${tool.name}</code> <span class="muted">${t("enabledBy")}</span>
              <code>${tool.setting}</code>
            </li>`,
        )}
      </ul>`;
  }

  private renderMcpServers(servers: McpServer[]): TemplateResult | typeof nothing {
    if (servers.length === 0) return nothing;
    const chip = { connected: "ok", connecting: "warn", down: "bad" } as const;
    return html`<h3 class="disabled-title">${t("mcpServers", { count: servers.length })}</h3>
      <ul class="plain not-configured">
        ${servers.map(
          (server) =>
            html`<li>
              <code class="chip">${server.name}__*</code>
              <span class="chip ${chip[server.state]}">${tOr(`mcpState_${server.state}`, server.state)}</span>
              <span class="muted"
                >${[
                  t("mcpTools", { count: server.tools }),
                  server.url,
                  server.transport && (server.transport === "sse" ? "HTTP+SSE" : "Streamable HTTP"),
                  server.error,
                  server.retryAt && `${t("mcpRetry")} ${dateTime(new Date(server.retryAt).toISOString())}`,
                  ...server.skipped.map((skip) => `${t("mcpSkipped")} ${skip.tool}: ${skip.reason}`),
                ]
                  .filter(Boolean)
                  .join(" · ")}</span
              >
            </li>`,
        )}
      </ul>`;
  }

  static override styles = [
    shared,
    css`
      .cards {
        display: grid;
        grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
        gap: 16px;
      }
      .cards p {
        margin: 4px 0;
      }
      dl {
        display: grid;
        grid-template-columns: auto 1fr;
        gap: 4px 16px;
        margin: 0;
      }
      dt {
        color: var(--secondary-text-color);
      }
      dd {
        margin: 0;
      }
      .chips {
        display: flex;
        flex-wrap: wrap;
        gap: 6px;
      }
      .disabled-title {
        margin: 16px 0 8px;
      }
      .error-text {
        color: var(--error-color);
      }
      .table {
        overflow-x: auto;
      }
      table {
        border-collapse: collapse;
        width: 100%;
        font-size: 13px;
      }
      th,
      td {
        text-align: left;
        padding: 6px 8px;
        border-bottom: 1px solid var(--divider-color);
        white-space: nowrap;
      }
      th {
        font-weight: 500;
        color: var(--secondary-text-color);
      }
      .n {
        text-align: right;
      }
      /* A phone has no room for eight columns: each turn becomes a small card of label and value. */
      @media (max-width: 600px) {
        .table {
          overflow: visible;
        }
        thead {
          position: absolute;
          width: 1px;
          height: 1px;
          overflow: hidden;
          clip: rect(0 0 0 0);
        }
        table,
        tbody,
        tr,
        td {
          display: block;
        }
        tr {
          display: grid;
          grid-template-columns: repeat(2, minmax(0, 1fr));
          gap: 2px 12px;
          padding: 8px 0;
          border-bottom: 1px solid var(--divider-color);
        }
        td {
          display: flex;
          justify-content: space-between;
          gap: 8px;
          padding: 0;
          border: 0;
          text-align: right;
        }
        td::before {
          content: attr(data-label);
          color: var(--secondary-text-color);
          text-align: left;
        }
      }
    `,
  ];
}

customElements.define("cyrene-status", StatusView);
