import { SignJWT } from 'jose';
import { requireUser } from '@server/plugins/auth';
import { hasToken } from '@server/plugins/xsrf';
import { call, createTestApp, login, TEST_SECRET, type TestApp } from './helpers';

let t: TestApp;
const guardHits: string[] = [];

beforeAll(async () => {
  t = await createTestApp({}, {}, (app) => {
    app.get('/api/test/admin-only', { config: { access: 'admin' } }, async () => ({ ok: true }));
    app.get('/api/test/buyer-only', { config: { access: 'buyer', capability: 'browse' } }, async (req) => {
      guardHits.push(requireUser(req).username);
      return { ok: true };
    });
  });
}, 60_000);
afterAll(() => t.close());

describe('POST /api/security/login', () => {
  it('gives an active buyer a token and its role', async () => {
    const res = await call(t.app, { method: 'POST', url: '/api/security/login', payload: { username: '76123456-0', password: 'Demo1234' } });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ type: 'USER', userActive: true, changePassword: true });
    expect(body.token.split('.')).toHaveLength(3);
    const me = await call(t.app, { method: 'GET', url: '/api/security/me', token: body.token });
    expect(me.json()).toEqual({ id: body.id, username: '76.123.456-0', type: 'USER', company: { rut: '76.123.456-0', role: 'ADMINISTRADOR', name: 'Rodrigo Fuentes Alarcón' }, rep: null });
  });

  it('accepts the rut written with dots and a lower-case k', async () => {
    expect((await login(t.app, '77.345.678-k', 'Demo1234')).userActive).toBe(true);
  });

  it('gives admins their role', async () => {
    expect((await login(t.app, '11111111-1', 'Admin1234')).type).toBe('SUPERADMIN');
    expect((await login(t.app, '22222222-2', 'Admin1234')).type).toBe('ADMIN');
  });

  it('gives an inactive user no usable token', async () => {
    const body = await login(t.app, '79567890-5', 'Demo1234');
    expect(body).toMatchObject({ token: '', userActive: false });
  });

  it('sends a user who must change the password away without a session', async () => {
    const body = await login(t.app, '76678901-3', 'Demo1234');
    expect(body).toMatchObject({ token: '', userActive: true, changePassword: false });
  });

  it('answers 401 with the spec text for a wrong password or an unknown rut', async () => {
    for (const payload of [{ username: '76123456-0', password: 'wrong' }, { username: '12345678-5', password: 'Demo1234' }]) {
      const res = await call(t.app, { method: 'POST', url: '/api/security/login', payload });
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ status: 401, message: 'Usuario o password erronea' });
    }
  });

  it('validates with the shared schema and Spanish messages', async () => {
    const res = await call(t.app, { method: 'POST', url: '/api/security/login', payload: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 400,
      message: 'Rut de Empresa es requerido',
      fields: { username: 'Rut de Empresa es requerido', password: 'La password es requerida' },
    });
    const bad = await call(t.app, { method: 'POST', url: '/api/security/login', payload: { username: '76123456-1', password: 'x' } });
    expect(bad.json().fields.username).toBe('Rut de Empresa es invalido');
  });

  it('answers bad JSON with a 400 in Spanish, not a 500', async () => {
    const res = await call(t.app, { method: 'POST', url: '/api/security/login', payload: '{"username":', headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 400, message: 'El cuerpo de la solicitud no es JSON válido' });
  });
});

describe('anti-forgery', () => {
  it('rejects a non-GET without the echoed XSRF token', async () => {
    const payload = { username: '76123456-0', password: 'Demo1234' };
    const noHeader = await t.app.inject({ method: 'POST', url: '/api/security/login', payload, cookies: { 'XSRF-TOKEN': 'abc' } });
    expect(noHeader.statusCode).toBe(403);
    expect(noHeader.json().message).toMatch(/anti-falsificación/);
    const mismatch = await t.app.inject({ method: 'POST', url: '/api/security/login', payload, cookies: { 'XSRF-TOKEN': 'abc' }, headers: { 'x-xsrf-token': 'abd' } });
    expect(mismatch.statusCode).toBe(403);
    const noCookie = await t.app.inject({ method: 'POST', url: '/api/security/login', payload, headers: { 'x-xsrf-token': 'abc' } });
    expect(noCookie.statusCode).toBe(403);
  });

  it('sees the anti-forgery cookie in a Cookie header as the rule says (a cookie of its own, with a value)', () => {
    const rule = /(?:^|;)\s*XSRF-TOKEN=[^;\s]/;
    const headers = [
      'XSRF-TOKEN=abc', 'a=1; XSRF-TOKEN=abc', 'a=1;XSRF-TOKEN=abc; b=2', ' \tXSRF-TOKEN=abc', 'a=1;\u00a0XSRF-TOKEN=abc',
      'XSRF-TOKEN=', 'XSRF-TOKEN=;', 'XSRF-TOKEN= abc', 'XSRF-TOKEN=\u00a0abc', 'XSRF-TOKEN=; XSRF-TOKEN=abc', 'MY-XSRF-TOKEN=abc',
      'MY-XSRF-TOKEN=abc; XSRF-TOKEN=def', 'a=XSRF-TOKEN=abc', 'a=1 XSRF-TOKEN=abc', 'xsrf-token=abc', '', 'a=1; b=2',
    ];
    for (const header of headers) expect([header, hasToken(header)]).toEqual([header, rule.test(header)]);
    expect(hasToken(undefined)).toBe(false);
  });

  it('hands out the cookie on a GET', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/security/xsrf' });
    expect(res.statusCode).toBe(204);
    const cookie = res.cookies.find((c) => c.name === 'XSRF-TOKEN');
    expect(cookie?.value).toMatch(/^[\w-]{20,}$/);
    expect(cookie?.httpOnly).toBeFalsy();
  });
});

