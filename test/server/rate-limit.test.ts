import { call, createTestApp, type TestApp } from './helpers';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ login: { maxPerAddress: 8, maxPerRut: 3, window: '15 minutes' } });
}, 60_000);
afterAll(() => t.close());

const attempt = (username: string, password: string, ip = '10.0.0.1') =>
  call(t.app, { method: 'POST', url: '/api/security/login', payload: { username, password }, remoteAddress: ip });

describe('login rate limits', () => {
  it('locks a rut after repeated failures, from any address, with a Spanish 429', async () => {
    for (const ip of ['10.0.0.1', '10.0.0.2', '10.0.0.3']) expect((await attempt('76123456-0', 'wrong', ip)).statusCode).toBe(401);
    const locked = await attempt('76123456-0', 'Demo1234', '10.0.0.4');
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual({ status: 429, message: 'Demasiados intentos de acceso. Espera unos minutos e inténtalo de nuevo.' });
    // another rut is not affected
    expect((await attempt('77345678-K', 'Demo1234', '10.0.0.4')).statusCode).toBe(200);
  });

  it('limits one address across ruts', async () => {
    const ip = '10.9.9.9';
    const codes: number[] = [];
    for (let i = 0; i < 9; i++) codes.push((await attempt('79012345-K', 'Demo1234', ip)).statusCode);
    expect(codes.slice(0, 8).every((c) => c === 200)).toBe(true);
    expect(codes[8]).toBe(429);
  });
});
