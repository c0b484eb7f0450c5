import { eq } from 'drizzle-orm';
import writeXlsxFile from 'write-excel-file/node';
import { zipSync } from 'fflate';
import type { QuickOrderLine, QuickOrderValidation } from '@shared/api/ordering';
import { cartItems, productContent } from '@server/db/schema';
import { multipart, pdf, PNG } from './admin-uploads-fixtures';
import { call, createTestApp, login, type TestApp } from './helpers';

// Quick order (docs/ordering.md): POST /api/user/quick-order/validate (lines) and /file (a CSV or XLSX), checked
// against the catalogue and the stock and priced for the buyer; the templates.

let t: TestApp;
let buyer: { token: string; id: number };
let blocked: { token: string; id: number };
let admin: string;

beforeAll(async () => {
  t = await createTestApp({}, { worker: { pollMs: 50, backoffMs: () => 100, autoStart: false } });
  buyer = await login(t.app, '76123456-0', 'Demo1234'); // Gold, descFidel 6
  blocked = await login(t.app, '78456789-3', 'Demo1234');
  admin = (await login(t.app, '22222222-2', 'Admin1234')).token;
  await t.database.db.insert(productContent).values({ sku: 'POL-1001', name: 'Polera Básica', offer: true, percentage: 20 });
}, 60_000);
afterAll(() => t.close());
afterEach(() => t.database.db.delete(cartItems));

const validate = (token: string, lines: unknown) => call(t.app, { method: 'POST', url: '/api/user/quick-order/validate', token, payload: { lines } as object });
const upload = (token: string, name: string, bytes: Buffer, type = 'text/csv') =>
  call(t.app, { method: 'POST', url: '/api/user/quick-order/file', token, payload: multipart({}, { file: { name, bytes, type } }) });
const listPrice = (code: string) => t.b1.data.Items.find((i) => i.ItemCode === code)!.ItemPrices.find((p) => p.PriceList === 1)!.Price;
const finalUnit = (price: number, offer: number, loyalty: number) => Math.round((price * (100 - loyalty) * (100 - offer)) / 10_000);
const bySku = (v: QuickOrderValidation, sku: string) => v.lines.find((l) => l.sku === sku)!;
const statuses = (v: QuickOrderValidation) => v.lines.map((l) => [l.rows, l.sku, l.status]);

