import { DateTime } from "luxon";
import { afterAll, beforeAll, expect, it } from "vitest";
import { silentLogger } from "../../src/logging/logger.js";
import { allowAllTools } from "../../src/tools/policy.js";
import { addWyomingEntry, removeEntry, type WyomingEntry } from "../assist/wyoming/ha-assist.js";
import { describeHa } from "../fixtures/ha/use-ha.js";
import { WyomingTts } from "../fixtures/wyoming-tts/server.js";
import { startHarness, type Harness } from "../support/harness.js";
import { restCall, restState, whenReady } from "./support/real-ha.js";
import { testTurn } from "../support/turn-context.js";

const ZONE = "Asia/Shanghai";
/** The shared HA is restarted once by test/ha/harness.test.ts: a test cut by that is retried. */
const SHARED = { retry: 2, timeout: 90_000 };
const POLL = { timeout: 45_000, interval: 200 };
/** A demo YouTube player: it keeps what play_media gave it as its media_content_id. */
const SPEAKER = "media_player.bedroom";

describeHa("spoken reminders through a real Home Assistant", (info) => {
  let tts: WyomingTts;
  let engine: WyomingEntry;
  let h: Harness;

  beforeAll(async () => {
    tts = await WyomingTts.start();
    engine = await addWyomingEntry(info, tts.port, "tts");
    h = await startHarness({ env: { CYRENE_HA_URL: info.url, CYRENE_HA_TOKEN: info.token } });
  }, 60_000);
  afterAll(async () => {
    await h?.close();
    if (engine) await removeEntry(info, engine.entryId);
    await tts?.close();
  });

  it("speaks a reminder on a media player with tts.speak through HA's first TTS engine", SHARED, async () => {
    await whenReady(h.cyrene.ha, 90_000);
    await restCall(info, "media_player", "turn_on", { entity_id: SPEAKER });
    const message = "该出门接孩子了";
    const at = DateTime.now().setZone(ZONE).plus({ seconds: 5 }).toFormat("yyyy-MM-dd'T'HH:mm:ss");
    const created = await h.cyrene.registry.execute(
      {
        id: "call-speak",
        name: "reminder_create",
        arguments: JSON.stringify({ message, at, targets: [SPEAKER] }),
      },
      {
        logger: silentLogger(),
        hardTimeoutMs: 30_000,
        turn: testTurn({ policy: allowAllTools, conversationId: "spoken" }),
      },
    );
    if (!created.success) throw new Error(created.error);
    const { id } = (created.data as { created: { id: string; targets: string[] } }).created;

    // HA's tts.speak hands the player a media-source id that carries the engine and the text.
    await expect
      .poll(async () => (await restState(info, SPEAKER)).attributes.media_content_id, POLL)
      .toMatch(new RegExp(`^media-source://tts/${engine.entityId.replace(".", "\\.")}\\?`));
    const content = new URL(String((await restState(info, SPEAKER)).attributes.media_content_id));
    expect(content.searchParams.get("message")).toBe(`Cyrene 提醒: ${message}`);
    await expect
      .poll(
        () => h.cyrene.reminders.store.lastDelivery(id)?.deliveries.map((d) => [d.target, d.status]),
        POLL,
      )
      .toEqual(expect.arrayContaining([[SPEAKER, "sent"]]));
  });
});