describe('guards', () => {
  it('lets only admins into admin routes and only buyers into buyer routes', async () => {
    const buyer = (await login(t.app, '76123456-0', 'Demo1234')).token;
    const admin = (await login(t.app, '22222222-2', 'Admin1234')).token;
    expect((await call(t.app, { method: 'GET', url: '/api/test/admin-only' })).statusCode).toBe(401);
    expect((await call(t.app, { method: 'GET', url: '/api/test/admin-only', token: buyer })).statusCode).toBe(403);
    expect((await call(t.app, { method: 'GET', url: '/api/test/admin-only', token: admin })).statusCode).toBe(200);
    expect((await call(t.app, { method: 'GET', url: '/api/test/buyer-only', token: admin })).json()).toEqual({ status: 403, message: 'No tiene permisos para esta acción' });
    expect((await call(t.app, { method: 'GET', url: '/api/test/buyer-only', token: buyer })).statusCode).toBe(200);
    expect(guardHits).toEqual(['76.123.456-0']);
  });

  it('refuses forged, expired and garbage tokens with 401', async () => {
    const buyer = (await login(t.app, '76123456-0', 'Demo1234')).token;
    const [h, p] = buyer.split('.');
    const forgedPayload = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(p!, 'base64url').toString()), role: 'SUPERADMIN' })).toString('base64url');
    for (const token of [`${h}.${forgedPayload}.${buyer.split('.')[2]}`, 'garbage', `${buyer}x`]) {
      const res = await call(t.app, { method: 'GET', url: '/api/security/me', token });
      expect(res.statusCode).toBe(401);
    }
  });

  it('requires exp and every claim the portal issues, and HS256 only', async () => {
    const { id } = await login(t.app, '76123456-0', 'Demo1234');
    const now = Math.floor(Date.now() / 1000);
    const claims = { role: 'USER', usr: '76.123.456-0', ver: 0 };
    const sign = (payload: Record<string, unknown>, { exp = true, iat = true, sub = true, alg = 'HS256', key = TEST_SECRET } = {}) => {
      let jwt = new SignJWT(payload).setProtectedHeader({ alg }).setIssuer('portal-mayorista');
      if (sub) jwt = jwt.setSubject(String(id));
      if (iat) jwt = jwt.setIssuedAt(now);
      if (exp) jwt = jwt.setExpirationTime(now + 600);
      return jwt.sign(key);
    };
    const me = async (token: string) => (await call(t.app, { method: 'GET', url: '/api/security/me', token })).statusCode;
    // the same claims signed properly are accepted (the demo buyer's token version is 0)
    expect(await me(await sign(claims))).toBe(200);
    expect(await me(await sign(claims, { exp: false }))).toBe(401);
    expect(await me(await sign(claims, { iat: false }))).toBe(401);
    expect(await me(await sign(claims, { sub: false }))).toBe(401);
    const { ver: _ver, ...noVersion } = claims;
    expect(await me(await sign(noVersion))).toBe(401);
    const { role: _role, ...noRole } = claims;
    expect(await me(await sign(noRole))).toBe(401);
    expect(await me(await sign({ ...claims, role: 'ROOT' }))).toBe(401);
    const { usr: _usr, ...noUser } = claims;
    expect(await me(await sign(noUser))).toBe(401);
    expect(await me(await sign(claims, { alg: 'HS512', key: new Uint8Array(64).fill(7) }))).toBe(401);
    expect(await me(await sign(claims, { alg: 'HS512' }))).toBe(401);
    const [h, p] = (await sign(claims)).split('.');
    const none = `${Buffer.from(JSON.stringify({ alg: 'none' })).toString('base64url')}.${p}.`;
    expect(h).toBeTruthy();
    expect(await me(none)).toBe(401);
    const expired = await new SignJWT(claims).setProtectedHeader({ alg: 'HS256' }).setIssuer('portal-mayorista').setSubject(String(id)).setIssuedAt(now - 7200).setExpirationTime(now - 3600).sign(TEST_SECRET);
    expect(await me(expired)).toBe(401);
  });

  it('a known API path asked with a method it does not take: 405 with Allow, in Spanish, before any login', async () => {
    const cases: Array<[string, string, string]> = [
      ['DELETE', '/api/security/login', 'POST'],
      ['PUT', '/api/orders', 'POST'],
      ['PATCH', '/api/admin/users/7', 'DELETE'],
      ['POST', '/api/user/cart/clear-cart/3', 'DELETE'],
      ['DELETE', '/api/public-config', 'GET, HEAD'],
    ];
    for (const [method, url, allows] of cases) {
      const res = await t.app.inject({ method: method as 'DELETE', url: `${url}?x=1` });
      expect({ url, method, status: res.statusCode, body: res.json() }).toEqual({ url, method, status: 405, body: { status: 405, message: 'Método no permitido para este recurso' } });
      for (const m of allows.split(', ')) expect(res.headers.allow).toContain(m);
    }
    // a path no route matches stays 404, whatever the method
    for (const method of ['GET', 'POST', 'DELETE'] as const) {
      expect((await t.app.inject({ method, url: '/api/no-existe/1' })).statusCode).toBe(404);
    }
  });

  it('answers unknown API paths with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/does-not-exist' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 404, message: 'Recurso no encontrado' });
  });
});

