import type { Config } from "../../config/schema.js";
import type { HomeAssistant } from "../../ha/index.js";
import type { Reminders } from "../../reminders/index.js";
import type { HomeTime } from "../../time/home-time.js";
import type { Confirmations } from "../confirmations.js";
import type { Tool } from "../contract.js";
import { homeRuleTool } from "./home-rule.js";
import { iotControlTool } from "./iot-control.js";
import { iotQueryTool } from "./iot-query.js";
import { reminderCreateTool } from "./reminder-create.js";
import { reminderDeleteTool } from "./reminder-delete.js";
import { reminderListTool } from "./reminder-list.js";

/** Tools that need Home Assistant: the home tools, reminders (delivered as HA notifications), home rules. */
export const HA_TOOLS = [
  "iot_query",
  "iot_control",
  "reminder_create",
  "reminder_list",
  "reminder_delete",
  "home_rule",
];

/** iot_query and iot_control, the three reminder tools, then home_rule. */
export function homeTools(
  config: Config,
  parts: {
    ha: HomeAssistant;
    time: HomeTime;
    reminders: Pick<Reminders, "service" | "store">;
    confirmations: Confirmations;
  },
): Tool[] {
  const { ha, time, confirmations } = parts;
  const { service: reminders, store } = parts.reminders;
  return [
    iotQueryTool({ ha, time }),
    iotControlTool({ ha, time, confirmations, sensitiveDomains: config.ha.sensitiveDomains }),
    reminderCreateTool({ reminders, time, ha, confirmations, sensitiveDomains: config.ha.sensitiveDomains }),
    reminderListTool({ reminders, store, time }),
    reminderDeleteTool({ reminders, time }),
    homeRuleTool({ ha, confirmations, sensitiveDomains: config.ha.sensitiveDomains }),
  ];
}
