import { css, html, LitElement, nothing, type TemplateResult } from "lit";
import { live } from "lit/directives/live.js";
import { request } from "../api.js";
import { dateTime, list } from "../format.js";
import { t, tn } from "../i18n.js";
import { icon } from "../icons.js";
import { Loader } from "../loader.js";
import { shared } from "../styles.js";

/** A document in the knowledge base, as `GET api/knowledge` lists it (src/server/routes/knowledge.ts). */
interface KnowledgeDocument {
  id: string;
  title?: string | null;
  source?: string | null;
  origin?: string | null;
  tags?: string[];
  content_type?: string | null;
  chars?: number;
  passages?: number;
  created_at?: string;
  updated_at?: string;
}

/** A passage `GET api/knowledge/search` found. */
interface Passage {
  document_id?: string;
  title?: string | null;
  source?: string | null;
  section?: string | null;
  text?: string;
  score?: number;
}

/** What `POST api/knowledge` answers: added, replaced, or already there (skipped), with notes. */
interface IngestAnswer {
  status?: string;
  notes?: string[];
  document?: KnowledgeDocument;
}

type Kind = "text" | "url" | "file";

/** Adds a file: as the request body itself (no size lost to base64), or as base64 in JSON for JSON files. */
async function upload(file: File, meta: { title?: string; tags?: string[] }): Promise<IngestAnswer> {
  const type = file.type || "application/octet-stream";
  if (type.includes("json")) {
    return request<IngestAnswer>("api/knowledge", {
      method: "POST",
      json: { ...meta, filename: file.name, content_type: type, content_base64: await base64Of(file) },
    });
  }
  const query = new URLSearchParams({ filename: file.name });
  if (meta.title) query.set("title", meta.title);
  if (meta.tags?.length) query.set("tags", meta.tags.join(","));
  return request<IngestAnswer>(`api/knowledge?${query}`, {
    method: "POST",
    headers: { "Content-Type": type },
    body: file,
  });
}

async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  }
  return btoa(binary);
}

/** The knowledge base: add text, a web page or a file; list and delete what is there; search it. */
export class KnowledgeView extends LitElement {
  private readonly documents = new Loader(
    this,
    async () => (await request<{ documents: KnowledgeDocument[] }>("api/knowledge")).documents,
  );
  private kind: Kind = "text";
  private saving = false;
  private formError: string | null = null;
  private formNotice: string | null = null;
  private results: Passage[] | null = null;
  private searching = false;
  private searchError: string | null = null;

  private async add(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const data = new FormData(form);
    const field = (name: string) => String(data.get(name) ?? "").trim();
    const meta: { title?: string; tags?: string[] } = {};
    if (field("title")) meta.title = field("title");
    if (field("tags")) meta.tags = list(field("tags"));
    this.saving = true;
    this.formError = null;
    this.formNotice = null;
    this.requestUpdate();
    try {
      let answer: IngestAnswer;
      if (this.kind === "file") {
        const file = data.get("file");
        if (!(file instanceof File) || !file.name) throw new Error(t("knowledgeFile"));
        answer = await upload(file, meta);
      } else {
        const body = this.kind === "text" ? { text: field("text") } : { url: field("url") };
        answer = await request<IngestAnswer>("api/knowledge", { method: "POST", json: { ...meta, ...body } });
      }
      form.reset();
      const said =
        answer.status === "unchanged" || answer.status === "duplicate" ? [] : [t("knowledgeAdded")];
      this.formNotice = [...said, ...(answer.notes ?? [])].join(" ") || t("knowledgeAdded");
      await this.documents.reload();
    } catch (error) {
      this.formError = (error as Error).message;
    } finally {
      this.saving = false;
      this.requestUpdate();
    }
  }

  private async deleteDocument(document: KnowledgeDocument): Promise<void> {
    try {
      await request(`api/knowledge/${encodeURIComponent(document.id)}`, { method: "DELETE" });
      await this.documents.reload();
    } catch (error) {
      this.documents.error = (error as Error).message;
      this.requestUpdate();
    }
  }

