import { eq } from 'drizzle-orm';
import { AuditLog } from '@server/audit/auditLog';
import { auditLog, banners } from '@server/db/schema';
import { call, createTestApp, login, type TestApp } from './helpers';
import { PNG, TEXT, jpeg, keyOf, listFiles, multipart, pdf, post, readStored, type Part } from './admin-uploads-fixtures';

// Banner administration (R-ADM-BAN-1, R-ADM-BAN-2): one set of three images,
// ADMIN and SUPERADMIN only, reflected on the buyer's home.

let t: TestApp;
let superadmin: string;
let admin: string;
let buyer: string;
const db = () => t.database.db;
const get = (url: string, token?: string) => call(t.app, { method: 'GET', url, token });
const del = (url: string, token?: string) => call(t.app, { method: 'DELETE', url, token });
const save = (token: string | undefined, fields: Record<string, string | number>, files: Record<string, Part | Part[]> = {}) =>
  post(t.app, '/api/admin/banners', token, multipart(fields, files));

const MB = 1024 * 1024;
const three = (seed = 0x21): Record<string, Part> => ({
  bannerImageFile: { name: 'verano.jpg', bytes: jpeg(300, seed), type: 'image/jpeg' },
  bannerImage2File: { name: 'invierno.png', bytes: PNG, type: 'image/png' },
  bannerImage3File: { name: 'ofertas.JPEG', bytes: jpeg(400, seed + 1), type: 'image/jpeg' },
});

async function state() {
  const rows = await db().select().from(banners);
  const files = listFiles(t.app, 'banners');
  return { rows, files, bytes: files.map((f) => readStored(t.app, `banners/${f}`)) };
}
const bannerAudits = () => db().select().from(auditLog).where(eq(auditLog.entity, 'banner'));
async function clear() {
  await db().delete(banners);
  await db().delete(auditLog);
  for (const f of listFiles(t.app, 'banners')) await t.app.files.delete(`banners/${f}`);
}

beforeAll(async () => {
  t = await createTestApp();
  superadmin = (await login(t.app, '11111111-1', 'Admin1234')).token;
  admin = (await login(t.app, '22222222-2', 'Admin1234')).token;
  buyer = (await login(t.app, '76123456-0', 'Demo1234')).token;
}, 60_000);
afterAll(() => t.close());
beforeEach(clear);

describe('roles', () => {
  it('every banner admin route refuses visitors (401) and buyers (403)', async () => {
    const requests = [
      (token?: string) => get('/api/admin/banners', token),
      (token?: string) => get('/api/admin/banners/1', token),
      (token?: string) => del('/api/admin/banners/1', token),
      (token?: string) => save(token, {}, three()),
    ];
    for (const request of requests) {
      expect((await request()).json()).toEqual({ status: 401, message: 'Debe iniciar sesión' });
      expect((await request(buyer)).json()).toEqual({ status: 403, message: 'No tiene permisos para esta acción' });
    }
    expect((await state()).rows).toEqual([]);
    expect((await get('/api/admin/banners', admin)).statusCode).toBe(200);
    expect((await get('/api/admin/banners', superadmin)).statusCode).toBe(200);
  });
});

