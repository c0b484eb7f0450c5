// The verified-token cache (TokenService) and the auth plugin on top of it: a cached token skips only the signature
// check; a tampered, expired or wrongly signed token is refused even after the same user's valid token was cached, and
// revocation (token version, deactivation, deletion, role) still works through the per-user state check.
import Fastify, { type FastifyInstance } from 'fastify';
import { SignJWT } from 'jose';
import auth from '@server/plugins/auth';
import errors from '@server/plugins/errors';
import { TokenService, type TokenClaims } from '@server/security/tokens';
import type { UsersRepo } from '@server/users/users.repo';

const SECRET = new TextEncoder().encode('token-cache-secret-token-cache-secret-00');
const ISSUER = 'portal-mayorista';
const buyer: TokenClaims = { userId: 7, role: 'USER', username: '76.123.456-0', version: 0 };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A token with the portal's claims, signed as asked. */
function forge(claims: TokenClaims, opts: { alg?: string; key?: Uint8Array; iat?: number; exp?: number } = {}) {
  const { alg = 'HS256', key = SECRET, iat = Math.floor(Date.now() / 1000) } = opts;
  const exp = opts.exp ?? iat + 600;
  return new SignJWT({ role: claims.role, usr: claims.username, ver: claims.version })
    .setProtectedHeader({ alg })
    .setSubject(String(claims.userId))
    .setIssuer(ISSUER)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(key);
}

/** The same token with its payload changed (signature kept), or one character of its signature changed. */
function tamperPayload(token: string, change: Record<string, unknown>) {
  const [h, p, s] = token.split('.');
  const payload = { ...JSON.parse(Buffer.from(p!, 'base64url').toString()), ...change };
  return `${h}.${Buffer.from(JSON.stringify(payload)).toString('base64url')}.${s}`;
}
function tamperSignature(token: string) {
  const last = token.at(-2) === 'A' ? 'B' : 'A';
  return `${token.slice(0, -2)}${last}${token.at(-1)}`;
}

