import { readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { orders, outbox } from '@server/db/schema';
import { call, createTestApp, login, type TestApp } from './helpers';
import { BUYER, CHEQUE_BUYER, attachment, decodedBody, emlFiles, header, insertOrder, setRecipients } from './mail-fixtures';

// POST /api/user/pay-cheque (R-PAY-CHQ-1, R-CHK-2): the cheque photo of an order paid by cheque.

const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452000000010000000108060000001f15c4890000000d4944415478da63f8cfc0f01f0005000201e0a1f9e70000000049454e44ae426082', 'hex');
const JPEG_HEAD = Buffer.from('ffd8ffe000104a46494600010100000100010000', 'hex');
const jpeg = (size: number) => Buffer.concat([JPEG_HEAD, Buffer.alloc(size - JPEG_HEAD.length - 2, 0x11), Buffer.from([0xff, 0xd9])]);

let t: TestApp;
let buyer: { token: string; id: number };
let other: { token: string; id: number };
const db = () => t.database.db;
const privateDir = () => (t.app.privateFiles as unknown as { root: string }).root;
const privateFilesCount = () => {
  try {
    return readdirSync(path.join(privateDir(), 'cheques')).length;
  } catch {
    return 0;
  }
};

function form(fields: Record<string, string>, file?: { name: string; bytes: Buffer; type?: string; field?: string }) {
  const data = new FormData();
  // what the SPA sends; senderTo, rutCompany and companyName are ignored by the server
  data.append('senderTo', 'otro@portal.example');
  data.append('rutCompany', '11111111-1');
  data.append('companyName', 'Empresa Falsa');
  for (const [k, v] of Object.entries(fields)) data.append(k, v);
  if (file) data.append(file.field ?? 'chequeImgFile', new Blob([new Uint8Array(file.bytes)], { type: file.type ?? 'image/png' }), file.name);
  return data;
}
const pay = (token: string, payload: FormData) => call(t.app, { method: 'POST', url: '/api/user/pay-cheque', token, payload });

async function chequeOrder(opts: Partial<Parameters<typeof insertOrder>[1]> = {}) {
  return insertOrder(db(), { userId: buyer.id, cardCode: CHEQUE_BUYER.cardCode, orderType: 'ONLINE', paymentMethod: 'CHEQUE', ...opts });
}
const chequeKeyOf = async (id: number) => (await db().select({ key: orders.chequeFileKey }).from(orders).where(eq(orders.id, id)))[0]!.key;

beforeAll(async () => {
  t = await createTestApp({}, { worker: { autoStart: false } });
  buyer = await login(t.app, CHEQUE_BUYER.rut, CHEQUE_BUYER.password);
  other = await login(t.app, BUYER.rut, BUYER.password);
}, 60_000);
afterAll(() => t.close());
beforeEach(async () => {
  await db().delete(outbox);
  await setRecipients(db(), ['RESERVE', 'CHEQUE']);
  rmSync(path.join(privateDir(), 'cheques'), { recursive: true, force: true });
  for (const f of readdirSync(t.app.mailer.outboxDir!)) rmSync(path.join(t.app.mailer.outboxDir!, f));
});

describe('the photo', () => {
  it('text content named .png is refused by its content (400)', async () => {
    const order = await chequeOrder();
    const res = await pay(buyer.token, form({ numberOrder: order.purchaseOrderNumber!, fileName: 'cheque.png' }, { name: 'cheque.png', bytes: Buffer.from('no soy una imagen') }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 400, message: 'El archivo cheque.png debe ser una imagen jpg, jpeg o png' });
    expect(await chequeKeyOf(order.id)).toBeNull();
    expect(privateFilesCount()).toBe(0);
  });

  it('a file over 2 MB gets 400 with the spec message, not a 413 or a 500', async () => {
    const order = await chequeOrder();
    const big = jpeg(2 * 1024 * 1024 + 1);
    const res = await pay(buyer.token, form({ numberOrder: order.purchaseOrderNumber!, fileName: 'foto grande.jpg' }, { name: 'foto grande.jpg', bytes: big, type: 'image/jpeg' }));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 400, message: 'El archivo foto grande.jpg excede el tamaño maximo 2MB' });
    expect(await chequeKeyOf(order.id)).toBeNull();
    expect(privateFilesCount()).toBe(0);
  });

  it('exactly 2 MB is accepted', async () => {
    const order = await chequeOrder();
    const res = await pay(buyer.token, form({ numberOrder: order.purchaseOrderNumber! }, { name: 'justo.JPEG', bytes: jpeg(2 * 1024 * 1024), type: 'image/jpeg' }));
    expect(res.statusCode).toBe(202);
    expect(await chequeKeyOf(order.id)).toMatch(new RegExp(`^cheques/${order.purchaseOrderNumber}-[0-9a-f]{12}\\.jpg$`));
  });

  it('other extensions, a missing photo and a bad order number are 400 with Spanish messages', async () => {
    const order = await chequeOrder();
    const n = order.purchaseOrderNumber!;
    const gif = await pay(buyer.token, form({ numberOrder: n }, { name: 'cheque.gif', bytes: PNG }));
    expect(gif.json()).toEqual({ status: 400, message: 'El archivo cheque.gif debe ser una imagen jpg, jpeg o png' });
    const none = await pay(buyer.token, form({ numberOrder: n }));
    expect(none.json()).toEqual({ status: 400, message: 'Debe adjuntar una foto del cheque' });
    const badNumber = await pay(buyer.token, form({ numberOrder: 'OC1' }, { name: 'c.png', bytes: PNG }));
    expect(badNumber.statusCode).toBe(400);
    expect(badNumber.json().message).toBe('Número de pedido inválido');
    const json = await call(t.app, { method: 'POST', url: '/api/user/pay-cheque', token: buyer.token, payload: { numberOrder: n } });
    expect(json.statusCode).toBeGreaterThanOrEqual(400);
    expect(json.statusCode).toBeLessThan(500);
    expect(json.json().message).toBe('La solicitud debe ser multipart/form-data');
    expect(await chequeKeyOf(order.id)).toBeNull();
  });
});

