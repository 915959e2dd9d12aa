/**
 * A module (or anything costly) loaded on first use and kept: heavy libraries stay out of the
 * start-up path and the resident memory of a server that may never need them. A failed load is
 * forgotten, so the next call tries again.
 */
export function lazy<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined;
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined;
      throw error;
    }));
}
