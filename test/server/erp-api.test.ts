import { gunzipSync } from 'node:zlib';
import { productContent } from '@server/db/schema';
import { call, createTestApp, login, type TestApp } from './helpers';

let t: TestApp;
let buyer: { token: string; id: number };
let other: { token: string; id: number };
let admin: string;

beforeAll(async () => {
  t = await createTestApp();
  buyer = await login(t.app, '76123456-0', 'Demo1234');
  other = await login(t.app, '79012345-K', 'Demo1234');
  admin = (await login(t.app, '22222222-2', 'Admin1234')).token;
}, 60_000);
afterAll(() => t.close());

const get = (url: string, token?: string, headers?: Record<string, string>) => call(t.app, { method: 'GET', url, token, headers });

describe('profile', () => {
  it("answers the buyer's own ERP profile with the spec's fields", async () => {
    const res = await get(`/api/user/b1/profile/${buyer.id}`, buyer.token);
    expect(res.statusCode).toBe(200);
    const p = res.json();
    expect(p).toMatchObject({ idcliente: 'C76123456', rut: '76123456-0', nombre: 'Comercial Los Andes SpA', condpago: '30 días', credAprob: 15_000_000, fidelizacion: 'Gold', descFidel: 6, morosidad: 'Sin Bloqueo' });
    expect(p.factura.length).toBeGreaterThan(0);
    expect(p.despacho[0]).toEqual(expect.objectContaining({ direccion: expect.any(String), comuna: expect.any(String), idpais: 'CL', pais: 'Chile' }));
  });

  it("refuses another buyer's id, admins and visitors", async () => {
    expect((await get(`/api/user/b1/profile/${other.id}`, buyer.token)).statusCode).toBe(403);
    expect((await get(`/api/user/b1/profile/${buyer.id}`, admin)).statusCode).toBe(403);
    expect((await get(`/api/user/b1/profile/${buyer.id}`)).statusCode).toBe(401);
  });

  it('answers a bad id with a Spanish 400', async () => {
    const res = await get('/api/user/b1/profile/abc', buyer.token);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Identificador de usuario inválido');
  });

  it('writes giro, email, phone and addresses back to the ERP', async () => {
    const before = (await get(`/api/user/b1/profile/${buyer.id}`, buyer.token)).json();
    const dispatch = before.despacho[0];
    const payload = {
      businessPartner: 'C76123456', giro: 'Venta mayorista de ropa', mail: 'nuevo@losandes.cl', telefono: '227654321',
      direcciones: [{ iddespacho: dispatch.iddespacho, addressType: 'S', direccion: 'Av. Matta 500', comuna: 'Santiago', pais: 'CL', region: 'RM' }],
    };
    const res = await call(t.app, { method: 'POST', url: '/api/user/b1/update-profile', token: buyer.token, payload });
    expect(res.statusCode).toBe(200);
    const after = (await get(`/api/user/b1/profile/${buyer.id}`, buyer.token)).json();
    expect(after).toMatchObject({ giro: 'Venta mayorista de ropa', mail: 'nuevo@losandes.cl', telefono: '227654321' });
    expect(after.despacho.find((d: { iddespacho: string }) => d.iddespacho === dispatch.iddespacho)).toMatchObject({ direccion: 'Av. Matta 500', comuna: 'Santiago', idregion: 'RM' });
  });

  it("refuses to update another customer's business partner and validates the body", async () => {
    const foreign = await call(t.app, { method: 'POST', url: '/api/user/b1/update-profile', token: buyer.token, payload: { businessPartner: 'C79012345', giro: 'x', mail: 'a@b.cl', telefono: '1' } });
    expect(foreign.statusCode).toBe(403);
    const bad = await call(t.app, { method: 'POST', url: '/api/user/b1/update-profile', token: buyer.token, payload: { businessPartner: 'C76123456', giro: '', mail: 'no-es-correo', telefono: '12a' } });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ giro: 'Giro es requerido', mail: 'El email no tiene el formato correcto', telefono: 'Teléfono es solo números' });
  });

  it('lists regions and countries', async () => {
    const regions = (await get('/api/user/b1/region', buyer.token)).json();
    expect(regions.filter((r: { idpais: string }) => r.idpais === 'CL')).toHaveLength(16);
    expect(regions).toContainEqual(expect.objectContaining({ idregion: 'RM', idpais: 'CL' }));
    expect((await get('/api/user/b1/pais', buyer.token)).json()).toContainEqual({ idpais: 'CL', pais: 'Chile' });
  });
});

