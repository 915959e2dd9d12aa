import { z } from "zod";
import type { EntityDirectory } from "../../ha/directory.js";
import type { HomeAssistant, HomeSnapshot } from "../../ha/index.js";
import { resolve, type Candidate } from "../../ha/resolve.js";
import { ToolError, type Tool } from "../contract.js";
import { defineTool } from "../define-tool.js";
import { stateLine, type FormatContext } from "./iot/format.js";
import { asToolError, withFreshExposure } from "./iot/ha-access.js";
import { summarizeHistory } from "./iot/history.js";
import { areaFilter, notExposed } from "./iot/targets.js";

export interface IotQueryOptions {
  ha: HomeAssistant;
}

const parameters = z.object({
  query: z
    .string()
    .optional()
    .describe(
      "What to look for, in the user's words (Chinese or English): a device name, an area and/or a kind of device — " +
        '"客厅的灯", "bedroom temperature", "Kitchen Lights", "车库门", "all lights" — or an entity id. ' +
        "Omit to list by the filters alone.",
    ),
  domain: z
    .string()
    .optional()
    .describe('Only this domain, e.g. "light", "sensor", "climate", "cover", "lock".'),
  area: z.string().optional().describe('Only this area (name or alias), e.g. "客厅", "Bedroom".'),
  device_class: z
    .string()
    .optional()
    .describe('Only this device class, e.g. "temperature", "humidity", "garage".'),
  entity_ids: z.array(z.string()).optional().describe("Only these entity ids."),
  limit: z.number().int().min(1).max(100).optional().describe("Most results to show (default 20)."),
  history_hours: z
    .number()
    .positive()
    .max(168)
    .optional()
    .describe("Also return the recorded history of the single best match over the last N hours (≤ 168)."),
});

const DESCRIPTION =
  "Read the current state of smart-home devices and sensors in Home Assistant (查询设备状态: 灯、开关、空调、温度、" +
  "窗帘、门锁…): finds entities by name, alias, area, kind of device or entity id, tolerant of small mistakes, " +
  "and answers one line per entity (state, brightness/colour, temperatures, position, battery, area, last change). " +
  "Optionally the history of one entity over the last hours. Use it before controlling a device whose name is " +
  "unclear, and to answer questions like “is the garage door closed?”. Only entities exposed to Assist are visible.";

/** The iot_query tool: reads states from the live entity cache. */
export function iotQueryTool(options: IotQueryOptions): Tool {
  return defineTool({
    name: "iot_query",
    description: DESCRIPTION,
    parameters,
    async execute(args, ctx) {
      const { home, answer, best } = await withFreshExposure(options.ha, (home) => ({
        home,
        ...find(home, args),
      }));
      if (best && args.history_hours !== undefined) {
        answer.history = await history(options.ha, home, best, args.history_hours, ctx.signal);
      }
      return answer;
    },
  });
}

type Args = z.output<typeof parameters>;

/** The answer for the arguments, and the best match (for its history). Throws ToolErrors. */
function find(home: HomeSnapshot, args: Args): { answer: Record<string, unknown>; best?: Candidate } {
  const dir = home.directory;
  const filters = {
    domains: args.domain ? [domainOf(dir, args.domain)] : undefined,
    areaIds: args.area ? areaFilter(dir, args.area) : undefined,
    deviceClasses: args.device_class ? [args.device_class.trim().toLowerCase()] : undefined,
    entityIds: args.entity_ids?.map((id) => id.trim().toLowerCase()),
  };
  const text = args.query?.trim() ?? "";
  if (!text && !Object.values(filters).some(Boolean)) return { answer: overview(dir) };
  const resolution = resolve(dir, text, filters);
  const format: FormatContext = {
    directory: dir,
    now: Date.now(),
    timeZone: home.timeZone,
    temperatureUnit: home.temperatureUnit,
  };
  const line = (c: Candidate) => stateLine(c.entity, home.states[c.entity.entityId], format);

  if (resolution.kind === "none" || resolution.candidates.length === 0) {
    const hidden = resolution.unexposed[0];
    if (hidden) throw notExposed(hidden.entity);
    const closest = resolution.kind === "none" ? resolution.candidates.filter((c) => c.score >= 0.2) : [];
    const more = closest.length ? " Closest matches below." : "";
    return {
      answer: {
        matched: 0,
        note: `Nothing exposed to Assist matches ${describe(text, args)}.${more} 没有找到匹配的设备。`,
        ...(closest.length ? { closest: closest.map(line) } : {}),
      },
    };
  }
  const limit = args.limit ?? 20;
  const shown = resolution.candidates.slice(0, limit);
  const answer: Record<string, unknown> = { matched: resolution.candidates.length, results: shown.map(line) };
  if (resolution.candidates.length > shown.length) {
    answer.more = `${resolution.candidates.length - shown.length} more matched; narrow the query or raise limit (max 100).`;
  }
  return { answer, best: resolution.candidates[0] };
}

async function history(
  ha: HomeAssistant,
  home: HomeSnapshot,
  target: Candidate,
  hours: number,
  signal: AbortSignal,
) {
  const end = new Date();
  const start = new Date(end.getTime() - hours * 3_600_000);
  const unit = home.states[target.entity.entityId]?.attributes.unit_of_measurement;
  try {
    signal.throwIfAborted();
    const points = await ha.history(target.entity.entityId, start, end);
    return summarizeHistory(target.entity.entityId, points, start, end, {
      timeZone: home.timeZone,
      unit: typeof unit === "string" ? unit : undefined,
    });
  } catch (error) {
    throw asToolError(error);
  }
}

/** "light", "Lights", "灯" → a domain the home has; a ToolError listing the domains otherwise. */
function domainOf(dir: EntityDirectory, raw: string): string {
  const wanted = raw.trim().toLowerCase();
  const domains = new Set(dir.entities.filter((e) => e.exposed).map((e) => e.domain));
  for (const candidate of [wanted, wanted.replace(/s$/, ""), wanted.replace(/es$/, "")]) {
    if (domains.has(candidate)) return candidate;
  }
  const kind = resolve(dir, wanted).reading.kinds[0];
  const viaKind = kind?.matches.find((m) => domains.has(m.domain))?.domain;
  if (viaKind) return viaKind;
  throw new ToolError(`No exposed entities in domain "${raw}". Domains: ${[...domains].sort().join(", ")}.`);
}

/** With no query and no filter: how many exposed entities of each domain, and the areas. */
function overview(dir: EntityDirectory) {
  const counts = new Map<string, number>();
  for (const e of dir.entities) if (e.exposed) counts.set(e.domain, (counts.get(e.domain) ?? 0) + 1);
  return {
    note: "Pass a query or a filter (domain, area, device_class) to see states.",
    domains: Object.fromEntries([...counts].sort((a, b) => b[1] - a[1])),
    areas: [...dir.areas.values()].map((a) =>
      a.aliases.length ? `${a.name} (${a.aliases.join(", ")})` : a.name,
    ),
  };
}

function describe(text: string, args: { domain?: string; area?: string; device_class?: string }): string {
  const parts = [
    text && `"${text}"`,
    args.domain && `domain ${args.domain}`,
    args.area && `area ${args.area}`,
    args.device_class && `class ${args.device_class}`,
  ];
  return parts.filter(Boolean).join(", ");
}
