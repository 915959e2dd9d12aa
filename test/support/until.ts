/** Polls `probe` every 50 ms until it gives something truthy (returned), or fails after `limitMs`. */
export async function until<T>(
  what: string,
  probe: () => T | undefined | false,
  limitMs = 20_000,
): Promise<T> {
  const end = Date.now() + limitMs;
  for (;;) {
    const value = probe();
    if (value) return value;
    if (Date.now() > end) throw new Error(`gave up waiting: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
