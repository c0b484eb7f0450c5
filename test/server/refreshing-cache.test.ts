import { ShortCache } from '@server/catalog/shortCache';
import { RefreshingCache } from '@server/http/refreshingCache';
import { prepareBody } from '@server/http/preparedBody';
import { gunzipSync } from 'node:zlib';

describe('RefreshingCache', () => {
  it('loads once for concurrent first readers, serves stale while one refresh runs, keeps the old value on failure', async () => {
    let clock = 0;
    let loads = 0;
    let fail = false;
    let release: (() => void) | undefined;
    const cache = new RefreshingCache(
      async () => {
        loads++;
        if (loads > 1) await new Promise<void>((r) => (release = r));
        if (fail) throw new Error('ERP caído');
        return `v${loads}`;
      },
      1000,
      () => {},
      () => clock,
    );
    expect(await Promise.all([cache.get(), cache.get(), cache.get()])).toEqual(['v1', 'v1', 'v1']);
    expect(loads).toBe(1);

    clock = 1500; // stale: served at once, one refresh starts
    expect(await cache.get()).toBe('v1');
    expect(await cache.get()).toBe('v1');
    expect(loads).toBe(2);
    release!();
    await new Promise((r) => setImmediate(r));
    expect(await cache.get()).toBe('v2');

    fail = true;
    clock = 3000;
    expect(await cache.get()).toBe('v2');
    release!();
    await new Promise((r) => setImmediate(r));
    expect(await cache.get()).toBe('v2');
  });
});

const flush = () => new Promise((r) => setImmediate(r));

describe('RefreshingCache with a soft and a hard age', () => {
  /** A load the test finishes by hand: resolve(value) or reject(error). */
  function manualLoads() {
    const pending: Array<{ resolve: (v: string) => void; reject: (e: Error) => void }> = [];
    let loads = 0;
    const load = () => {
      loads++;
      return new Promise<string>((resolve, reject) => pending.push({ resolve, reject }));
    };
    return { load, pending, loads: () => loads };
  }
  it('never serves a value older than the hard age: readers wait for the refresh, and get its error when it fails', async () => {
    let clock = 0;
    const errors: unknown[] = [];
    const m = manualLoads();
    const cache = new RefreshingCache<string>(m.load, { softAgeMs: 1000, hardAgeMs: 5000, retryMs: 500, onError: (e) => errors.push(e), now: () => clock });
    const first = cache.get();
    m.pending[0]!.resolve('v1');
    expect(await first).toBe('v1');

    clock = 1500; // soft: served, one refresh in the background
    expect(await cache.get()).toBe('v1');
    expect(m.loads()).toBe(2);
    m.pending[1]!.reject(new Error('ERP caído'));
    await flush();
    expect(errors).toHaveLength(1);
    clock = 1700; // retryMs after the failure: no new refresh yet
    expect(await cache.get()).toBe('v1');
    expect(m.loads()).toBe(2);

    clock = 5001; // hard: not served
    let settled = false;
    const waiting = cache.get().then((v) => { settled = true; return v; });
    await flush();
    expect(settled).toBe(false);
    expect(m.loads()).toBe(3);
    const alsoWaiting = cache.get();
    expect(m.loads()).toBe(3); // one refresh for every reader
    m.pending[2]!.reject(new Error('ERP caído otra vez'));
    await expect(waiting).rejects.toThrow('ERP caído otra vez');
    await expect(alsoWaiting).rejects.toThrow('ERP caído otra vez');
    // right after that failure, an expired read gets the error at once instead of a new try
    await expect(cache.get()).rejects.toThrow('ERP caído otra vez');
    expect(m.loads()).toBe(3);

    clock = 5600;
    const recovered = cache.get();
    m.pending[3]!.resolve('v2');
    expect(await recovered).toBe('v2');
    expect(cache.age()).toBe(0);
  });

  it('current() answers what get() would answer without waiting: nothing before the first load or past the hard age', async () => {
    let clock = 0;
    const m = manualLoads();
    const cache = new RefreshingCache<string>(m.load, { softAgeMs: 1000, hardAgeMs: 5000, retryMs: 500, now: () => clock });
    expect(cache.current()).toBeUndefined();
    expect(m.loads()).toBe(0); // it never starts the first load: get() does
    const first = cache.get();
    expect(cache.current()).toBeUndefined(); // still loading
    m.pending[0]!.resolve('v1');
    await first;
    expect(cache.current()).toBe('v1');

    clock = 1500; // soft: served, and one refresh starts in the background, as get() starts it
    expect(cache.current()).toBe('v1');
    expect(cache.current()).toBe('v1');
    expect(m.loads()).toBe(2);
    m.pending[1]!.resolve('v2');
    await flush();
    expect(cache.current()).toBe('v2');

    clock = 7000; // hard: not served; get() waits for a new load
    expect(cache.current()).toBeUndefined();
    expect(m.loads()).toBe(2);
    const waiting = cache.get();
    expect(m.loads()).toBe(3);
    m.pending[2]!.resolve('v3');
    expect(await waiting).toBe('v3');
    expect(cache.current()).toBe('v3');
  });

  it('ages a value from when its data was read (asOf), and gives the load the current value', async () => {
    let clock = 10_000;
    const seen: Array<string | undefined> = [];
    const cache = new RefreshingCache<{ v: string; readAt: number }>(
      async (previous) => {
        seen.push(previous?.v);
        return { v: `v${seen.length}`, readAt: clock - 4000 }; // the data is 4 s old when it arrives
      },
      { softAgeMs: 3000, hardAgeMs: 10_000, now: () => clock, asOf: (x) => x.readAt },
    );
    expect((await cache.get()).v).toBe('v1');
    expect(cache.age()).toBe(4000);
    expect((await cache.get()).v).toBe('v1'); // older than the soft age, but a read just started: no second one yet
    await flush();
    expect(seen).toEqual([undefined]);
    clock += 3000;
    expect((await cache.get()).v).toBe('v1'); // a refresh starts in the background
    await flush();
    expect(seen).toEqual([undefined, 'v1']);
  });

  it('refresh() while a load runs starts another one after it (a change made meanwhile is not lost)', async () => {
    const m = manualLoads();
    const cache = new RefreshingCache<string>(m.load, { softAgeMs: 1000 });
    const first = cache.refresh();
    const second = cache.refresh();
    const third = cache.refresh();
    expect(m.loads()).toBe(1);
    m.pending[0]!.resolve('before the change');
    expect(await first).toBe('before the change');
    await flush();
    expect(m.loads()).toBe(2);
    m.pending[1]!.resolve('after the change');
    expect(await second).toBe('after the change');
    expect(await third).toBe('after the change');
    expect(await cache.get()).toBe('after the change');
  });
});

