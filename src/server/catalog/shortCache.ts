import { isDeepStrictEqual } from 'node:util';
import type { SharedReads } from './sharedReads.repo';

export interface ShortCacheOptions {
  /** A value is served while the read that made it started at most this long ago (ms). */
  ttlMs: number;
  /**
   * Values kept at most (default 5000): beyond it, expired ones go first, then the least recently read (a key read
   * again within the last quarter of maxEntries reads and additions keeps its place: see `touch`).
   */
  maxEntries?: number;
  now?: () => number;
  /**
   * On a cluster (PostgreSQL), where the instances share their reads (SharedReads, docs/scale-out.md): a read looks
   * there first and serves a value another instance read less than half a life ago, and leaves there what it read.
   */
  shared?: { reads: SharedReads; scope: string; onError?: (err: unknown) => void };
}

interface Entry<T> {
  value?: T;
  /** When the read that made `value` started. */
  readAt: number;
  inFlight?: Promise<T>;
  /** The cache's `ticks` when the key last moved to the end of the order (added or read). */
  movedAt: number;
}

/**
 * Values per key read from a slow source (the ERP's stock of a style) and kept a few seconds. A value is never served
 * once the read that made it started more than `ttlMs` ago; readers of a missing or expired key share one read
 * (single flight), and a key read often is read again in the background from half its life on, so it rarely expires
 * under load. A failed read is not kept: its readers get the error, the next reader tries again. A read that finds
 * the same value as the one kept (deep equality: the ERP's stock unchanged) keeps the kept object with the new read's
 * age, so whatever a caller built from it (the product detail's prepared body) stays current.
 */
export class ShortCache<T> {
  private readonly entries = new Map<string, Entry<T>>();
  private readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;
  private readonly shared: ShortCacheOptions['shared'];
  /** Reads (peekFresh) and additions so far: the clock of the least-recently-read order. */
  private ticks = 0;

  constructor(
    private readonly load: (key: string) => Promise<T>,
    options: ShortCacheOptions,
  ) {
    this.ttlMs = options.ttlMs;
    this.maxEntries = options.maxEntries ?? 5000;
    this.now = options.now ?? Date.now;
    this.shared = options.shared;
  }

  get(key: string): Promise<T> {
    const fresh = this.peekFresh(key);
    if (fresh !== undefined) return Promise.resolve(fresh);
    const entry = this.entries.get(key);
    if (entry?.inFlight) return entry.inFlight;
    return this.read(key, entry ?? this.add(key));
  }

  /**
   * The value if it is fresh (read at most `ttlMs` ago), without waiting: as `get` would give it, and like `get` it starts
   * a background read past half its life. Undefined when `get` would have to wait for a read.
   */
  peekFresh(key: string): T | undefined {
    const now = this.now();
    const entry = this.entries.get(key);
    if (entry?.value === undefined || now - entry.readAt > this.ttlMs) return undefined;
    if (!entry.inFlight && now - entry.readAt > this.ttlMs / 2) this.read(key, entry).catch(() => {});
    this.touch(key, entry);
    return entry.value;
  }

  /** Forget every value (after a change that makes them wrong). */
  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }

  private read(key: string, entry: Entry<T>): Promise<T> {
    const running = this.fetch(key)
      .then(({ value, readAt }) => {
        // the same value as the one kept: the kept object, so what was built from it stays current
        const kept = entry.value !== undefined && isDeepStrictEqual(entry.value, value) ? entry.value : value;
        // a newer read may have finished first: keep the newest
        if (readAt >= entry.readAt || entry.value === undefined) {
          entry.value = kept;
          entry.readAt = readAt;
        }
        return kept;
      })
      .finally(() => {
        if (entry.inFlight === running) entry.inFlight = undefined;
        if (entry.value === undefined && this.entries.get(key) === entry) this.entries.delete(key);
      });
    entry.inFlight = running;
    return running;
  }

  /** The value and when its read started: another instance's recent read when shared, else a read of the source. */
  private async fetch(key: string): Promise<{ value: T; readAt: number }> {
    const shared = this.shared;
    if (shared) {
      const hit = await shared.reads.get<T>(shared.scope, key, this.ttlMs / 2).catch((err: unknown) => {
        shared.onError?.(err);
        return undefined;
      });
      if (hit) return { value: hit.value, readAt: this.now() - hit.ageMs };
    }
    const startedAt = this.now();
    const value = await this.load(key);
    if (shared && value !== undefined) void shared.reads.put(shared.scope, key, value, this.now() - startedAt).catch((err: unknown) => shared.onError?.(err));
    return { value, readAt: startedAt };
  }

  private add(key: string): Entry<T> {
    if (this.entries.size >= this.maxEntries) this.evict();
    const entry: Entry<T> = { readAt: Number.NEGATIVE_INFINITY, movedAt: ++this.ticks };
    this.entries.set(key, entry);
    return entry;
  }

  /**
   * Most recently read last (Map order). A key that moved to the end within the last quarter of maxEntries ticks stays
   * where it is: fewer than that many keys are behind it, so the eviction (from the front, a few keys at a time) is
   * still far from it, and the hot keys of a busy cache are not taken out of the Map and put back on every read.
   */
  private touch(key: string, entry: Entry<T>): void {
    const tick = ++this.ticks;
    if (tick - entry.movedAt <= this.maxEntries >> 2) return;
    entry.movedAt = tick;
    this.entries.delete(key);
    this.entries.set(key, entry);
  }

  private evict(): void {
    const now = this.now();
    for (const [key, entry] of this.entries) {
      if (!entry.inFlight && now - entry.readAt > this.ttlMs) this.entries.delete(key);
    }
    for (const [key, entry] of this.entries) {
      if (this.entries.size < this.maxEntries) break;
      if (!entry.inFlight) this.entries.delete(key);
    }
  }
}
