import { z } from "zod";
import {
  resolve,
  type Candidate,
  type EntityDirectory,
  type EntityInfo,
  type HomeAssistant,
  type HomeSnapshot,
} from "../../ha/index.js";
import type { HomeTime } from "../../time/home-time.js";
import type { Tool } from "../contract.js";
import { defineTool } from "../define-tool.js";
import { stateLine, type FormatContext } from "./iot/format.js";
import { asToolError, withFreshExposure } from "./iot/ha-access.js";
import { summarizeHistory } from "./iot/history.js";
import { carriesOutsideText } from "../provenance/free-text.js";
import { readQuery } from "./iot/query-text.js";
import { inSpeakerArea, speakerAreaId } from "./iot/speaker-area.js";
import { notExposed } from "./iot/target-errors.js";
import { saysAll } from "./iot/targets.js";

export interface IotQueryOptions {
  ha: HomeAssistant;
  /** Now, and the home's zone for the times shown (the configured one before HA's). */
  time: Pick<HomeTime, "now" | "zone">;
}

const LIMIT_ERROR = "limit is a whole number from 1 to 100 (default 20). limit 取 1–100 的整数。";
const HOURS_ERROR =
  "history_hours is a number of hours above 0, at most 168 (7 days). history_hours 取 0–168 小时。";

// Strict, so an argument of the older shape (domain, area, entity_ids…) is told where it goes now.
const parameters = z.strictObject(
  {
    query: z
      .string({ error: 'query is one string; several entity ids comma-separated: "light.a, light.b".' })
      .optional()
      .describe("device, room and/or kind (卧室温度, kitchen lights) or entity ids; omit for an overview"),
    limit: z
      .number({ error: LIMIT_ERROR })
      .int({ error: LIMIT_ERROR })
      .min(1, { error: LIMIT_ERROR })
      .max(100, { error: LIMIT_ERROR })
      .optional(),
    history_hours: z
      .number({ error: HOURS_ERROR })
      .positive({ error: HOURS_ERROR })
      .max(168, { error: HOURS_ERROR })
      .optional(),
  },
  {
    error: (issue) =>
      issue.code === "unrecognized_keys"
        ? `iot_query has no ${issue.keys.map((k) => `"${k}"`).join(", ")}; it takes query, limit, history_hours. ` +
          'Put the device, room, kind, domain or entity ids into query: "卧室温度", "binary_sensor", "light.a, light.b". ' +
          "请把房间、设备类型写进 query。"
        : undefined,
  },
);

const DESCRIPTION =
  "Read smart-home states in Home Assistant (查询状态): lights 灯, AC 空调, temperature 温度, humidity 湿度, " +
  "curtains 窗帘, locks 门锁, doors 门, sensors 传感器; history too.";

/** Answers that hold outside text, marked as they are made (weakly held: they go with the result). */
const outsideAnswers = new WeakSet<object>();

/** The iot_query tool: reads states from the live entity cache. */
export function iotQueryTool(options: IotQueryOptions): Tool {
  return defineTool({
    name: "iot_query",
    description: DESCRIPTION,
    parameters,
    // Names and text in the answer that the person did not say are outside text (see provenance/free-text.ts).
    untrustedOutput: (data) => outsideAnswers.has(data as object),
    async execute(args, ctx) {
      const { home, answer, best, shown } = await withFreshExposure(options.ha, (home) => ({
        home,
        ...find(home, args, options.time, speakerAreaId(home.directory, home.states, ctx.turn, ctx.logger)),
      }));
      if (best && args.history_hours !== undefined) {
        answer.history = await history(options, home, best, args.history_hours, ctx.signal);
      }
      if (carriesOutsideText(home, shown ?? [], ctx.turn.provenance.ownWords)) outsideAnswers.add(answer);
      return answer;
    },
  });
}

type Args = z.output<typeof parameters>;

