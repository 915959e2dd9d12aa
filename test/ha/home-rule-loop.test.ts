import { afterAll, beforeAll, beforeEach, expect, it } from "vitest";
import { AutonomousToolPolicy, allowAllTools, type ToolPolicy } from "../../src/tools/policy.js";
import type { RecordedRequest } from "../fixtures/scripted-llm/server.js";
import { describeHa } from "../fixtures/ha/use-ha.js";
import { startHarness, type Harness } from "../support/harness.js";
import { whenReady } from "./support/real-ha.js";

/** The scripted model writes a rule through the real turn: the question, the person's yes, the automation in HA. */
describeHa("home rules through the tool loop and a real Home Assistant", (info) => {
  let h: Harness;
  const written: string[] = [];

  beforeAll(async () => {
    h = await startHarness({ env: { CYRENE_HA_URL: info.url, CYRENE_HA_TOKEN: info.token } });
    await whenReady(h.cyrene.ha);
  });
  afterAll(async () => {
    for (const id of written) await h.cyrene.ha.automations!.remove(id).catch(() => undefined);
    await h?.close();
  });
  beforeEach(() => h.llm.reset());

  const turn = (message: string, conversationId?: string, policy: ToolPolicy = allowAllTools) =>
    h.cyrene.assistant.turn({ message, conversationId, source: "test", policy }, () => {});
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  const toolResults = (request: RecordedRequest): any[] =>
    request.body.messages.filter((m) => m.role === "tool").map((m) => JSON.parse(m.content as string));
  const rule = {
    action: "create",
    user_words: "每个工作日早上七点打开卧室台灯",
    triggers: [{ trigger: "time", at: "07:00" }],
    actions: [
      { condition: "time", weekday: ["mon", "tue", "wed", "thu", "fri"] },
      { action: "light.turn_on", target: { entity_id: "light.bedroom_lamp" } },
    ],
  };

  it("每个工作日早上七点打开卧室台灯: asks in plain Chinese, writes the automation after 好的", async () => {
    h.llm.script({ toolCalls: [{ name: "home_rule", arguments: rule }] }, (request) => ({
      text: toolResults(request).at(-1).data.would,
    }));
    const first = await turn("每个工作日早上七点打开卧室台灯");
    expect(first.text).toBe("每个工作日 07:00：打开卧室台灯。要创建这条规则吗？");

    let confirmation = "";
    h.llm.script(
      (request) => {
        const asked = toolResults(request).find((r) => r.data?.status === "confirmation_required");
        confirmation = asked.data.confirmation_id;
        return { toolCalls: [{ name: "home_rule", arguments: { confirmation_id: confirmation } }] };
      },
      (request) => {
        const done = toolResults(request).at(-1);
        if (done.success) written.push(done.data.rule);
        return { text: done.success ? `已创建（${done.data.entity_id}）` : `失败：${done.error}` };
      },
    );
    const second = await turn("好的", first.conversationId);
    expect(second.text).toMatch(/^已创建（automation\.[a-z0-9_]+）$/);
    const config = await h.cyrene.ha.automations!.get(written[0]!);
    expect(config?.description).toBe("Made by Cyrene from the words: «每个工作日早上七点打开卧室台灯»");
  });

  it("a background thought is never offered home_rule, even on its whitelist, and its call writes nothing", async () => {
    const ours = async () =>
      Object.values((await h.cyrene.ha.snapshot()).states).filter((s) =>
        String(s.attributes.id ?? "").startsWith("cyrene_rule_"),
      ).length;
    const before = await ours();
    h.llm.script({ toolCalls: [{ name: "home_rule", arguments: rule }] }, { text: "noted" });
    await turn("Think about the mornings", undefined, new AutonomousToolPolicy(["home_rule", "iot_query"]));
    const offered = h.llm.requests[0]!.body.tools!.map((t) => t.function.name);
    expect(offered).toEqual(["iot_query"]);
    const answered = h.llm.requests[1] ? toolResults(h.llm.requests[1]) : [];
    for (const result of answered) expect(result.success).toBe(false);
    expect(await ours()).toBe(before);
  });
});
