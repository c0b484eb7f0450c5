import writeXlsxFile from 'write-excel-file/node';
import type { QuickOrderValidation } from '@shared/api/ordering';
import { QUICK_ORDER_CELL_MAX, QUICK_ORDER_MSG } from '@shared/quickOrder';
import { multipart } from './admin-uploads-fixtures';
import { call, createTestApp, login, type TestApp } from './helpers';
import { buyerOf, placeOrder, someTransport, type Buyer } from './order-fixtures';
import { SERVER_MSG } from '@server/messages';

// Bad input on the routes added beyond the original screens (docs/ordering.md, the buyer's and the admin's orders, the
// operations lists): what an audit of them found answering 500 or refusing what it should take. Always a Spanish
// `{status, message}`, never a 5xx for a client's mistake (see bad-requests.test.ts for the rest).

let t: TestApp;
let buyer: Buyer;
let admin: string;
let transport: string;

beforeAll(async () => {
  t = await createTestApp({}, { worker: { pollMs: 50, backoffMs: () => 100, autoStart: false } });
  buyer = await buyerOf(t.app, '76123456-0');
  admin = (await login(t.app, '22222222-2', 'Admin1234')).token;
  transport = await someTransport(t.app, buyer.token);
}, 60_000);
afterAll(() => t.close());

describe('an order number naming an id no order can have (beyond the 4-byte id column)', () => {
  it.each([
    ['the buyer\'s order detail', '/api/user/orders/OC99999999999', 'buyer'],
    ['the admin\'s order detail', '/api/admin/orders/OC99999999999', 'admin'],
    ['the admin\'s order detail, a reservation', '/api/admin/orders/RE2147483648', 'admin'],
  ])('%s is a 400 (not a 500 from the database)', async (_name, url, who) => {
    const res = await call(t.app, { method: 'GET', url, token: who === 'admin' ? admin : buyer.token });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 400, message: 'Pedido inválido', fields: { id: 'Pedido inválido' } });
  });

  it.each([
    ['WebPay', '/api/user/tbk/create', { buy_order: 'OC99999999999', amount: 1 }],
    ['Khipu', '/api/user/khipu/payments', { orderReference: 'OC99999999999' }],
  ])('paying it with %s is the 404 of any order that does not exist', async (_name, url, payload) => {
    const res = await call(t.app, { method: 'POST', url, token: buyer.token, payload });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 404, message: 'Pedido no encontrado' });
  });
});

describe('an order number that is not the order\'s own', () => {
  it('RE… of a sale, or its number with another padding, is 404 on the buyer\'s and the admin\'s detail (it showed the sale)', async () => {
    const order = await placeOrder(t.app, buyer, [{ sku: 'POL-1001-M', quantity: 1 }], transport);
    const number = order.purchaseOrderNumber; // OC…
    const digits = number.slice(2);
    for (const ref of [`RE${digits}`, `OC0${digits}`]) {
      expect((await call(t.app, { method: 'GET', url: `/api/user/orders/${ref}`, token: buyer.token })).json()).toEqual({ status: 404, message: 'Pedido no encontrado' });
      expect((await call(t.app, { method: 'GET', url: `/api/admin/orders/${ref}`, token: admin })).json()).toEqual({ status: 404, message: 'Pedido no encontrado' });
    }
    for (const ref of [number, number.toLowerCase(), String(order.id)]) {
      expect((await call(t.app, { method: 'GET', url: `/api/user/orders/${ref}`, token: buyer.token })).statusCode).toBe(200);
      expect((await call(t.app, { method: 'GET', url: `/api/admin/orders/${ref}`, token: admin })).json()).toMatchObject({ id: order.id, number });
    }
  });
});

describe('a text with a NUL character', () => {
  const NUL = encodeURIComponent('a\u0000b');
  const refused = { status: 400, message: SERVER_MSG.nulCharacter };

  it.each([
    ['the admin orders search', `/api/admin/orders?q=${NUL}`, 'q'],
    ['the admin orders CSV', `/api/admin/orders?q=${NUL}&format=csv`, 'q'],
    ['the jobs search', `/api/admin/jobs?q=${NUL}`, 'q'],
    ['the audit search', `/api/admin/audit?q=${NUL}`, 'q'],
    ['the audit actor', `/api/admin/audit?actor=${NUL}`, 'actor'],
    ['the audit record id', `/api/admin/audit?entityId=${NUL}`, 'entityId'],
    ['the users search', `/api/admin/users/list?q=${NUL}`, 'q'],
  ])('in %s is a 400 naming the field (PostgreSQL cannot compare it)', async (_name, url, field) => {
    const res = await call(t.app, { method: 'GET', url, token: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ ...refused, fields: { [field]: SERVER_MSG.nulCharacter } });
  });

  it('in a body is a 400 naming the field, and nothing is stored or sent to the ERP', async () => {
    const curve = await call(t.app, { method: 'POST', url: '/api/user/curves', token: buyer.token, payload: { name: 'a\u0000b', sizes: [{ talla: 'M', ratio: 1 }] } });
    expect(curve.statusCode).toBe(400);
    expect(curve.json()).toEqual({ ...refused, fields: { name: SERVER_MSG.nulCharacter } });
    expect((await call(t.app, { method: 'GET', url: '/api/user/curves', token: buyer.token })).json().curves).toEqual([]);

    const giroOf = () => (t.b1.data.BusinessPartners.find((p) => p.CardCode === 'C76123456') as unknown as Record<string, unknown>).U_Giro;
    const giro = giroOf();
    const profile = { giro: 'a\u0000b', mail: 'compras@confsur.cl', telefono: '1', businessPartner: 'C76123456', direcciones: [] };
    const res = await call(t.app, { method: 'POST', url: '/api/user/b1/update-profile', token: buyer.token, payload: profile });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ ...refused, fields: { giro: SERVER_MSG.nulCharacter } });
    expect(giroOf()).toBe(giro);

    const lines = await call(t.app, { method: 'POST', url: '/api/user/quick-order/validate', token: buyer.token, payload: { lines: [{ row: 1, sku: 'POL-1001-M', quantity: 1 }, { row: 2, sku: 'a\u0000b', quantity: 1 }] } });
    expect(lines.json()).toEqual({ ...refused, fields: { 'lines[1].sku': SERVER_MSG.nulCharacter } });
  });
});

