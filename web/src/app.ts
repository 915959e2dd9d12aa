import { css, html, LitElement, nothing, type TemplateResult } from "lit";
import { api, ApiError, apiToken, storage, UNAUTHORIZED_EVENT, type Person } from "./api.js";
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

export class CyreneApp extends LitElement {
  static override properties = {
    route: { state: true },
    person: { state: true },
    ready: { state: true },
    tokenPrompt: { state: true },
    tabsOverflow: { state: true },
  };
  declare route: Route;
  declare person: Person | null;
  declare ready: boolean;
  /** Standalone with CYRENE_API_TOKEN: null while no token is needed, else what to say above the field. */
  declare tokenPrompt: { error: string | null; checking: boolean } | null;
  /** Which ends of the tab bar have tabs scrolled out of sight. */
  declare tabsOverflow: { before: boolean; after: boolean };
  /** The skip link was used before the chat was rendered. */
  private composerWanted = false;

  constructor() {
    super();
    this.route = parseRoute(location.hash) ?? { view: "chat", conversationId: null };
    this.person = null;
    this.ready = false;
    this.tokenPrompt = null;
    this.tabsOverflow = { before: false, after: false };
  }

  override connectedCallback(): void {
    super.connectedCallback();
    window.addEventListener("hashchange", this.onHashChange);
    window.addEventListener(UNAUTHORIZED_EVENT, this.onUnauthorized);
    window.addEventListener("resize", this.onTabsScroll);
    void this.start();
  }

  override disconnectedCallback(): void {
    super.disconnectedCallback();
    window.removeEventListener("hashchange", this.onHashChange);
    window.removeEventListener(UNAUTHORIZED_EVENT, this.onUnauthorized);
    window.removeEventListener("resize", this.onTabsScroll);
  }

  protected override updated(): void {
    this.onTabsScroll();
    if (this.composerWanted && this.ready) {
      this.composerWanted = false;
      // Only if the person is still where the skip link left them, not if they have moved on meanwhile.
      const main = this.renderRoot.querySelector("#main");
      if (main && (this.renderRoot as ShadowRoot).activeElement === main) this.focusComposer();
    }
  }

  private async start(): Promise<void> {
    try {
      this.person = (await api.me()).person;
    } catch (error) {
      this.person = null;
      if (error instanceof ApiError && error.status === 401) return; // onUnauthorized asks for the token
    }
    if (!parseRoute(location.hash)) {
      const last = storage()?.getItem(lastKey(this.person)) ?? null;
      this.route = { view: "chat", conversationId: last };
      if (last) history.replaceState(null, "", `#/chat/${encodeURIComponent(last)}`);
    }
    this.ready = true;
  }

  /** The server wants the API token: ask for it (again, if the kept one no longer works). */
  private readonly onUnauthorized = () => {
    if (this.tokenPrompt) return;
    this.tokenPrompt = { error: apiToken.get() ? t("tokenExpired") : null, checking: false };
    apiToken.forget();
  };

  private async submitToken(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const input = (event.target as HTMLFormElement).elements.namedItem("token") as HTMLInputElement;
    const token = input.value.trim();
    if (!token) return;
    apiToken.set(token);
    this.tokenPrompt = { error: null, checking: true };
    try {
      this.person = (await api.me()).person;
    } catch (error) {
      apiToken.forget();
      const wrong = error instanceof ApiError && error.status === 401;
      this.tokenPrompt = { error: wrong ? t("tokenWrong") : (error as Error).message, checking: false };
      void this.updateComplete.then(() =>
        this.renderRoot.querySelector<HTMLInputElement>("#token")?.select(),
      );
      return;
    }
    this.tokenPrompt = null;
    this.ready = false;
    await this.start();
  }

  private forgetToken(): void {
    apiToken.forget();
    this.tokenPrompt = { error: null, checking: false };
  }

  /** Marks the ends of the tab bar where tabs are out of sight, so a phone shows that it scrolls. */
  private readonly onTabsScroll = () => {
    const tabs = this.renderRoot.querySelector<HTMLElement>(".tabs");
    if (!tabs) return;
    const before = tabs.scrollLeft > 1;
    const after = tabs.scrollLeft + tabs.clientWidth < tabs.scrollWidth - 1;
    if (before !== this.tabsOverflow.before || after !== this.tabsOverflow.after) {
      this.tabsOverflow = { before, after };
    }
  };