describe('TokenService: verified tokens', () => {
  it('remembers a valid token and returns the same claims without a new check', async () => {
    const tokens = new TokenService(SECRET, 3600);
    const token = await tokens.sign(buyer);
    expect(tokens.cached(token)).toBeUndefined();
    expect(await tokens.verify(token)).toEqual(buyer);
    expect(tokens.cacheSize).toBe(1);
    expect(tokens.cached(token)).toEqual(buyer);
    expect(await tokens.verify(token)).toEqual(buyer);
  });

  it('imports the secret into WebCrypto once, not on every sign or verify', async () => {
    const forged = await forge(buyer); // signed here with the raw bytes: jose imports them for that
    const importKey = jest.spyOn(globalThis.crypto.subtle, 'importKey');
    try {
      const tokens = new TokenService(SECRET, 3600, { ttlMs: 0 });
      for (const userId of [1, 2, 3]) expect((await tokens.verify(await tokens.sign({ ...buyer, userId })))?.userId).toBe(userId);
      expect(await tokens.verify(forged)).toEqual(buyer);
      expect(importKey).toHaveBeenCalledTimes(1);
    } finally {
      importKey.mockRestore();
    }
  });

  it('refuses tampered, expired, wrong-algorithm and unsigned tokens even after the same user was cached', async () => {
    const tokens = new TokenService(SECRET, 3600);
    const good = await tokens.sign(buyer);
    expect(await tokens.verify(good)).toEqual(buyer);
    const now = Math.floor(Date.now() / 1000);
    const [, payload] = good.split('.');
    const refused = [
      tamperPayload(good, { role: 'SUPERADMIN' }),
      tamperPayload(good, { exp: now + 999_999 }),
      tamperSignature(good),
      `${good}x`,
      good.slice(0, -1),
      await forge(buyer, { iat: now - 7200, exp: now - 3600 }),
      await forge(buyer, { alg: 'HS512' }),
      await forge(buyer, { key: new TextEncoder().encode('another-secret-another-secret-another-00') }),
      `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${payload}.`,
    ];
    for (const token of refused) {
      expect(tokens.cached(token)).toBeUndefined();
      expect(await tokens.verify(token)).toBeNull();
    }
    // nothing refused was stored; the good token still is
    expect(tokens.cacheSize).toBe(1);
    expect(tokens.cached(good)).toEqual(buyer);
  });

  it('keeps a token no longer than its exp', async () => {
    const tokens = new TokenService(SECRET, 3600, { ttlMs: 60_000 });
    const now = Math.floor(Date.now() / 1000);
    const token = await forge(buyer, { iat: now, exp: now + 1 });
    expect(await tokens.verify(token)).toEqual(buyer);
    expect(tokens.cached(token)).toEqual(buyer);
    await sleep((now + 1) * 1000 - Date.now() + 20);
    expect(tokens.cached(token)).toBeUndefined();
    expect(await tokens.verify(token)).toBeNull();
    expect(tokens.cacheSize).toBe(0);
  });

  it('keeps a token no longer than the short TTL, then checks it again', async () => {
    const tokens = new TokenService(SECRET, 3600, { ttlMs: 30 });
    const token = await tokens.sign(buyer);
    expect(await tokens.verify(token)).toEqual(buyer);
    await sleep(50);
    expect(tokens.cached(token)).toBeUndefined();
    expect(await tokens.verify(token)).toEqual(buyer);
  });

  it('is bounded: the oldest token goes first', async () => {
    const tokens = new TokenService(SECRET, 3600, { maxEntries: 3 });
    const all = await Promise.all([1, 2, 3, 4, 5].map((userId) => tokens.sign({ ...buyer, userId })));
    for (const token of all) await tokens.verify(token);
    expect(tokens.cacheSize).toBe(3);
    expect(tokens.cached(all[0]!)).toBeUndefined();
    expect(tokens.cached(all[1]!)).toBeUndefined();
    expect(tokens.cached(all[4]!)?.userId).toBe(5);
  });

  it('forget(userId) drops that user\'s tokens only', async () => {
    const tokens = new TokenService(SECRET, 3600);
    const mine = [await tokens.sign(buyer), await forge(buyer)];
    const other = await tokens.sign({ ...buyer, userId: 8 });
    for (const token of [...mine, other]) await tokens.verify(token);
    tokens.forget(buyer.userId);
    expect(mine.map((t) => tokens.cached(t))).toEqual([undefined, undefined]);
    expect(tokens.cached(other)?.userId).toBe(8);
  });

  it("answers a connection's repeated token from the connection's last entry, and never another token's claims", async () => {
    const tokens = new TokenService(SECRET, 3600, { maxEntries: 2 });
    const mine = await tokens.sign(buyer);
    const other = await tokens.sign({ ...buyer, userId: 8 });
    for (const token of [mine, other]) await tokens.verify(token);
    const connection = {};
    const get = jest.spyOn(Map.prototype, 'get');
    try {
      expect(tokens.cached(mine, connection)).toEqual(buyer);
      const mapReads = get.mock.calls.length;
      // the same string again on the connection: no look-up in the verified tokens
      expect(tokens.cached(`${mine.slice(0, 10)}${mine.slice(10)}`, connection)).toEqual(buyer);
      expect(get.mock.calls.length).toBe(mapReads);
    } finally {
      get.mockRestore();
    }
    // another token, a tampered copy or a string never verified on the same connection: each answered for itself
    expect(tokens.cached(other, connection)?.userId).toBe(8);
    expect(tokens.cached(mine, connection)).toEqual(buyer);
    expect(tokens.cached(tamperSignature(mine), connection)).toBeUndefined();
    expect(tokens.cached(`${mine}x`, connection)).toBeUndefined();
    expect(tokens.cached(mine, connection)).toEqual(buyer);
    // what leaves the cache leaves the connection too: forgotten, evicted
    tokens.forget(buyer.userId);
    expect(tokens.cached(mine, connection)).toBeUndefined();
    await tokens.verify(mine);
    expect(tokens.cached(mine, connection)).toEqual(buyer);
    for (const userId of [9, 10]) await tokens.verify(await tokens.sign({ ...buyer, userId }));
    expect(tokens.cached(mine, connection)).toBeUndefined();
  });

  it("keeps a connection's token no longer than the cache does", async () => {
    const tokens = new TokenService(SECRET, 3600, { ttlMs: 30 });
    const token = await tokens.sign(buyer);
    await tokens.verify(token);
    const connection = {};
    expect(tokens.cached(token, connection)).toEqual(buyer);
    await sleep(50);
    expect(tokens.cached(token, connection)).toBeUndefined();
    expect(tokens.cacheSize).toBe(0);
  });

  it('caches nothing with ttlMs 0', async () => {
    const tokens = new TokenService(SECRET, 3600, { ttlMs: 0 });
    const token = await tokens.sign(buyer);
    expect(await tokens.verify(token)).toEqual(buyer);
    expect(tokens.cacheSize).toBe(0);
  });
});