describe('validating lines', () => {
  it('prices each line as the cart does, adds repeated sizes together and resolves style + size', async () => {
    const res = await validate(buyer.token, [
      { row: 1, sku: 'POL-1001-M', quantity: '12' },
      { row: 2, sku: 'POL-1001', size: 'l', quantity: '2,0' },
      { row: 3, sku: 'pol-1001-m', quantity: 3 },
    ]);
    expect(res.statusCode).toBe(200);
    const v = res.json<QuickOrderValidation>();
    expect(statuses(v)).toEqual([
      [[1, 3], 'POL-1001-M', 'ok'],
      [[2], 'POL-1001-L', 'ok'],
    ]);
    const m = listPrice('POL-1001-M');
    expect(bySku(v, 'POL-1001-M')).toMatchObject({
      quantity: 15, addable: 15, stock: 240, inCart: 0, size: 'M', style: 'POL-1001', message: 'Se sumaron las líneas 1 y 3',
      input: { sku: 'POL-1001-M', size: '', quantity: '12' },
      prices: { priceList: m, priceFinalUnit: finalUnit(m, 20, 6), priceFinal: finalUnit(m, 20, 6) * 15, percentageOffer: 20, percentageLoyalty: 6 },
    });
    expect(v.summary).toEqual({ lines: 2, ok: 2, short: 0, errors: 0, merged: 1, units: 17 });
    expect(v.totals.subtotal).toBe(finalUnit(m, 20, 6) * 15 + finalUnit(listPrice('POL-1001-L'), 20, 6) * 2);
    expect(v).toMatchObject({ blocked: false, stockAsOf: null, message: '2 líneas listas, 0 con stock insuficiente, 0 con errores' });
  });

  it('says what is wrong with each line: unknown, not sold, hidden, no stock, short, unreadable', async () => {
    await t.database.db.insert(productContent).values({ sku: 'POL-1002', enabled: false });
    t.b1.updateItem('PAN-2001-42', { Valid: 'tNO' });
    await call(t.app, { method: 'POST', url: '/api/user/cart', token: buyer.token, payload: { sku: 'POL-1001-S', quantity: 100 } }); // stock 120
    try {
      const v = (
        await validate(buyer.token, [
          { row: 1, sku: 'NOPE-0000-M', quantity: '1' },
          { row: 2, sku: 'PAN-2001-42', quantity: '1' },
          { row: 3, sku: 'POL-1002-M', quantity: '1' },
          { row: 4, sku: 'VES-6003-M', quantity: '1' },
          { row: 5, sku: 'POL-1001-S', quantity: '50' },
          { row: 6, sku: 'POL-1001', size: 'XXL', quantity: '1' },
          { row: 7, sku: 'POL-1001', quantity: '1' },
          { row: 8, sku: 'NOPE-9', size: 'M', quantity: '1' },
          { row: 9, sku: 'POL-1001-L', quantity: '2,5' },
          { row: 10, sku: 'POL 1001', quantity: '1' },
          { row: 11, sku: '', quantity: '1' },
          { row: 12, sku: 'A', quantity: 'B', error: 'La línea tiene 4 columnas: se esperan sku;cantidad o estilo;talla;cantidad' },
        ])
      ).json<QuickOrderValidation>();
      const got = v.lines.map((l: QuickOrderLine) => [l.rows[0], l.status, l.message]);
      expect(got).toEqual([
        [1, 'unknown', 'El sku NOPE-0000-M no existe en el catálogo'],
        [2, 'unavailable', 'El producto PAN-2001-42 ya no está disponible'],
        [3, 'unavailable', 'El producto POL-1002-M ya no está disponible'],
        [4, 'noStock', expect.stringMatching(/^Sin stock de .+ talla M$/)],
        [5, 'short', 'Stock insuficiente: se agregarán 20 de 50 (disponible 120, 100 ya en el carro)'],
        [6, 'unknown', 'El estilo POL-1001 no tiene talla XXL (tallas: S, M, L, XL)'],
        [7, 'invalid', 'Indique la talla del estilo POL-1001 (tallas: S, M, L, XL)'],
        [8, 'unknown', 'El estilo NOPE-9 no existe en el catálogo'],
        [9, 'invalid', 'La cantidad debe ser un número entero: 2,5'],
        [10, 'invalid', 'Sku inválido: POL 1001'],
        [11, 'invalid', 'Falta el sku'],
        [12, 'invalid', 'La línea tiene 4 columnas: se esperan sku;cantidad o estilo;talla;cantidad'],
      ]);
      expect(bySku(v, 'POL-1001-S')).toMatchObject({ quantity: 50, addable: 20, inCart: 100, prices: { priceFinal: finalUnit(listPrice('POL-1001-S'), 20, 6) * 20 } });
      expect(v.summary).toMatchObject({ ok: 0, short: 1, errors: 11, units: 20 });
    } finally {
      t.b1.updateItem('PAN-2001-42', { Valid: 'tYES' });
      await t.database.db.delete(productContent).where(eq(productContent.sku, 'POL-1002'));
    }
  });

  it('shows a blocked buyer the lines and prices but says it may not buy; admins have no cart', async () => {
    const res = await validate(blocked.token, [{ row: 1, sku: 'POL-1001-M', quantity: '1' }]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ blocked: true, message: 'Bloqueado para comprar, contactar ejecutiva(o)', lines: [{ status: 'ok' }] });
    const byAdmin = await validate(admin, [{ row: 1, sku: 'POL-1001-M', quantity: '1' }]);
    expect(byAdmin.statusCode).toBe(403);
  });

  it('refuses 10 000 lines before reading any, and an empty list', async () => {
    const many = await validate(buyer.token, Array.from({ length: 10_000 }, (_, i) => ({ row: i + 1, sku: `S-${i}`, quantity: '1' })));
    expect(many.statusCode).toBe(400);
    expect(many.json().message).toBe('El pedido tiene más de 2.000 líneas: divídalo en partes');
    expect((await validate(buyer.token, [])).json().message).toBe('No hay líneas de pedido: escriba o pegue sku;cantidad, una por línea');
  });

  it('checks a long list against the catalogue copy and says when that copy was read', async () => {
    const codes = t.b1.data.Items.filter((i) => i.SalesItem === 'tYES' && i.Valid === 'tYES').map((i) => i.ItemCode);
    const lines = Array.from({ length: 2000 }, (_, i) => ({ row: i + 1, sku: codes[i % codes.length]!, quantity: '1' }));
    const v = (await validate(buyer.token, lines)).json<QuickOrderValidation>();
    expect(v.lines).toHaveLength(Math.min(codes.length, 2000));
    expect(v.summary.merged).toBe(2000 - v.lines.length);
    if (codes.length > 200) expect(v.stockAsOf).toMatch(/^\d{4}-\d{2}-\d{2}T/);
  });
});

