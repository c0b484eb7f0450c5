// Request logging: no line per request at info; 5xx (with the request id) and slow answers always; every answer as a
// compact line at debug.
import { tmpdir } from 'node:os';
import { Writable } from 'node:stream';
import Fastify from 'fastify';
import { LOG_REDACT } from '@server/app';
import { loadConfig } from '@server/config';
import { HttpError } from '@server/errors';
import { LazyChildLogger, lazyChildLoggerFactory } from '@server/http/requestLogger';
import { call, createTestApp, login, type TestApp } from './helpers';

interface Line {
  level: number;
  msg: string;
  reqId?: string;
  status?: number;
  url?: string;
  method?: string;
  ms?: number;
}

async function appLogging(level: string, logSlowMs?: number) {
  const lines: Line[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      for (const text of String(chunk).split('\n').filter(Boolean)) lines.push(JSON.parse(text) as Line);
      done();
    },
  });
  const t = await createTestApp(logSlowMs === undefined ? {} : { logSlowMs }, { worker: { autoStart: false }, logger: { level, stream } }, (app) => {
    app.get('/api/test/boom', { config: { access: 'public' } }, async () => {
      throw new Error('boom');
    });
    app.get('/api/test/teapot', { config: { access: 'public' } }, async () => {
      throw new HttpError(418, 'no');
    });
    app.get('/api/test/logger', { config: { access: 'public' } }, async (request) => ({ lazy: request.log instanceof LazyChildLogger }));
  });
  return { t, lines };
}

describe('request logging at info (the default)', () => {
  let t: TestApp;
  let lines: Line[];
  beforeAll(async () => {
    ({ t, lines } = await appLogging('info'));
  }, 60_000);
  afterAll(() => t.close());

  it('writes nothing for fast answers, 2xx, 304 or 4xx alike', async () => {
    const token = (await login(t.app, '76123456-0', 'Demo1234')).token;
    const before = lines.length;
    expect((await call(t.app, { method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect((await call(t.app, { method: 'GET', url: '/api/security/me', token })).statusCode).toBe(200);
    expect((await call(t.app, { method: 'GET', url: '/api/security/me' })).statusCode).toBe(401);
    const written = lines.slice(before);
    expect(written.filter((l) => l.msg === 'incoming request' || l.msg === 'request completed')).toEqual([]);
    expect(written.filter((l) => l.msg === 'respuesta' || l.msg === 'respuesta lenta' || l.msg === 'respuesta con error')).toEqual([]);
  });

  it('logs a 5xx as an error with its request id, method, path and status', async () => {
    const before = lines.length;
    const res = await call(t.app, { method: 'GET', url: '/api/test/boom', headers: { 'x-request-id': 'req-boom-1' } });
    expect(res.statusCode).toBe(500);
    const line = lines.slice(before).find((l) => l.msg === 'respuesta con error');
    expect(line).toMatchObject({ level: 50, reqId: 'req-boom-1', method: 'GET', url: '/api/test/boom', status: 500 });
    expect(typeof line!.ms).toBe('number');
  });
});

describe('request logging with LOG_SLOW_MS', () => {
  it('logs an answer slower than the threshold as a warning', async () => {
    const { t, lines } = await appLogging('info', 0);
    try {
      // everything takes more than 0 ms
      await call(t.app, { method: 'GET', url: '/api/health', headers: { 'x-request-id': 'req-slow-1' } });
      expect(lines.find((l) => l.msg === 'respuesta lenta')).toMatchObject({ level: 40, reqId: 'req-slow-1', url: '/api/health', status: 200 });
    } finally {
      await t.close();
    }
  }, 60_000);
});

describe('request logging at debug', () => {
  it('writes one compact line per answer, 4xx included', async () => {
    const { t, lines } = await appLogging('debug');
    try {
      await call(t.app, { method: 'GET', url: '/api/health' });
      await call(t.app, { method: 'GET', url: '/api/test/teapot' });
      // an answer no route matched is logged by the not-found handler's own hook
      await call(t.app, { method: 'GET', url: '/api/test/nada' });
      const answers = lines.filter((l) => l.msg === 'respuesta');
      expect(answers).toEqual([
        expect.objectContaining({ level: 20, method: 'GET', url: '/api/health', status: 200 }),
        expect.objectContaining({ level: 20, method: 'GET', url: '/api/test/teapot', status: 418 }),
        expect.objectContaining({ level: 20, method: 'GET', url: '/api/test/nada', status: 404 }),
      ]);
    } finally {
      await t.close();
    }
  }, 60_000);
});

describe('LOG_SLOW_MS', () => {
  const env = { DATA_DIR: tmpdir(), JWT_SECRET: 'x'.repeat(40) };
  it('is 1000 ms unless set, in whole milliseconds', () => {
    expect(loadConfig(env).logSlowMs).toBe(1000);
    expect(loadConfig({ ...env, LOG_SLOW_MS: '250' }).logSlowMs).toBe(250);
    expect(loadConfig({ ...env, LOG_SLOW_MS: '0' }).logSlowMs).toBe(0);
    expect(() => loadConfig({ ...env, LOG_SLOW_MS: '1s' })).toThrow('LOG_SLOW_MS inválido');
  });
});

describe('the request logger is made when it writes', () => {
  function parentLogger(level: string) {
    const lines: Line[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(JSON.parse(String(chunk)) as Line);
        done();
      },
    });
    const parent = Fastify({ logger: { level, stream, redact: LOG_REDACT } }).log;
    const child = jest.spyOn(parent, 'child');
    return { parent, child, lines };
  }

  it('makes no child for calls below the level, and one child, with the request id, once a line is written', async () => {
    const { parent, child, lines } = parentLogger('info');
    const log = lazyChildLoggerFactory.call(undefined as never, parent, { reqId: 'req-1' }, {}, undefined as never);
    log.debug('nada');
    log.trace('nada');
    expect(child).not.toHaveBeenCalled();
    expect(log.level).toBe('info');
    log.warn({ password: 'secreta' }, 'algo');
    log.error('otra');
    expect(child).toHaveBeenCalledTimes(1);
    await new Promise((r) => setImmediate(r));
    expect(lines).toEqual([
      expect.objectContaining({ level: 40, reqId: 'req-1', msg: 'algo', password: '[oculto]' }),
      expect.objectContaining({ level: 50, reqId: 'req-1', msg: 'otra' }),
    ]);
  });

  it("follows a route's own level", () => {
    const { parent, child } = parentLogger('info');
    const log = new LazyChildLogger(parent, { reqId: 'req-2' }, { level: 'warn' });
    expect(log.level).toBe('warn');
    expect(log.isLevelEnabled('info')).toBe(false);
    log.info('nada');
    expect(child).toHaveBeenCalledTimes(1); // the child decides its own level
    expect(log.isLevelEnabled('warn')).toBe(true);
  });

  it('is what a request of an app with a logger gets', async () => {
    const { t } = await appLogging('info');
    try {
      expect((await call(t.app, { method: 'GET', url: '/api/test/logger' })).json()).toEqual({ lazy: true });
    } finally {
      await t.close();
    }
  }, 60_000);
});