describe('POST /api/security/change-password', () => {
  const url = '/api/security/change-password';

  it.each([
    [{ currentPassword: '' }, 'currentPassword', 'Contraseña actual es requerida'],
    [{ password: '', confirmPassword: '' }, 'password', 'Debe indicar la nueva contraseña'],
    [{ password: 'Corta1', confirmPassword: 'Corta1' }, 'password', 'La nueva contraseña debe ser mínimo 8 caracteres'],
    [{ password: 'sinmayusculas1', confirmPassword: 'sinmayusculas1' }, 'password', 'La nueva contraseña debe contener Una letra Mayuscula y una Minuscula'],
    [{ confirmPassword: '' }, 'confirmPassword', 'Debe confirmar la contraseña'],
    [{ confirmPassword: 'Distinta1234' }, 'confirmPassword', 'La contraseña no coinciden'],
  ])('rejects %j', async (change, field, message) => {
    const payload = { username: '76234567-6', currentPassword: 'Demo1234', password: 'Nueva1234', confirmPassword: 'Nueva1234', ...change };
    const res = await call(t.app, { method: 'POST', url, payload });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
  });

  it('rejects a wrong current password with a clear message', async () => {
    const res = await call(t.app, { method: 'POST', url, payload: { username: '76234567-6', currentPassword: 'Mala12345', password: 'Nueva1234', confirmPassword: 'Nueva1234' } });
    expect(res.statusCode).toBe(401);
    expect(res.json().message).toBe('La contraseña actual no es correcta');
  });

  it('lets a must-change user set a password and then log in', async () => {
    const res = await call(t.app, { method: 'POST', url, payload: { username: '76678901-3', currentPassword: 'Demo1234', password: 'Maule2026x', confirmPassword: 'Maule2026x' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Contraseña actualizada, ingresa con tu nueva contraseña' });
    const after = await login(t.app, '76678901-3', 'Maule2026x');
    expect(after).toMatchObject({ userActive: true, changePassword: true });
    expect(after.token).not.toBe('');
    expect((await call(t.app, { method: 'POST', url: '/api/security/login', payload: { username: '76678901-3', password: 'Demo1234' } })).statusCode).toBe(401);
  });

  it('revokes tokens issued before the change', async () => {
    const old = (await login(t.app, '79012345-K', 'Demo1234')).token;
    expect((await call(t.app, { method: 'GET', url: '/api/security/me', token: old })).statusCode).toBe(200);
    const res = await call(t.app, { method: 'POST', url, token: old, payload: { username: '79012345-K', currentPassword: 'Demo1234', password: 'Elite2026x', confirmPassword: 'Elite2026x' } });
    expect(res.statusCode).toBe(200);
    const reuse = await call(t.app, { method: 'GET', url: '/api/security/me', token: old });
    expect(reuse.statusCode).toBe(401);
    const fresh = (await login(t.app, '79012345-K', 'Elite2026x')).token;
    expect((await call(t.app, { method: 'GET', url: '/api/security/me', token: fresh })).statusCode).toBe(200);
  });

  it("refuses to change another user's password with one's own session", async () => {
    const mine = (await login(t.app, '76123456-0', 'Demo1234')).token;
    const res = await call(t.app, { method: 'POST', url, token: mine, payload: { username: '77345678-K', currentPassword: 'Demo1234', password: 'Otra12345', confirmPassword: 'Otra12345' } });
    expect(res.statusCode).toBe(403);
  });
});