  private async search(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const q = String(new FormData(event.target as HTMLFormElement).get("q") ?? "").trim();
    if (!q) return;
    this.searching = true;
    this.searchError = null;
    this.requestUpdate();
    try {
      const query = new URLSearchParams({ q });
      this.results = (await request<{ results: Passage[] }>(`api/knowledge/search?${query}`)).results;
    } catch (error) {
      this.searchError = (error as Error).message;
    } finally {
      this.searching = false;
      this.requestUpdate();
    }
  }

  private setKind(kind: Kind): void {
    this.kind = kind;
    this.formError = null;
    this.requestUpdate();
  }

  override render(): TemplateResult {
    return html`<div class="page">
      <div class="row">
        <h1>${t("knowledgeTitle")}</h1>
        <span class="spacer"></span>
        <button class="outlined" @click=${() => this.documents.reload()}>
          ${icon("refresh")}${t("refresh")}
        </button>
      </div>
      <section class="card" aria-labelledby="add-knowledge">
        <h2 id="add-knowledge">${t("addKnowledge")}</h2>
        <form class="form" @submit=${this.add}>
          <fieldset class="kinds">
            <legend class="visually-hidden">${t("addKind")}</legend>
            ${(["text", "url", "file"] as const).map(
              (kind) =>
                html`<label class="kind ${this.kind === kind ? "selected" : ""}">
                  <input
                    type="radio"
                    name="kind"
                    value=${kind}
                    .checked=${live(this.kind === kind)}
                    @change=${() => this.setKind(kind)}
                  />
                  ${t(kind === "text" ? "kindText" : kind === "url" ? "kindUrl" : "kindFile")}
                </label>`,
            )}
          </fieldset>
          ${
            this.kind === "text"
              ? html`<label>${t("knowledgeText")}<textarea name="text" rows="5" required></textarea></label>`
              : this.kind === "url"
                ? html`<label
                    >${t("knowledgeUrl")}<input name="url" type="url" required placeholder="https://" />
                  </label>`
                : html`<label
                    >${t("knowledgeFile")}
                    <input
                      name="file"
                      type="file"
                      required
                      accept=".md,.markdown,.txt,.html,.htm,.pdf,text/*,application/pdf"
                    />
                  </label>`
          }
          <div class="grid">
            <label>${t("knowledgeTitleField")}<input name="title" /></label>
            <label>${t("knowledgeTags")}<input name="tags" /></label>
          </div>
          ${this.formError ? html`<p class="alert" role="alert">${this.formError}</p>` : nothing}
          ${this.formNotice ? html`<p class="alert ok" role="status">${this.formNotice}</p>` : nothing}
          <div class="row">
            <button class="primary" type="submit" ?disabled=${this.saving}>
              ${icon("plus")}${t("addButton")}
            </button>
          </div>
        </form>
      </section>
      <section class="card" aria-labelledby="search-knowledge">
        <h2 id="search-knowledge">${t("searchKnowledge")}</h2>
        <form class="row search" role="search" @submit=${this.search}>
          <label class="grow">
            <span class="visually-hidden">${t("searchKnowledge")}</span>
            <input name="q" type="search" placeholder=${t("searchKnowledge")} />
          </label>
          <button class="primary" type="submit" ?disabled=${this.searching}>${t("search")}</button>
        </form>
        ${this.searchError ? html`<p class="alert" role="alert">${this.searchError}</p>` : nothing}
        ${
          this.results
            ? this.results.length === 0
              ? html`<p class="muted">${t("noResults")}</p>`
              : html`<h3 class="results-title">${t("results")}</h3>
                  <ol class="plain results">
                    ${this.results.map(
                      (passage) =>
                        html`<li>
                          <div class="row">
                            <strong>${passage.title || passage.source || passage.document_id}</strong>
                            ${
                              passage.score !== undefined
                                ? html`<span class="muted"
                                    >${t("score", { score: passage.score.toFixed(3) })}</span
                                  >`
                                : nothing
                            }
                          </div>
                          ${
                            passage.source && passage.source !== passage.title
                              ? html`<div class="muted source">${passage.source}</div>`
                              : nothing
                          }
                          ${passage.section ? html`<div class="muted source">${passage.section}</div>` : nothing}
                          <p class="passage">${passage.text}</p>
                        </li>`,
                    )}
                  </ol>`
            : nothing
        }
      </section>
      <section class="card" aria-labelledby="knowledge-documents">
        <h2 id="knowledge-documents">${t("documents")}</h2>
        ${this.documents.error ? html`<p class="alert" role="alert">${this.documents.error}</p>` : nothing}
        ${
          this.documents.value === null && !this.documents.error
            ? html`<p class="muted">${t("loading")}</p>`
            : !this.documents.value?.length
              ? html`<p class="muted">${t("noKnowledge")}</p>`
              : html`<ul class="plain documents">
                  ${this.documents.value.map((doc) => this.renderDocument(doc))}
                </ul>`
        }
      </section>
    </div>`;
  }

