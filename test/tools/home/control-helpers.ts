import { createHomeTime } from "../../../src/time/home-time.js";
import { Confirmations } from "../../../src/tools/confirmations.js";
import type { ToolResult } from "../../../src/tools/contract.js";
import { iotControlTool, type IotControlOptions } from "../../../src/tools/home/iot-control.js";
import { FakeHomeAssistant } from "../../ha/support/fake-ha.js";
import { sampleHome } from "../../ha/support/sample-home.js";
import { toolContext } from "../../support/tool-context.js";

export type Data = Record<string, unknown> & { results: string[]; done: string };

/** iot_control on a fake HA over the sample home; `call` runs it in a given turn and conversation. */
export function setupControl(options: Partial<IotControlOptions> = {}, home = sampleHome()) {
  const ha = new FakeHomeAssistant(home);
  const time = createHomeTime({ ha });
  const tool = iotControlTool({
    ha,
    time,
    confirmations: new Confirmations(time),
    sensitiveDomains: [],
    settleMs: 300,
    ...options,
  });
  // Turns are named "turn-N": N is the turn's number in its conversation.
  const call = (args: Record<string, unknown>, turnId = "turn-1", conversationId = "conv-1") =>
    tool.execute(args, toolContext({ turnId, turnNumber: Number(turnId.split("-")[1]), conversationId }));
  return { ha, call };
}

export function data(result: ToolResult): Data {
  if (!result.success) throw new Error(`expected success, got: ${result.error}`);
  return result.data as Data;
}

export function error(result: ToolResult): string {
  if (result.success) throw new Error(`expected an error, got ${JSON.stringify(result.data)}`);
  return result.error;
}
