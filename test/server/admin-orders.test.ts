// 'Pedidos' of the admin area: GET /api/admin/orders (search, filters, sort, pages, CSV) and GET /api/admin/orders/:id
// (lines, totals, delivery, buyer with its ERP company, payments with their provider fields, cheque photo link, jobs
// and the timeline of everything that happened, invoices included).
import { eq, sql } from 'drizzle-orm';
import type { AdminOrderDetail, AdminOrderList } from '@shared/api/adminOrders';
import type { Order } from '@shared/api/orders';
import { orders, payments } from '@server/db/schema';
import { call, createTestApp, login, type TestApp } from './helpers';
import { buyerOf, placeOrder, someTransport, type Buyer } from './order-fixtures';

let t: TestApp;
let admin: string;
let superadmin: string;
let andes: Buyer; // 76.123.456-0: C76123456 'Comercial Los Andes SpA', credit line
let pacifico: Buyer; // 76.234.567-6: C76234567 'Textiles Pacífico Ltda.'
let transport: string;
const o = {} as { sent: Order; retried: Order; card: Order; transfer: Order };

const list = (query = '', token = admin) => call(t.app, { method: 'GET', url: `/api/admin/orders${query}`, token });
const numbers = async (query: string) => (await list(query)).json<AdminOrderList>().rows.map((r) => r.number);
const detail = (ref: string | number, token = admin) => call(t.app, { method: 'GET', url: `/api/admin/orders/${ref}`, token });
const ov = (b: Buyer, order: Order) => call(t.app, { method: 'POST', url: '/api/user/b1/ov', token: b.token, payload: { orderReference: order.purchaseOrderNumber } });

beforeAll(async () => {
  t = await createTestApp({}, { worker: { pollMs: 50, backoffMs: () => 0, maxAttempts: 2, autoStart: false } }, undefined, { approvalCardCodes: [] });
  admin = (await login(t.app, '22222222-2', 'Admin1234')).token;
  superadmin = (await login(t.app, '11111111-1', 'Admin1234')).token;
  andes = await buyerOf(t.app, '76123456-0');
  pacifico = await buyerOf(t.app, '76234567-6');
  transport = await someTransport(t.app, andes.token);

  // a credit order the ERP took at once
  o.sent = await placeOrder(t.app, andes, [{ sku: 'POL-1001-M', quantity: 2 }], transport);
  expect((await ov(andes, o.sent)).statusCode).toBe(200);
  // a credit order the ERP refused twice (down), then re-driven by an admin: see the timeline test
  o.retried = await placeOrder(t.app, andes, [{ sku: 'POL-1003-M', quantity: 1 }], transport);
  // a card order paid (its payment as the provider left it) and a transfer order whose payment was refused
  o.card = await placeOrder(t.app, pacifico, [{ sku: 'POL-1001-M', quantity: 5 }], transport, { paymentMethod: 'WEBPAY' });
  o.transfer = await placeOrder(t.app, pacifico, [{ sku: 'POL-1003-M', quantity: 3 }], transport, { paymentMethod: 'KHIPU' });
  const db = t.database.db;
  await db.insert(payments).values({
    provider: 'WEBPAY', purpose: 'ORDER', orderId: o.card.id, userId: pacifico.id, cardCode: 'C76234567', amount: o.card.totals.total,
    state: 'PAID', reference: 'OW-TEST-1', sessionId: 'OW123456', providerId: 'tok-123', outcomeAppliedAt: new Date(Date.now() + 1000),
    result: { status: 'AUTHORIZED', response_code: 0, authorization_code: '1213', payment_type_code: 'VN', card_detail: { card_number: '6623' }, portal_commits: { a: { at: 1 } } },
  });
  await db.update(orders).set({ orderState: 'CONFIRMED', numOc: 'tok-123' }).where(eq(orders.id, o.card.id));
  await db.insert(payments).values({
    provider: 'KHIPU', purpose: 'ORDER', orderId: o.transfer.id, userId: pacifico.id, cardCode: 'C76234567', amount: o.transfer.totals.total,
    state: 'REJECTED', reference: 'PP-TEST-2', providerId: 'khp-2', outcomeAppliedAt: new Date(Date.now() + 1000), result: { status: 'done', status_detail: 'rejected-by-payer' },
  });
  await db.update(orders).set({ orderState: 'CANCELED' }).where(eq(orders.id, o.transfer.id));
  // the first order is old: the date filters see it in January 2025 (Chile)
  await db.execute(sql`update orders set created_at = '2025-01-10T15:00:00Z' where id = ${o.sent.id}`);
}, 90_000);
afterAll(() => t.close());
afterEach(() => t.b1.setFaults({ refuse: false }));

