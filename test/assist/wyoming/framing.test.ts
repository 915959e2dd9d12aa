import { describe, expect, it } from "vitest";
import {
  encodeEvent,
  EventReader,
  FramingError,
  WYOMING_VERSION,
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
});
