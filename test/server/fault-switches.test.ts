// QA's control API of the stand-ins' faults (/api/dev/faults): only in the embedded mode, only from this machine,
// bodies checked with Spanish {status, message} errors, time-boxed changes; and the stand-ins' environment variables
// applied (or refused) at start.
import type { FastifyInstance } from 'fastify';
import { startB1Mock, type B1Mock } from '@mocks/b1/server';
import { startKhipuMock, type KhipuMock } from '@mocks/khipu/server';
import { startWebpayMock, type WebpayMock } from '@mocks/webpay/server';
import { registerFaultControl, standInFaultControls, startB1StandIn, startKhipuStandIn } from '@server/embedded';
import { createTestApp, type TestApp } from './helpers';

let t: TestApp;
/** The stand-ins under control (the portal's embedded mode controls its own; any will do for the API). */
const s = {} as { b1: B1Mock; webpay: WebpayMock; khipu: KhipuMock };

beforeAll(async () => {
  s.b1 = await startB1Mock();
  s.webpay = await startWebpayMock();
  s.khipu = await startKhipuMock();
  t = await createTestApp({}, { worker: { autoStart: false } }, (app) => {
    void registerFaultControl(app, { embedded: true, standIns: standInFaultControls(s), env: {} });
  });
}, 60_000);
afterAll(async () => {
  await t.close();
  await Promise.all([s.b1.close(), s.webpay.close(), s.khipu.close()]);
});
afterEach(() => {
  s.b1.resetFaults();
  s.webpay.resetFaults();
  s.khipu.resetFaults();
});

