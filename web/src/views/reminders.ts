import { css, html, LitElement, nothing, type TemplateResult } from "lit";
import { request } from "../api.js";
import { dateTime, list } from "../format.js";
import { t, tOr, type StringKey } from "../i18n.js";
import { icon } from "../icons.js";
import { Loader } from "../loader.js";
import { shared } from "../styles.js";

interface Reminder {
  id: string;
  message: string;
  status: "active" | "done" | "cancelled";
  schedule:
    | { kind: "time"; zone: string; start: string; rrule?: string }
    | { kind: "trigger"; description: string; everyTime: boolean };
  targets: { notify: string[]; speak: string[] };
  next_at: string | null;
  snoozed_until: string | null;
  fired: number;
  created_at: string;
  created_by: string;
  /** A scheduled action: what it does at its time instead of only telling. */
  action: { description: string; confirmed: boolean } | null;
  last: {
    due_at: string;
    fired_at: string;
    action: { status: string; outcome: string | null } | null;
    deliveries: { target: string; status: string; attempts: number; error: string | null }[];
  } | null;
}

const REPEATS: [string, StringKey][] = [
  ["", "repeatNone"],
  ["daily", "repeatDaily"],
  ["weekdays", "repeatWeekdays"],
  ["weekends", "repeatWeekends"],
  ["weekly", "repeatWeekly"],
  ["monthly", "repeatMonthly"],
  ["yearly", "repeatYearly"],
];

const RULES: Record<string, StringKey> = {
  "FREQ=DAILY": "repeatDaily",
  "FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR": "repeatWeekdays",
  "FREQ=WEEKLY;BYDAY=SA,SU": "repeatWeekends",
  "FREQ=WEEKLY": "repeatWeekly",
  "FREQ=MONTHLY": "repeatMonthly",
  "FREQ=YEARLY": "repeatYearly",
};

/** Reminders: the list with each one's next time and last delivery, a form for a new one, delete. */
export class RemindersView extends LitElement {
  private readonly reminders = new Loader(
    this,
    async () => (await request<{ reminders: Reminder[] }>("api/reminders")).reminders,
  );
  private formError: string | null = null;
  private formNotice: string | null = null;
  private saving = false;

  private async create(event: SubmitEvent): Promise<void> {
    event.preventDefault();
    const form = event.target as HTMLFormElement;
    const data = new FormData(form);
    const field = (name: string) => String(data.get(name) ?? "").trim();
    const body: Record<string, unknown> = { message: field("message") };
    if (field("at")) body.at = field("at");
    if (field("repeat")) body.repeat = field("repeat");
    if (field("notify")) body.notify = list(field("notify"));
    if (field("speak")) body.speak = list(field("speak"));
    this.saving = true;
    this.formError = null;
    this.formNotice = null;
    this.requestUpdate();
    try {
      const created = await request<Reminder & { notes?: string[] }>("api/reminders", {
        method: "POST",
        json: body,
      });
      form.reset();
      this.formNotice = [t("reminderCreated"), ...(created.notes ?? [])].join(" ");
      await this.reminders.reload();
    } catch (error) {
      this.formError = (error as Error).message;
    } finally {
      this.saving = false;
      this.requestUpdate();
    }
  }

  private async cancel(reminder: Reminder, only: "series" | "next"): Promise<void> {
    try {
      await request(`api/reminders/${encodeURIComponent(reminder.id)}?only=${only}`, { method: "DELETE" });
      await this.reminders.reload();
    } catch (error) {
      this.reminders.error = (error as Error).message;
      this.requestUpdate();
    }
  }

  override render(): TemplateResult {
    const active = this.reminders.value?.filter((r) => r.status === "active") ?? [];
    const finished = this.reminders.value?.filter((r) => r.status !== "active") ?? [];
    return html`<div class="page">
      <div class="row">
        <h1>${t("remindersTitle")}</h1>
        <span class="spacer"></span>
        <button class="outlined" @click=${() => this.reminders.reload()}>
          ${icon("refresh")}${t("refresh")}
        </button>
      </div>
      <section class="card" aria-labelledby="new-reminder">
        <h2 id="new-reminder">${t("newReminder")}</h2>
        <form class="form" @submit=${this.create}>
          <div class="grid">
            <label
              >${t("reminderMessage")}
              <input name="message" required maxlength="500" placeholder=${t("reminderMessagePlaceholder")} />
            </label>
            <label
              >${t("reminderAt")}
              <input name="at" placeholder=${t("reminderAtPlaceholder")} />
            </label>
            <label
              >${t("reminderRepeat")}
              <select name="repeat">
                ${REPEATS.map(([value, key]) => html`<option value=${value}>${t(key)}</option>`)}
              </select>
            </label>
          </div>
          <details>
            <summary>${t("reminderTargets")}</summary>
            <div class="grid targets">
              <label
                >${t("reminderNotify")}
                <input name="notify" placeholder="notify.mobile_app_phone" />
              </label>
              <label
                >${t("reminderSpeak")}
                <input name="speak" placeholder="media_player.kitchen" />
              </label>
            </div>
          </details>
          ${this.formError ? html`<p class="alert" role="alert">${this.formError}</p>` : nothing}
          ${this.formNotice ? html`<p class="alert ok" role="status">${this.formNotice}</p>` : nothing}
          <div class="row">
            <button class="primary" type="submit" ?disabled=${this.saving}>
              ${icon("plus")}${t("createReminder")}
            </button>
          </div>
        </form>
      </section>
      ${this.reminders.error ? html`<p class="alert" role="alert">${this.reminders.error}</p>` : nothing}
      <section class="card" aria-labelledby="active-reminders">
        <h2 id="active-reminders">${t("activeReminders")}</h2>
        ${
          this.reminders.value === null && !this.reminders.error
            ? html`<p class="muted">${t("loading")}</p>`
            : active.length === 0
              ? html`<p class="muted">${t("noReminders")}</p>`
              : html`<ul class="plain reminders">
                  ${active.map((r) => this.renderReminder(r))}
                </ul>`
        }
      </section>
      ${
        finished.length
          ? html`<details class="card finished">
              <summary>${t("finishedReminders", { count: finished.length })}</summary>
              <ul class="plain reminders">
                ${finished.map((r) => this.renderReminder(r))}
              </ul>
            </details>`
          : nothing
      }
    </div>`;
  }

