import type { HistoryPoint } from "../../../ha/index.js";
import { localTime } from "./format.js";

export interface HistorySummary {
  entity_id: string;
  period: string;
  summary: string;
  points: string[];
  omitted?: number;
}

const MAX_POINTS = 24;

/**
 * A short account of an entity's history: for numbers min/max/mean/last and a sample of points;
 * for other states the changes (the latest ones when there are many).
 */
export function summarizeHistory(
  entityId: string,
  points: HistoryPoint[],
  start: Date,
  end: Date,
  ctx: { timeZone: string; unit?: string },
): HistorySummary {
  const time = (at: number) => localTime(at, ctx);
  const period = `${time(start.getTime())} – ${time(end.getTime())}`;
  if (points.length === 0)
    return { entity_id: entityId, period, summary: "no recorded states in this period", points: [] };
  const unit = ctx.unit ? ` ${ctx.unit}` : "";
  const numeric = points.filter((p) => Number.isFinite(Number(p.state)));
  if (numeric.length >= points.length * 0.8) {
    // A loop, not Math.min(...values): spreading ~125k readings (1 Hz for 48 h) overflows the stack.
    let min = Infinity;
    let max = -Infinity;
    let sum = 0;
    for (const p of numeric) {
      const n = Number(p.state);
      if (n < min) min = n;
      if (n > max) max = n;
      sum += n;
    }
    const mean = sum / numeric.length;
    const round = (n: number) => Number(n.toFixed(2));
    const step = Math.max(1, Math.ceil(numeric.length / MAX_POINTS));
    const sampled = numeric.filter((_, i) => i % step === 0 || i === numeric.length - 1);
    return {
      entity_id: entityId,
      period,
      summary:
        `${numeric.length} readings; min ${round(min)}${unit}, max ${round(max)}${unit}, ` +
        `mean ${round(mean)}${unit}, last ${numeric.at(-1)!.state}${unit}`,
      points: sampled.map((p) => `${time(p.at)} ${p.state}`),
    };
  }
  const changes = points.filter((p, i) => i === 0 || p.state !== points[i - 1]!.state);
  const shown = changes.slice(-MAX_POINTS);
  return {
    entity_id: entityId,
    period,
    summary: `${changes.length - 1} changes; now ${points.at(-1)!.state}`,
    points: shown.map((p) => `${time(p.at)} → ${p.state}`),
    ...(changes.length > shown.length ? { omitted: changes.length - shown.length } : {}),
  };
}