describe('guards', () => {
  it('visitors get 401, buyers 403; ADMIN and SUPERADMIN read', async () => {
    for (const url of ['/api/admin/orders', `/api/admin/orders/${o.sent.id}`, '/api/admin/orders?format=csv']) {
      expect((await call(t.app, { method: 'GET', url })).statusCode).toBe(401);
      expect((await call(t.app, { method: 'GET', url, token: andes.token })).json()).toEqual({ status: 403, message: 'No tiene permisos para esta acción' });
      expect((await call(t.app, { method: 'GET', url, token: admin })).statusCode).toBe(200);
      expect((await call(t.app, { method: 'GET', url, token: superadmin })).statusCode).toBe(200);
    }
  });

  it('bad queries get a Spanish 400', async () => {
    expect((await list('?state=PERDIDO')).json()).toMatchObject({ status: 400, message: 'Estado de pedido inválido' });
    expect((await list('?paymentStatus=X')).json()).toMatchObject({ status: 400, message: 'Estado de pago inválido' });
    expect((await list('?sort=password')).json()).toMatchObject({ status: 400, message: 'Columna de orden inválida' });
    expect((await list('?from=2025-02-30')).json()).toMatchObject({ status: 400, message: 'Fecha inválida (use AAAA-MM-DD)' });
    expect((await list('?from=2025-03-01&to=2025-02-01')).json()).toMatchObject({ status: 400, message: 'La fecha inicial es posterior a la final' });
    expect((await list('?pageSize=500')).json()).toMatchObject({ status: 400, message: 'Tamaño de página inválido' });
    expect((await detail('XX1')).json()).toMatchObject({ status: 400, message: 'Pedido inválido' });
    expect((await detail('OC999999')).json()).toEqual({ status: 404, message: 'Pedido no encontrado' });
  });
});

