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

describe('prepareBody', () => {
  it('keeps JSON, gzip and a stable ETag of the same value', () => {
    const a = prepareBody({ x: [1, 2, 3] });
    expect(a.json.toString()).toBe('{"x":[1,2,3]}');
    expect(gunzipSync(a.gzip).toString()).toBe('{"x":[1,2,3]}');
    expect(prepareBody({ x: [1, 2, 3] }).etag).toBe(a.etag);
    expect(prepareBody({ x: [1, 2] }).etag).not.toBe(a.etag);
  });
});