  private readonly onHashChange = () => {
    const route = parseRoute(location.hash) ?? { view: "chat", conversationId: null };
    this.route = route;
    void this.updateComplete.then(() => {
      this.renderRoot.querySelector<HTMLElement>("#main")?.focus();
      this.renderRoot
        .querySelector(".tabs a.active")
        ?.scrollIntoView({ block: "nearest", inline: "nearest" });
    });
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
    const overflow = this.tabsOverflow;
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
        ${
          apiToken.get() && !this.tokenPrompt
            ? html`<button
                class="outlined forget-token"
                aria-label=${t("tokenForgetLabel")}
                title=${t("tokenForgetLabel")}
                @click=${() => this.forgetToken()}
              >
                ${icon("logout")}<span class="label">${t("tokenForget")}</span>
              </button>`
            : nothing
        }
      </header>
      ${
        this.tokenPrompt
          ? this.renderTokenPrompt(this.tokenPrompt)
          : html`<div
                class="tabs-frame ${overflow.before ? "more-before" : ""} ${overflow.after ? "more-after" : ""}"
              >
                <nav class="tabs" data-scrolls aria-label=${t("mainNavigation")} @scroll=${this.onTabsScroll}>
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
              </div>
              <main id="main" tabindex="-1" class=${view === "chat" ? "fill" : ""}>
                ${this.ready ? this.renderView(view) : html`<p class="muted loading">${t("loading")}</p>`}
              </main>`
      }
    `;
  }

  private renderTokenPrompt(prompt: { error: string | null; checking: boolean }): TemplateResult {
    return html`<main id="main" tabindex="-1">
      <form class="card token" @submit=${this.submitToken}>
        <h2>${t("tokenTitle")}</h2>
        <p class="muted">${t("tokenHint")}</p>
        <label for="token">${t("tokenLabel")}</label>
        <input
          id="token"
          name="token"
          type="password"
          autocomplete="current-password"
          required
          aria-invalid=${prompt.error ? "true" : "false"}
          aria-describedby=${prompt.error ? "token-error" : nothing}
        />
        ${prompt.error ? html`<p id="token-error" class="alert" role="alert">${prompt.error}</p>` : nothing}
        <div class="row">
          <button class="primary" type="submit" ?disabled=${prompt.checking}>${t("tokenSubmit")}</button>
        </div>
      </form>
    </main>`;
  }

  private focusMain(): void {
    this.renderRoot.querySelector<HTMLElement>("#main")?.focus();
    if (this.route.view !== "chat") return;
    // Before the person is known the chat is not rendered yet: the composer gets the focus once it is.
    if (this.ready) this.focusComposer();
    else this.composerWanted = true;
  }

  private focusComposer(): void {
    this.renderRoot.querySelector("cyrene-chat")?.focusComposer();
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
      .tabs-frame {
        position: relative;
        flex: none;
        border-bottom: 1px solid var(--divider-color);
        background: var(--app-header-background-color);
      }
      /* A fade and an arrow at an end with tabs out of sight: on a phone the bar visibly scrolls. */
      .tabs-frame::before,
      .tabs-frame::after {
        position: absolute;
        top: 0;
        bottom: 0;
        width: 32px;
        display: flex;
        align-items: center;
        pointer-events: none;
        color: var(--secondary-text-color);
        font-size: 18px;
        opacity: 0;
        transition: opacity 0.15s;
      }
      .tabs-frame::before {
        content: "‹";
        left: 0;
        padding-left: 4px;
        background: linear-gradient(to right, var(--app-header-background-color) 40%, transparent);
      }
      .tabs-frame::after {
        content: "›";
        right: 0;
        justify-content: flex-end;
        padding-right: 4px;
        background: linear-gradient(to left, var(--app-header-background-color) 40%, transparent);
      }
      .tabs-frame.more-before::before,
      .tabs-frame.more-after::after {
        opacity: 1;
      }
      .tabs {
        display: flex;
        gap: 4px;
        padding: 0 8px;
        overflow-x: auto;
        scrollbar-width: none;
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
      .token {
        max-width: 440px;
        width: calc(100% - 32px);
        margin: 32px auto;
        display: grid;
        gap: 8px;
      }
      .token p {
        margin: 0;
      }
      .forget-token {
        min-height: 32px;
        padding: 0 12px;
      }
      @media (max-width: 600px) {
        .toolbar {
          gap: 8px;
          padding-right: 8px;
        }
        .tabs a {
          padding: 12px 12px 10px;
        }
        .forget-token .label {
          display: none;
        }
        .forget-token {
          padding: 0;
          width: 36px;
        }
      }
    `,
  ];
}

customElements.define("cyrene-app", CyreneApp);
