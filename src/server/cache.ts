/**
 * A small in-process cache with a time to live. Used where a bounded staleness in *other*
 * processes is acceptable and this process clears entries itself on the writes that change them.
 */
export class TtlCache<K, V> {
  private readonly entries = new Map<K, { value: V; expires: number }>();

  constructor(private readonly ttlMs: number, private readonly maxEntries = 10_000) {}

  get(key: K): V | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.expires < Date.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry.value;
  }

  /** `since`: when the value was read; the time to live counts from then, not from when it is stored. */
  set(key: K, value: V, since = Date.now()): void {
    if (this.entries.size >= this.maxEntries) this.entries.delete(this.entries.keys().next().value as K);
    this.entries.set(key, { value, expires: since + this.ttlMs });
  }

  clear(): void {
    this.entries.clear();
  }
}