/** The answer for the arguments, and the best match (for its history). Throws ToolErrors. */
function find(
  home: HomeSnapshot,
  args: Args,
  time: IotQueryOptions["time"],
  /** The speaker's room: a query that names no room asks about that room, as a command does. */
  speakerArea?: string,
): { answer: Record<string, unknown>; best?: Candidate; shown?: EntityInfo[] } {
  const dir = home.directory;
  const raw = args.query?.trim() ?? "";
  if (!raw) return { answer: overview(dir) };
  const { text, filters, unknownIds } = readQuery(dir, raw);
  const named = Boolean(filters.entityIds?.length || filters.areaIds?.length);
  const resolution = inSpeakerArea(
    resolve(dir, text, filters),
    named ? undefined : speakerArea,
    saysAll(text),
  );
  const format: FormatContext = {
    directory: dir,
    now: time.now(),
    timeZone: time.zone(),
    temperatureUnit: home.temperatureUnit,
  };
  const line = (c: Candidate) => stateLine(c.entity, home.states[c.entity.entityId], format);
  const hiddenIds = resolution.unexposed.map((c) => c.entity.entityId);
  const idNotes = {
    ...(unknownIds.length ? { unknown_ids: unknownIds } : {}),
    // Only named ids end up here: they exist but Cyrene may not show them.
    ...(hiddenIds.length && filters.entityIds ? { not_exposed_to_assist: hiddenIds } : {}),
  };

  if (resolution.kind === "none" || resolution.candidates.length === 0) {
    const hidden = resolution.unexposed[0];
    if (hidden) throw notExposed(hidden.entity);
    const closest = resolution.kind === "none" ? resolution.candidates.filter((c) => c.score >= 0.2) : [];
    const more = closest.length ? " Closest matches below." : "";
    return {
      answer: {
        matched: 0,
        note:
          `Nothing exposed to Assist matches "${raw}".${more} Call without query for the domains and areas. ` +
          "没有找到匹配的设备。",
        ...idNotes,
        ...(closest.length ? { closest: closest.map(line) } : {}),
      },
      shown: closest.map((c) => c.entity),
    };
  }
  const limit = args.limit ?? 20;
  const shown = resolution.candidates.slice(0, limit);
  const answer: Record<string, unknown> = {
    matched: resolution.candidates.length,
    results: shown.map(line),
    ...idNotes,
  };
  if (resolution.candidates.length > shown.length) {
    answer.more = `${resolution.candidates.length - shown.length} more matched; narrow the query (a room or kind) or raise limit (max 100).`;
  }
  return { answer, best: resolution.candidates[0], shown: shown.map((c) => c.entity) };
}

async function history(
  { ha, time }: IotQueryOptions,
  home: HomeSnapshot,
  target: Candidate,
  hours: number,
  signal: AbortSignal,
) {
  const end = new Date(time.now());
  const start = new Date(end.getTime() - hours * 3_600_000);
  const unit = home.states[target.entity.entityId]?.attributes.unit_of_measurement;
  try {
    signal.throwIfAborted();
    const points = await ha.history(target.entity.entityId, start, end);
    return summarizeHistory(target.entity.entityId, points, start, end, {
      timeZone: time.zone(),
      unit: typeof unit === "string" ? unit : undefined,
    });
  } catch (error) {
    throw asToolError(error);
  }
}

/** With no query: how many exposed entities of each domain, and the areas. */
function overview(dir: EntityDirectory) {
  const counts = new Map<string, number>();
  for (const e of dir.entities) if (e.exposed) counts.set(e.domain, (counts.get(e.domain) ?? 0) + 1);
  return {
    note: "Pass a query (a device, room and/or kind, or a domain below) to see states.",
    domains: Object.fromEntries([...counts].sort((a, b) => b[1] - a[1])),
    areas: [...dir.areas.values()].map((a) =>
      a.aliases.length ? `${a.name} (${a.aliases.join(", ")})` : a.name,
    ),
  };
}
