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

/** Reassembles events from a byte stream however it is cut into chunks. */
export class EventReader {
  private buffered: Buffer = Buffer.alloc(0);
  private header: Header | undefined;
  private failed = false;

  constructor(private readonly limits: FramingLimits = DEFAULT_LIMITS) {}

  /** Adds a chunk and answers the events it completes (throws FramingError on garbage). */
  push(chunk: Buffer): WyomingEvent[] {
    if (this.failed) throw new FramingError("the stream is already broken");
    this.buffered = this.buffered.length ? Buffer.concat([this.buffered, chunk]) : chunk;
    const events: WyomingEvent[] = [];
    try {
      for (let event = this.next(); event; event = this.next()) events.push(event);
    } catch (error) {
      this.failed = true;
      throw error;
    }
    return events;
  }

  /** Bytes received but not yet part of a whole event. */
  get pending(): number {
    return this.buffered.length;
  }

  private next(): WyomingEvent | undefined {
    if (!this.header) {
      const newline = this.buffered.indexOf(0x0a);
      if (newline < 0) {
        if (this.buffered.length > this.limits.maxHeaderBytes)
          throw new FramingError(`header line longer than ${this.limits.maxHeaderBytes} bytes`);
        return undefined;
      }
      if (newline > this.limits.maxHeaderBytes)
        throw new FramingError(`header line longer than ${this.limits.maxHeaderBytes} bytes`);
      this.header = this.parseHeader(this.buffered.subarray(0, newline));
      this.buffered = this.buffered.subarray(newline + 1);
    }
    const { type, inline, dataLength, payloadLength } = this.header;
    if (this.buffered.length < dataLength + payloadLength) return undefined;
    const data = dataLength ? { ...inline, ...parseData(this.buffered.subarray(0, dataLength)) } : inline;
    const payload = payloadLength
      ? Buffer.from(this.buffered.subarray(dataLength, dataLength + payloadLength))
      : undefined;
    this.buffered = this.buffered.subarray(dataLength + payloadLength);
    this.header = undefined;
    return payload ? { type, data, payload } : { type, data };
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

function parseData(bytes: Buffer): Record<string, unknown> {
  return parseObject(bytes, "data");
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
