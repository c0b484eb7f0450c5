import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '@server/app';
import { openDatabase, rowsOf, type Database } from '@server/db/connect';
import { loginFailures } from '@server/db/schema';
import { LoginLimits, parseWindowMs } from '@server/security/loginLimits';
import { call, createTestApp, TEST_SECRET, type TestApp } from './helpers';

const LIMITS = { maxPerAddress: 5, maxPerRut: 3, window: '15 minutes' };
const TOO_MANY = { status: 429, message: 'Demasiados intentos de acceso. Espera unos minutos e inténtalo de nuevo.' };

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ login: LIMITS });
}, 60_000);
afterAll(() => t.close());
beforeEach(() => t.database.db.delete(loginFailures));

const attempt = (username: string, password: string, ip: string, app: FastifyInstance = t.app) =>
  call(app, { method: 'POST', url: '/api/security/login', payload: { username, password }, remoteAddress: ip });

describe('login limits', () => {
  it('never refuses successful logins, however many come from one address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 40; i++) codes.push((await attempt(i % 2 ? '76123456-0' : '77345678-K', 'Demo1234', '10.1.1.1')).statusCode);
    expect(codes.every((c) => c === 200)).toBe(true);
    // and they leave nothing behind
    expect(await t.database.db.select().from(loginFailures)).toEqual([]);
  });

  it('refuses an address after LOGIN_MAX_PER_ADDRESS wrong passwords, even the right one, with the Spanish 429', async () => {
    const ip = '10.2.2.2';
    const ruts = ['76123456-0', '77345678-K', '76234567-6', '76345678-1', '12345678-5'];
    for (const rut of ruts) expect((await attempt(rut, 'wrong', ip)).statusCode).toBe(401);
    const refused = await attempt('76123456-0', 'Demo1234', ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toEqual(TOO_MANY);
    // other addresses are not affected
    expect((await attempt('76123456-0', 'Demo1234', '10.2.2.3')).statusCode).toBe(200);
  });

  it('keeps letting the owner in after 10 wrong passwords for the rut from an attacker', async () => {
    const attacker = '10.6.6.6';
    const codes: number[] = [];
    for (let i = 0; i < 10; i++) codes.push((await attempt('76123456-0', `wrong-${i}`, attacker)).statusCode);
    // three failures put the rut under attack, and this address has guessed it more than once: refused from then on
    expect(codes.slice(0, 3)).toEqual([401, 401, 401]);
    expect(codes.slice(3).every((c) => c === 429)).toBe(true);
    // the attacker does not get to try the right password either
    expect((await attempt('76123456-0', 'Demo1234', attacker)).json()).toEqual(TOO_MANY);
    // the buyer, from an address that has not been guessing, logs in
    const owner = await attempt('76123456-0', 'Demo1234', '10.7.7.7');
    expect(owner.statusCode).toBe(200);
    expect(owner.json().token).toBeTruthy();
    // even after one typo of their own
    expect((await attempt('76123456-0', 'typo', '10.7.7.8')).statusCode).toBe(401);
    expect((await attempt('76123456-0', 'Demo1234', '10.7.7.8')).statusCode).toBe(200);
  });

  it('refuses, while a rut is under attack, every address that guessed it twice', async () => {
    // three failures of the rut from three addresses put it under attack
    for (const ip of ['10.3.0.1', '10.3.0.2', '10.3.0.3']) expect((await attempt('77345678-K', 'wrong', ip)).statusCode).toBe(401);
    // a fourth address may guess, but only until its second failure for this rut
    const guesser = '10.3.0.4';
    expect((await attempt('77345678-K', 'wrong', guesser)).statusCode).toBe(401);
    expect((await attempt('77345678-K', 'wrong', guesser)).statusCode).toBe(401);
    expect((await attempt('77345678-K', 'wrong', guesser)).json()).toEqual(TOO_MANY);
    expect((await attempt('77345678-K', 'Demo1234', guesser)).statusCode).toBe(429);
    // another rut from the same address is not locked by this rut's attack
    expect((await attempt('76234567-6', 'Demo1234', guesser)).statusCode).toBe(200);
    // before the rut is under attack, two typos from one address do not lock it
    expect((await attempt('76345678-1', 'wrong', '10.3.1.1')).statusCode).toBe(401);
    expect((await attempt('76345678-1', 'wrong', '10.3.1.1')).statusCode).toBe(401);
    expect((await attempt('76345678-1', 'Demo1234', '10.3.1.1')).statusCode).toBe(200);
  });

  it('counts wrong current passwords of the change-password form too', async () => {
    const ip = '10.4.4.4';
    const change = (currentPassword: string) =>
      call(t.app, {
        method: 'POST',
        url: '/api/security/change-password',
        payload: { username: '76678901-3', currentPassword, password: 'Nueva1234', confirmPassword: 'Nueva1234' },
        remoteAddress: ip,
      });
    for (let i = 0; i < 3; i++) expect((await change('wrong')).statusCode).toBe(401);
    expect((await change('Demo1234')).json()).toEqual(TOO_MANY);
  });

  it('forgets failures after the window and purges old rows', async () => {
    const limits = new LoginLimits(t.database.db, LIMITS);
    for (let i = 0; i < 5; i++) await limits.recordFailure('76123456-0', '10.5.5.5');
    expect(await limits.check('76123456-0', '10.5.5.5')).toEqual({ allowed: false, reason: 'address' });
    // the window started 16 minutes ago
    await t.database.db.update(loginFailures).set({ windowStart: new Date(Date.now() - 16 * 60_000) });
    expect(await limits.check('76123456-0', '10.5.5.5')).toEqual({ allowed: true });
    // a failure after the window starts again at 1
    await limits.recordFailure('76123456-0', '10.5.5.5');
    const [row] = await t.database.db.select().from(loginFailures).where(eq(loginFailures.key, 'addr:10.5.5.5'));
    expect(row!.failures).toBe(1);
    await t.database.db.update(loginFailures).set({ windowStart: new Date(Date.now() - 16 * 60_000) });
    expect(await limits.purge()).toBe(3);
    expect(await t.database.db.select().from(loginFailures)).toEqual([]);
  });

  it('reads LOGIN_WINDOW as the portal always has', () => {
    expect(parseWindowMs('15 minutes')).toBe(900_000);
    expect(parseWindowMs('15m')).toBe(900_000);
    expect(parseWindowMs('1 hour')).toBe(3_600_000);
    expect(parseWindowMs('90s')).toBe(90_000);
    expect(parseWindowMs('60000')).toBe(60_000);
    expect(() => parseWindowMs('mucho')).toThrow('LOGIN_WINDOW inválido');
    expect(() => new LoginLimits(t.database.db, { ...LIMITS, window: '0' })).toThrow('LOGIN_WINDOW inválido');
  });
});

