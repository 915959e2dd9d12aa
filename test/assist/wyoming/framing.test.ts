import { afterEach, describe, expect, it, vi } from "vitest";
import { BudgetExceeded, ByteBudget } from "../../../src/assist/wyoming/frame-buffer.js";
import {
  encodeEvent,
  EventReader,
  FramingError,
  WYOMING_VERSION,
  type WyomingEvent,
} from "../../../src/assist/wyoming/framing.js";

const bytes = (text: string) => Buffer.from(text, "utf8");

/** What HA's wyoming package writes for a transcript: the data block right after the header line. */
function transcriptAsHaWritesIt(text: string, conversationId: string): Buffer {
  const data = bytes(JSON.stringify({ text, context: { conversation_id: conversationId } }));
  const header = JSON.stringify({ type: "transcript", version: "1.7.2", data_length: data.length });
  return Buffer.concat([bytes(`${header}\n`), data]);
}

describe("Wyoming framing", () => {
  it("reads a header line followed by a data block that has no newline of its own", () => {
    const wire = Buffer.concat([
      transcriptAsHaWritesIt("打开客厅灯", "01J0"),
      bytes('{"type":"describe","version":"1.7.2"}\n'),
    ]);
    expect(new EventReader().push(wire)).toEqual([
      { type: "transcript", data: { text: "打开客厅灯", context: { conversation_id: "01J0" } } },
      { type: "describe", data: {} },
    ]);
  });

  it("counts data_length in bytes, not characters, and survives being cut at every byte", () => {
    const wire = Buffer.concat([transcriptAsHaWritesIt("你好😀", "a"), transcriptAsHaWritesIt("再见", "b")]);
    const reader = new EventReader();
    const events = [];
    for (let i = 0; i < wire.length; i++) events.push(...reader.push(wire.subarray(i, i + 1)));
    expect(events.map((event) => event.data.text)).toEqual(["你好😀", "再见"]);
    expect(reader.pending).toBe(0);
  });

  it("accepts data inline in the header, and merges a data block over it", () => {
    const reader = new EventReader();
    const block = bytes('{"text":"from the block"}');
    const merged = `{"type":"transcript","data":{"text":"inline","context":{}},"data_length":${block.length}}\n`;
    expect(reader.push(bytes('{"type":"handled","data":{"text":"ok"}}\n'))).toEqual([
      { type: "handled", data: { text: "ok" } },
    ]);
    expect(reader.push(Buffer.concat([bytes(merged), block]))).toEqual([
      { type: "transcript", data: { text: "from the block", context: {} } },
    ]);
  });

  it("reads payloads after the data, even when the next event shares the chunk", () => {
    const audio = Buffer.from([0, 1, 2, 10, 255, 10]);
    const wire = Buffer.concat([
      encodeEvent({ type: "audio-chunk", data: { rate: 16000 }, payload: audio }),
      encodeEvent({ type: "audio-stop" }),
    ]);
    const events = new EventReader().push(wire);
    expect(events).toHaveLength(2);
    expect(events[0]).toEqual({ type: "audio-chunk", data: { rate: 16000 }, payload: audio });
    expect(events[1]).toEqual({ type: "audio-stop", data: {} });
  });

  it("writes what wyoming's reader expects: version, data_length in UTF-8 bytes, no data when empty", () => {
    const wire = encodeEvent({ type: "handled", data: { text: "好的" } });
    const newline = wire.indexOf(0x0a);
    const header = JSON.parse(wire.subarray(0, newline).toString());
    expect(header).toEqual({ type: "handled", version: WYOMING_VERSION, data_length: 17 });
    expect(JSON.parse(wire.subarray(newline + 1).toString())).toEqual({ text: "好的" });
    expect(wire.length).toBe(newline + 1 + 17);
    expect(encodeEvent({ type: "describe" }).toString()).toBe(`{"type":"describe","version":"1.7.2"}\n`);
  });

  it("refuses garbage and oversize input, and stays refused", () => {
    const small = { maxHeaderBytes: 100, maxDataBytes: 50, maxPayloadBytes: 10 };
    const refuses = (input: string | Buffer, pattern: RegExp) => {
      const reader = new EventReader(small);
      expect(() => reader.push(typeof input === "string" ? bytes(input) : input)).toThrow(pattern);
      expect(() => reader.push(bytes('{"type":"describe"}\n'))).toThrow(FramingError);
    };
    refuses("GET / HTTP/1.1\r\nHost: x\r\n\r\n", /header is not JSON/);
    refuses("[1,2]\n", /header is not a JSON object/);
    refuses('{"data":{}}\n', /without a type/);
    refuses('{"type":"x","data":[1]}\n', /header data is not an object/);
    refuses('{"type":"x","data_length":-1}\n', /data_length is not a byte count/);
    refuses('{"type":"x","data_length":"5"}\n', /data_length is not a byte count/);
    refuses('{"type":"x","data_length":51}\n', /data_length 51 is over the limit/);
    refuses('{"type":"x","payload_length":11}\n', /payload_length 11 is over the limit/);
    refuses('{"type":"x","data_length":3}\n[1]', /data is not a JSON object/);
    // A header that never ends is refused as soon as it passes the limit, before any newline comes.
    refuses(Buffer.alloc(101, 0x61), /header line longer than 100 bytes/);
  });

  it("waits for the rest of a partial header or block without refusing it", () => {
    const reader = new EventReader();
    const wire = transcriptAsHaWritesIt("hello", "c");
    expect(reader.push(wire.subarray(0, 10))).toEqual([]);
    expect(reader.push(wire.subarray(10, wire.length - 3))).toEqual([]);
    expect(reader.push(wire.subarray(wire.length - 3))).toHaveLength(1);
  });

  describe("work and memory bounded by the bytes", () => {
    afterEach(() => vi.restoreAllMocks());

    /** Bytes copied through Buffer.concat and Buffer#copy while `run` runs. */
    function bytesCopied(run: () => void): number {
      const concat = vi.spyOn(Buffer, "concat");
      const copy = vi.spyOn(Buffer.prototype, "copy");
      run();
      const concatenated = concat.mock.results.reduce((sum, r) => sum + (r.value as Buffer).length, 0);
      const copied = copy.mock.results.reduce((sum, r) => sum + (r.value as number), 0);
      return concatenated + copied;
    }

    it("reassembles a 1 MB frame cut into small uneven pieces, copying each byte at most about twice", () => {
      const payload = Buffer.alloc(512 * 1024, 7);
      const wire = encodeEvent({ type: "audio-chunk", data: { text: "x".repeat(512 * 1024) }, payload });
      const reader = new EventReader();
      const events: unknown[] = [];
      const copied = bytesCopied(() => {
        for (let at = 0, i = 0; at < wire.length; i++) {
          const size = ((i * 7919) % 2000) + 1;
          events.push(...reader.push(wire.subarray(at, at + size)));
          at += size;
        }
      });
      const [event] = events as WyomingEvent[];
      expect(events).toHaveLength(1);
      expect(event!.data).toEqual({ text: "x".repeat(512 * 1024) });
      expect(event!.payload!.equals(payload)).toBe(true);
      // Concatenating the growing buffer per piece copied ~500 MB here; a linear reader copies ~2 MB.
      expect(copied).toBeLessThan(3 * wire.length);
      expect(reader.pending).toBe(0);
    });

    it("looks for the end of a header line only in bytes it has not looked at yet", () => {
      const line = bytes(`{"type":"x","pad":"${"z".repeat(60_000)}"}\n`);
      const reader = new EventReader();
      const indexOf = vi.spyOn(Buffer.prototype, "indexOf");
      const events: WyomingEvent[] = [];
      for (let at = 0; at < line.length; at += 10) events.push(...reader.push(line.subarray(at, at + 10)));
      const scanned = indexOf.mock.calls.reduce(
        (sum, call, i) => sum + (indexOf.mock.contexts[i] as Buffer).length - Number(call[1] ?? 0),
        0,
      );
      expect(events).toEqual([{ type: "x", data: {} }]);
      expect(scanned).toBeLessThanOrEqual(line.length);
    });

    it("holds unfinished frames within a budget shared by connections, and gives it back", () => {
      const budget = new ByteBudget(100_000);
      const frame = encodeEvent({ type: "describe", data: { padding: "p".repeat(90_000) } });
      const part = frame.subarray(0, 80_000);
      const [a, b] = [
        new EventReader(undefined, { budget, freeBytes: 16_384 }),
        new EventReader(undefined, { budget, freeBytes: 16_384 }),
      ];
      a.push(part);
      expect(budget.inUse).toBeGreaterThan(0);
      expect(budget.inUse).toBeLessThanOrEqual(frame.length);
      expect(() => b.push(part)).toThrow(BudgetExceeded);
      expect(() => b.push(bytes('{"type":"describe"}\n'))).toThrow(FramingError);
      // b's own share went back when it broke; a's goes back when its frame completes.
      expect(a.push(frame.subarray(80_000))).toEqual([
        { type: "describe", data: { padding: "p".repeat(90_000) } },
      ]);
      expect(budget.inUse).toBe(0);
      a.push(part);
      a.close();
      expect(budget.inUse).toBe(0);
      expect(a.pending).toBe(0);
    });

    it("never holds more than the frame's declared size, however it is cut", () => {
      const budget = new ByteBudget(10_000_000);
      const reader = new EventReader(undefined, { budget, freeBytes: 0 });
      const frame = encodeEvent({ type: "describe", data: { padding: "q".repeat(300_000) } });
      const header = frame.indexOf(0x0a) + 1;
      reader.push(frame.subarray(0, header));
      for (let at = header; at < frame.length - 1; at += 4096) {
        reader.push(frame.subarray(at, Math.min(at + 4096, frame.length - 1)));
        expect(budget.inUse).toBeLessThanOrEqual(frame.length - header);
        expect(budget.inUse).toBeLessThanOrEqual(Math.max(4096, 2 * reader.pending));
      }
    });
  });
});
