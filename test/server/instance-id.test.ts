import { instanceIdFromEnv, loadConfig } from '@server/config';
import { createTestApp, type TestApp } from './helpers';

// INSTANCE_ID: behind a load balancer, every answer names the instance that gave it (x-portal-instance); unset, none.

describe('INSTANCE_ID', () => {
  it('is read from the environment: letters, digits, . _ -, up to 64; absent or empty: none; anything else stops the start', () => {
    expect(instanceIdFromEnv(undefined)).toBeUndefined();
    expect(instanceIdFromEnv('  ')).toBeUndefined();
    expect(instanceIdFromEnv(' portal-2.zona_a ')).toBe('portal-2.zona_a');
    expect(() => instanceIdFromEnv('a b')).toThrow('INSTANCE_ID inválido: a b');
    expect(() => instanceIdFromEnv('x'.repeat(65))).toThrow('INSTANCE_ID inválido');
    expect(() => instanceIdFromEnv('i1\r\nset-cookie: x')).toThrow('INSTANCE_ID inválido');
    expect(loadConfig({ DATA_DIR: '/nonexistent-not-written', JWT_SECRET: 'x'.repeat(32), INSTANCE_ID: 'i3' }).instanceId).toBe('i3');
  });

  describe.each([
    ['set', 'i2'],
    ['unset', undefined],
  ])('%s', (_what, instanceId) => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp(instanceId ? { instanceId } : {});
    }, 60_000);
    afterAll(() => t?.close());

    it(instanceId ? 'every answer carries x-portal-instance: a route’s, a refusal, an unknown path' : 'no answer carries x-portal-instance', async () => {
      for (const url of ['/api/health', '/api/user/cart/count-cart/1', '/api/no-such-route']) {
        const res = await t.app.inject({ method: 'GET', url });
        expect(res.headers['x-portal-instance']).toBe(instanceId);
      }
    });
  });
});