/** A plain call as curl on this machine makes it: no session, no anti-forgery token. */
const local = (app: FastifyInstance, method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
  app.inject({ method, url, payload: payload as object, headers: { host: 'localhost:3000', ...headers } });

describe('the control API in the embedded mode', () => {
  it('is declared public (no session) and lists every running stand-in', async () => {
    for (const key of ['GET /api/dev/faults', 'PUT /api/dev/faults', 'DELETE /api/dev/faults', 'GET /api/dev/faults/:standIn', 'PUT /api/dev/faults/:standIn', 'DELETE /api/dev/faults/:standIn']) {
      expect([key, t.app.routeAccess.get(key)]).toEqual([key, 'public']);
    }
    const res = await local(t.app, 'GET', '/api/dev/faults');
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Object.keys(body)).toEqual(['b1', 'webpay', 'khipu']);
    expect(body.b1).toMatchObject({ label: 'el sustituto de B1', url: s.b1.url, faults: { refuse: false, approvalCardCodes: ['C76345678'] }, timed: {} });
    expect(body.khipu.faults).toMatchObject({ notifyDelayMs: 0, notifyDrop: false });
  });

  it('"ERP down for 2 minutes": PUT with for, and the ERP is back by itself at the end', async () => {
    const before = Date.now();
    const res = await local(t.app, 'PUT', '/api/dev/faults/b1', { refuse: true, for: '2m' });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.faults.refuse).toBe(true);
    const until = Date.parse(body.timed.refuse.until);
    expect(until).toBeGreaterThanOrEqual(before + 120_000);
    expect(until).toBeLessThanOrEqual(Date.now() + 120_000);
    expect(s.b1.faults().refuse).toBe(true);
    // the same switch, a short while: it ends by itself
    await local(t.app, 'PUT', '/api/dev/faults/b1', { refuse: true, forMs: 200 });
    await new Promise((r) => setTimeout(r, 250));
    expect(s.b1.faults().refuse).toBe(false);
    expect((await local(t.app, 'GET', '/api/dev/faults/b1')).json().timed).toEqual({});
  });

  it('"WebPay slow", "Khipu notifies late", approvals: one PUT for several stand-ins; DELETE puts everything back', async () => {
    const res = await local(t.app, 'PUT', '/api/dev/faults', {
      webpay: { latencyMs: '8s', commitDelayMs: '20s' },
      khipu: { notifyDelayMs: '10m' },
      b1: { approvalCardCodes: ['C76123456'], approvalDecision: 'approve', approvalDecisionDelayMs: '5m' },
    });
    expect(res.statusCode).toBe(200);
    expect(s.webpay.faults()).toMatchObject({ latencyMs: 8000, commitDelayMs: 20_000 });
    expect(s.khipu.faults().notifyDelayMs).toBe(600_000);
    expect(s.b1.faults()).toMatchObject({ approvalCardCodes: ['C76123456'], approvalDecision: 'approve', approvalDecisionDelayMs: 300_000 });
    expect(res.json().webpay.faults.latencyMs).toBe(8000);

    const one = await local(t.app, 'DELETE', '/api/dev/faults/webpay');
    expect(one.statusCode).toBe(200);
    expect(s.webpay.faults().latencyMs).toBe(0);
    expect(s.khipu.faults().notifyDelayMs).toBe(600_000);
    expect((await local(t.app, 'DELETE', '/api/dev/faults')).statusCode).toBe(200);
    expect(s.khipu.faults().notifyDelayMs).toBe(0);
    expect(s.b1.faults().approvalCardCodes).toEqual(['C76345678']);
  });

  it.each([
    ['/api/dev/faults/b1', { down: true }, 'Falla desconocida para el sustituto de B1: «down»; las conocidas son: latencyMs, errorRate, refuse'],
    ['/api/dev/faults/b1', { errorRate: 'mucho' }, 'errorRate inválido: «mucho»; se espera una fracción entre 0 y 1 (0.25) o un porcentaje (25%)'],
    ['/api/dev/faults/webpay', { latencyMs: 8000, for: 'un rato' }, 'for inválido: «un rato»; se espera una duración con unidad (500ms, 30s, 2m, 1h) o 0'],
    ['/api/dev/faults/khipu', {}, 'Indique al menos una falla de el sustituto de Khipu'],
    ['/api/dev/faults/khipu', [1], 'El cuerpo debe ser un objeto JSON con las fallas de el sustituto de Khipu'],
    ['/api/dev/faults', { erp: { refuse: true } }, 'Sustituto desconocido o no activo: «erp» (activos: b1, webpay, khipu)'],
    ['/api/dev/faults', {}, 'Indique las fallas de al menos un sustituto (b1, webpay, khipu)'],
    ['/api/dev/faults', { webpay: { refuse: true }, khipu: { notifyDrop: 'quizás' } }, 'khipu: notifyDrop inválido: «quizás»; se espera sí o no'],
  ])('PUT %s %j: 400 in Spanish, nothing changed', async (url, payload, message) => {
    const res = await local(t.app, 'PUT', url, payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().status).toBe(400);
    expect(res.json().message).toContain(message);
    expect(s.webpay.faults().refuse).toBe(false);
  });

  it('an unknown stand-in is 404', async () => {
    const res = await local(t.app, 'GET', '/api/dev/faults/sap');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 404, message: 'Sustituto desconocido o no activo: «sap» (activos: b1, webpay, khipu)' });
  });

  it.each([
    ['another machine', { remoteAddress: '10.1.2.3' }],
    ['another machine through a proxy on this one', { headers: { 'x-forwarded-for': '203.0.113.9' } }],
    ['a host name that is not this machine (DNS rebinding)', { headers: { host: 'portal.example.cl' } }],
    ['a page of another site', { headers: { origin: 'https://evil.example' } }],
    ['a cross-site fetch', { headers: { 'sec-fetch-site': 'cross-site' } }],
  ])('refuses %s with 403, before reading the body', async (_who, extra) => {
    for (const method of ['GET', 'PUT', 'DELETE'] as const) {
      const res = await t.app.inject({
        method,
        url: '/api/dev/faults/b1',
        payload: method === 'PUT' ? { refuse: true } : undefined,
        remoteAddress: (extra as { remoteAddress?: string }).remoteAddress,
        headers: { host: 'localhost:3000', ...(extra as { headers?: Record<string, string> }).headers },
      });
      expect([method, res.statusCode]).toEqual([method, 403]);
      expect(res.json()).toEqual({ status: 403, message: 'Las fallas a pedido solo se controlan desde esta misma máquina (127.0.0.1 o ::1)' });
    }
    expect(s.b1.faults().refuse).toBe(false);
  });

  it('accepts this machine by any of its names (127.0.0.1, ::1, localhost) and the portal own pages', async () => {
    expect((await local(t.app, 'GET', '/api/dev/faults', undefined, { host: '127.0.0.1:3000' })).statusCode).toBe(200);
    expect((await local(t.app, 'GET', '/api/dev/faults', undefined, { host: '[::1]:3000', origin: 'http://localhost:5173', 'sec-fetch-site': 'same-origin' })).statusCode).toBe(200);
    const v6 = await t.app.inject({ method: 'GET', url: '/api/dev/faults', remoteAddress: '::1', headers: { host: 'localhost' } });
    expect(v6.statusCode).toBe(200);
  });
});

