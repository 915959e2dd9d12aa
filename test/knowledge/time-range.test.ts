import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { resolveRange } from "../../src/knowledge/time-range.js";

// Wednesday 4 March 2026, 10:00.
const ZONE = "Europe/Berlin";
const NOW = DateTime.fromISO("2026-03-04T10:00", { zone: ZONE });
const local = (ms: number) => DateTime.fromMillis(ms, { zone: ZONE }).toFormat("yyyy-MM-dd HH:mm");

async function span(from: string, language?: string): Promise<[string, string]> {
  const range = await resolveRange(from, undefined, ZONE, NOW, language);
  return [local(range!.from), local(range!.to)];
}

describe("a time range named in every pack's words", () => {
  it.each([
    ["last week", "2026-02-23 00:00", "2026-03-01 23:59"],
    ["上周", "2026-02-23 00:00", "2026-03-01 23:59"],
    ["letzte Woche", "2026-02-23 00:00", "2026-03-01 23:59"],
    ["la semaine dernière", "2026-02-23 00:00", "2026-03-01 23:59"],
    ["gestern", "2026-03-03 00:00", "2026-03-03 23:59"],
    ["hier", "2026-03-03 00:00", "2026-03-03 23:59"],
    ["diesen Monat", "2026-03-01 00:00", "2026-03-31 23:59"],
    ["le mois dernier", "2026-02-01 00:00", "2026-02-28 23:59"],
    ["l’année dernière", "2025-01-01 00:00", "2025-12-31 23:59"],
    ["最近3天", "2026-03-01 10:00", "2026-03-04 10:00"],
    ["the last 2 weeks", "2026-02-18 10:00", "2026-03-04 10:00"],
    ["die letzten drei Tage", "2026-03-01 10:00", "2026-03-04 10:00"],
    ["les deux dernières semaines", "2026-02-18 10:00", "2026-03-04 10:00"],
    // Not a period: a day read as a phrase, the whole of it; an instant until now.
    ["letzten Montag", "2026-03-02 00:00", "2026-03-02 23:59"],
    ["vor 3 Tagen", "2026-03-01 10:00", "2026-03-04 10:00"],
    ["il y a 2 heures", "2026-03-04 08:00", "2026-03-04 10:00"],
  ])("%s → %s to %s", async (from, start, end) => {
    expect(await span(from)).toEqual([start, end]);
  });
});