describe('the list', () => {
  it('every portal order, newest first, with its buyer, company (ERP), payment and ERP status', async () => {
    const body = (await list()).json<AdminOrderList>();
    expect(body).toMatchObject({ total: 4, page: 0, pageSize: 50 });
    expect(body.rows.map((r) => r.id)).toEqual([o.transfer.id, o.card.id, o.retried.id, o.sent.id]);
    const byId = new Map(body.rows.map((r) => [r.id, r]));
    expect(byId.get(o.sent.id)).toEqual({
      id: o.sent.id, number: o.sent.purchaseOrderNumber, orderType: 'ONLINE', orderState: 'CONFIRMED', paymentMethod: 'CREDIT', paymentStatus: 'NONE',
      erpStatus: 'SENT', erpDocNum: expect.any(Number), total: o.sent.totals.total, createdAt: '2025-01-10T15:00:00.000Z', userId: andes.id,
      rut: '76.123.456-0', personName: 'Rodrigo Fuentes Alarcón', personRut: '76.123.456-0', cardCode: 'C76123456', companyName: 'Comercial Los Andes SpA', repName: '',
      hasChequePhoto: false,
    });
    expect(byId.get(o.card.id)).toMatchObject({ paymentMethod: 'WEBPAY', paymentStatus: 'PAID', orderState: 'CONFIRMED', companyName: 'Textiles Pacífico Ltda.' });
    expect(byId.get(o.transfer.id)).toMatchObject({ paymentMethod: 'KHIPU', paymentStatus: 'REJECTED', orderState: 'CANCELED', erpStatus: 'NONE' });
    expect(byId.get(o.retried.id)).toMatchObject({ paymentStatus: 'NONE', erpStatus: 'NONE', orderState: 'PROCESS' });
  });

  it('filters by state, type, payment method, payment status, ERP status, user and creation date', async () => {
    expect(await numbers('?state=CANCELED')).toEqual([o.transfer.purchaseOrderNumber]);
    expect(await numbers('?paymentMethod=WEBPAY')).toEqual([o.card.purchaseOrderNumber]);
    expect(await numbers('?paymentStatus=PAID')).toEqual([o.card.purchaseOrderNumber]);
    expect(await numbers('?paymentStatus=NONE')).toEqual([o.retried.purchaseOrderNumber, o.sent.purchaseOrderNumber]);
    expect(await numbers('?erpStatus=SENT')).toEqual([o.sent.purchaseOrderNumber]);
    expect(await numbers('?orderType=RESERVE')).toEqual([]);
    expect(await numbers(`?userId=${pacifico.id}`)).toEqual([o.transfer.purchaseOrderNumber, o.card.purchaseOrderNumber]);
    expect(await numbers('?from=2025-01-10&to=2025-01-10')).toEqual([o.sent.purchaseOrderNumber]);
    expect(await numbers('?to=2025-01-09')).toEqual([]);
    expect((await numbers('?from=2025-01-11')).length).toBe(3);
    expect(await numbers('?state=CONFIRMED&paymentMethod=CREDIT')).toEqual([o.sent.purchaseOrderNumber]);
    // an empty filter is no filter (a cleared select)
    expect((await numbers('?state=&erpStatus=')).length).toBe(4);
  });

  it('searches the order number, the rut in any writing, the card code and the ERP company name', async () => {
    expect(await numbers(`?q=${o.card.purchaseOrderNumber}`)).toEqual([o.card.purchaseOrderNumber]);
    expect(await numbers(`?q=${o.card.purchaseOrderNumber.toLowerCase()}`)).toEqual([o.card.purchaseOrderNumber]);
    expect(await numbers('?q=76.234.567-6')).toEqual([o.transfer.purchaseOrderNumber, o.card.purchaseOrderNumber]);
    expect(await numbers('?q=762345676')).toEqual([o.transfer.purchaseOrderNumber, o.card.purchaseOrderNumber]);
    expect(await numbers('?q=C76123456')).toEqual([o.retried.purchaseOrderNumber, o.sent.purchaseOrderNumber]);
    expect(await numbers('?q=pacifico')).toEqual([o.transfer.purchaseOrderNumber, o.card.purchaseOrderNumber]);
    expect(await numbers('?q=LOS%20ANDES')).toEqual([o.retried.purchaseOrderNumber, o.sent.purchaseOrderNumber]);
    expect(await numbers('?q=nadie')).toEqual([]);
    expect(await numbers('?q=50%25')).toEqual([]);
  });

  it('sorts by any listed column, ties newest first', async () => {
    const totals = (await list('?sort=total&dir=asc')).json<AdminOrderList>().rows.map((r) => r.total);
    expect(totals).toEqual([...totals].sort((a, b) => a - b));
    expect(await numbers('?sort=companyName&dir=asc')).toEqual([o.retried, o.sent, o.transfer, o.card].map((x) => x.purchaseOrderNumber));
    expect(await numbers('?sort=companyName&dir=desc')).toEqual([o.transfer, o.card, o.retried, o.sent].map((x) => x.purchaseOrderNumber));
    expect(await numbers('?sort=createdAt&dir=asc')).toEqual([o.sent, o.retried, o.card, o.transfer].map((x) => x.purchaseOrderNumber));
    expect(await numbers('?sort=paymentStatus&dir=asc')).toEqual([o.retried, o.sent, o.card, o.transfer].map((x) => x.purchaseOrderNumber));
    expect(await numbers('?sort=rut&dir=desc')).toEqual([o.transfer, o.card, o.retried, o.sent].map((x) => x.purchaseOrderNumber));
  });

  it('pages on the server', async () => {
    const page = (await list('?pageSize=3&page=1')).json<AdminOrderList>();
    expect(page).toMatchObject({ total: 4, page: 1, pageSize: 3 });
    expect(page.rows.map((r) => r.id)).toEqual([o.sent.id]);
    expect((await list('?pageSize=2&page=0&sort=companyName&dir=asc')).json<AdminOrderList>().rows.map((r) => r.id)).toEqual([o.retried.id, o.sent.id]);
    expect((await list('?page=9')).json<AdminOrderList>()).toMatchObject({ total: 4, rows: [] });
  });

  it('exports what the filters select as CSV: BOM, ; separated, CRLF, Chilean dates, whole pesos, a download', async () => {
    const res = await list('?format=csv&q=pacifico&sort=createdAt&dir=asc&pageSize=1');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="pedidos-\d{4}-\d{2}-\d{2}\.csv"$/);
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
    const lines = res.rawPayload.toString('utf8').slice(1).split('\r\n');
    expect(lines.at(-1)).toBe('');
    expect(lines[0]).toBe('Pedido;Fecha;Tipo;Estado;Forma de pago;Estado del pago;Estado en el ERP;N° ERP;Rut;Código cliente;Empresa;Persona;Rut persona;Vendedor;Total;Foto de cheque');
    // every matching row, whatever the page size
    expect(lines.slice(1, -1)).toHaveLength(2);
    const card = lines[1]!.split(';');
    expect(card).toEqual([
      o.card.purchaseOrderNumber, expect.stringMatching(/^\d{2}-\d{2}-\d{4} \d{2}:\d{2}:\d{2}$/), 'Pedido', 'Confirmado', 'Tarjeta (WebPay)', 'Pagado',
      'No enviado', '', '76.234.567-6', 'C76234567', 'Textiles Pacífico Ltda.', 'Andrés Vergara Soto', '76.234.567-6', '',
      String(o.card.totals.total), 'No',
    ]);
    expect(lines[2]).toContain(';Anulado;Transferencia (Khipu);Rechazado;');
  });
});

