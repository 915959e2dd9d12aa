import { type ByteBudget, FrameBuffer } from "./frame-buffer.js";

/**
 * Wyoming framing (wyoming==1.7.2, event.py): a JSON header line `{type, version?, data_length?,
 * payload_length?, data?}` + "\n", then `data_length` bytes of JSON data with no newline after them,
 * then `payload_length` bytes of payload. Data in the block is merged over data inline in the header.
 */

/** The protocol version Cyrene writes in its headers (HA's `wyoming` package). */
export const WYOMING_VERSION = "1.7.2";

export interface WyomingEvent {
  type: string;
  data: Record<string, unknown>;
  payload?: Buffer;
}

export interface FramingLimits {
  maxHeaderBytes: number;
  maxDataBytes: number;
  maxPayloadBytes: number;
}

/** A handle server gets text only: audio payloads from a misdirected satellite stay well below this. */
export const DEFAULT_LIMITS: FramingLimits = {
  maxHeaderBytes: 64 * 1024,
  maxDataBytes: 1024 * 1024,
  maxPayloadBytes: 4 * 1024 * 1024,
};

/** The stream is not Wyoming, or breaks a limit: the connection cannot be trusted to resynchronise. */
export class FramingError extends Error {
  override name = "FramingError";
}

interface Header {
  type: string;
  inline: Record<string, unknown>;
  dataLength: number;
  payloadLength: number;
}

export interface ReaderOptions {
  /** Shared by every connection: what all unfinished frames together may hold past `freeBytes` each. */
  budget?: ByteBudget;
  /** What one connection buffers without taking from the budget (a header line fits in it). */
  freeBytes?: number;
}

/**
 * Reassembles events from a byte stream however it is cut into chunks, in time linear in the bytes:
 * a newline is looked for only in new bytes, and a frame's bytes are gathered once (see FrameBuffer).
 */
export class EventReader {
  private readonly headerBytes: FrameBuffer;
  private readonly bodyBytes: FrameBuffer;
  private header: Header | undefined;
  private failed = false;

  constructor(
    private readonly limits: FramingLimits = DEFAULT_LIMITS,
    options: ReaderOptions = {},
  ) {
    const free = options.freeBytes ?? limits.maxHeaderBytes;
    this.headerBytes = new FrameBuffer(options.budget, free);
    this.bodyBytes = new FrameBuffer(options.budget, free);
  }

  /** Adds a chunk and answers the events it completes (throws FramingError on garbage). */
  push(chunk: Buffer): WyomingEvent[] {
    if (this.failed) throw new FramingError("the stream is already broken");
    const events: WyomingEvent[] = [];
    try {
      for (let offset = 0; offset < chunk.length;) {
        const read = this.header ? this.readBody(chunk, offset, this.header) : this.readHeader(chunk, offset);
        offset = read.offset;
        if (read.event) events.push(read.event);
      }
    } catch (error) {
      this.failed = true;
      this.close();
      throw error;
    }
    return events;
  }

  /** Bytes received but not yet part of a whole event. */
  get pending(): number {
    return this.headerBytes.length + this.bodyBytes.length;
  }

  /** Drops what is buffered and gives its share of the budget back (the connection closed). */
  close(): void {
    this.headerBytes.clear();
    this.bodyBytes.clear();
    this.header = undefined;
  }

  private readHeader(chunk: Buffer, offset: number): { offset: number; event?: WyomingEvent } {
    const max = this.limits.maxHeaderBytes;
    const newline = chunk.indexOf(0x0a, offset);
    const end = newline < 0 ? chunk.length : newline;
    if (this.headerBytes.length + end - offset > max)
      throw new FramingError(`header line longer than ${max} bytes`);
    if (newline < 0) {
      this.headerBytes.append(chunk.subarray(offset), max);
      return { offset: chunk.length };
    }
    let line = chunk.subarray(offset, newline);
    if (this.headerBytes.length) {
      this.headerBytes.append(line, max);
      line = this.headerBytes.take();
    }
    const header = this.parseHeader(line);
    if (header.dataLength + header.payloadLength === 0)
      return { offset: newline + 1, event: { type: header.type, data: header.inline } };
    this.header = header;
    return { offset: newline + 1 };
  }

  private readBody(chunk: Buffer, offset: number, header: Header): { offset: number; event?: WyomingEvent } {
    const size = header.dataLength + header.payloadLength;
    const wanted = size - this.bodyBytes.length;
    const available = chunk.length - offset;
    if (available < wanted) {
      this.bodyBytes.append(chunk.subarray(offset), size);
      return { offset: chunk.length };
    }
    const end = offset + wanted;
    const gathered = this.bodyBytes.length > 0;
    if (gathered) this.bodyBytes.append(chunk.subarray(offset, end), size);
    const body = gathered ? this.bodyBytes.take() : chunk.subarray(offset, end);
    this.header = undefined;
    const { type, inline, dataLength, payloadLength } = header;
    const data = dataLength ? { ...inline, ...parseObject(body.subarray(0, dataLength), "data") } : inline;
    if (!payloadLength) return { offset: end, event: { type, data } };
    // A gathered block is the event's own; a block inside the chunk is copied so the event does not hold it.
    const payload = gathered ? body.subarray(dataLength) : Buffer.from(body.subarray(dataLength));
    return { offset: end, event: { type, data, payload } };
  }

  private parseHeader(line: Buffer): Header {
    const header = parseObject(line, "header");
    if (typeof header.type !== "string" || !header.type) throw new FramingError("header without a type");
    const inline = header.data ?? {};
    if (!isObject(inline)) throw new FramingError("header data is not an object");
    return {
      type: header.type,
      inline,
      dataLength: length(header.data_length, "data_length", this.limits.maxDataBytes),
      payloadLength: length(header.payload_length, "payload_length", this.limits.maxPayloadBytes),
    };
  }
}

/** The bytes of one event as wyoming's writer produces them (data as a block; none when empty). */
export function encodeEvent(event: { type: string; data?: Record<string, unknown>; payload?: Buffer }) {
  const header: Record<string, unknown> = { type: event.type, version: WYOMING_VERSION };
  const data =
    event.data && Object.keys(event.data).length ? Buffer.from(JSON.stringify(event.data)) : undefined;
  if (data) header.data_length = data.length;
  if (event.payload?.length) header.payload_length = event.payload.length;
  const parts: Buffer[] = [Buffer.from(`${JSON.stringify(header)}\n`)];
  if (data) parts.push(data);
  if (event.payload?.length) parts.push(event.payload);
  return Buffer.concat(parts);
}

function length(value: unknown, name: string, max: number): number {
  if (value === undefined || value === null) return 0;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 0)
    throw new FramingError(`${name} is not a byte count`);
  if (value > max) throw new FramingError(`${name} ${value} is over the limit of ${max} bytes`);
  return value;
}

function parseObject(bytes: Buffer, what: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(bytes.toString("utf8"));
  } catch {
    throw new FramingError(`${what} is not JSON`);
  }
  if (!isObject(value)) throw new FramingError(`${what} is not a JSON object`);
  return value;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
