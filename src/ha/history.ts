import type { Command } from "./fetch.js";

export interface HistoryPoint {
  /** Epoch milliseconds. */
  at: number;
  state: string;
}

/** HA's compressed history rows: `s` state, `lu`/`lc` seconds since the epoch. */
interface CompressedState {
  s: string;
  lu?: number;
  lc?: number;
}

/** The recorded states of one entity in [start, end] (needs HA's recorder). Oldest first. */
export async function fetchHistory(
  command: Command,
  entityId: string,
  start: Date,
  end: Date,
): Promise<HistoryPoint[]> {
  const answer = await command<Record<string, CompressedState[]>>("history/history_during_period", {
    start_time: start.toISOString(),
    end_time: end.toISOString(),
    entity_ids: [entityId],
    minimal_response: true,
    no_attributes: true,
    significant_changes_only: false,
  });
  return (answer[entityId] ?? []).map((row) => ({
    at: Math.round((row.lc ?? row.lu ?? 0) * 1000),
    state: row.s,
  }));
}
