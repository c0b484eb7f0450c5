// What the SPA's sagas use of a browser, for the scenario runner in Node: session storage (one per tab: it survives
// the runner's page loads, as in a browser), location (its origin is the recording's, so the public-origin check sees
// the same page) and a virtual clock that runs the recording's time (a 10-second Khipu poll costs nothing).

export class MemoryStorage implements Storage {
  private map = new Map<string, string>();
  get length() {
    return this.map.size;
  }
  clear() {
    this.map.clear();
  }
  getItem(key: string) {
    return this.map.has(key) ? this.map.get(key)! : null;
  }
  key(index: number) {
    return [...this.map.keys()][index] ?? null;
  }
  removeItem(key: string) {
    this.map.delete(key);
  }
  setItem(key: string, value: string) {
    this.map.set(key, String(value));
  }
}

export interface ShimLocation {
  href: string;
  origin: string;
  pathname: string;
  search: string;
  hash: string;
  host: string;
  protocol: string;
  /** Where the SPA sent the browser (a provider's page): the runner reads it. */
  navigations: string[];
  assign(url: string): void;
  replace(url: string): void;
  reload(): void;
  set(url: string): void;
}

function makeLocation(start: string): ShimLocation {
  const loc = {
    navigations: [] as string[],
    href: '',
    origin: '',
    pathname: '',
    search: '',
    hash: '',
    host: '',
    protocol: '',
    set(url: string) {
      const u = new URL(url, loc.origin || undefined);
      Object.assign(loc, { href: u.href, origin: u.origin, pathname: u.pathname, search: u.search, hash: u.hash, host: u.host, protocol: u.protocol });
    },
    assign(url: string) {
      loc.navigations.push(url);
    },
    replace(url: string) {
      loc.navigations.push(url);
    },
    reload() {
      loc.navigations.push(loc.href);
    },
  };
  loc.set(start);
  return loc;
}

const g = globalThis as unknown as Record<string, unknown>;

/** Installs window, sessionStorage and location on globalThis; returns them and a function that takes them away. */
export function installBrowserShims(url: string) {
  const saved = { window: g.window, sessionStorage: g.sessionStorage, location: g.location };
  const storage = new MemoryStorage();
  const location = makeLocation(url);
  g.window = { location, sessionStorage: storage, scrollTo: () => undefined };
  g.sessionStorage = storage;
  g.location = location;
  return {
    storage,
    location,
    restore() {
      g.window = saved.window;
      g.sessionStorage = saved.sessionStorage;
      g.location = saved.location;
    },
  };
}

interface Timer {
  id: number;
  due: number;
  fn: (...args: unknown[]) => void;
  args: unknown[];
  every?: number;
}

/** A virtual clock: setTimeout/setInterval/Date.now run on it; time moves only when the runner says. */
export class VirtualClock {
  now: number;
  private timers = new Map<number, Timer>();
  private nextId = 1;
  private saved: Record<string, unknown> = {};
  private readonly realSetImmediate = setImmediate;

  constructor(start: number) {
    this.now = start;
  }

  install() {
    this.saved = { setTimeout: g.setTimeout, clearTimeout: g.clearTimeout, setInterval: g.setInterval, clearInterval: g.clearInterval, now: Date.now };
    g.setTimeout = (fn: (...a: unknown[]) => void, ms = 0, ...args: unknown[]) => this.add(fn, ms, args);
    g.setInterval = (fn: (...a: unknown[]) => void, ms = 0, ...args: unknown[]) => this.add(fn, ms, args, Math.max(1, ms));
    g.clearTimeout = g.clearInterval = (id: unknown) => {
      this.timers.delete(Number(id));
    };
    Date.now = () => this.now;
    return this;
  }

  uninstall() {
    Object.assign(g, { setTimeout: this.saved.setTimeout, clearTimeout: this.saved.clearTimeout, setInterval: this.saved.setInterval, clearInterval: this.saved.clearInterval });
    Date.now = this.saved.now as () => number;
  }

  private add(fn: (...a: unknown[]) => void, ms: number, args: unknown[], every?: number) {
    const id = this.nextId++;
    this.timers.set(id, { id, due: this.now + Math.max(0, Number(ms) || 0), fn, args, every });
    // a Node Timeout-like handle is not needed: the SPA only passes it back to clear*
    return id;
  }

  /** Lets every promise chain run (fetch answers already due, saga steps) without moving time. */
  async flush() {
    for (let i = 0; i < 3; i += 1) await new Promise<void>((resolve) => this.realSetImmediate(resolve));
  }

  /** Runs every timer due up to `target` in time order, letting promises settle after each; then time is `target`. */
  async runUntil(target: number) {
    await this.flush();
    for (;;) {
      let next: Timer | undefined;
      for (const timer of this.timers.values()) if (timer.due <= target && (!next || timer.due < next.due || (timer.due === next.due && timer.id < next.id))) next = timer;
      if (!next) break;
      this.now = Math.max(this.now, next.due);
      if (next.every) next.due += next.every;
      else this.timers.delete(next.id);
      next.fn(...next.args);
      await this.flush();
    }
    this.now = Math.max(this.now, target);
    await this.flush();
  }

  /** A page load: the old page's timers are gone. */
  clearAll() {
    this.timers.clear();
  }

  get pending() {
    return this.timers.size;
  }
}
