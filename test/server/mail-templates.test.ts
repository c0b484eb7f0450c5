import { eq } from 'drizzle-orm';
import type { Order, OrderSubmissionResponse } from '@shared/api/orders';
import type { PendingDocument } from '@shared/api/erp';
import type { KhipuCreateResponse, WebpayCreateResponse } from '@shared/api/payments';
import { formatDate } from '@shared/dates';
import { formatCLP } from '@shared/money';
import { outbox, users, type OrderLineRow, type OrderRow, type OutboxRow } from '@server/db/schema';
import type { Mailer, OutgoingMail } from '@server/integrations/mailer';
import { PermanentJobError } from '@server/jobs/outbox';
import { Outbox, type NewJob } from '@server/jobs/outbox.repo';
import { buildInvoicesPaidMail, buildOrderConfirmedMail } from '@server/mail/buyerMail';
import { mailboxesOf } from '@server/mail/buyerMailJob';
import {
  buyerOrderMailKey,
  buyerPaymentMailKey,
  enqueueOrderConfirmedMail,
  mailJobHandler,
  type MailTemplateRenderer,
  type TemplateMailPayload,
} from '@server/mail/mailJob';
import type { PrivateFileStore } from '@server/storage/privateFiles';
import { OrderRepo } from '@server/orders/orders.repo';
import { call, type TestApp } from './helpers';
import { decodedBody, emlFiles, header, insertOrder } from './mail-fixtures';
import { BUYER_RUT, buyerOf, jobsSettled, orderOf as providerOrderOf, paymentsApp, post, storedOrder, storedPayment, until, type Buyer } from './payments-fixtures';

// The buyer's mails: the confirmation of an order or a reservation and the receipt of paid invoices. First the
// templates alone (numbers, Spanish texts, escaping), then through the API: queued in the transaction that confirms,
// once, and written to the buyer's company e-mail from the ERP.

const BRAND = 'Textil Andino';
const COMPANY = { nombre: 'Comercial Los Andes SpA', rut: '76123456-0' };
const CREATED = new Date('2026-03-05T15:30:00Z');

function orderRow(overrides: Partial<OrderRow> = {}): OrderRow {
  return {
    id: 123,
    purchaseOrderNumber: 'OC000123',
    orderType: 'ONLINE',
    orderState: 'CONFIRMED',
    userId: 7,
    cardCode: 'C76123456',
    paymentMethod: 'WEBPAY',
    deliveryType: 'entrega',
    deliveryAddress: 'DESPACHO1',
    deliveryAddressText: 'Av. Providencia 1234',
    deliveryCommune: 'Providencia',
    deliveryTransport: '0002',
    invoiceAddress: 'FACTURA1',
    loyaltyPct: 6,
    net: 92_950,
    offerDiscount: 5_998,
    loyaltyDiscount: 5_215,
    subtotal: 81_737,
    vat: 15_530,
    total: 97_267,
    numOc: '1213',
    erpStatus: 'PENDING',
    erpDocEntry: null,
    erpDocNum: null,
    erpDraftEntry: null,
    erpError: null,
    chequeFileKey: null,
    createdAt: CREATED,
    updatedAt: CREATED,
    ...overrides,
  } as OrderRow;
}

function lineRows(name = 'Polera Básica'): OrderLineRow[] {
  const base = { orderId: 123, offerPct: 0, loyaltyPct: 6 };
  return [
    { ...base, id: 1, sku: 'POL-1001-M', name, size: 'M', quantity: 3, price: 10_990, priceOffer: 10_990, priceFinalUnit: 10_331, priceFinal: 30_993, descLinea: 6 },
    { ...base, id: 2, sku: 'PAN-2001-42', name: 'Jeans Slim Fit Elasticado', size: '42', quantity: 2, price: 29_990, offerPct: 10, priceOffer: 26_991, priceFinalUnit: 25_372, priceFinal: 50_744, descLinea: 15.4 },
  ] as OrderLineRow[];
}

const TOTALS = ['Neto: $92.950', 'Descuento oferta: $5.998', 'Descuento fidelización (6%): $5.215', 'Subtotal: $81.737', 'IVA (19%): $15.530', 'Total: $97.267'];