  private renderReminder(reminder: Reminder): TemplateResult {
    const schedule = reminder.schedule;
    const rule = schedule.kind === "time" && schedule.rrule ? ruleText(schedule.rrule) : null;
    const statusKey: Record<Reminder["status"], StringKey> = {
      active: "statusActive",
      done: "statusDone",
      cancelled: "statusCancelled",
    };
    return html`<li class="reminder" data-id=${reminder.id}>
      <div class="reminder-main">
        <div class="reminder-message">${reminder.message}</div>
        ${
          reminder.action
            ? html`<div class="row action">
                <span class="chip info">${t("scheduledAction")}</span
                ><span>${reminder.action.description}</span>
              </div>`
            : nothing
        }
        <div class="muted row">
          ${reminder.next_at ? html`<span>${t("nextAt", { time: dateTime(reminder.next_at) })}</span>` : nothing}
          ${schedule.kind === "trigger" ? html`<span>${schedule.description}</span>` : nothing}
          ${rule ? html`<span>${t("repeats", { rule })}</span>` : nothing}
          ${reminder.created_by ? html`<span>${t("createdBy", { name: reminder.created_by })}</span>` : nothing}
        </div>
        <div class="row">
          <span class="chip ${reminder.status === "active" ? "info" : ""}"
            >${t(statusKey[reminder.status])}</span
          >
          ${[...reminder.targets.notify, ...reminder.targets.speak].map(
            (target) => html`<span class="chip target">${target}</span>`,
          )}
        </div>
        <div class="delivery muted">
          ${
            reminder.last?.action
              ? html`<span class="chip ${reminder.last.action.status === "done" ? "ok" : "bad"}"
                    >${tOr(`action_${reminder.last.action.status}`, reminder.last.action.status)}</span
                  >
                  ${reminder.last.action.outcome ?? ""}`
              : nothing
          }
          ${
            reminder.last
              ? html`${t("lastDelivery", { time: dateTime(reminder.last.fired_at) })}
                ${reminder.last.deliveries.map(
                  (d) =>
                    html`<span
                      class="chip ${d.status === "sent" ? "ok" : d.status === "failed" ? "bad" : ""}"
                      title=${d.error ?? ""}
                      >${d.target}: ${tOr(`delivery_${d.status}`, d.status)}</span
                    >`,
                )}`
              : t("notDeliveredYet")
          }
        </div>
      </div>
      ${
        reminder.status === "active"
          ? html`<div class="actions">
              ${
                rule
                  ? html`<button
                      class="outlined"
                      aria-label=${t("skipNextReminder", { message: reminder.message })}
                      @click=${() => this.cancel(reminder, "next")}
                    >
                      ${t("skipNext")}
                    </button>`
                  : nothing
              }
              <button
                class="icon-button danger"
                aria-label=${t("deleteReminder", { message: reminder.message })}
                @click=${() => this.cancel(reminder, "series")}
              >
                ${icon("delete")}
              </button>
            </div>`
          : nothing
      }
    </li>`;
  }

  static override styles = [
    shared,
    css`
      .grid {
        display: grid;
        grid-template-columns: minmax(0, 2fr) minmax(0, 2fr) minmax(0, 1fr);
        gap: 12px;
        align-items: end;
      }
      .grid.targets {
        grid-template-columns: repeat(2, minmax(0, 1fr));
        margin-top: 8px;
      }
      summary {
        cursor: pointer;
        color: var(--secondary-text-color);
      }
      .finished summary {
        font-size: 16px;
        color: var(--primary-text-color);
      }
      .finished .reminders {
        margin-top: 12px;
      }
      .reminder {
        display: flex;
        flex-wrap: wrap;
        justify-content: flex-end;
        gap: 12px;
        align-items: flex-start;
        padding: 12px 0;
        border-top: 1px solid var(--divider-color);
      }
      .reminder:first-child {
        border-top: 0;
        padding-top: 0;
      }
      .reminder-main {
        flex: 1 1 16em;
        display: grid;
        gap: 4px;
        min-width: 0;
      }
      .reminder-message {
        font-size: 16px;
      }
      .chip.target,
      .delivery .chip {
        white-space: normal;
      }
      .delivery {
        display: flex;
        gap: 6px;
        flex-wrap: wrap;
        align-items: center;
        font-size: 13px;
      }
      .actions {
        display: flex;
        gap: 4px;
        align-items: center;
      }
      button.icon-button.danger {
        color: var(--error-color);
      }
      @media (max-width: 700px) {
        .grid,
        .grid.targets {
          grid-template-columns: minmax(0, 1fr);
        }
      }
    `,
  ];
}

function ruleText(rrule: string): string {
  const key = RULES[rrule.toUpperCase()];
  return key ? t(key) : rrule;
}

customElements.define("cyrene-reminders", RemindersView);