describe('auth plugin with cached tokens: revocation', () => {
  let app: FastifyInstance;
  let tokens: TokenService;
  const row = { id: 7, tokenVersion: 0, enabled: true, userType: 'USER' as string, companyRut: '76.123.456-0', companyRole: 'ADMINISTRADOR', contactCode: null };
  let exists = true;
  const users = { findById: async (id: number) => (exists && id === row.id ? { ...row } : undefined) } as unknown as UsersRepo;

  beforeEach(async () => {
    Object.assign(row, { tokenVersion: 0, enabled: true, userType: 'USER' });
    exists = true;
    tokens = new TokenService(SECRET, 3600);
    app = Fastify();
    await app.register(errors);
    // a long user-state cache, as in production: only forgetSession makes a change visible at once
    await app.register(auth, { tokens, users, cacheMs: 60_000 });
    app.get('/api/me', { config: { access: 'session' } }, async (request) => ({ id: request.sessionUser!.id, role: request.sessionUser!.role }));
    app.get('/api/buyer', { config: { access: 'buyer', capability: 'browse' } }, async () => ({ ok: true }));
    await app.ready();
  });
  afterEach(() => app.close());

  const me = async (token: string) => (await app.inject({ method: 'GET', url: '/api/me', headers: { authorization: token } })).statusCode;

  it('refuses tampered, expired and wrong-algorithm tokens of a user whose valid token is cached', async () => {
    const good = await tokens.sign(buyer);
    expect(await me(good)).toBe(200);
    expect(tokens.cached(good)).toEqual(buyer);
    const now = Math.floor(Date.now() / 1000);
    for (const token of [
      tamperPayload(good, { role: 'ADMIN' }),
      tamperPayload(good, { ver: 1 }),
      tamperSignature(good),
      await forge(buyer, { iat: now - 7200, exp: now - 3600 }),
      await forge(buyer, { alg: 'HS384' }),
    ]) expect(await me(token)).toBe(401);
    expect(await me(good)).toBe(200);
  });

  it('a new token version ends a cached token once forgetSession runs (password change)', async () => {
    const good = await tokens.sign(buyer);
    expect(await me(good)).toBe(200);
    row.tokenVersion = 1;
    app.forgetSession(row.id);
    expect(tokens.cached(good)).toBeUndefined();
    expect(await me(good)).toBe(401);
    expect(await me(await tokens.sign({ ...buyer, version: 1 }))).toBe(200);
  });

  it('a deactivation or deletion ends a cached token', async () => {
    const good = await tokens.sign(buyer);
    expect(await me(good)).toBe(200);
    row.enabled = false;
    app.forgetSession(row.id);
    expect(await me(good)).toBe(401);
    row.enabled = true;
    app.forgetSession(row.id);
    expect(await me(good)).toBe(200);
    exists = false;
    app.forgetSession(row.id);
    expect(await me(good)).toBe(401);
  });

  it('a role change is taken from the user state, not from the cached token', async () => {
    const good = await tokens.sign(buyer);
    expect((await app.inject({ method: 'GET', url: '/api/buyer', headers: { authorization: good } })).statusCode).toBe(200);
    row.userType = 'ADMIN';
    app.forgetSession(row.id);
    expect((await app.inject({ method: 'GET', url: '/api/buyer', headers: { authorization: good } })).statusCode).toBe(403);
    expect((await app.inject({ method: 'GET', url: '/api/me', headers: { authorization: good } })).json()).toEqual({ id: 7, role: 'ADMIN' });
  });

  it('the user state is read again when its own cache runs out, whatever the token cache holds', async () => {
    await app.close();
    app = Fastify();
    await app.register(errors);
    await app.register(auth, { tokens, users, cacheMs: 0 });
    app.get('/api/me', { config: { access: 'session' } }, async () => ({ ok: true }));
    await app.ready();
    const good = await tokens.sign(buyer);
    expect(await me(good)).toBe(200);
    expect(tokens.cached(good)).toEqual(buyer);
    row.tokenVersion = 5; // no forgetSession: another instance changed it
    expect(await me(good)).toBe(401);
  });
});

