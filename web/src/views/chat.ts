import { html, LitElement, nothing, type PropertyValues, type TemplateResult } from "lit";
import { repeat } from "lit/directives/repeat.js";
import { unsafeHTML } from "lit/directives/unsafe-html.js";
import { api, type ConversationInfo } from "../api.js";
import {
  ChatSession,
  confirmationOf,
  type AssistantItem,
  type Item,
  type Part,
  type ToolState,
  type ToolView,
} from "../chat-session.js";
import { dateTime, duration } from "../format.js";
import { t, type StringKey } from "../i18n.js";
import { icon } from "../icons.js";
import { renderMarkdown } from "../markdown.js";
import { shared } from "../styles.js";
import { confirmationPhrase, summarize } from "../tool-summary.js";
import { chatStyles } from "./chat.styles.js";
import { toolDetails } from "./tool-details.js";

/** The chat: the person's conversations on the side, the open one in the middle, the composer below. */
export class ChatView extends LitElement {
  static override properties = {
    conversationId: { attribute: false },
  };
  declare conversationId: string | null;

  private readonly session = new ChatSession();
  private conversations: ConversationInfo[] = [];
  private nextBefore: string | null = null;
  private listError: string | null = null;
  private listLoading = false;
  private query = "";
  private searchTimer?: ReturnType<typeof setTimeout>;
  private confirmingDelete: string | null = null;
  private listOpen = false;
  private draft = "";
  private stickToBottom = true;

  constructor() {
    super();
    this.conversationId = null;
    this.session.addEventListener("change", () => this.requestUpdate());
    this.session.addEventListener("conversation", () => {
      this.announceConversation(this.session.conversationId);
      void this.loadConversations();
    });
    this.session.addEventListener("turn-finished", () => void this.loadConversations());
  }

  override connectedCallback(): void {
    super.connectedCallback();
    void this.loadConversations();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    this.session.reset();
  }

  protected override willUpdate(changed: PropertyValues<this>): void {
    if (changed.has("conversationId") && this.conversationId !== this.session.conversationId) {
      this.stickToBottom = true;
      if (this.conversationId) void this.session.open(this.conversationId);
      else this.session.reset();
    }
  }

  protected override updated(): void {
    if (this.stickToBottom) {
      const log = this.renderRoot.querySelector<HTMLElement>(".log");
      if (log) log.scrollTop = log.scrollHeight;
    }
  }

  /** Tells the app (and so the address bar and the person's last conversation) which one is open. */
  private announceConversation(id: string | null): void {
    this.conversationId = id;
    this.dispatchEvent(
      new CustomEvent("conversation-changed", { detail: { id }, bubbles: true, composed: true }),
    );
  }

  private async loadConversations(more = false): Promise<void> {
    this.listLoading = true;
    this.requestUpdate();
    try {
      const page = await api.conversations({
        q: this.query || undefined,
        before: more ? this.nextBefore : undefined,
      });
      this.conversations = more ? [...this.conversations, ...page.conversations] : page.conversations;
      this.nextBefore = page.next_before;
      this.listError = null;
    } catch (error) {
      this.listError = (error as Error).message;
    } finally {
      this.listLoading = false;
      this.requestUpdate();
    }
  }

  private onSearch(event: Event): void {
    this.query = (event.target as HTMLInputElement).value.trim();
    clearTimeout(this.searchTimer);
    this.searchTimer = setTimeout(() => void this.loadConversations(), 250);
  }

  private newChat(): void {
    this.listOpen = false;
    this.announceConversation(null);
    this.session.reset();
    this.focusComposer();
  }

  private choose(id: string): void {
    this.listOpen = false;
    this.stickToBottom = true;
    this.announceConversation(id); // willUpdate opens it
  }

  private async deleteConversation(id: string): Promise<void> {
    this.confirmingDelete = null;
    try {
      await api.deleteConversation(id);
      if (this.session.conversationId === id) this.newChat();
    } catch (error) {
      this.listError = (error as Error).message;
    }
    await this.loadConversations();
  }

  private send(text: string): void {
    if (!text.trim() || this.session.busy) return;
    this.stickToBottom = true;
    this.draft = "";
    const composer = this.composer();
    if (composer) {
      composer.value = "";
      composer.style.height = "";
    }
    void this.session.send(text);
  }

  private composer(): HTMLTextAreaElement | null {
    return this.renderRoot.querySelector<HTMLTextAreaElement>("#composer");
  }

  focusComposer(): void {
    void this.updateComplete.then(() => this.composer()?.focus());
  }

