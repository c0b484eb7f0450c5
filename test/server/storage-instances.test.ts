import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { startB1Mock, type B1Mock } from '@mocks/b1/server';
import { DEMO_ACCOUNTS } from '@mocks/demo/accounts';
import { buildApp } from '@server/app';
import { openDatabase, type Database } from '@server/db/connect';
import { orders, productContent, users as usersTable } from '@server/db/schema';
import { seedUsers } from '@server/db/seed';
import { ErpService } from '@server/erp/erp.service';
import { ServiceLayerClient } from '@server/erp/serviceLayer';
import { UsersRepo } from '@server/users/users.repo';
import { PNG, jpeg, multipart, pdf, post } from './admin-uploads-fixtures';
import { TEST_SECRET, call, login, openTestDatabase } from './helpers';
import { CHEQUE_BUYER, attachment, emlFiles, insertOrder, setRecipients } from './mail-fixtures';

// Two instances of the portal behind a load balancer, each with its own connection pool and nothing on a shared disk
// (FILE_STORAGE=database: no files folder at all): what one instance stores, the other serves. With
// TEST_DATABASE_URL both run on one PostgreSQL database made for this file (two pools, as two processes would have);
// without it they share one in-memory PGlite, which still shows that nothing travels through the local disk.

const adminUrl = process.env.TEST_DATABASE_URL;
const ADMIN = DEMO_ACCOUNTS.find((a) => a.rut === '22.222.222-2')!;
const BUYER_ACCOUNT = DEMO_ACCOUNTS.find((a) => a.erp?.cardCode === CHEQUE_BUYER.cardCode)!;

let b1: B1Mock;
let shared: { a: Database; b: Database; close(): Promise<void> };
let A: FastifyInstance;
let B: FastifyInstance;
let admin: string;