describe('the order', () => {
  it('must be paid by cheque (409) and pending (409)', async () => {
    const khipu = await chequeOrder({ paymentMethod: 'KHIPU' });
    const res = await pay(buyer.token, form({ numberOrder: khipu.purchaseOrderNumber! }, { name: 'c.png', bytes: PNG }));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 409, message: `El pedido ${khipu.purchaseOrderNumber} no se paga con cheque` });
    const done = await chequeOrder({ state: 'CONFIRMED' });
    const confirmed = await pay(buyer.token, form({ numberOrder: done.purchaseOrderNumber! }, { name: 'c.png', bytes: PNG }));
    expect(confirmed.statusCode).toBe(409);
    expect(confirmed.json().message).toBe(`El pedido ${done.purchaseOrderNumber} ya fue procesado`);
    expect(privateFilesCount()).toBe(0);
    expect(await db().select().from(outbox)).toHaveLength(0);
  });

  it("must be the caller's company's: another company's order and an unknown one are 404; admins and visitors are refused", async () => {
    const order = await chequeOrder();
    const payload = () => form({ numberOrder: order.purchaseOrderNumber! }, { name: 'c.png', bytes: PNG });
    expect((await pay(other.token, payload())).json()).toEqual({ status: 404, message: 'Pedido no encontrado' });
    expect((await pay(buyer.token, form({ numberOrder: 'OC999999' }, { name: 'c.png', bytes: PNG }))).json()).toEqual({ status: 404, message: 'Pedido no encontrado' });
    const admin = (await login(t.app, '22222222-2', 'Admin1234')).token;
    expect((await pay(admin, payload())).statusCode).toBe(403);
    expect((await call(t.app, { method: 'POST', url: '/api/user/pay-cheque', payload: payload() })).statusCode).toBe(401);
    expect(await chequeKeyOf(order.id)).toBeNull();
    expect(privateFilesCount()).toBe(0);
  });

  it('without a CHEQUE recipient: 404 with the spec text, and nothing is stored', async () => {
    await setRecipients(db(), ['RESERVE']);
    const order = await chequeOrder();
    const res = await pay(buyer.token, form({ numberOrder: order.purchaseOrderNumber! }, { name: 'c.png', bytes: PNG }));
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 404, message: 'No existe correo para notificar a Textil Andino' });
    expect(await chequeKeyOf(order.id)).toBeNull();
    expect(privateFilesCount()).toBe(0);
    expect(await db().select().from(outbox)).toHaveLength(0);
  });
});