describe('create, update and delete', () => {
  it('creates the set from three files, each stored by its content, and the buyer home shows it', async () => {
    expect((await get('/api/admin/banners', admin)).json()).toEqual([]);
    const files = three();
    const res = await save(admin, { id: '', nameFile: '', urlBannerImage: '' }, files);
    expect(res.statusCode).toBe(201);
    const set = res.json();
    expect(set).toEqual({
      id: expect.any(Number),
      nameFile: 'verano.jpg,invierno.png,ofertas.JPEG',
      urlBannerImage: expect.stringMatching(/^\/files\/banners\/banner_1\.jpg\?v=\d{13}$/),
      urlBannerImage2: expect.stringMatching(/^\/files\/banners\/banner_2\.png\?v=\d{13}$/),
      urlBannerImage3: expect.stringMatching(/^\/files\/banners\/banner_3\.jpg\?v=\d{13}$/),
    });
    expect(listFiles(t.app, 'banners')).toEqual(['banner_1.jpg', 'banner_2.png', 'banner_3.jpg']);
    expect(readStored(t.app, 'banners/banner_2.png')).toEqual(PNG);
    expect((await get('/api/admin/banners', admin)).json()).toEqual([set]);
    expect((await get(`/api/admin/banners/${set.id}`, superadmin)).json()).toEqual(set);
    expect((await get('/api/user/home/banner', buyer)).json()).toEqual({ urlBannerImage: set.urlBannerImage, urlBannerImage2: set.urlBannerImage2, urlBannerImage3: set.urlBannerImage3 });
    const served = await get(set.urlBannerImage3);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(files.bannerImage3File!.bytes);
    expect(await bannerAudits()).toMatchObject([{ action: 'create', entityId: String(set.id) }]);
  });

  it('only one set: a second create is refused (409) and changes nothing', async () => {
    await save(admin, {}, three());
    const before = await state();
    const res = await save(superadmin, { id: 0 }, three(0x50));
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({ status: 409, message: 'Ya existe un banner cargado: edítelo o elimínelo antes de crear otro' });
    expect(await state()).toEqual(before);
  });

  it('creation needs the three files, each with its own message', async () => {
    const res = await save(admin, {}, { bannerImage2File: three().bannerImage2File! });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ bannerImageFile: 'Se debe adjuntar un archivo en Banner', bannerImage3File: 'Se debe adjuntar un archivo en Banner 3' });
    expect(await state()).toEqual({ rows: [], files: [], bytes: [] });
  });

  it('updates only the files sent: a new version, the replaced file of another type removed, the others kept', async () => {
    const created = (await save(admin, {}, three())).json();
    const second = jpeg(222, 0x66);
    const res = await save(superadmin, { id: String(created.id) }, { bannerImage2File: { name: 'nuevo.jpg', bytes: second } });
    expect(res.statusCode).toBe(200);
    const updated = res.json();
    expect(updated).toEqual({ ...created, nameFile: 'verano.jpg,nuevo.jpg,ofertas.JPEG', urlBannerImage2: expect.stringMatching(/^\/files\/banners\/banner_2\.jpg\?v=\d{13}$/) });
    expect(listFiles(t.app, 'banners')).toEqual(['banner_1.jpg', 'banner_2.jpg', 'banner_3.jpg']);
    expect(readStored(t.app, 'banners/banner_2.jpg')).toEqual(second);
    expect((await get('/api/user/home/banner', buyer)).json().urlBannerImage2).toBe(updated.urlBannerImage2);

    const again = (await save(admin, { id: created.id }, { bannerImageFile: { name: 'otra.jpg', bytes: jpeg(180, 0x77) } })).json();
    expect(keyOf(again.urlBannerImage)).toBe('banners/banner_1.jpg');
    expect(again.urlBannerImage).not.toBe(created.urlBannerImage);
    expect((await bannerAudits()).map((a) => a.action)).toEqual(['create', 'update', 'update']);
    // each update keeps the replaced url before and the new one after
    expect((await bannerAudits())[1]!.changes).toEqual({
      fields: ['urlBannerImage2'],
      before: { urlBannerImage2: created.urlBannerImage2, nameFile: created.nameFile },
      after: { urlBannerImage2: updated.urlBannerImage2, nameFile: updated.nameFile },
    });
  });

  it('an update without files changes nothing; an unknown id is 404', async () => {
    const created = (await save(admin, {}, three())).json();
    const same = await save(admin, { id: created.id }, {});
    expect(same.statusCode).toBe(200);
    expect(same.json()).toEqual(created);
    const missing = await save(admin, { id: created.id + 100 }, three());
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ status: 404, message: 'Banner no encontrado' });
    expect((await get(`/api/admin/banners/${created.id + 100}`, admin)).statusCode).toBe(404);
    expect((await get('/api/admin/banners/abc', admin)).json()).toMatchObject({ status: 400, message: 'Identificador de banner inválido' });
  });

  it('deletes the set and its files; home has no banner; a new set may be created', async () => {
    const created = (await save(admin, {}, three())).json();
    const res = await del(`/api/admin/banners/${created.id}`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: 'Eliminado!' });
    expect(await state()).toEqual({ rows: [], files: [], bytes: [] });
    expect((await get('/api/user/home/banner', buyer)).statusCode).toBe(404);
    expect((await del(`/api/admin/banners/${created.id}`, admin)).json()).toEqual({ status: 404, message: 'Banner no encontrado' });
    expect((await save(superadmin, {}, three())).statusCode).toBe(201);
    expect((await bannerAudits()).map((a) => a.action)).toEqual(['create', 'delete', 'create']);
    expect((await bannerAudits())[1]!.changes).toEqual({
      before: { nameFile: created.nameFile, urlBannerImage: created.urlBannerImage, urlBannerImage2: created.urlBannerImage2, urlBannerImage3: created.urlBannerImage3 },
    });
  });
});