/** One database, seen by two instances: two pools on PostgreSQL; one PGlite (whose close waits for the end). */
async function sharedDatabase(): Promise<typeof shared> {
  if (!adminUrl) {
    const database = await openTestDatabase();
    const view = (): Database => ({ ...database, close: async () => undefined });
    return { a: view(), b: view(), close: () => database.close() };
  }
  const name = `portal_instances_${randomBytes(6).toString('hex')}`;
  const template = process.env.PORTAL_TEST_PG_TEMPLATE;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(template ? `create database ${name} template ${template}` : `create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const open = () => openDatabase({ databaseUrl: url.toString(), onIdleError: () => undefined });
  const a = await open();
  const b = await open();
  await Promise.all([a.migrate(), b.migrate()]);
  return {
    a,
    b,
    close: async () => {
      const c = new pg.Client({ connectionString: adminUrl });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}

function instance(database: Database): Promise<FastifyInstance> {
  const erp = new ErpService(new ServiceLayerClient({ baseUrl: b1.url, company: 'SBODEMOCL', user: 'manager', password: 'manager', timeoutMs: 3000 }));
  return buildApp({
    config: { jwtSecret: TEST_SECRET, tokenTtl: 3600, publicUrl: 'http://localhost:3000', clientDir: '/nonexistent', brandName: 'Textil Andino', login: { maxPerAddress: 1000, maxPerRut: 1000, window: '15 minutes' } },
    database,
    erp,
    storage: { kind: 'database' },
    worker: { autoStart: false },
  });
}

beforeAll(async () => {
  b1 = await startB1Mock();
  shared = await sharedDatabase();
  await seedUsers(new UsersRepo(shared.a.db), [ADMIN, BUYER_ACCOUNT]);
  A = await instance(shared.a);
  B = await instance(shared.b);
  await Promise.all([A.ready(), B.ready()]);
  admin = (await login(A, ADMIN.rut, ADMIN.password)).token;
}, 60_000);
afterAll(async () => {
  await A?.close();
  await B?.close();
  await shared?.close();
  await b1?.close();
});

const get = (app: FastifyInstance, url: string, headers: Record<string, string> = {}, token?: string) => call(app, { method: 'GET', url, headers, token });

describe('two instances on one database', () => {
  it('an image and a sheet uploaded through A (admin product content) are served by B with the same bytes and ETag', async () => {
    const image = jpeg(5000, 0x42);
    const sheet = pdf(3000);
    const saved = await post(A, '/api/admin/products', admin, multipart(
      { id: 0, sku: 'POL-1001', name: 'x', offer: false, genero: '', percentage: '', enabled: true },
      {
        imageMain: { name: 'frente.jpg', bytes: image, type: 'image/jpeg' },
        imageSecond: { name: 'espalda.png', bytes: PNG, type: 'image/png' },
        imageThird: { name: 'detalle.jpg', bytes: jpeg(300), type: 'image/jpeg' },
        sizeGuideFile: { name: 'guia.jpg', bytes: jpeg(400), type: 'image/jpeg' },
        technicalSheetFilePdf: { name: 'ficha.pdf', bytes: sheet, type: 'application/pdf' },
      },
    ));
    expect(saved.statusCode).toBe(201);
    const [row] = await shared.b.db.select().from(productContent).where(eq(productContent.sku, 'POL-1001'));
    expect(row!.mainUrlImage).toMatch(/^\/files\/products\/POL-1001\.jpg\?v=\d+$/);

    const fromA = await get(A, row!.mainUrlImage);
    const fromB = await get(B, row!.mainUrlImage);
    expect(fromB.statusCode).toBe(200);
    expect(fromB.rawPayload).toEqual(image);
    expect(fromB.headers['content-type']).toBe('image/jpeg');
    expect(fromB.headers.etag).toMatch(/^"[^"]+"$/);
    expect(fromB.headers.etag).toBe(fromA.headers.etag);
    expect(fromB.headers['last-modified']).toBe(fromA.headers['last-modified']);
    // a browser that got the image from A revalidates it on B
    expect((await get(B, row!.mainUrlImage, { 'if-none-match': fromA.headers.etag as string })).statusCode).toBe(304);
    const part = await get(B, row!.mainUrlImage, { range: 'bytes=100-1099', 'if-range': fromA.headers.etag as string });
    expect(part.statusCode).toBe(206);
    expect(part.rawPayload).toEqual(image.subarray(100, 1100));
    const sheetFromB = await get(B, row!.urlTechnicalSheet!);
    expect(sheetFromB.rawPayload).toEqual(sheet);
    expect(sheetFromB.headers['content-type']).toBe('application/pdf');

    // replaced through A: B serves the new bytes at the new url, under a new ETag
    const image2 = jpeg(6000, 0x43);
    const again = await post(A, '/api/admin/products', admin, multipart(
      { id: row!.id, sku: 'POL-1001', name: 'x', offer: false, genero: '', percentage: '', enabled: true },
      { imageMain: { name: 'nueva.jpg', bytes: image2, type: 'image/jpeg' } },
    ));
    expect(again.statusCode).toBe(200);
    const [after] = await shared.b.db.select().from(productContent).where(eq(productContent.sku, 'POL-1001'));
    expect(after!.mainUrlImage).not.toBe(row!.mainUrlImage);
    const newFromB = await get(B, after!.mainUrlImage);
    expect(newFromB.rawPayload).toEqual(image2);
    expect(newFromB.headers.etag).not.toBe(fromA.headers.etag);
  });

  it('a banner set uploaded through A is served by B', async () => {
    const first = jpeg(700, 0x51);
    const res = await post(A, '/api/admin/banners', admin, multipart(
      { id: '', nameFile: '', urlBannerImage: '' },
      {
        bannerImageFile: { name: 'verano.jpg', bytes: first, type: 'image/jpeg' },
        bannerImage2File: { name: 'invierno.png', bytes: PNG, type: 'image/png' },
        bannerImage3File: { name: 'ofertas.jpg', bytes: jpeg(800, 0x52), type: 'image/jpeg' },
      },
    ));
    expect(res.statusCode).toBe(201);
    const banner = await get(B, (res.json() as { urlBannerImage: string }).urlBannerImage);
    expect(banner.statusCode).toBe(200);
    expect(banner.rawPayload).toEqual(first);
  });

  it('a cheque photo uploaded through A is downloadable by an admin from B, mailed by B, and never public', async () => {
    const [buyerRow] = await shared.a.db.select().from(usersTable).where(eq(usersTable.username, BUYER_ACCOUNT.rut));
    const order = await insertOrder(shared.a.db, { userId: buyerRow!.id, cardCode: CHEQUE_BUYER.cardCode, paymentMethod: 'CHEQUE' });
    await setRecipients(shared.a.db, ['CHEQUE']);
    const n = order.purchaseOrderNumber!;
    const buyer = (await login(A, BUYER_ACCOUNT.rut, BUYER_ACCOUNT.password)).token;
    const photo = jpeg(4000, 0x61);
    const form = new FormData();
    form.append('numberOrder', n);
    form.append('chequeImgFile', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'cheque.jpg');
    expect((await call(A, { method: 'POST', url: '/api/user/pay-cheque', token: buyer, payload: form })).statusCode).toBe(202);

    const download = await get(B, `/api/admin/orders/${n}/cheque-photo`, {}, admin);
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload).toEqual(photo);
    expect(download.headers).toMatchObject({ 'content-type': 'image/jpeg', 'cache-control': 'private, no-store', 'content-disposition': `attachment; filename="cheque-${n}.jpg"` });
    expect((await get(B, `/api/admin/orders/${n}/cheque-photo`, {}, buyer)).statusCode).toBe(403);

    const [{ key }] = (await shared.b.db.select({ key: orders.chequeFileKey }).from(orders).where(eq(orders.id, order.id))) as [{ key: string }];
    expect((await get(B, `/files/${key}`)).statusCode).toBe(404);
    expect((await get(A, `/files/${key}`)).statusCode).toBe(404);

    // the staff mail queued by A is sent by B's worker, with the photo A stored (the run also makes the demo pictures'
    // line sheet thumbnails, queued when the content was seeded)
    expect(await B.worker.runOnce()).toBeGreaterThanOrEqual(1);
    const [eml] = emlFiles(B.mailer.outboxDir!);
    expect(attachment(eml!.text, `Cheque_${n}.jpg`)).toEqual(photo);
  });
});