describe('quick-order files', () => {
  const upload = (name: string, bytes: Buffer) =>
    call(t.app, { method: 'POST', url: '/api/user/quick-order/file', token: buyer.token, payload: multipart({}, { file: { name, bytes, type: 'application/octet-stream' } }) });

  it('an XLSX cut short (an upload that broke off) cannot be read: a 400, not a 500 from the type detection', async () => {
    const xlsx = await writeXlsxFile([[{ value: 'POL-1001-M' }, { value: 2, type: Number }]]).toBuffer();
    for (const size of [100, 300]) {
      const res = await upload('pedido.xlsx', xlsx.subarray(0, size));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 400, message: 'No se pudo leer el archivo Excel pedido.xlsx' });
    }
  });

  it("UTF-16 text (Excel's 'Texto Unicode'), little- or big-endian with its BOM, is read and says so", async () => {
    const text = 'sku\tcantidad\r\nPOL-1001-M\t2\r\n';
    const le = Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(text, 'utf16le')]);
    const be = Buffer.from(le).swap16();
    for (const [bytes, encoding] of [[le, 'utf-16le'], [be, 'utf-16be']] as const) {
      const res = await upload('pedido.txt', bytes);
      expect(res.statusCode).toBe(200);
      const read = res.json<QuickOrderValidation>();
      expect(read.lines.map((l) => [l.rows[0], l.sku, l.quantity, l.status])).toEqual([[2, 'POL-1001-M', 2, 'ok']]);
      expect(read.reading).toMatchObject({ format: 'csv', encoding, columns: 'header', headerRow: 1 });
    }
  });

  it('UTF-16 without a BOM (NUL bytes) is not taken for text', async () => {
    const res = await upload('pedido.txt', Buffer.from('sku;cantidad\r\nPOL-1001-M;2\r\n', 'utf16le'));
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('El archivo pedido.txt debe ser CSV o XLSX');
  });

  it('cells longer than a line may hold are answered as lines with an error, which can be validated again as they came', async () => {
    const longSku = 'B'.repeat(150);
    const longQuantity = '9'.repeat(50);
    const csv = `POL-1001-M;${longQuantity}\n${longSku};1\nPOL-1001;${'X'.repeat(40)};2\nPOL-1001-S;2\n`;
    const res = await upload('pedido.csv', Buffer.from(csv));
    expect(res.statusCode).toBe(200);
    const read = res.json<QuickOrderValidation>();
    expect(read.lines.map((l) => [l.rows[0], l.status, l.message])).toEqual([
      [1, 'invalid', QUICK_ORDER_MSG.quantityTooLong],
      [2, 'invalid', QUICK_ORDER_MSG.skuTooLong],
      [3, 'invalid', QUICK_ORDER_MSG.sizeTooLong],
      [4, 'ok', ''],
    ]);
    expect(read.lines[1]!.input.sku).toBe(longSku.slice(0, QUICK_ORDER_CELL_MAX.sku));

    // 'Validar de nuevo' sends the lines as the screen holds them (its inputs allow as many characters)
    const again = read.lines.map((l) => ({ row: l.rows[0]!, sku: l.input.sku, size: l.input.size, quantity: l.input.quantity }));
    const revalidated = await call(t.app, { method: 'POST', url: '/api/user/quick-order/validate', token: buyer.token, payload: { lines: again } });
    expect(revalidated.statusCode).toBe(200);
    expect(revalidated.json<QuickOrderValidation>().lines.map((l) => [l.rows[0], l.status, l.message])).toEqual([
      [1, 'invalid', `La cantidad es demasiado grande: ${'9'.repeat(30)}`],
      [2, 'invalid', `Sku inválido: ${'B'.repeat(50)}`],
      [3, 'invalid', `Talla inválida: ${'X'.repeat(20)}`], // the size's fault, not the style's (it said 'Sku inválido: POL-1001')
      [4, 'ok', ''],
    ]);
  });
});

describe("the buyer's optional reference and delivery date", () => {
  it('null for either means none, as leaving it out does (not "Campo obligatorio")', async () => {
    const order = await placeOrder(t.app, buyer, [{ sku: 'POL-1001-M', quantity: 1 }], transport, { buyerReference: null, requestedDeliveryDate: null });
    expect(order).toMatchObject({ buyerReference: '', requestedDeliveryDate: null });
  });
});
