/**
 * A full disk, simulated with SQLite's max_page_count on Cyrene's own connection: the database may not
 * grow, as on a disk with no room left. Users are told so, and Cyrene carries on once there is room.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { Db } from "../../src/store/database.js";
import { startHarness, type Harness } from "../support/harness.js";

let h: Harness;
let db: Db;
beforeAll(async () => {
  h = await startHarness();
  // The one connection Cyrene writes through (the stores share it).
  db = (h.cyrene.conversations as unknown as { db: Db }).db;
});
afterAll(() => h.close());
afterEach(() => {
  h.llm.reset();
  db.pragma("max_page_count = 1073741823");
});

const post = (body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${h.url}/api/chat`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body: JSON.stringify(body),
  });
const fill = () => db.pragma(`max_page_count = ${db.pragma("page_count", { simple: true }) as number}`);
const DISK_FULL = /^The disk is full: nothing new could be saved\. .*磁盘已满：无法保存任何新内容。/;

describe("a full disk", () => {
  it("answers 'the disk is full: nothing new could be saved', not 'Internal error', and recovers by itself", async () => {
    fill();
    // A long message: the conversation cannot be stored in the pages there are.
    const message = "remember this ".repeat(2_000);
    const full = await post({ message });
    expect(full.status).toBe(507);
    const { error } = (await full.json()) as { error: { message: string; code: string } };
    expect(error.code).toBe("disk_full");
    expect(error.message).toMatch(DISK_FULL);

    const streamed = await (await post({ message }, { accept: "text/event-stream" })).text();
    expect(streamed).toMatch(
      /event: error\ndata: \{"message":"The disk is full: nothing new could be saved\./,
    );
    expect(streamed).not.toMatch(/Internal error/);

    // Room again: the next turn goes through, with nothing to restart.
    db.pragma("max_page_count = 1073741823");
    h.llm.script({ text: "Noted." });
    const ok = await post({ message });
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ reply: "Noted." });
  });
});
