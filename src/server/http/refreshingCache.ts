/**
 * A value loaded from a slow source (the ERP) and kept in memory: the first reader waits for the load;
 * later readers get the current value at once, and a stale value starts one background refresh
 * (single flight) while it keeps being served. A failed refresh keeps the old value and is retried later.
 */
export class RefreshingCache<T> {
  private value?: T;
  private loadedAt = 0;
  private inFlight?: Promise<T>;

  constructor(
    private readonly load: () => Promise<T>,
    private readonly maxAgeMs: number,
    private readonly onError: (err: unknown) => void = () => {},
    private readonly now: () => number = Date.now,
  ) {}

  async get(): Promise<T> {
    if (this.value === undefined) return this.refresh();
    if (this.now() - this.loadedAt > this.maxAgeMs) this.refresh().catch(() => {});
    return this.value;
  }

  /** Starts a load unless one is running; resolves with the new value. */
  refresh(): Promise<T> {
    this.inFlight ??= this.load()
      .then((value) => {
        this.value = value;
        this.loadedAt = this.now();
        return value;
      })
      .catch((err: unknown) => {
        this.onError(err);
        // keep serving the old value; try again on the next read after a short pause
        this.loadedAt = this.now() - this.maxAgeMs + Math.min(this.maxAgeMs, 30_000);
        throw err;
      })
      .finally(() => {
        this.inFlight = undefined;
      });
    return this.inFlight;
  }

  /** Forget the value (after an admin change to the content it was built from). */
  invalidate(): void {
    this.loadedAt = 0;
  }

  peek(): T | undefined {
    return this.value;
  }
}
