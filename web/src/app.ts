import { css, html, LitElement, nothing, type TemplateResult } from "lit";
import { api, type Person } from "./api.js";
import { t, type StringKey } from "./i18n.js";
import { icon } from "./icons.js";
import { shared } from "./styles.js";
import "./views/chat.js";
import "./views/knowledge.js";
import "./views/reminders.js";
import "./views/status.js";
import "./views/thoughts.js";

const VIEWS = ["chat", "reminders", "knowledge", "thoughts", "status"] as const;
type View = (typeof VIEWS)[number];
const LABELS: Record<View, StringKey> = {
  chat: "tabChat",
  reminders: "tabReminders",
  knowledge: "tabKnowledge",
  thoughts: "tabThoughts",
  status: "tabStatus",
};

interface Route {
  view: View;
  conversationId: string | null;
}

/** `#/chat/<id>`, `#/reminders`…: the hash keeps the page's own URL (and so HA's ingress path) untouched. */
function parseRoute(hash: string): Route | null {
  const [, view, id] = /^#\/([a-z]+)(?:\/(.+))?$/.exec(hash) ?? [];
  if (!view || !(VIEWS as readonly string[]).includes(view)) return null;
  return { view: view as View, conversationId: view === "chat" && id ? decodeURIComponent(id) : null };
}

/** The last conversation a person had open, so that opening the panel again goes on with it. */
const lastKey = (person: Person | null) => `cyrene.lastConversation.${person?.id ?? "-"}`;
function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

export class CyreneApp extends LitElement {
  static override properties = {
    route: { state: true },
    person: { state: true },
    ready: { state: true },
  };
  declare route: Route;
  declare person: Person | null;
  declare ready: boolean;

  constructor() {
    super();
    this.route = parseRoute(location.hash) ?? { view: "chat", conversationId: null };
    this.person = null;
    this.ready = false;
  }

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener("hashchange", this.onHashChange);
    void this.start();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener("hashchange", this.onHashChange);
  }

  private async start(): Promise<void> {
    try {
      this.person = (await api.me()).person;
    } catch {
      this.person = null;
    }
    if (!parseRoute(location.hash)) {
      const last = storage()?.getItem(lastKey(this.person)) ?? null;
      this.route = { view: "chat", conversationId: last };
      if (last) history.replaceState(null, "", `#/chat/${encodeURIComponent(last)}`);
    }
    this.ready = true;
  }

  private readonly onHashChange = () => {
    const route = parseRoute(location.hash) ?? { view: "chat", conversationId: null };
    this.route = route;
    void this.updateComplete.then(() => this.renderRoot.querySelector<HTMLElement>("#main")?.focus());
  };

  private onConversationChanged(event: CustomEvent<{ id: string | null }>): void {
    const id = event.detail.id;
    this.route = { view: "chat", conversationId: id };
    history.replaceState(null, "", id ? `#/chat/${encodeURIComponent(id)}` : "#/chat");
    const store = storage();
    if (id) store?.setItem(lastKey(this.person), id);
    else store?.removeItem(lastKey(this.person));
  }

  override render(): TemplateResult {
    const { view } = this.route;
    return html`
      <a class="skip" href="#main" @click=${(e: Event) => (e.preventDefault(), this.focusMain())}
        >${t("skipToContent")}</a
      >
      <header class="toolbar">
        <img class="logo" src="./favicon.svg" alt="" width="28" height="28" />
        <h1 class="title">${t("appTitle")}</h1>
        <span class="spacer"></span>
        ${
          this.person
            ? html`<span class="person" title=${t("signedInAs", { name: this.person.name })}>
                ${icon("account")}<span class="person-name">${this.person.name}</span>
                <span class="visually-hidden">${t("signedInAs", { name: this.person.name })}</span>
              </span>`
            : nothing
        }
      </header>
      <nav class="tabs" aria-label=${t("mainNavigation")}>
        ${VIEWS.map(
          (name) =>
            html`<a
              href="#/${name}"
              class=${name === view ? "active" : ""}
              aria-current=${name === view ? "page" : "false"}
              >${t(LABELS[name])}</a
            >`,
        )}
      </nav>
      <main id="main" tabindex="-1" class=${view === "chat" ? "fill" : ""}>
        ${this.ready ? this.renderView(view) : html`<p class="muted loading">${t("loading")}</p>`}
      </main>
    `;
  }

  private focusMain(): void {
    const main = this.renderRoot.querySelector<HTMLElement>("#main");
    main?.focus();
    if (this.route.view === "chat") this.renderRoot.querySelector("cyrene-chat")?.focusComposer();
  }

  private renderView(view: View): TemplateResult {
    switch (view) {
      case "chat":
        return html`<cyrene-chat
          .conversationId=${this.route.conversationId}
          @conversation-changed=${this.onConversationChanged}
        ></cyrene-chat>`;
      case "reminders":
        return html`<cyrene-reminders></cyrene-reminders>`;
      case "knowledge":
        return html`<cyrene-knowledge></cyrene-knowledge>`;
      case "thoughts":
        return html`<cyrene-thoughts></cyrene-thoughts>`;
      case "status":
        return html`<cyrene-status></cyrene-status>`;
    }
  }

  static override styles = [
    shared,
    css`
      :host {
        display: flex;
        flex-direction: column;
        height: 100%;
        min-height: 0;
      }
      .skip {
        position: absolute;
        left: 8px;
        top: -48px;
        z-index: 10;
        background: var(--card-background-color);
        padding: 8px 12px;
        border-radius: 8px;
      }
      .skip:focus {
        top: 8px;
      }
      .toolbar {
        display: flex;
        align-items: center;
        gap: 12px;
        height: 56px;
        padding: 0 16px;
        padding-left: max(16px, env(safe-area-inset-left));
        background: var(--app-header-background-color);
        color: var(--app-header-text-color);
        flex: none;
      }
      .title {
        font-size: 20px;
        font-weight: 400;
        margin: 0;
      }
      .person {
        display: inline-flex;
        align-items: center;
        gap: 6px;
        color: var(--secondary-text-color);
        max-width: 45vw;
      }
      .person-name {
        overflow: hidden;
        text-overflow: ellipsis;
        white-space: nowrap;
      }
      .tabs {
        display: flex;
        gap: 4px;
        padding: 0 8px;
        overflow-x: auto;
        scrollbar-width: none;
        border-bottom: 1px solid var(--divider-color);
        background: var(--app-header-background-color);
        flex: none;
      }
      .tabs a {
        padding: 12px 16px 10px;
        color: var(--secondary-text-color);
        text-decoration: none;
        font-weight: 500;
        border-bottom: 2px solid transparent;
        white-space: nowrap;
      }
      .tabs a:hover {
        color: var(--primary-text-color);
      }
      .tabs a.active {
        color: var(--primary-text-color);
        border-bottom-color: var(--primary-color);
      }
      main {
        flex: 1;
        min-height: 0;
        overflow-y: auto;
        outline: none;
      }
      main.fill {
        overflow: hidden;
      }
      .loading {
        padding: 16px;
      }
    `,
  ];
}

customElements.define("cyrene-app", CyreneApp);