describe('the templates', () => {
  it('an order paid by card: number, date, company, payment, delivery with transport, lines and totals, in text and HTML', () => {
    const mail = buildOrderConfirmedMail({
      brand: BRAND,
      order: orderRow(),
      lines: lineRows(),
      company: COMPANY,
      person: { name: 'Camila Rojas Pizarro', rut: '18901234-9' },
      transport: 'Starken',
      payment: { reference: 'OC000123', authorizationCode: '1213' },
    });
    expect(mail.subject).toBe('Pedido OC000123 confirmado - Textil Andino');
    for (const text of [
      'Estimado cliente:',
      'Su pedido OC000123 en el portal Textil Andino está confirmado. El pago con tarjeta fue aprobado por WebPay.',
      'Pedido: OC000123',
      'Fecha: 05-03-2026',
      'Empresa: Comercial Los Andes SpA (76.123.456-0)',
      'Realizado por: Camila Rojas Pizarro (18.901.234-9)',
      'Forma de pago: Tarjeta WebPay',
      'Referencia de pago: OC000123',
      'Código de autorización: 1213',
      'Entrega: Despacho a Av. Providencia 1234, Providencia',
      'Transporte: Starken',
      'Detalle (2 productos, 5 unidades):',
      '- POL-1001-M Polera Básica, talla M: 3 x $10.331 = $30.993',
      '- PAN-2001-42 Jeans Slim Fit Elasticado, talla 42: 2 x $25.372 = $50.744',
      ...TOTALS,
      'Los precios unitarios y los totales de línea no incluyen IVA.',
      '-- Textil Andino',
    ]) {
      expect(mail.text).toContain(text);
    }
    for (const cell of ['OC000123', '05-03-2026', 'Tarjeta WebPay', 'Starken', 'POL-1001-M', 'Polera Básica', '$10.331', '$30.993', '$50.744', '$97.267', 'Descuento fidelización (6%)']) {
      expect(mail.html).toContain(`>${cell}</`);
    }
    expect(mail.html).toContain('<th style="padding:4px 8px;border:1px solid #ddd">Precio unitario</th>');
  });

  it('a credit order picked up at the store: no transport, no payment reference', () => {
    const mail = buildOrderConfirmedMail({
      brand: BRAND,
      order: orderRow({ paymentMethod: 'CREDIT', deliveryType: 'retiro', deliveryAddress: 'idStorePickup', deliveryAddressText: '', deliveryCommune: '', deliveryTransport: '' }),
      lines: lineRows(),
      company: COMPANY,
    });
    expect(mail.subject).toBe('Pedido OC000123 confirmado - Textil Andino');
    expect(mail.text).toContain('Su pedido OC000123 en el portal Textil Andino está confirmado. El monto se carga a su línea de crédito.');
    expect(mail.text).toContain('Forma de pago: Línea de crédito');
    expect(mail.text).toContain('Entrega: Retiro en tienda');
    for (const absent of ['Transporte', 'Referencia de pago', 'Despacho']) expect(mail.text).not.toContain(absent);
    for (const text of TOTALS) expect(mail.text).toContain(text);
    expect(buildOrderConfirmedMail({ brand: BRAND, order: orderRow({ paymentMethod: 'CHEQUE' }), lines: lineRows(), company: COMPANY }).text).toContain(
      'Forma de pago: Cheque',
    );
    expect(buildOrderConfirmedMail({ brand: BRAND, order: orderRow({ paymentMethod: 'KHIPU' }), lines: lineRows(), company: COMPANY }).text).toContain(
      'Forma de pago: Transferencia Khipu',
    );
  });

  it('a reservation: "Reserva … confirmada", no payment method', () => {
    const mail = buildOrderConfirmedMail({
      brand: BRAND,
      order: orderRow({ purchaseOrderNumber: 'RE000045', orderType: 'RESERVE', paymentMethod: null }),
      lines: lineRows().slice(0, 1),
      company: COMPANY,
      transport: 'Starken',
    });
    expect(mail.subject).toBe('Reserva RE000045 confirmada - Textil Andino');
    expect(mail.text).toContain('Su reserva RE000045 en el portal Textil Andino está confirmada');
    expect(mail.text).toContain('Reserva: RE000045');
    expect(mail.text).toContain('Detalle (1 producto, 3 unidades):');
    expect(mail.text).toContain('Puede revisar el estado de sus reservas en el portal Textil Andino.');
    expect(mail.text).not.toContain('Forma de pago');
    expect(mail.text).not.toContain('Pedido:');
  });

  it('paid invoices: folios and amounts, total, payment method and reference', () => {
    const mail = buildInvoicesPaidMail({
      brand: BRAND,
      company: COMPANY,
      provider: 'KHIPU',
      paidAt: CREATED,
      amount: 1_170_000,
      invoices: [
        { folio: '1001', paidSum: 1_000_000 },
        { folio: '1002', paidSum: 170_000 },
      ],
      payment: { reference: 'TRF20260305153000' },
    });
    expect(mail.subject).toBe('Pago recibido de facturas 1001, 1002 - Textil Andino');
    for (const text of [
      'Recibimos el pago de 2 facturas en el portal Textil Andino.',
      'Fecha del pago: 05-03-2026',
      'Empresa: Comercial Los Andes SpA (76.123.456-0)',
      'Forma de pago: Transferencia Khipu',
      'Referencia de pago: TRF20260305153000',
      '- Factura 1001: $1.000.000',
      '- Factura 1002: $170.000',
      'Total pagado: $1.170.000',
    ]) {
      expect(mail.text).toContain(text);
    }
    expect(mail.html).toContain('>$1.170.000</td>');
    const one = buildInvoicesPaidMail({ brand: BRAND, company: COMPANY, provider: 'WEBPAY', paidAt: CREATED, amount: 5, invoices: [{ folio: '9', paidSum: 5 }], payment: { reference: 'FAC1', authorizationCode: '1213' } });
    expect(one.subject).toBe('Pago recibido de la factura 9 - Textil Andino');
    expect(one.text).toContain('Forma de pago: Tarjeta WebPay');
    expect(one.text).toContain('Código de autorización: 1213');
    const many = Array.from({ length: 7 }, (_, i) => ({ folio: String(100 + i), paidSum: 1 }));
    expect(buildInvoicesPaidMail({ brand: BRAND, company: COMPANY, provider: 'WEBPAY', paidAt: CREATED, amount: 7, invoices: many, payment: { reference: 'FAC2' } }).subject).toBe(
      'Pago recibido de facturas 100, 101, 102, 103, 104 y 2 más - Textil Andino',
    );
  });

  it('escapes every value of the HTML part; the subject stays one line', () => {
    const hostile = '<script>alert("x")</script> & \'Co\'';
    const mail = buildOrderConfirmedMail({
      brand: 'Marca <b>\r\nBcc: x@y.cl',
      order: orderRow({ deliveryAddressText: '<img src=x onerror=alert(1)>' }),
      lines: lineRows(hostile),
      company: { nombre: '<i>Empresa</i>', rut: '76123456-0' },
      transport: '<u>T</u>',
    });
    expect(mail.html).not.toMatch(/<(script|img|b|i|u)[ >]/);
    expect(mail.html).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &#39;Co&#39;');
    expect(mail.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(mail.html).toContain('&lt;i&gt;Empresa&lt;/i&gt;');
    expect(mail.text).toContain(`- POL-1001-M ${hostile}, talla M`); // the text part shows it as typed
    expect(mail.subject).toBe('Pedido OC000123 confirmado - Marca <b> Bcc: x@y.cl');
    expect(mail.subject).not.toMatch(/[\r\n]/);
    const invoices = buildInvoicesPaidMail({ brand: BRAND, company: COMPANY, provider: 'KHIPU', paidAt: CREATED, amount: 1, invoices: [{ folio: '<b>1</b>', paidSum: 1 }], payment: { reference: '"r"' } });
    expect(invoices.html).toContain('&lt;b&gt;1&lt;/b&gt;');
    expect(invoices.html).toContain('&quot;r&quot;');
    expect(invoices.html).not.toContain('<b>1');
  });

  it('the recipient field: valid addresses only, several allowed, nothing that could become a header', () => {
    expect(mailboxesOf('compras@losandes.cl')).toBe('compras@losandes.cl');
    expect(mailboxesOf(' a@x.cl; b@x.cl ,A@x.cl ')).toBe('a@x.cl, b@x.cl');
    expect(mailboxesOf('sin correo')).toBe('');
    expect(mailboxesOf('"Ventas" <v@x.cl>')).toBe('');
    expect(mailboxesOf(null)).toBe('');
  });
});

describe('the mail job with a template', () => {
  const job = { id: 1, kind: 'mail', dedupeKey: 'mail:BUYER_ORDER:OC000123', attempts: 1, postedAt: null, markPosting: async () => {}, clearPosting: async () => {} };
  const files = { read: async () => undefined } as unknown as PrivateFileStore;

  it('renders when it runs, and every try sends the Message-ID fixed when it was queued', async () => {
    const sent: OutgoingMail[] = [];
    const mailer: Mailer = { kind: 'smtp', from: 'Ventas <ventas@textilandino.example>', send: async (m) => (sent.push(m), { messageId: m.messageId! }), close: async () => {} };
    const rendered: TemplateMailPayload[] = [];
    const templates: MailTemplateRenderer = async (payload) => (rendered.push(payload), { to: 'compras@x.cl', subject: 'Asunto', text: 'Texto', html: '<p>Texto</p>' });
    const handler = mailJobHandler({ mailer, files, templates });
    const payload = { template: 'orderConfirmed', orderId: 123, messageToken: '2f0b7c1e-8a3d-4a57-9d0e-3c4b5a6d7e8f' };
    await handler(payload, job);
    await handler(payload, { ...job, attempts: 2 });
    expect(rendered).toEqual([payload, payload]);
    expect(sent.map((m) => [m.to, m.messageId, m.key])).toEqual([
      ['compras@x.cl', '<2f0b7c1e-8a3d-4a57-9d0e-3c4b5a6d7e8f@textilandino.example>', job.dedupeKey],
      ['compras@x.cl', '<2f0b7c1e-8a3d-4a57-9d0e-3c4b5a6d7e8f@textilandino.example>', job.dedupeKey],
    ]);
  });

  it('nothing to send is not a failure; a malformed template or no renderer fails for good', async () => {
    const sent: OutgoingMail[] = [];
    const mailer: Mailer = { kind: 'smtp', from: 'x@portal.example', send: async (m) => (sent.push(m), { messageId: '' }), close: async () => {} };
    await mailJobHandler({ mailer, files, templates: async () => null })({ template: 'invoicesPaid', paymentId: 4, messageToken: 'abcdef12-3456' }, job);
    expect(sent).toHaveLength(0);
    await expect(mailJobHandler({ mailer, files, templates: async () => null })({ template: 'otra', orderId: 1, messageToken: 'abcdef12-3456' }, job)).rejects.toBeInstanceOf(PermanentJobError);
    await expect(mailJobHandler({ mailer, files, templates: async () => null })({ template: 'orderConfirmed', orderId: -1, messageToken: 'abcdef12-3456' }, job)).rejects.toBeInstanceOf(PermanentJobError);
    await expect(mailJobHandler({ mailer, files })({ template: 'orderConfirmed', orderId: 1, messageToken: 'abcdef12-3456' }, job)).rejects.toBeInstanceOf(PermanentJobError);
  });
});

describe('through the API', () => {
  let t: TestApp;
  let buyer: Buyer; // C76123456: credit line, open invoices 13, 19, 28
  let transports: { idTransporte: string; transporte: string }[];
  const ERP_MAIL = 'pagos@comerciallosandes.example';
  const db = () => t.database.db;
  const partner = () => t.b1.data.BusinessPartners.find((p) => p.CardCode === 'C76123456')!;

  beforeAll(async () => {
    t = await paymentsApp();
    buyer = await buyerOf(t, BUYER_RUT);
    transports = (await call(t.app, { method: 'GET', url: '/api/user/b1/tipo-transport', token: buyer.token })).json();
    partner().EmailAddress = ERP_MAIL;
  }, 60_000);
  afterAll(() => t.close());

  const jobOf = async (key: string): Promise<OutboxRow[]> => db().select().from(outbox).where(eq(outbox.dedupeKey, key));
  /** The .eml files of a key (the file outbox names them after it). */
  const filesOf = (key: string) => emlFiles(t.app.mailer.outboxDir!).filter((f) => f.name.startsWith(`${key.replace(/:/g, '-')}-`));

  /** An order of the buyer's cart (3 × POL-1001-M, 2 × POL-1003-M). */
  async function orderOf(choices: object): Promise<Order> {
    await call(t.app, { method: 'DELETE', url: `/api/user/cart/clear-cart/${buyer.id}`, token: buyer.token });
    await post(t, '/api/user/cart', buyer.token, { sku: 'POL-1001-M', quantity: 3 });
    await post(t, '/api/user/cart', buyer.token, { sku: 'POL-1003-M', quantity: 2 });
    const res = await post(t, '/api/orders', buyer.token, {
      orderType: 'ONLINE',
      tipoEntrega: 'entrega',
      deliveryAddress: buyer.profile.despacho[0]!.iddespacho,
      deliveryTransport: transports[1]!.idTransporte,
      invoiceAddress: buyer.profile.factura[0]!.idfactura,
      paymentMethod: 'CREDIT',
      ...choices,
    });
    expect(res.statusCode).toBe(201);
    return res.json<Order>();
  }

  const ov = (order: Order) => post(t, '/api/user/b1/ov', buyer.token, { orderReference: order.purchaseOrderNumber });

  /** The order's lines and totals as the mail writes them. */
  function orderTexts(order: Order): string[] {
    const totals = order.totals;
    return [
      ...order.orderProducts.map((l) => `- ${l.sku} ${l.name}, talla ${l.size}: ${l.quantity} x ${formatCLP(l.priceFinalUnit)} = ${formatCLP(l.priceFinal)}`),
      `Neto: ${formatCLP(totals.net)}`,
      `Descuento oferta: ${formatCLP(totals.offerDiscount)}`,
      `Descuento fidelización (6%): ${formatCLP(totals.loyaltyDiscount)}`,
      `Subtotal: ${formatCLP(totals.subtotal)}`,
      `IVA (19%): ${formatCLP(totals.vat)}`,
      `Total: ${formatCLP(totals.total)}`,
      `Fecha: ${formatDate(new Date(order.dateCreated))}`,
      'Empresa: Comercial Los Andes SpA (76.123.456-0)',
    ];
  }

  it('a credit order the ERP accepts through /api/user/b1/ov: one mail queued with the confirmation, sent to the ERP e-mail', async () => {
    const order = await orderOf({});
    const key = buyerOrderMailKey(order.purchaseOrderNumber);
    expect(await jobOf(key)).toHaveLength(0); // nothing before the ERP's word
    const res = await ov(order);
    expect(res.statusCode).toBe(200);
    expect(res.json<OrderSubmissionResponse>().order).toMatchObject({ orderState: 'CONFIRMED', erp: 'SENT' });
    // queued by the transaction that confirmed: there as soon as the answer is
    expect(await jobOf(key)).toEqual([expect.objectContaining({ kind: 'mail', payload: expect.objectContaining({ template: 'orderConfirmed', orderId: order.id }) })]);

    // submitted again, confirmed again: still one mail
    expect((await ov(order)).statusCode).toBe(200);
    const sent = await storedOrder(t, order.id);
    await new OrderRepo(db()).markErpSent(order.id, { docEntry: sent.erpDocEntry!, docNum: sent.erpDocNum! });
    await jobsSettled(t);
    expect(await jobOf(key)).toEqual([expect.objectContaining({ status: 'done' })]);
    const files = filesOf(key);
    expect(files).toHaveLength(1);
    const eml = files[0]!.text;
    expect(header(eml, 'To')).toBe(ERP_MAIL);
    expect(header(eml, 'Subject')).toBe(`Pedido ${order.purchaseOrderNumber} confirmado - Textil Andino`);
    const body = decodedBody(eml);
    for (const text of [
      `Pedido: ${order.purchaseOrderNumber}`,
      'Forma de pago: Línea de crédito',
      `Entrega: Despacho a ${buyer.profile.despacho[0]!.direccion}, ${buyer.profile.despacho[0]!.comuna}`,
      `Transporte: ${transports[1]!.transporte}`,
      'Realizado por: Rodrigo Fuentes Alarcón (76.123.456-0)',
      ...orderTexts(order),
    ]) {
      expect(body).toContain(text);
    }
    expect(body).toContain('<table'); // and the HTML part
  });

  it('the mail is part of the confirming transaction: if it cannot be queued, the order is not confirmed either, and the retry does both', async () => {
    const order = await orderOf({ tipoEntrega: 'retiro', deliveryAddress: undefined, deliveryTransport: undefined });
    const key = buyerOrderMailKey(order.purchaseOrderNumber);
    const enqueue = Outbox.prototype.enqueue;
    let refuse = true;
    const spy = jest.spyOn(Outbox.prototype, 'enqueue').mockImplementation(function (this: Outbox, tx, job: NewJob, options) {
      if (refuse && job.dedupeKey === key) return Promise.reject(new Error('cola no disponible'));
      return enqueue.call(this, tx, job, options);
    });
    try {
      const res = await ov(order);
      expect(res.statusCode).toBe(202); // the ERP has it; the confirmation did not commit
      expect(t.b1.data.Orders.filter((d) => d.NumAtCard === order.purchaseOrderNumber)).toHaveLength(1);
      expect(await storedOrder(t, order.id)).toMatchObject({ orderState: 'PROCESS', erpStatus: 'PENDING', erpDocEntry: null });
      expect(await jobOf(key)).toHaveLength(0);
      refuse = false;
      await until(async () => (await storedOrder(t, order.id)).orderState === 'CONFIRMED');
    } finally {
      spy.mockRestore();
    }
    await jobsSettled(t);
    expect(t.b1.data.Orders.filter((d) => d.NumAtCard === order.purchaseOrderNumber)).toHaveLength(1);
    expect(await jobOf(key)).toEqual([expect.objectContaining({ status: 'done' })]);
    const body = decodedBody(filesOf(key)[0]!.text);
    expect(body).toContain('Entrega: Retiro en tienda');
    expect(body).not.toContain('Transporte:');
  });

  it('racing confirmations of one order queue one mail', async () => {
    const row = await insertOrder(db(), { userId: buyer.id, cardCode: 'C76123456', paymentMethod: 'CREDIT' });
    const repo = new OrderRepo(db());
    await Promise.all([repo.markErpSent(row.id, { docEntry: 9, docNum: 9 }), repo.markErpSent(row.id, { docEntry: 9, docNum: 9 }), enqueueOrderConfirmedMail(new Outbox(db()), db(), row)]);
    expect(await jobOf(buyerOrderMailKey(row.purchaseOrderNumber!))).toHaveLength(1);
    await jobsSettled(t);
  });

  it('a reservation the ERP accepts: "Reserva … confirmada"', async () => {
    const order = await orderOf({ orderType: 'RESERVE', paymentMethod: undefined });
    expect((await post(t, '/api/user/b1/reserve', buyer.token, { orderReference: order.purchaseOrderNumber })).statusCode).toBe(200);
    const key = buyerOrderMailKey(order.purchaseOrderNumber);
    await jobsSettled(t);
    const [file] = filesOf(key);
    expect(header(file!.text, 'Subject')).toBe(`Reserva ${order.purchaseOrderNumber} confirmada - Textil Andino`);
    const body = decodedBody(file!.text);
    expect(body).toContain(`Reserva: ${order.purchaseOrderNumber}`);
    expect(body).not.toContain('Forma de pago');
    for (const text of orderTexts(order)) expect(body).toContain(text);
  });

  it('an order paid by card: queued with the payment, once however often the outcome is applied', async () => {
    const order = await providerOrderOf(t, buyer, 'WEBPAY');
    const created = (await post(t, '/api/user/tbk/create', buyer.token, { buy_order: order.purchaseOrderNumber })).json<WebpayCreateResponse>();
    expect((await t.webpay.followReturn(t.webpay.pay(created.token, 'visa'))).status).toBe(303);
    const payment = await storedPayment(t, { providerId: created.token });
    expect((await t.app.payments!.service.applyOutcome(payment.id, 'PAID', undefined, { source: 'test' })).applied).toBe(false);
    await jobsSettled(t);
    const key = buyerOrderMailKey(order.purchaseOrderNumber);
    expect(await jobOf(key)).toHaveLength(1);
    const files = filesOf(key);
    expect(files).toHaveLength(1);
    const body = decodedBody(files[0]!.text);
    for (const text of [
      'El pago con tarjeta fue aprobado por WebPay.',
      'Forma de pago: Tarjeta WebPay',
      `Referencia de pago: ${order.purchaseOrderNumber}`,
      'Código de autorización: 1213',
      `Total: ${formatCLP(order.totals.total)}`,
    ]) {
      expect(body).toContain(text);
    }
  });

  it('paid invoices: one receipt per payment with the folios and amounts', async () => {
    const open = (await call(t.app, { method: 'GET', url: `/api/user/b1/pending-payments/${buyer.profile.idcliente}`, token: buyer.token })).json<PendingDocument[]>();
    const doc = open.find((d) => d.docEntry === 13)!;
    const created = (await post(t, '/api/user/khipu/payments', buyer.token, { invoices: [13] })).json<KhipuCreateResponse>();
    await t.khipu.pay(created.payment_id);
    await until(async () => (await storedPayment(t, { providerId: created.payment_id })).state === 'PAID');
    await jobsSettled(t);
    const key = buyerPaymentMailKey(created.transaction_id);
    expect(await jobOf(key)).toEqual([expect.objectContaining({ status: 'done', payload: expect.objectContaining({ template: 'invoicesPaid' }) })]);
    const [file] = filesOf(key);
    expect(header(file!.text, 'To')).toBe(ERP_MAIL);
    expect(header(file!.text, 'Subject')).toBe(`Pago recibido de la factura ${doc.folio} - Textil Andino`);
    const body = decodedBody(file!.text);
    for (const text of [
      `- Factura ${doc.folio}: ${formatCLP(doc.saldoaPagar)}`,
      `Total pagado: ${formatCLP(doc.saldoaPagar)}`,
      'Forma de pago: Transferencia Khipu',
      `Referencia de pago: ${created.transaction_id}`,
      'Pagado por: Rodrigo Fuentes Alarcón (76.123.456-0)',
    ]) {
      expect(body).toContain(text);
    }
  });

  describe('without a company e-mail in the ERP', () => {
    afterEach(() => {
      partner().EmailAddress = ERP_MAIL;
    });

    it("the portal user's e-mail receives it", async () => {
      partner().EmailAddress = null;
      const [user] = await db().select().from(users).where(eq(users.id, buyer.id));
      expect(user!.email).toMatch(/@/);
      const order = await orderOf({});
      expect((await ov(order)).statusCode).toBe(200);
      await jobsSettled(t);
      const [file] = filesOf(buyerOrderMailKey(order.purchaseOrderNumber));
      expect(header(file!.text, 'To')).toBe(user!.email);
    });

    it('with no e-mail anywhere nothing is sent, and the order stays confirmed', async () => {
      partner().EmailAddress = null;
      const [user] = await db().select().from(users).where(eq(users.id, buyer.id));
      await db().update(users).set({ email: '' }).where(eq(users.id, buyer.id));
      try {
        const order = await orderOf({});
        expect((await ov(order)).json<OrderSubmissionResponse>().order.orderState).toBe('CONFIRMED');
        await jobsSettled(t);
        const key = buyerOrderMailKey(order.purchaseOrderNumber);
        expect(await jobOf(key)).toEqual([expect.objectContaining({ status: 'done' })]);
        expect(filesOf(key)).toHaveLength(0);
      } finally {
        await db().update(users).set({ email: user!.email }).where(eq(users.id, buyer.id));
      }
    });
  });
});
