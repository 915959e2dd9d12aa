import type { Socket } from "node:net";

export interface ConnectionLimits {
  /** Connections held at once, from every source together. */
  maxConnections: number;
  /** Connections one source address holds at once. */
  maxPerSource: number;
  /** A connection with nothing under way for this long is closed; none when 0 (the server has its own). */
  idleMs: number;
}

/** One held connection. */
export class Slot {
  /** Requests (utterances) received on it and not yet answered. */
  busy = 0;
  /** Order of last use (a request or its answer): the smallest is the longest idle. */
  lastUse: number;
  lastUseAt = performance.now();
  timer: NodeJS.Timeout | undefined;

  constructor(
    readonly socket: Socket,
    readonly source: string,
    use: number,
  ) {
    this.lastUse = use;
  }
}

/**
 * Who holds a listener's connections (the Wyoming port, where HA must always get in). When a source is
 * at its share, or the listener is full, a new connection takes the place of an idle one: of its own
 * source first, else of the source holding the most, the longest idle among them. A connection with a
 * request under way is never closed for another; only when every candidate is busy is the new one
 * refused. Idle means no request under way, not no bytes: pings, half-sent frames or headers keep nothing.
 */
export class ConnectionSlots {
  private readonly slots = new Set<Slot>();
  private uses = 0;

  constructor(
    private readonly limits: ConnectionLimits,
    /** Closes a connection that lost its place (evicted or idle too long). */
    private readonly close: (slot: Slot, reason: "evicted" | "idle") => void,
  ) {}

  get size(): number {
    return this.slots.size;
  }

  /** A place for a new connection, making room if needed; undefined when every holder is mid-utterance. */
  admit(socket: Socket, source: string): Slot | undefined {
    const own = [...this.slots].filter((slot) => slot.source === source);
    if (own.length >= this.limits.maxPerSource) {
      if (!this.evict(own)) return undefined;
    } else if (this.slots.size >= this.limits.maxConnections) {
      if (!this.evict(this.mostHeld())) return undefined;
    }
    const slot = new Slot(socket, source, ++this.uses);
    this.slots.add(slot);
    this.watch(slot);
    return slot;
  }

  /** Something worth keeping the connection for happened on it. */
  used(slot: Slot): void {
    slot.lastUse = ++this.uses;
    slot.lastUseAt = performance.now();
  }

  release(slot: Slot): void {
    clearTimeout(slot.timer);
    this.slots.delete(slot);
  }

  /** The connections of the source holding the most, among sources with an idle one. */
  private mostHeld(): Slot[] {
    const bySource = new Map<string, Slot[]>();
    for (const slot of this.slots) {
      const held = bySource.get(slot.source);
      if (held) held.push(slot);
      else bySource.set(slot.source, [slot]);
    }
    let most: Slot[] = [];
    for (const held of bySource.values())
      if (held.length > most.length && held.some((slot) => !slot.busy)) most = held;
    return most;
  }

  private evict(candidates: Slot[]): boolean {
    let victim: Slot | undefined;
    for (const slot of candidates)
      if (!slot.busy && (!victim || slot.lastUse < victim.lastUse)) victim = slot;
    if (!victim) return false;
    this.release(victim);
    this.close(victim, "evicted");
    return true;
  }

  /** Closes the connection once it has been idle for idleMs, checking again while it is busy. */
  private watch(slot: Slot): void {
    if (!this.limits.idleMs) return;
    const check = () => {
      const left = slot.lastUseAt + this.limits.idleMs - performance.now();
      if (slot.busy || left > 0) {
        slot.timer = setTimeout(check, slot.busy ? this.limits.idleMs : left);
        return;
      }
      this.release(slot);
      this.close(slot, "idle");
    };
    slot.timer = setTimeout(check, this.limits.idleMs);
  }
}