describe('catalogue', () => {
  it('answers the tree and the style rows, gzip with an ETag and 304 on revalidation', async () => {
    const tree = (await get('/api/user/b1/catalog', buyer.token)).json();
    expect(tree.categorias.length).toBeGreaterThanOrEqual(8);
    expect(tree.categorias[0].subcategorias[0].nivel3.length).toBeGreaterThan(0);

    const res = await get('/api/user/b1/catalog/products', buyer.token, { 'accept-encoding': 'gzip' });
    expect(res.headers['content-encoding']).toBe('gzip');
    const items = JSON.parse(gunzipSync(res.rawPayload).toString());
    expect(items.length).toBe(68);
    expect(items.find((i: { sku: string }) => i.sku === 'POL-1001')).toMatchObject({ stock: 540, genero: expect.any(String), preciolista: expect.any(Number) });
    const again = await get('/api/user/b1/catalog/products', buyer.token, { 'if-none-match': String(res.headers.etag) });
    expect(again.statusCode).toBe(304);
  });

  it('finds one catalogue item by sku, 404 for an unknown one, 400 for a malformed one', async () => {
    expect((await get('/api/user/b1/catalog/find/by/sku/POL-1001', buyer.token)).json().sku).toBe('POL-1001');
    const missing = await get('/api/user/b1/catalog/find/by/sku/NO-EXISTE', buyer.token);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ status: 404, message: 'Producto no encontrado' });
    expect((await get('/api/user/b1/catalog/find/by/sku/%3Cscript%3E', buyer.token)).statusCode).toBe(400);
  });

  it('gives fresh product detail with the sizes in order', async () => {
    const d = (await get('/api/user/b1/products-detail/POL-1001', buyer.token)).json();
    expect(d.relacionados.map((r: { talla: string; stock: number }) => [r.talla, r.stock])).toEqual([['S', 120], ['M', 240], ['L', 180], ['XL', 0]]);
    expect(d.relacionados[0]).toMatchObject({ sku: 'POL-1001-S', precioOferta: 0, descuento: 0 });
    expect((await get('/api/user/b1/products-detail/NO-EXISTE', buyer.token)).statusCode).toBe(404);
  });

  it('applies portal offers to detail, offer lookup and mass lookup; hides disabled styles from buyers only', async () => {
    await t.database.db.insert(productContent).values([
      { sku: 'POL-1001', name: 'Polera', offer: true, genero: 'Femenino', percentage: 20, enabled: true },
      { sku: 'VES-6003', name: 'Vestido', offer: false, enabled: false },
    ]);
    await t.app.catalog.refresh();
    const d = (await get('/api/user/b1/products-detail/POL-1001', buyer.token)).json();
    const s = d.relacionados[0];
    expect(s.descuento).toBe(20);
    expect(s.precioOferta).toBe(Math.round(s.preciolista * 0.8));
    const offer = (await get('/api/user/b1/offer-sku/POL-1001-M', buyer.token)).json();
    expect(offer).toEqual({ itemCode: 'POL-1001-M', descuento: 20, precioOferta: Math.round(s.preciolista * 0.8) });
    const mass = await call(t.app, { method: 'POST', url: '/api/user/b1/masivo-sku', token: buyer.token, payload: { items: [{ code: 'POL-1001-S' }, { code: 'PAN-2003-46' }, { code: 'NADA' }] } });
    expect(mass.json()).toEqual([{ itemCode: 'POL-1001-S', descuento: 20 }, { itemCode: 'PAN-2003-46', descuento: 0 }, { itemCode: 'NADA', descuento: 0 }]);
    const emptyMass = await call(t.app, { method: 'POST', url: '/api/user/b1/masivo-sku', token: buyer.token, payload: { items: [] } });
    expect(emptyMass.json()).toMatchObject({ status: 400, message: 'Debe indicar al menos un sku' });

    const forBuyer = (await get('/api/user/b1/products', buyer.token)).json().map((p: { sku: string }) => p.sku);
    const forAdmin = (await get('/api/user/b1/products', admin)).json().map((p: { sku: string }) => p.sku);
    expect(forBuyer).not.toContain('VES-6003');
    expect(forAdmin).toContain('VES-6003');
    expect((await get('/api/user/b1/products-detail/VES-6003', buyer.token)).statusCode).toBe(404);
  });

  it('needs a session', async () => {
    expect((await get('/api/user/b1/catalog')).statusCode).toBe(401);
    expect((await get('/api/user/b1/products')).statusCode).toBe(401);
  });
});