  private renderDocument(doc: KnowledgeDocument): TemplateResult {
    const title = doc.title || doc.source || doc.id;
    return html`<li class="document">
      <div class="document-main">
        <div class="document-title">${title}</div>
        <div class="row muted">
          ${doc.source && doc.source !== title ? html`<span class="source">${doc.source}</span>` : nothing}
          ${doc.passages !== undefined ? html`<span>${tn("chunks", doc.passages)}</span>` : nothing}
          ${doc.created_at ? html`<span>${dateTime(doc.created_at)}</span>` : nothing}
          ${(doc.tags ?? []).map((tag) => html`<span class="chip">${tag}</span>`)}
        </div>
      </div>
      <button
        class="icon-button danger"
        aria-label=${t("deleteDocument", { title })}
        @click=${() => this.deleteDocument(doc)}
      >
        ${icon("delete")}
      </button>
    </li>`;
  }

  static override styles = [
    shared,
    css`
      fieldset.kinds {
        border: 0;
        padding: 0;
        margin: 0;
        display: inline-flex;
        gap: 0;
        border: 1px solid var(--divider-color);
        border-radius: 18px;
        overflow: hidden;
        width: fit-content;
      }
      .kind {
        display: inline-flex;
        flex-direction: row;
        align-items: center;
        gap: 6px;
        padding: 6px 14px;
        cursor: pointer;
        font-size: 14px;
        color: var(--primary-text-color);
      }
      .kind input {
        width: auto;
        min-height: 0;
        margin: 0;
        accent-color: var(--cy-strong);
      }
      .kind.selected {
        background: color-mix(in srgb, var(--primary-color) 16%, transparent);
      }
      .kind:has(:focus-visible) {
        outline: 2px solid var(--cy-focus);
        outline-offset: -2px;
      }
      .grid {
        display: grid;
        grid-template-columns: repeat(2, minmax(0, 1fr));
        align-items: end;
        gap: 12px;
      }
      .search {
        flex-wrap: nowrap;
      }
      .grow {
        flex: 1;
      }
      .results-title {
        margin: 12px 0 8px;
      }
      .results li,
      .document {
        border-top: 1px solid var(--divider-color);
        padding: 8px 0;
      }
      .results li:first-child,
      .document:first-child {
        border-top: 0;
      }
      .passage {
        margin: 4px 0 0;
        white-space: pre-wrap;
      }
      .source {
        font-size: 13px;
      }
      .document {
        display: flex;
        gap: 8px;
        align-items: center;
      }
      .document-main {
        flex: 1;
        min-width: 0;
      }
      .document-title {
        font-size: 15px;
      }
      button.icon-button.danger {
        color: var(--error-color);
      }
      @media (max-width: 700px) {
        .grid {
          grid-template-columns: minmax(0, 1fr);
        }
      }
    `,
  ];
}

customElements.define("cyrene-knowledge", KnowledgeView);