describe('ShortCache', () => {
  it('serves a value while its read started at most ttl ago, one read per key for every reader, refreshed from half its life', async () => {
    let clock = 0;
    const reads: string[] = [];
    const resolvers: Array<() => void> = [];
    const cache = new ShortCache<string>(
      (key) => {
        reads.push(key);
        const at = clock;
        return new Promise((resolve) => resolvers.push(() => resolve(`${key}@${at}`)));
      },
      { ttlMs: 1000, now: () => clock },
    );
    const a = cache.get('POL-1001');
    const b = cache.get('POL-1001');
    expect(reads).toEqual(['POL-1001']);
    resolvers[0]!();
    expect(await a).toBe('POL-1001@0');
    expect(await b).toBe('POL-1001@0');

    clock = 400;
    expect(await cache.get('POL-1001')).toBe('POL-1001@0');
    expect(reads).toHaveLength(1);
    clock = 600; // past half its life: still served, read again in the background
    expect(await cache.get('POL-1001')).toBe('POL-1001@0');
    expect(reads).toHaveLength(2);
    clock = 1001; // that read has not answered and the value is too old: wait for it
    let done = false;
    const late = cache.get('POL-1001').then((v) => { done = true; return v; });
    await flush();
    expect(done).toBe(false);
    resolvers[1]!();
    expect(await late).toBe('POL-1001@600');
    expect(reads).toHaveLength(2);
  });

  it('peekFresh gives the value get would give without waiting, undefined when get would wait, and refreshes like get', async () => {
    let clock = 0;
    const reads: string[] = [];
    const resolvers: Array<() => void> = [];
    const cache = new ShortCache<string | null>(
      (key) => {
        reads.push(key);
        const at = clock;
        return new Promise((resolve) => resolvers.push(() => resolve(key === 'NADA' ? null : `${key}@${at}`)));
      },
      { ttlMs: 1000, now: () => clock },
    );
    expect(cache.peekFresh('POL-1001')).toBeUndefined(); // never read: nothing started either
    expect(reads).toEqual([]);
    const first = cache.get('POL-1001');
    expect(cache.peekFresh('POL-1001')).toBeUndefined(); // being read
    resolvers[0]!();
    await first;
    expect(cache.peekFresh('POL-1001')).toBe('POL-1001@0');
    clock = 600; // past half its life: given, and read again in the background
    expect(cache.peekFresh('POL-1001')).toBe('POL-1001@0');
    expect(reads).toHaveLength(2);
    clock = 1001; // too old, its refresh not answered yet
    expect(cache.peekFresh('POL-1001')).toBeUndefined();
    resolvers[1]!();
    await flush();
    expect(cache.peekFresh('POL-1001')).toBe('POL-1001@600');
    // a key the source has nothing for is kept as null, and null is a fresh value
    const none = cache.get('NADA');
    resolvers[2]!();
    expect(await none).toBeNull();
    expect(cache.peekFresh('NADA')).toBeNull();
  });

  it('keeps no failed read, and at most maxEntries keys', async () => {
    let clock = 0;
    let fail = true;
    const cache = new ShortCache<string>(
      async (key) => {
        if (fail) throw new Error('ERP caído');
        return key;
      },
      { ttlMs: 1000, maxEntries: 3, now: () => clock },
    );
    await expect(cache.get('A')).rejects.toThrow('ERP caído');
    expect(cache.size).toBe(0);
    fail = false;
    expect(await cache.get('A')).toBe('A');
    for (const key of ['B', 'C', 'D', 'E']) await cache.get(key);
    expect(cache.size).toBeLessThanOrEqual(3);
    clock = 2000;
    await cache.get('F');
    expect(cache.size).toBe(1); // the expired ones went first
  });

  it('keeps the kept object when a read finds the same value, and takes a changed one', async () => {
    let clock = 0;
    let stock = 5;
    const cache = new ShortCache<{ sizes: { code: string; stock: number }[] }>(async () => ({ sizes: [{ code: 'POL-1001-M', stock }] }), { ttlMs: 1000, now: () => clock });
    const first = await cache.get('POL-1001');
    clock = 600; // read again in the background: the same stock
    expect(cache.peekFresh('POL-1001')).toBe(first);
    await flush();
    clock = 1300; // past the first read's life: the second read's age, the first read's object
    expect(cache.peekFresh('POL-1001')).toBe(first);
    await flush(); // (read again meanwhile: the same)
    stock = 4;
    clock = 1900;
    cache.peekFresh('POL-1001');
    await flush();
    const changed = cache.peekFresh('POL-1001');
    expect(changed).not.toBe(first);
    expect(changed).toEqual({ sizes: [{ code: 'POL-1001-M', stock: 4 }] });
    expect(await cache.get('POL-1001')).toBe(changed);
  });

  it('evicts the least recently read key first, a key read again lately keeping its place', async () => {
    const small = new ShortCache<string>(async (key) => key, { ttlMs: 10_000, maxEntries: 3 });
    for (const key of ['A', 'B', 'C']) await small.get(key);
    small.peekFresh('A'); // A is the most recent now: B goes first
    await small.get('D');
    expect(['A', 'B', 'C', 'D'].map((key) => small.peekFresh(key) !== undefined)).toEqual([true, false, true, true]);

    // 8 keys: a key that moved to the end within the last 2 reads and additions is not moved again
    const cache = new ShortCache<string>(async (key) => key, { ttlMs: 10_000, maxEntries: 8 });
    const order = () => [...(cache as unknown as { entries: Map<string, unknown> }).entries.keys()];
    for (const key of ['A', 'B', 'C', 'D']) await cache.get(key);
    cache.peekFresh('D'); // one tick since D was added (this read)
    cache.peekFresh('D'); // two
    expect(order()).toEqual(['A', 'B', 'C', 'D']);
    cache.peekFresh('B'); // five since B was added: moved
    expect(order()).toEqual(['A', 'C', 'D', 'B']);
  });
});

describe('prepareBody', () => {
  it('keeps JSON, gzip and a stable ETag of the same value', () => {
    const a = prepareBody({ x: [1, 2, 3] });
    expect(a.json.toString()).toBe('{"x":[1,2,3]}');
    expect(gunzipSync(a.gzip).toString()).toBe('{"x":[1,2,3]}');
    expect(prepareBody({ x: [1, 2, 3] }).etag).toBe(a.etag);
    expect(prepareBody({ x: [1, 2] }).etag).not.toBe(a.etag);
  });
});
