import type { HaInfo } from "../../fixtures/ha/use-ha.js";
import { rest, untilLoaded, type FlowResult } from "./config-flow.js";

/**
 * HA's config flow for its OpenAI-compatible agent (`llama_cpp`, HA 2026.8+), as the UI runs it: the base
 * URL and the key, then the model. HA checks the model with two completions (plain and streamed, with a
 * test tool and max_tokens 3) before it makes the entry and a first conversation subentry (with the Assist
 * API selected). Cyrene answers them as turns: the scripted LLM needs a fallback while this runs.
 */
export async function createLlamaCppEntry(info: HaInfo, baseUrl: string, apiKey?: string): Promise<string> {
  const flows = "/api/config/config_entries/flow";
  const form = await rest<FlowResult>(info, "POST", flows, { handler: "llama_cpp" });
  expectFlow(form, "form", "user");
  const model = await rest<FlowResult>(info, "POST", `${flows}/${form.flow_id}`, {
    base_url: baseUrl,
    ...(apiKey ? { api_key: apiKey } : {}),
  });
  expectFlow(model, "form", "model");
  const done = await rest<FlowResult>(info, "POST", `${flows}/${form.flow_id}`, { chat_model: "cyrene" });
  expectFlow(done, "create_entry");
  const entryId = done.result!.entry_id;
  await untilLoaded(info, "llama_cpp", entryId);
  return entryId;
}

/** A conversation subentry with these instructions and no LLM API (as DOCS advises). */
export async function addLlamaCppAgent(info: HaInfo, entryId: string, prompt: string): Promise<void> {
  const path = "/api/config/config_entries/subentries/flow";
  const form = await rest<FlowResult>(info, "POST", path, { handler: [entryId, "conversation"] });
  expectFlow(form, "form", "init");
  const done = await rest<FlowResult>(info, "POST", `${path}/${form.flow_id}`, {
    recommended: true,
    chat_model: "cyrene",
    prompt,
  });
  expectFlow(done, "create_entry");
  await untilLoaded(info, "llama_cpp", entryId);
}

function expectFlow(step: FlowResult, type: string, stepId?: string): void {
  if (step.type !== type || (stepId !== undefined && step.step_id !== stepId)) {
    throw new Error(`HA flow: expected ${type}${stepId ? ` ${stepId}` : ""}, got ${JSON.stringify(step)}`);
  }
}