describe('off outside the embedded mode', () => {
  it('is not registered with a database of its own (production), with NODE_ENV=production or without stand-ins', async () => {
    const controls = standInFaultControls({ b1: s.b1 });
    const fake = {} as FastifyInstance; // never touched when the control API is off
    expect(await registerFaultControl(fake, { embedded: false, standIns: controls, env: {} })).toBe(false);
    expect(await registerFaultControl(fake, { embedded: true, standIns: controls, env: { NODE_ENV: 'production' } })).toBe(false);
    expect(await registerFaultControl(fake, { embedded: true, standIns: [undefined, undefined], env: {} })).toBe(false);
  });

  it('a portal built without it has no /api/dev route', async () => {
    const plain = await createTestApp({}, { worker: { autoStart: false } }, (app) => {
      void registerFaultControl(app, { embedded: false, standIns: standInFaultControls({ b1: s.b1 }), env: {} });
    });
    try {
      expect([...plain.app.routeAccess.keys()].filter((k) => k.includes('/api/dev'))).toEqual([]);
      expect((await local(plain.app, 'GET', '/api/dev/faults')).statusCode).toBe(404);
      expect((await local(plain.app, 'PUT', '/api/dev/faults/b1', { refuse: true })).statusCode).not.toBe(200);
      expect(s.b1.faults().refuse).toBe(false);
    } finally {
      await plain.close();
    }
  }, 60_000);
});