describe('one order', () => {
  it('shows lines, totals, delivery, the buyer with its ERP company, and payments with their provider fields only', async () => {
    const res = await detail(o.card.purchaseOrderNumber);
    expect(res.statusCode).toBe(200);
    const d = res.json<AdminOrderDetail>();
    expect(d).toMatchObject({
      id: o.card.id, number: o.card.purchaseOrderNumber, orderState: 'CONFIRMED', paymentMethod: 'WEBPAY', paymentStatus: 'PAID', erpStatus: 'NONE',
      numOc: 'tok-123', lines: o.card.orderProducts, totals: o.card.totals,
      delivery: { type: 'entrega', addressCode: pacifico.profile.despacho[0]!.iddespacho, transport },
      buyer: { userId: pacifico.id, rut: '76.234.567-6', cardCode: 'C76234567', companyName: 'Textiles Pacífico Ltda.', enabled: true },
      chequePhotoUrl: null,
      invoices: [],
    });
    expect(d.payments).toEqual([
      expect.objectContaining({
        provider: 'WEBPAY', state: 'PAID', reference: 'OW-TEST-1', sessionId: 'OW123456', providerId: 'tok-123', amount: o.card.totals.total,
        providerFields: [
          { field: 'status', value: 'AUTHORIZED' },
          { field: 'response_code', value: '0' },
          { field: 'authorization_code', value: '1213' },
          { field: 'payment_type_code', value: 'VN' },
          { field: 'card_detail.card_number', value: '6623' },
        ],
      }),
    ]);
    expect(JSON.stringify(d)).not.toContain('portal_commits');
    expect(d.timeline.map((e) => e.kind)).toEqual(['created', 'paymentStarted', 'paymentSettled']);
    expect(d.timeline[2]).toMatchObject({ title: 'Pago aprobado (WebPay Plus)', tone: 'ok' });
    expect((await detail(o.card.id)).json<AdminOrderDetail>().id).toBe(o.card.id);
  });

  it('links the cheque photo to its admin download (never /files) when the buyer sent one', async () => {
    await t.database.db.update(orders).set({ chequeFileKey: `cheques/${o.transfer.purchaseOrderNumber}.jpg` }).where(eq(orders.id, o.transfer.id));
    const d = (await detail(o.transfer.id)).json<AdminOrderDetail>();
    expect(d.chequePhotoUrl).toBe(`/api/admin/orders/${o.transfer.purchaseOrderNumber}/cheque-photo`);
    expect((await list(`?q=${o.transfer.purchaseOrderNumber}`)).json<AdminOrderList>().rows[0]!.hasChequePhoto).toBe(true);
    expect(d.timeline.map((e) => e.kind)).toEqual(['created', 'paymentStarted', 'paymentSettled', 'canceled']);
    expect(d.timeline[3]).toMatchObject({ title: 'Pedido anulado', at: d.payments[0]!.outcomeAppliedAt });
    await t.database.db.update(orders).set({ chequeFileKey: null }).where(eq(orders.id, o.transfer.id));
  });

  it('tells the whole story: queued, each failed try with its error, given up, re-driven by an admin, in the ERP with its DocNum, mail sent, invoiced', async () => {
    t.b1.setFaults({ refuse: true });
    await ov(andes, o.retried); // try 1 fails (ERP down), the job waits for its next try
    await t.app.worker.runOnce(); // try 2 fails: out of tries
    const failed = (await detail(o.retried.purchaseOrderNumber)).json<AdminOrderDetail>();
    expect(failed.jobs).toEqual([expect.objectContaining({ kind: 'erp.order', status: 'failed', failure: 'exhausted', attempts: 2, orderNumber: o.retried.purchaseOrderNumber })]);
    expect(failed.timeline.map((e) => e.kind)).toEqual(['created', 'erpQueued', 'erpAttempt', 'jobFailed']);
    expect(failed.timeline[2]).toMatchObject({ title: 'Envío al ERP: intento 1 fallido', tone: 'error', jobId: failed.jobs[0]!.id, detail: expect.any(String) });
    expect(failed.timeline[3]).toMatchObject({ title: 'Trabajo fallido: Agotó sus intentos', tone: 'error' });

    t.b1.setFaults({ refuse: false });
    const retried = await call(t.app, { method: 'POST', url: `/api/admin/jobs/${failed.jobs[0]!.id}/retry`, token: admin });
    expect(retried.statusCode).toBe(200);
    await t.app.worker.runOnce(); // the ERP order, then the buyer's confirmation mail
    await t.app.worker.runOnce();
    const sent = (await detail(o.retried.purchaseOrderNumber)).json<AdminOrderDetail>();
    expect(sent).toMatchObject({ orderState: 'CONFIRMED', erpStatus: 'SENT', erpDocEntry: expect.any(Number), erpDocNum: expect.any(Number) });
    expect(sent.timeline.map((e) => e.kind)).toEqual(['created', 'erpQueued', 'erpAttempt', 'jobFailed', 'jobRequeued', 'erpSent', 'mailQueued', 'mailSent']);
    expect(sent.timeline[4]).toMatchObject({ detail: 'Reencolado a mano por 22.222.222-2' });
    expect(sent.timeline[5]).toMatchObject({ title: `Ingresado en el ERP: DocNum ${sent.erpDocNum}`, detail: `DocEntry ${sent.erpDocEntry}`, tone: 'ok' });
    expect(sent.timeline[7]).toMatchObject({ title: 'Correo enviado: confirmación al comprador' });
    expect(sent.jobs.map((j) => [j.kind, j.status])).toEqual([['mail', 'done'], ['erp.order', 'done']]);
    expect(sent.invoices).toEqual([]);

    const invoice = t.b1.invoiceOrder(o.retried.purchaseOrderNumber);
    t.app.operations.invoices.clear();
    const invoiced = (await detail(o.retried.purchaseOrderNumber)).json<AdminOrderDetail>();
    expect(invoiced.invoices).toEqual([{ docEntry: invoice.DocEntry, docNum: invoice.DocNum, folio: String(invoice.FolioNumber), date: invoice.DocDate }]);
    expect(invoiced.timeline.at(-1)).toMatchObject({ kind: 'invoiced', at: invoice.DocDate, title: `Facturado N° ${invoice.FolioNumber}`, tone: 'ok' });

    // the ERP down: the detail still answers, its invoices unknown
    t.app.operations.invoices.clear();
    t.b1.setFaults({ refuse: true });
    const blind = (await detail(o.retried.purchaseOrderNumber)).json<AdminOrderDetail>();
    expect(blind.invoices).toBeNull();
    expect(blind.timeline.map((e) => e.kind)).not.toContain('invoiced');
  }, 30_000);
});