describe('uploading a file', () => {
  it('reads a CSV with BOM, ; separators, a header, quotes and Chilean numbers', async () => {
    const csv = '\uFEFFCódigo;Cantidad\r\n"POL-1001-M";"1.000"\r\nPOL-1001-S;2,0\r\n\r\n# nota\r\nPOL-1001-L;3;;\r\n';
    const res = await upload(buyer.token, 'pedido.csv', Buffer.from(csv));
    expect(res.statusCode).toBe(200);
    const v = res.json<QuickOrderValidation>();
    expect(v.lines.map((l) => [l.rows[0], l.sku, l.quantity, l.status])).toEqual([
      [2, 'POL-1001-M', 1000, 'short'],
      [3, 'POL-1001-S', 2, 'ok'],
      [6, 'POL-1001-L', 3, 'ok'],
    ]);
  });

  it('reads a , separated CSV with style and size columns', async () => {
    const res = await upload(buyer.token, 'pedido.txt', Buffer.from('estilo,talla,cantidad\nPOL-1001,M,4\n'));
    expect(res.json<QuickOrderValidation>().lines[0]).toMatchObject({ sku: 'POL-1001-M', quantity: 4, status: 'ok' });
  });

  it('reads an XLSX by its content, whatever its name', async () => {
    const xlsx = await writeXlsxFile([
      [{ value: 'sku' }, { value: 'cantidad' }],
      [{ value: 'POL-1001-M' }, { value: 5, type: Number }],
      [{ value: 'POL-1001' }, { value: 2.5, type: Number }],
    ]).toBuffer();
    const res = await upload(buyer.token, 'pedido.bin', xlsx, 'application/octet-stream');
    expect(res.statusCode).toBe(200);
    expect(res.json<QuickOrderValidation>().lines.map((l) => [l.sku, l.status])).toEqual([
      ['POL-1001-M', 'ok'],
      ['POL-1001', 'invalid'],
    ]);
  });

  it('refuses a file of another type by its content, an old .xls, a plain zip, and binary text', async () => {
    const wrong = await upload(buyer.token, 'pedido.csv', PNG, 'text/csv');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('El archivo pedido.csv debe ser CSV o XLSX');
    expect((await upload(buyer.token, 'pedido.xlsx', pdf(200), XLSX)).json().message).toBe('El archivo pedido.xlsx debe ser CSV o XLSX');
    const cfb = Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(1024)]);
    expect((await upload(buyer.token, 'pedido.xls', cfb)).json().message).toBe('El archivo pedido.xls es un Excel antiguo (.xls): guárdelo como .xlsx o CSV');
    const zip = Buffer.from(zipSync({ 'pedido.csv': new TextEncoder().encode('POL-1001-M;1') }));
    expect((await upload(buyer.token, 'pedido.xlsx', zip, XLSX)).json().message).toBe('El archivo pedido.xlsx debe ser CSV o XLSX');
    expect((await upload(buyer.token, 'raro.csv', Buffer.from('POL\u0000;1'))).json().message).toBe('El archivo raro.csv debe ser CSV o XLSX');
  });

  it('refuses an empty file, one over 2 MB, one without lines, one of more than 2 000 lines, and no file', async () => {
    expect((await upload(buyer.token, 'vacio.csv', Buffer.alloc(0))).json().message).toBe('El archivo vacio.csv está vacío');
    const big = await upload(buyer.token, 'grande.csv', Buffer.alloc(2 * 1024 * 1024 + 1, 0x41));
    expect(big.statusCode).toBe(400);
    expect(big.json().message).toBe('El archivo excede el tamaño máximo de 2 MB');
    expect((await upload(buyer.token, 'cabecera.csv', Buffer.from('sku;cantidad\n\n# nada\n'))).json().message).toBe('El archivo cabecera.csv no tiene líneas de pedido');
    const long = Array.from({ length: 2001 }, (_, i) => `S-${i};1`).join('\n');
    expect((await upload(buyer.token, 'largo.csv', Buffer.from(long))).json().message).toBe('El archivo largo.csv tiene más de 2.000 líneas: divídalo en partes');
    const none = await call(t.app, { method: 'POST', url: '/api/user/quick-order/file', token: buyer.token, payload: multipart({ nota: 'sin archivo' }) });
    expect(none.json().message).toBe('Debe adjuntar un archivo CSV o XLSX');
  });

  it('answers malformed rows as invalid lines beside the good ones', async () => {
    const res = await upload(buyer.token, 'pedido.csv', Buffer.from('POL-1001-M;2\nA;B;C;D\nPOL-1001-S;-1\n"POL-1001-L;3\n'));
    expect(res.json<QuickOrderValidation>().lines.map((l) => [l.rows[0], l.status, l.message])).toEqual([
      [1, 'ok', ''],
      [2, 'invalid', 'La línea tiene 4 columnas: se esperan sku;cantidad o estilo;talla;cantidad'],
      [3, 'invalid', 'La cantidad debe ser mayor que cero'],
      [4, 'invalid', 'Comillas sin cerrar'],
    ]);
  });
});

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('the templates', () => {
  it('downloads the CSV template (public, BOM, ;) and the XLSX one, which reads back as the same lines', async () => {
    const csv = await call(t.app, { method: 'GET', url: '/api/user/quick-order/template.csv' });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toBe('attachment; filename="plantilla-pedido-rapido.csv"');
    expect(csv.rawPayload.subarray(0, 3).toString('hex')).toBe('efbbbf');
    const xlsx = await call(t.app, { method: 'GET', url: '/api/user/quick-order/template.xlsx' });
    expect(xlsx.headers['content-type']).toBe(XLSX);
    const fromCsv = (await upload(buyer.token, 'p.csv', csv.rawPayload)).json<QuickOrderValidation>();
    const fromXlsx = (await upload(buyer.token, 'p.xlsx', xlsx.rawPayload, XLSX)).json<QuickOrderValidation>();
    expect(fromXlsx.lines.map((l) => [l.sku, l.quantity])).toEqual([
      ['POL-1001-M', 12],
      ['POL-1001-L', 24],
    ]);
    expect(fromCsv.lines.map((l) => [l.sku, l.quantity])).toEqual(fromXlsx.lines.map((l) => [l.sku, l.quantity]));
  });
});