describe('auth plugin: the synchronous check of a caller both caches know', () => {
  let app: FastifyInstance;
  let tokens: TokenService;
  const row = { id: 7, tokenVersion: 0, enabled: true, userType: 'USER' as string, companyRut: '76.123.456-0', companyRole: 'ADMINISTRADOR', contactCode: null };
  let reads = 0;
  const users = {
    findById: async (id: number) => {
      reads++;
      return id === row.id ? { ...row } : undefined;
    },
  } as unknown as UsersRepo;

  async function build(cacheMs: number) {
    app = Fastify();
    await app.register(errors);
    await app.register(auth, { tokens, users, cacheMs });
    app.get('/api/me', { config: { access: 'session' } }, async (request) => ({ id: request.sessionUser!.id }));
    app.get('/api/admin-only', { config: { access: 'admin' } }, async () => ({ ok: true }));
    app.post('/api/write', { config: { access: 'buyer', capability: 'browse' } }, async () => ({ ok: true }));
    await app.ready();
  }
  beforeEach(() => {
    Object.assign(row, { tokenVersion: 0, enabled: true, userType: 'USER' });
    reads = 0;
    tokens = new TokenService(SECRET, 3600);
  });
  afterEach(() => app.close());

  const get = (url: string, token: string) => app.inject({ method: 'GET', url, headers: { authorization: token } });

  it('reads the user once, then answers from the caches; the role and the anti-forgery token are still checked', async () => {
    await build(60_000);
    const good = await tokens.sign(buyer);
    for (let i = 0; i < 5; i++) expect((await get('/api/me', good)).json()).toEqual({ id: 7 });
    expect(reads).toBe(1);
    expect((await get('/api/admin-only', good)).statusCode).toBe(403);
    const noXsrf = await app.inject({ method: 'POST', url: '/api/write', headers: { authorization: good }, payload: {} });
    expect(noXsrf.statusCode).toBe(403);
    const withXsrf = await app.inject({ method: 'POST', url: '/api/write', headers: { authorization: good, 'x-xsrf-token': 'abc' }, cookies: { 'XSRF-TOKEN': 'abc' }, payload: {} });
    expect(withXsrf.statusCode).toBe(200);
    expect(reads).toBe(1);
  });

  it('refuses a cached token once the cached user state carries a newer version (read for another token)', async () => {
    await build(30);
    const old = await tokens.sign(buyer);
    expect((await get('/api/me', old)).statusCode).toBe(200);
    row.tokenVersion = 1; // changed by another instance: no forgetSession here
    await sleep(40);
    // a request with the new token reads the state again (version 1) and caches it
    const fresh = await tokens.sign({ ...buyer, version: 1 });
    expect((await get('/api/me', fresh)).statusCode).toBe(200);
    expect(tokens.cached(old)).toEqual(buyer);
    // both caches answer for the old token now, and they refuse it
    const readsBefore = reads;
    expect((await get('/api/me', old)).statusCode).toBe(401);
    expect(reads).toBe(readsBefore);
  });

  it('refuses a cached token of a user the cached state shows disabled', async () => {
    await build(30);
    const good = await tokens.sign(buyer);
    expect((await get('/api/me', good)).statusCode).toBe(200);
    row.enabled = false;
    await sleep(40);
    expect((await get('/api/me', good)).statusCode).toBe(401); // read again: disabled, and cached as such
    expect((await get('/api/me', good)).statusCode).toBe(401); // from the caches
  });
});