describe('file rules', () => {
  it('each file is checked by its own extension (not the first file\'s)', async () => {
    const res = await save(admin, {}, { ...three(), bannerImage3File: { name: 'tercero.gif', bytes: PNG } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 400, message: 'Archivo de tener extesión JPG o PNG', fields: { bannerImage3File: 'Archivo de tener extesión JPG o PNG' } });
    const pdfName = await save(admin, {}, { ...three(), bannerImage2File: { name: 'segundo.pdf', bytes: pdf() } });
    expect(pdfName.json().fields).toEqual({ bannerImage2File: 'Archivo de tener extesión JPG o PNG' });
    expect(await state()).toEqual({ rows: [], files: [], bytes: [] });
  });

  it('each file is checked by its content: text named .jpg is refused', async () => {
    const res = await save(admin, {}, { ...three(), bannerImage2File: { name: 'segundo.jpg', bytes: TEXT, type: 'image/jpeg' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({ bannerImage2File: 'Archivo de tener extesión JPG o PNG' });
    expect(await state()).toEqual({ rows: [], files: [], bytes: [] });
  });

  it('over 2 MB: "Tamaño maximo 2MB" as a 400; exactly 2 MB passes', async () => {
    const res = await save(admin, {}, { ...three(), bannerImageFile: { name: 'grande.jpg', bytes: jpeg(2 * MB + 1) } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ status: 400, message: 'Tamaño maximo 2MB', fields: { bannerImageFile: 'Tamaño maximo 2MB' } });
    expect(await state()).toEqual({ rows: [], files: [], bytes: [] });
    expect((await save(admin, {}, { ...three(), bannerImageFile: { name: 'justo.jpg', bytes: jpeg(2 * MB) } })).statusCode).toBe(201);
  });
});

describe('a failed upload changes nothing', () => {
  it('one bad file among good ones on update: set and files as they were', async () => {
    const created = (await save(admin, {}, three())).json();
    const before = await state();
    const res = await save(admin, { id: created.id }, { bannerImageFile: { name: 'a.jpg', bytes: jpeg(99, 0x12) }, bannerImage3File: { name: 'c.jpg', bytes: TEXT } });
    expect(res.statusCode).toBe(400);
    expect(await state()).toEqual(before);
    expect((await bannerAudits()).map((a) => a.action)).toEqual(['create']);
  });

  it('a database failure after staging: set, files and audit as they were, no staging copy left', async () => {
    const created = (await save(admin, {}, three())).json();
    const before = await state();
    const spy = jest.spyOn(AuditLog, 'record').mockRejectedValueOnce(new Error('base de datos caída'));
    try {
      const res = await save(admin, { id: created.id }, three(0x70));
      expect(res.statusCode).toBe(500);
    } finally {
      spy.mockRestore();
    }
    expect(await state()).toEqual(before);
    expect((await bannerAudits()).map((a) => a.action)).toEqual(['create']);
  });
});