describe("the B1 stand-in's actions and its invoicing switch", () => {
  const post = (url: string, payload: unknown, extra: { remoteAddress?: string } = {}) =>
    t.app.inject({ method: 'POST', url, payload: payload as object, headers: { host: 'localhost:3000' }, ...extra });

  /** A sales order made in the stand-in as the portal's ERP job makes it (SL POST Orders). */
  async function salesOrder(numAtCard: string) {
    const login = await fetch(`${s.b1.url}/Login`, { method: 'POST', body: JSON.stringify({ CompanyDB: 'SBODEMOCL', UserName: 'manager', Password: 'manager' }) });
    const cookie = login.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
    const res = await fetch(`${s.b1.url}/Orders`, {
      method: 'POST',
      headers: { cookie },
      body: JSON.stringify({ CardCode: 'C76123456', DocDueDate: '2030-01-31', NumAtCard: numAtCard, DocumentLines: [{ ItemCode: 'POL-1001-M', Quantity: 1 }] }),
    });
    expect(res.status).toBe(201);
    return (await res.json()) as { DocEntry: number; DocNum: number };
  }

  it('POST /api/dev/faults/b1/invoice invoices a sales order now, by DocEntry or by the portal order number', async () => {
    expect(t.app.routeAccess.get('POST /api/dev/faults/:standIn/:action')).toBe('public');
    const order = await salesOrder('OC910001');
    const res = await post('/api/dev/faults/b1/invoice', { numAtCard: 'oc910001' });
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toMatchObject({ baseEntry: order.DocEntry, docNum: expect.any(Number), folioNumber: expect.any(Number) });
    expect(body.message).toBe(`Pedido ${order.DocEntry} facturado: factura ${body.docNum}, folio ${body.folioNumber}`);
    expect(s.b1.data.Invoices.find((i) => i.DocEntry === body.docEntry)!.DocumentLines[0]).toMatchObject({ BaseType: 17, BaseEntry: order.DocEntry, BaseLine: 0 });

    const again = await post('/api/dev/faults/b1/invoice', { docEntry: order.DocEntry });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toMatch(/^El sustituto de B1 no facturó: .*already closed/);
    expect((await post('/api/dev/faults/b1/invoice', { docEntry: 999_999 })).statusCode).toBe(404);
    expect((await post('/api/dev/faults/b1/invoice', {})).json()).toEqual({ status: 400, message: 'Indique docEntry (número) o numAtCard (el número del pedido del portal, p. ej. OC000011)' });
    expect((await post('/api/dev/faults/b1/facturar', {})).json()).toEqual({ status: 404, message: 'Acción desconocida: «facturar» (disponibles: invoice, purchase-order, purchase-order/receive)' });
    expect((await post('/api/dev/faults/webpay/invoice', {})).statusCode).toBe(404);
    expect((await post('/api/dev/faults/b1/invoice', { docEntry: order.DocEntry }, { remoteAddress: '10.1.2.3' })).statusCode).toBe(403);
  });

  it('PUT /api/dev/faults/b1 {autoInvoiceAfterMs} has the stand-in invoice each new sales order by itself', async () => {
    const res = await local(t.app, 'PUT', '/api/dev/faults/b1', { autoInvoiceAfterMs: '100ms' });
    expect(res.statusCode).toBe(200);
    expect(res.json().faults.autoInvoiceAfterMs).toBe(100);
    const order = await salesOrder('OC910002');
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(s.b1.data.Invoices.filter((i) => i.DocumentLines.some((l) => l.BaseType === 17 && l.BaseEntry === order.DocEntry))).toHaveLength(1);
  });
});

describe('the stand-ins started by the portal', () => {
  it('take their faults from the environment, time-boxed with FAULTS_FOR', async () => {
    const b1 = await startB1StandIn({ B1_STANDIN_POST_DELAY: '20s', B1_STANDIN_REFUSE: '1', B1_STANDIN_FAULTS_FOR: '2m' });
    try {
      const state = b1.faults.state() as { faults: Record<string, unknown>; timed: Record<string, { until: string }> };
      expect(state.faults).toMatchObject({ postDelayMs: 20_000, refuse: true });
      expect(Object.keys(state.timed).sort()).toEqual(['postDelayMs', 'refuse']);
    } finally {
      await b1.close();
    }
    const khipu = await startKhipuStandIn({ KHIPU_STANDIN_NOTIFY_DELAY_MS: '600000' });
    try {
      expect((khipu.faults.state() as { faults: Record<string, unknown> }).faults).toMatchObject({ notifyDelayMs: 600_000 });
    } finally {
      await khipu.close();
    }
  });

  it('refuse to start with a value that does not fit, in Spanish', async () => {
    await expect(startB1StandIn({ B1_STANDIN_ERROR_RATE: 'abc' })).rejects.toThrow(
      'Configuración de fallas de los sustitutos: B1_STANDIN_ERROR_RATE inválido: «abc»; se espera una fracción entre 0 y 1 (0.25) o un porcentaje (25%)',
    );
    await expect(startKhipuStandIn({ WEBPAY_STANDIN_SLOW: '1' })).rejects.toThrow('WEBPAY_STANDIN_SLOW no es una variable conocida del sustituto');
  });
});