  private onKeyDown(event: KeyboardEvent): void {
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing && event.keyCode !== 229) {
      event.preventDefault();
      this.send((event.target as HTMLTextAreaElement).value);
    } else if (event.key === "Escape" && this.session.busy) {
      event.preventDefault();
      this.session.stop();
    }
  }

  private onInput(event: Event): void {
    const area = event.target as HTMLTextAreaElement;
    this.draft = area.value;
    area.style.height = "";
    area.style.height = `${Math.min(area.scrollHeight + 2, 200)}px`;
    this.requestUpdate();
  }

  private onScroll(event: Event): void {
    const log = event.target as HTMLElement;
    this.stickToBottom = log.scrollHeight - log.scrollTop - log.clientHeight < 48;
  }

  override render(): TemplateResult {
    const session = this.session;
    return html`
      <div class="layout ${this.listOpen ? "list-open" : ""}">
        <aside id="conversation-list" class="list" aria-label=${t("conversations")}>
          <div class="list-head">
            <button class="primary" @click=${() => this.newChat()}>${icon("plus")}${t("newChat")}</button>
            <button
              class="icon-button close-list"
              aria-label=${t("hideConversations")}
              @click=${() => ((this.listOpen = false), this.requestUpdate())}
            >
              ${icon("close")}
            </button>
          </div>
          <label class="search">
            <span class="visually-hidden">${t("searchConversations")}</span>
            <input type="search" placeholder=${t("searchConversations")} @input=${this.onSearch} />
          </label>
          ${this.listError ? html`<p class="alert" role="alert">${this.listError}</p>` : nothing}
          ${this.renderList()}
        </aside>
        <section class="conversation" aria-label=${session.title || t("newChat")}>
          <div class="conversation-bar">
            <button
              class="outlined small show-list"
              aria-controls="conversation-list"
              aria-expanded=${this.listOpen ? "true" : "false"}
              @click=${() => ((this.listOpen = !this.listOpen), this.requestUpdate())}
            >
              ${icon("menu")}${t("showConversations")}
            </button>
          </div>
          <div class="log" role="log" aria-label=${t("messageLog")} @scroll=${this.onScroll}>
            ${session.loading ? html`<p class="muted center">${t("loading")}</p>` : nothing}
            ${session.error ? html`<p class="alert" role="alert">${session.error}</p>` : nothing}
            ${
              !session.loading && session.items.length === 0 && !session.error
                ? html`<div class="empty">
                    <h2>${t("emptyChatTitle")}</h2>
                    <p class="muted">${t("emptyChatHint")}</p>
                  </div>`
                : nothing
            }
            ${repeat(
              session.items,
              (item) => item.key,
              (item) => this.renderItem(item),
            )}
          </div>
          <form class="composer" @submit=${(e: Event) => (e.preventDefault(), this.send(this.draft))}>
            <label class="visually-hidden" for="composer">${t("composerLabel")}</label>
            <span id="composer-hint" class="visually-hidden">${t("composerHint")}</span>
            <textarea
              id="composer"
              aria-describedby="composer-hint"
              rows="1"
              enterkeyhint="send"
              placeholder=${t("composerPlaceholder")}
              @keydown=${this.onKeyDown}
              @input=${this.onInput}
            ></textarea>
            ${
              session.busy
                ? html`<button
                    type="button"
                    class="primary stop"
                    aria-label=${t("stop")}
                    aria-keyshortcuts="Escape"
                    @click=${() => session.stop()}
                  >
                    ${icon("stop")}<span class="label">${t("stop")}</span>
                  </button>`
                : html`<button
                    type="submit"
                    class="primary send"
                    aria-label=${t("send")}
                    ?disabled=${!this.draft.trim()}
                  >
                    ${icon("send")}<span class="label">${t("send")}</span>
                  </button>`
            }
          </form>
        </section>
      </div>
    `;
  }

  private renderList(): TemplateResult {
    if (!this.listLoading && this.conversations.length === 0) {
      return html`<p class="muted list-empty">
        ${this.query ? t("noMatches", { q: this.query }) : t("noConversations")}
      </p>`;
    }
    return html`
      <ul class="plain conversations">
        ${repeat(
          this.conversations,
          (c) => c.id,
          (c) => {
            const title = c.title || t("untitled");
            const current = c.id === this.session.conversationId;
            if (this.confirmingDelete === c.id) {
              return html`<li
                class="confirm-delete"
                role="group"
                aria-label=${t("deleteConversation", { title })}
              >
                <span>${t("confirmDeleteConversation", { title })}</span>
                <div class="row">
                  <button class="danger" @click=${() => void this.deleteConversation(c.id)}>
                    ${t("delete")}
                  </button>
                  <button @click=${() => ((this.confirmingDelete = null), this.requestUpdate())}>
                    ${t("cancel")}
                  </button>
                </div>
              </li>`;
            }
            return html`<li class=${current ? "current" : ""}>
              <a
                href="#/chat/${encodeURIComponent(c.id)}"
                aria-current=${current ? "page" : "false"}
                @click=${(e: Event) => (e.preventDefault(), this.choose(c.id))}
              >
                <span class="title">${title}</span>
                <span class="when">${dateTime(c.updated_at)}</span>
              </a>
              <button
                class="icon-button small"
                aria-label=${t("deleteConversation", { title })}
                @click=${() => ((this.confirmingDelete = c.id), this.requestUpdate())}
              >
                ${icon("delete")}
              </button>
            </li>`;
          },
        )}
      </ul>
      ${
        this.nextBefore
          ? html`<button
              class="outlined more"
              ?disabled=${this.listLoading}
              @click=${() => this.loadConversations(true)}
            >
              ${t("loadMore")}
            </button>`
          : nothing
      }
    `;
  }

  private renderItem(item: Item): TemplateResult {
    if (item.kind === "user") {
      return html`<div class="message user">
        <span class="visually-hidden">${t("you")}:</span>
        <div class="bubble">${item.text}</div>
      </div>`;
    }
    return html`<div class="message assistant" aria-busy=${item.streaming ? "true" : "false"}>
      <span class="visually-hidden">${t("assistant")}:</span>
      ${item.parts.map((part) => this.renderPart(item, part))}
      ${
        item.status
          ? html`<div class="status" role="status"><span class="spinner"></span>${item.status}</div>`
          : nothing
      }
      ${item.stopped ? html`<div class="muted stopped">${t("stopped")}</div>` : nothing}
      ${item.error ? html`<div class="alert" role="alert">${item.error}</div>` : nothing}
    </div>`;
  }

  private renderPart(item: AssistantItem, part: Part): TemplateResult {
    if (part.kind === "text")
      return html`<div class="markdown">${unsafeHTML(renderMarkdown(part.text))}</div>`;
    if (part.kind === "late") {
      const late = part.tool.late;
      return html`<div class="late" role="status" data-tool=${part.tool.name}>
        ${icon("clock")}
        <div>
          <div>
            ${t("lateArrived", { name: late ? summarize({ ...part.tool, result: late }) : part.tool.name })}
          </div>
          ${late && !late.success ? html`<div class="tool-error">${late.error}</div>` : nothing}
          ${late ? toolDetails({ ...part.tool, result: late, late: undefined }) : nothing}
        </div>
      </div>`;
    }
    return this.renderTool(item, part.tool);
  }

  private renderTool(item: AssistantItem, tool: ToolView): TemplateResult {
    const confirmation = confirmationOf(tool);
    const answered = this.session.answeredAfter(item);
    const [stateLabel, chip] = confirmation
      ? answered
        ? [t("toolAsked"), "info"]
        : [t("toolWaiting"), "warn"]
      : [t(STATES[tool.state][0]), STATES[tool.state][1]];
    const shown = tool.state === "late" && tool.late ? { ...tool, result: tool.late } : tool;
    return html`<div class="tool state-${tool.state}" data-tool=${tool.name}>
      <div class="tool-head">
        ${icon("tool")}
        <span class="tool-summary">${summarize(shown)}</span>
        <span class="chip ${chip}">
          ${
            tool.state === "running" || tool.state === "background"
              ? html`<span class="spinner small"></span>`
              : nothing
          }
          ${stateLabel}
        </span>
        ${
          tool.durationMs !== undefined
            ? html`<span class="muted duration">${duration(tool.durationMs)}</span>`
            : nothing
        }
      </div>
      ${tool.result && !tool.result.success ? html`<div class="tool-error">${tool.result.error}</div>` : nothing}
      ${toolDetails(tool)}
      ${
        confirmation
          ? html`<div
              class="confirm"
              role="group"
              aria-label=${t("confirmQuestion", { would: confirmationPhrase(confirmation.would) })}
            >
              <p>${t("confirmQuestion", { would: confirmationPhrase(confirmation.would) })}</p>
              ${
                answered
                  ? html`<p class="muted">${t("confirmAnswered")}</p>`
                  : html`<div class="row">
                      <button
                        class="primary"
                        ?disabled=${this.session.busy}
                        @click=${() => this.send(t("confirmYesMessage"))}
                      >
                        ${t("confirmYes")}
                      </button>
                      <button
                        class="outlined"
                        ?disabled=${this.session.busy}
                        @click=${() => this.send(t("confirmNoMessage"))}
                      >
                        ${t("confirmNo")}
                      </button>
                    </div>`
              }
            </div>`
          : nothing
      }
    </div>`;
  }

  static override styles = [shared, chatStyles];
}

/** Each state's chip: its words and its colour. */
const STATES: Record<ToolState, [label: StringKey, chip: string]> = {
  running: ["toolRunning", "info"],
  done: ["toolDone", "ok"],
  failed: ["toolFailed", "bad"],
  background: ["toolBackground", "info"],
  late: ["toolLate", "ok"],
  interrupted: ["toolInterrupted", "warn"],
};

customElements.define("cyrene-chat", ChatView);

declare global {
  interface HTMLElementTagNameMap {
    "cyrene-chat": ChatView;
  }
}
