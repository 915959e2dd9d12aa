import { randomBytes } from "node:crypto";
import { systemClock } from "../../../time/clock.js";

/** A version 7 UUID: 48-bit Unix milliseconds, then random bits (RFC 9562). */
export function uuidV7(now: number = systemClock.now()): string {
  const bytes = randomBytes(16);
  bytes.writeUIntBE(now, 0, 6);
  bytes[6] = 0x70 | (bytes[6]! & 0x0f);
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
