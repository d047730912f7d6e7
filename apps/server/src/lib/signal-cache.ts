/**
 * A per-key cache for answers that a change signal (features/live: PostgreSQL's LISTEN/NOTIFY,
 * reaching every instance) empties at once, with a time limit besides for what no signal
 * announces (the day turning, a guest's link running out).
 *
 * - Callers asking for the same missing key at once share one load, so an emptied cache under
 *   load costs one query per key, not one per request.
 * - The generation guards the race of an answer read before a change and stored after the
 *   signal emptied the cache: it is returned to its caller but not kept.
 */
export class SignalCache<K, V> {
  private readonly entries = new Map<K, { value: V; expires: number }>();
  private readonly loading = new Map<K, Promise<V>>();
  private generation = 0;
  private readonly expiry: (value: V, now: number) => number | null;
  private readonly maxEntries: number;

  /**
   * @param expiry when a loaded value stops being good (epoch ms), or null to keep it not at all.
   */
  constructor(expiry: (value: V, now: number) => number | null, maxEntries = 10_000) {
    this.expiry = expiry;
    this.maxEntries = maxEntries;
  }

  clear() {
    this.generation += 1;
    this.entries.clear();
    this.loading.clear();
  }

  get(key: K, load: () => Promise<V>): Promise<V> {
    const now = Date.now();
    const hit = this.entries.get(key);
    if (hit && hit.expires > now) return Promise.resolve(hit.value);
    const pending = this.loading.get(key);
    if (pending) return pending;
    const started = this.generation;
    const promise = load()
      .then((value) => {
        const expires = this.expiry(value, now);
        if (started === this.generation && expires !== null) {
          // Oldest first: a Map iterates in insertion order.
          if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as K);
          this.entries.delete(key);
          this.entries.set(key, { value, expires });
        }
        return value;
      })
      .finally(() => {
        if (this.loading.get(key) === promise) this.loading.delete(key);
      });
    this.loading.set(key, promise);
    return promise;
  }
}
