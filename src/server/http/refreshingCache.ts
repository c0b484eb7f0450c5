/** How a RefreshingCache ages its value. */
export interface RefreshingCacheOptions<T> {
  /** Soft age: a value older than this is still served, and one background refresh starts. */
  softAgeMs: number;
  /**
   * Hard age (default: none): a value older than this is expired and never served; readers wait for a refresh and
   * get its error if it fails.
   */
  hardAgeMs?: number;
  /** After a failed refresh, no new one starts for this long (default: the soft age, at most 30 s). */
  retryMs?: number;
  onError?: (err: unknown) => void;
  now?: () => number;
  /** When the data of a value was read, to age it from (default: when the load that made it started). */
  asOf?: (value: T) => number;
}

/**
 * A value loaded from a slow source (the ERP) and kept in memory. The first reader waits for the load; later readers
 * get the current value at once while it is younger than the soft age. An older one is still served while one
 * background refresh runs (single flight); one older than the hard age is not: readers wait for the refresh (the one
 * running, or a new one) and get its error if it fails. A failed refresh keeps the old value, and the next one starts
 * no sooner than `retryMs` later.
 */
export class RefreshingCache<T> {
  private value?: T;
  /** When the current value's data was read (see asOf). */
  private valueAt = 0;
  private inFlight?: Promise<T>;
  /** A refresh asked for while another was running: it starts when that one ends. */
  private queued?: Promise<T>;
  private lastAttemptAt = Number.NEGATIVE_INFINITY;
  private lastError?: { error: unknown; at: number };
  private readonly options: Required<Omit<RefreshingCacheOptions<T>, 'asOf'>> & Pick<RefreshingCacheOptions<T>, 'asOf'>;

  /**
   * `load` gets the current value (undefined at first), so it may build on it; it must fail rather than answer a
   * value already older than the hard age (by `asOf`). The short form
   * `(load, softAgeMs, onError, now)` never expires its value.
   */
  constructor(
    private readonly load: (previous: T | undefined) => Promise<T>,
    options: RefreshingCacheOptions<T> | number,
    onError: (err: unknown) => void = () => {},
    now: () => number = Date.now,
  ) {
    const o = typeof options === 'number' ? { softAgeMs: options, onError, now } : options;
    this.options = {
      softAgeMs: o.softAgeMs,
      hardAgeMs: o.hardAgeMs ?? Number.POSITIVE_INFINITY,
      retryMs: o.retryMs ?? Math.min(o.softAgeMs, 30_000),
      onError: o.onError ?? (() => {}),
      now: o.now ?? Date.now,
      asOf: o.asOf,
    };
  }

  async get(): Promise<T> {
    const ready = this.current();
    if (ready !== undefined) return ready;
    if (this.value === undefined || this.inFlight) return this.inFlight ?? this.start();
    // past the hard age, nothing loading: the last failure stands for a while, then a new load
    if (this.lastError && this.options.now() - this.lastError.at < this.options.retryMs) throw this.lastError.error;
    return this.start();
  }

  /**
   * The value `get` would answer without waiting (a refresh starts in the background past the soft age, as `get`
   * starts it), or undefined when `get` must wait: nothing loaded yet, or older than the hard age. Lets a hot route
   * answer in the same tick.
   */
  current(): T | undefined {
    if (this.value === undefined) return undefined;
    const now = this.options.now();
    const age = now - this.valueAt;
    if (age > this.options.hardAgeMs) return undefined;
    if (age > this.options.softAgeMs && !this.inFlight && now - this.lastAttemptAt >= this.options.retryMs) {
      this.start().catch(() => {});
    }
    return this.value;
  }

  /** A load that starts now, or right after the one running (never one that started before this call). */
  refresh(): Promise<T> {
    if (!this.inFlight) return this.start();
    this.queued ??= this.inFlight
      .catch(() => undefined)
      .then(() => {
        this.queued = undefined;
        return this.inFlight ?? this.start();
      });
    return this.queued;
  }

  /** Age the value out now: the next read starts a refresh (after an admin change to what it was built from). */
  invalidate(): void {
    this.valueAt = Number.NEGATIVE_INFINITY;
    this.lastAttemptAt = Number.NEGATIVE_INFINITY;
  }

  peek(): T | undefined {
    return this.value;
  }

  /** How old the current value is (ms), Infinity when there is none. */
  age(): number {
    return this.value === undefined ? Number.POSITIVE_INFINITY : this.options.now() - this.valueAt;
  }

  private start(): Promise<T> {
    const startedAt = this.options.now();
    this.lastAttemptAt = startedAt;
    const running = this.load(this.value)
      .then((value) => {
        this.value = value;
        this.valueAt = this.options.asOf ? this.options.asOf(value) : startedAt;
        this.lastError = undefined;
        return value;
      })
      .catch((err: unknown) => {
        this.lastError = { error: err, at: this.options.now() };
        this.options.onError(err);
        throw err;
      })
      .finally(() => {
        if (this.inFlight === running) this.inFlight = undefined;
      });
    this.inFlight = running;
    return running;
  }
}