describe('who placed it', () => {
  it("names the person (name, personal rut, role) beside the company in the list, the CSV, the detail and the order's timeline", async () => {
    const camila = await buyerOf(t.app, '18.901.234-9'); // Comprador of 76.123.456-0
    const order = await placeOrder(t.app, camila, [{ sku: 'POL-1003-M', quantity: 1 }], transport);
    const row = (await list(`?q=${order.purchaseOrderNumber}`)).json<AdminOrderList>().rows[0];
    expect(row).toMatchObject({ userId: camila.id, rut: '76.123.456-0', personName: 'Camila Rojas Pizarro', personRut: '18.901.234-9', cardCode: 'C76123456', companyName: 'Comercial Los Andes SpA' });
    // found by the person's name or personal rut; the company's rut finds every order of the company
    expect(await numbers('?q=camila')).toEqual([order.purchaseOrderNumber]);
    expect(await numbers('?q=18901234')).toEqual([order.purchaseOrderNumber]);
    expect(await numbers('?q=76.123.456-0')).toEqual([order, o.retried, o.sent].map((x) => x.purchaseOrderNumber));
    expect(await numbers('?sort=personName&dir=asc')).toEqual([o.transfer, o.card, order, o.retried, o.sent].map((x) => x.purchaseOrderNumber));
    const csv = (await list(`?format=csv&q=${order.purchaseOrderNumber}`)).rawPayload.toString('utf8').split('\r\n')[1]!.split(';');
    expect(csv.slice(8, 13)).toEqual(['76.123.456-0', 'C76123456', 'Comercial Los Andes SpA', 'Camila Rojas Pizarro', '18.901.234-9']);

    const d = (await detail(order.purchaseOrderNumber)).json<AdminOrderDetail>();
    expect(d.buyer).toEqual({
      userId: camila.id, rut: '76.123.456-0', personName: 'Camila Rojas Pizarro', personRut: '18.901.234-9', companyRole: 'COMPRADOR',
      email: expect.stringContaining('@'), enabled: true, cardCode: 'C76123456', companyName: 'Comercial Los Andes SpA',
    });
    expect(d.timeline[0]).toMatchObject({ kind: 'created', detail: expect.stringMatching(/ · por Camila Rojas Pizarro \(18\.901\.234-9\)$/) });
  });
});
