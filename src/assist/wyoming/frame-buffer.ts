/** Bytes buffered for unfinished frames across all connections, past each connection's free allowance. */
export class ByteBudget {
  private used = 0;

  constructor(readonly limit: number) {}

  /** Reserves `bytes`, or answers false (and reserves nothing) when that would pass the limit. */
  take(bytes: number): boolean {
    if (this.used + bytes > this.limit) return false;
    this.used += bytes;
    return true;
  }

  give(bytes: number): void {
    this.used = Math.max(0, this.used - bytes);
  }

  get inUse(): number {
    return this.used;
  }
}

/** Thrown when the shared budget has no room for a frame's next bytes. */
export class BudgetExceeded extends Error {
  override name = "BudgetExceeded";
}

const EMPTY = Buffer.alloc(0);
const FIRST_CAPACITY = 4 * 1024;

/**
 * The bytes of one frame (a header line, or a data + payload block), gathered in one buffer that doubles
 * as it fills up to the frame's known size: every byte is copied at most about twice, however finely
 * the frame is cut (Buffer.concat of the growing buffer per chunk made a drip-fed frame quadratic).
 * Capacity past `free` bytes is reserved in the shared budget and given back by `take` and `clear`.
 */
export class FrameBuffer {
  private bytes: Buffer = EMPTY;
  private size = 0;
  private charged = 0;

  constructor(
    private readonly budget: ByteBudget | undefined,
    private readonly free: number,
  ) {}

  get length(): number {
    return this.size;
  }

  /** Adds `chunk`; the frame will not grow past `frameSize` bytes, so neither does the buffer. */
  append(chunk: Buffer, frameSize: number): void {
    const needed = this.size + chunk.length;
    if (needed > this.bytes.length)
      this.grow(Math.min(frameSize, Math.max(needed, this.bytes.length * 2, FIRST_CAPACITY)));
    chunk.copy(this.bytes, this.size);
    this.size = needed;
  }

  /** The gathered bytes, handed over: the buffer starts empty again. */
  take(): Buffer {
    const taken = this.bytes.subarray(0, this.size);
    this.clear();
    return taken;
  }

  /** Drops what is buffered and gives its reservation back. */
  clear(): void {
    this.budget?.give(this.charged);
    this.charged = 0;
    this.bytes = EMPTY;
    this.size = 0;
  }

  private grow(capacity: number): void {
    const charge = Math.max(0, capacity - this.free);
    if (this.budget && charge > this.charged) {
      if (!this.budget.take(charge - this.charged))
        throw new BudgetExceeded(
          `the Wyoming server holds ${this.budget.limit} bytes of unfinished frames already`,
        );
      this.charged = charge;
    }
    const grown = Buffer.allocUnsafe(capacity);
    this.bytes.copy(grown, 0, 0, this.size);
    this.bytes = grown;
  }
}