describe('success', () => {
  it('stores the photo privately, records its key on the order and mails it to the CHEQUE recipient', async () => {
    const order = await chequeOrder();
    const n = order.purchaseOrderNumber!;
    const res = await pay(buyer.token, form({ numberOrder: n, fileName: 'mi cheque.png' }, { name: 'mi cheque.png', bytes: PNG }));
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ message: 'Cheque enviado a Textil Andino!!' });

    const key = await chequeKeyOf(order.id);
    expect(key).toMatch(new RegExp(`^cheques/${n}-[0-9a-f]{12}\\.png$`));
    expect(await t.app.privateFiles.read(key!)).toEqual(PNG);
    // not under the public /files/ route
    expect((await call(t.app, { method: 'GET', url: `/files/${key}` })).statusCode).toBe(404);
    const [job] = await db().select().from(outbox);
    expect(job).toMatchObject({ kind: 'mail', dedupeKey: `mail:CHEQUE:${n}`, status: 'pending' });

    expect(await t.app.worker.runOnce()).toBe(1);
    const [file] = emlFiles(t.app.mailer.outboxDir!);
    expect(header(file!.text, 'To')).toBe('cobranza@portal.example');
    // company data from the ERP, not from the form
    expect(header(file!.text, 'Subject')).toBe(`Pago con cheque ${n} - Textiles Pacífico Ltda. (76.234.567-6)`);
    const body = decodedBody(file!.text);
    expect(body).toContain('Se adjunta la foto del cheque');
    expect(body).toContain('Forma de pago: Cheque');
    expect(body).toContain('Total: $97.267');
    expect(body).not.toContain('Empresa Falsa');
    expect(attachment(file!.text, `Cheque_${n}.png`)).toEqual(PNG);
  });

  it('a second photo for the same order is refused (409) and leaves the first one and one mail', async () => {
    const order = await chequeOrder();
    const n = order.purchaseOrderNumber!;
    expect((await pay(buyer.token, form({ numberOrder: n }, { name: 'a.png', bytes: PNG }))).statusCode).toBe(202);
    const first = await chequeKeyOf(order.id);
    const again = await pay(buyer.token, form({ numberOrder: n }, { name: 'b.jpg', bytes: jpeg(1000), type: 'image/jpeg' }));
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(`La foto del cheque del pedido ${n} ya fue enviada`);
    expect(await chequeKeyOf(order.id)).toBe(first);
    expect(privateFilesCount()).toBe(1);
    expect(await db().select().from(outbox)).toHaveLength(1);
    // the order mail for CHEQUE is that same mail
    const mail = await call(t.app, { method: 'POST', url: '/api/user/sendmail/order', token: buyer.token, payload: { numberOrder: n, section: 'CHEQUE' } });
    expect(mail.statusCode).toBe(202);
    expect(await db().select().from(outbox)).toHaveLength(1);
  });

  it('two uploads at once: one wins, the other gets 409, one photo kept', async () => {
    const order = await chequeOrder();
    const n = order.purchaseOrderNumber!;
    const [a, b] = await Promise.all([
      pay(buyer.token, form({ numberOrder: n }, { name: 'a.png', bytes: PNG })),
      pay(buyer.token, form({ numberOrder: n }, { name: 'b.png', bytes: PNG })),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([202, 409]);
    expect(privateFilesCount()).toBe(1);
    expect(await db().select().from(outbox)).toHaveLength(1);
  });
});

describe('GET /api/admin/orders/{numberOrder}/cheque-photo', () => {
  const download = (token: string | undefined, n: string, headers: Record<string, string> = {}) =>
    call(t.app, { method: 'GET', url: `/api/admin/orders/${n}/cheque-photo`, token, headers });

  it('gives an admin the photo as a download that is never cached, with the protective headers of /files', async () => {
    const order = await chequeOrder();
    const n = order.purchaseOrderNumber!;
    expect((await pay(buyer.token, form({ numberOrder: n }, { name: 'cheque.png', bytes: PNG }))).statusCode).toBe(202);
    const admin = (await login(t.app, '22222222-2', 'Admin1234')).token;
    const res = await download(admin, n);
    expect(res.statusCode).toBe(200);
    expect(res.rawPayload).toEqual(PNG);
    expect(res.headers).toMatchObject({
      'content-type': 'image/png',
      'content-length': String(PNG.length),
      'content-disposition': `attachment; filename="cheque-${n}.png"`,
      'cache-control': 'private, no-store',
      'x-content-type-options': 'nosniff',
      'cross-origin-resource-policy': 'same-origin',
    });
    expect(res.headers['content-security-policy']).toContain('sandbox');
    // a range of it, as any stored file
    const part = await download(admin, n, { range: 'bytes=0-7' });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload).toEqual(PNG.subarray(0, 8));
  });

  it('is for admins only: the buyer who sent it and other buyers are refused; unknown orders and orders without a photo are 404', async () => {
    const order = await chequeOrder();
    const n = order.purchaseOrderNumber!;
    const admin = (await login(t.app, '11111111-1', 'Admin1234')).token;
    const none = await download(admin, n);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ status: 404, message: `El pedido ${n} no tiene foto de cheque` });
    expect((await pay(buyer.token, form({ numberOrder: n }, { name: 'cheque.png', bytes: PNG }))).statusCode).toBe(202);
    expect((await download(buyer.token, n)).statusCode).toBe(403);
    expect((await download(other.token, n)).statusCode).toBe(403);
    expect((await download(undefined, n)).statusCode).toBe(401);
    expect((await download(admin, 'OC99999999')).json()).toEqual({ status: 404, message: 'Pedido no encontrado' });
    expect((await download(admin, '..%2Fjwt-secret')).statusCode).toBe(400);
    // the photo's file gone from the store: 404, not a 500
    await t.app.privateFiles.delete((await chequeKeyOf(order.id))!);
    expect((await download(admin, n)).json()).toEqual({ status: 404, message: `El pedido ${n} no tiene foto de cheque` });
  });
});