describe('two instances on one database', () => {
  let second: FastifyInstance;
  let secondDb: Database;

  beforeAll(async () => {
    const adminUrl = process.env.TEST_DATABASE_URL;
    if (adminUrl) {
      // PostgreSQL: a second instance with its own connection pool to the same database
      const [row] = rowsOf<{ name: string }>(await t.database.db.execute(sql`select current_database() as name`));
      const url = new URL(adminUrl);
      url.pathname = `/${row!.name}`;
      secondDb = await openDatabase({ databaseUrl: url.toString() });
    } else {
      // PGlite is one process's: the second instance shares the handle (and leaves closing it to the first)
      secondDb = { ...t.database, close: async () => {} };
    }
    second = await buildApp({
      config: { jwtSecret: TEST_SECRET, tokenTtl: 3600, publicUrl: 'http://localhost:3000', clientDir: '/nonexistent', brandName: 'Textil Andino', login: LIMITS },
      database: secondDb,
      erp: t.erp,
      worker: { autoStart: false },
    });
    await second.ready();
  }, 60_000);
  afterAll(() => second.close());

  it('shares the counts: failures on one instance count on the other', async () => {
    if (process.env.TEST_DATABASE_URL) expect(secondDb.kind).toBe('postgres');
    // one address: five failures over three ruts, split between the instances, lock it on both
    const ip = '10.8.8.8';
    for (const [rut, app] of [['76123456-0', t.app], ['76123456-0', second], ['77345678-K', second], ['77345678-K', t.app], ['76345678-1', t.app]] as const) {
      expect((await attempt(rut, 'wrong', ip, app)).statusCode).toBe(401);
    }
    expect((await attempt('76234567-6', 'Demo1234', ip, second)).statusCode).toBe(429);
    expect((await attempt('76234567-6', 'Demo1234', ip, t.app)).statusCode).toBe(429);
    // one rut: failures from three addresses on either instance put it under attack on both
    expect((await attempt('76234567-6', 'wrong', '10.9.0.1', t.app)).statusCode).toBe(401);
    expect((await attempt('76234567-6', 'wrong', '10.9.0.2', second)).statusCode).toBe(401);
    expect((await attempt('76234567-6', 'wrong', '10.9.0.1', second)).statusCode).toBe(401);
    expect((await attempt('76234567-6', 'Demo1234', '10.9.0.1', t.app)).statusCode).toBe(429);
    expect((await attempt('76234567-6', 'Demo1234', '10.9.0.1', second)).statusCode).toBe(429);
    // and its owner still gets in on either
    expect((await attempt('76234567-6', 'Demo1234', '10.9.0.9', second)).statusCode).toBe(200);
    expect((await attempt('76234567-6', 'Demo1234', '10.9.0.10', t.app)).statusCode).toBe(200);
  });
});