describe('documents', () => {
  it('lists transports', async () => {
    expect((await get('/api/user/b1/tipo-transport', buyer.token)).json()).toContainEqual({ idTransporte: '0002', transporte: 'Starken' });
  });

  it("answers the buyer's pending invoices and refuses another customer's", async () => {
    const res = await get('/api/user/b1/pending-payments/C76123456', buyer.token);
    expect(res.statusCode).toBe(200);
    expect(res.json().map((d: { docEntry: number }) => d.docEntry).sort((a: number, b: number) => a - b)).toEqual([13, 19, 28]);
    for (const doc of res.json()) expect(doc.saldoaPagar).toBeGreaterThan(0);
    expect((await get('/api/user/b1/pending-payments/C79012345', buyer.token)).statusCode).toBe(403);
    expect((await get('/api/user/b1/pending-payments/C1%20or%201', buyer.token)).statusCode).toBe(400);
  });

  it('answers purchase history and lines only for own documents', async () => {
    const history = (await get('/api/user/b1/purchase-history/C76123456', buyer.token)).json();
    expect(history.length).toBeGreaterThan(0);
    const h = history[0];
    expect(Object.keys(h).sort()).toEqual(['docEntry', 'dte', 'entrega', 'estado', 'fecha', 'numFactura', 'numNotaCredito', 'numPedido', 'ordenPortal', 'tipoRetiro']);
    const lines = (await get(`/api/user/b1/purchase-history-det/${h.docEntry}`, buyer.token)).json();
    expect(lines[0]).toEqual({ lineNum: 0, itemCode: expect.any(String), descripcion: expect.any(String), cantidad: expect.any(Number), totalNeto: expect.any(Number) });
    expect((await get(`/api/user/b1/purchase-history-det/${h.docEntry}`, other.token)).statusCode).toBe(404);
    expect((await get('/api/user/b1/purchase-history/C79012345', buyer.token)).statusCode).toBe(403);
    expect((await get('/api/user/b1/purchase-history-det/0', buyer.token)).statusCode).toBe(400);
  });
});

describe('ERP failures', () => {
  it('answer a clear 503, never hang, and readiness reports the ERP', async () => {
    t.b1.setFaults({ refuse: true });
    try {
      const res = await get('/api/user/b1/tipo-transport', buyer.token);
      // transports may be cached; the pending invoices are always read fresh
      const fresh = await get('/api/user/b1/pending-payments/C76123456', buyer.token);
      expect(fresh.statusCode).toBe(503);
      expect(fresh.json().message).toMatch(/ERP/);
      expect([200, 503]).toContain(res.statusCode);
      const ready = await get('/api/ready');
      expect(ready.statusCode).toBe(503);
      expect(ready.json().checks).toEqual({ database: 'ok', erp: 'unavailable' });
      // a reverse proxy asks for the instance's own dependency only: the ERP every instance shares takes none out
      const instance = await get('/api/ready?only=database');
      expect([instance.statusCode, instance.json()]).toEqual([200, { status: 'ok', checks: { database: 'ok' } }]);
      // the catalogue keeps being served from memory
      expect((await get('/api/user/b1/catalog/products', buyer.token)).statusCode).toBe(200);
    } finally {
      t.b1.setFaults({ refuse: false });
    }
    expect((await get('/api/ready')).statusCode).toBe(200);
    const unknown = await get('/api/ready?only=database,cache');
    expect([unknown.statusCode, unknown.json().message]).toEqual([400, 'Indique las verificaciones separadas por coma: database, erp']);
  });
});
