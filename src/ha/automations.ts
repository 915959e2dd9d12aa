import { HaCommandError, HaNotConfiguredError, HaUnavailableError } from "./errors.js";
import type { Command } from "./fetch.js";
import type { HaConnectionSettings } from "./settings.js";

/** An automation as HA's automation editor reads and writes it (automations.yaml, one list entry). */
export interface AutomationConfig {
  id?: string;
  alias?: string;
  description?: string;
  triggers?: unknown[];
  conditions?: unknown[];
  actions?: unknown[];
  mode?: string;
  [key: string]: unknown;
}

/** The pieces HA's `validate_config` command checks, each on its own. */
export interface AutomationParts {
  triggers: unknown[];
  conditions?: unknown[];
  actions: unknown[];
}

/** HA refused a config: its message, for the LLM to fix the rule by. */
export class AutomationRefusedError extends Error {
  override name = "AutomationRefusedError";
}

/**
 * HA's UI automations, through the API HA's own automation editor uses: `validate_config` on the
 * websocket for the pieces, and REST `/api/config/automation/config/<id>` (HA validates the whole config
 * before it writes automations.yaml, then reloads that one automation). In the add-on the REST calls go
 * through the Supervisor's Core API proxy with the add-on's token, as the websocket does.
 */
export class HomeAutomations {
  constructor(
    private readonly settings: HaConnectionSettings | undefined,
    private readonly command: Command,
    private readonly timeoutMs = 15_000,
  ) {}

  /** HA's own check of the pieces: the first error it names, or undefined when all are valid. */
  async validate(parts: AutomationParts): Promise<string | undefined> {
    const payload: Record<string, unknown> = { triggers: parts.triggers, actions: parts.actions };
    if (parts.conditions?.length) payload.conditions = parts.conditions;
    const answer = await this.command<Record<string, { valid: boolean; error: string | null }>>(
      "validate_config",
      payload,
    );
    for (const [part, verdict] of Object.entries(answer)) {
      if (!verdict.valid) return `${part}: ${verdict.error ?? "invalid"}`;
    }
    return undefined;
  }

  /** The stored config of automation `id`, or undefined when HA has none by that id (a YAML-only one). */
  async get(id: string): Promise<AutomationConfig | undefined> {
    const res = await this.request("GET", id);
    if (res.status === 404) return undefined;
    await this.ensureOk(res);
    return (await res.json()) as AutomationConfig;
  }

  /** Creates or replaces automation `id`; HA validates it first and writes nothing it refuses. */
  async save(id: string, config: AutomationConfig): Promise<void> {
    await this.ensureOk(await this.request("POST", id, config));
  }

  /** Deletes automation `id` (its entity goes too); false when HA had none by that id. */
  async remove(id: string): Promise<boolean> {
    const res = await this.request("DELETE", id);
    if (res.status === 400 && /not found/i.test(await res.clone().text())) return false;
    await this.ensureOk(res);
    return true;
  }

  /**
   * Puts the label `name` (made when missing) on an automation's entity, beside its other labels, so HA's
   * automation list can be filtered by it. Best effort: an older HA or a user who may not edit the
   * registries keeps the rule without it; the id prefix is what marks a rule as Cyrene's.
   */
  async label(entityId: string, name: string): Promise<boolean> {
    try {
      const labels = await this.command<{ label_id: string; name: string }[]>("config/label_registry/list");
      const found = labels.find((l) => l.name === name);
      const labelId =
        found?.label_id ??
        (
          await this.command<{ label_id: string }>("config/label_registry/create", {
            name,
            icon: "mdi:robot",
          })
        ).label_id;
      const entry = await this.command<{ labels?: string[] }>("config/entity_registry/get", {
        entity_id: entityId,
      });
      const current = entry.labels ?? [];
      if (current.includes(labelId)) return true;
      await this.command("config/entity_registry/update", {
        entity_id: entityId,
        labels: [...current, labelId],
      });
      return true;
    } catch {
      return false;
    }
  }

  private async request(method: string, id: string, body?: unknown): Promise<Response> {
    if (!this.settings) throw new HaNotConfiguredError();
    const url = `${this.settings.apiUrl}/api/config/automation/config/${encodeURIComponent(id)}`;
    try {
      return await fetch(url, {
        method,
        headers: { authorization: `Bearer ${this.settings.token}`, "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(this.timeoutMs),
      });
    } catch (error) {
      throw new HaUnavailableError(`the automation editor's API did not answer: ${(error as Error).message}`);
    }
  }

  private async ensureOk(res: Response): Promise<void> {
    if (res.ok) return;
    const text = await res.text();
    let message = text;
    try {
      message = (JSON.parse(text) as { message?: string }).message ?? text;
    } catch {
      // not JSON: the text itself
    }
    if (res.status === 400) throw new AutomationRefusedError(message.replace(/^Message malformed: /, ""));
    if (res.status === 401 || res.status === 403) {
      throw new HaCommandError(
        "unauthorized",
        "Home Assistant does not let Cyrene's user edit automations (an administrator's token is needed).",
      );
    }
    throw new HaUnavailableError(
      `the automation editor's API answered ${res.status}: ${message.slice(0, 200)}`,
    );
  }
}
