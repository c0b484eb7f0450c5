import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { AuditLog } from '@server/audit/auditLog';
import { auditLog, productContent } from '@server/db/schema';
import { call, createTestApp, login, type TestApp } from './helpers';
import { PNG, TEXT, filesRoot, jpeg, keyOf, listFiles, multipart, pdf, post, readStored, type Part } from './admin-uploads-fixtures';

// Product administration (R-ADM-PROD-1 to R-ADM-PROD-3): the content record of an ERP style
// with its five files, ADMIN and SUPERADMIN only.

let t: TestApp;
let superadmin: string;
let admin: string;
let buyer: string;
const db = () => t.database.db;
const get = (url: string, token?: string) => call(t.app, { method: 'GET', url, token });
const save = (token: string | undefined, fields: Record<string, string | number | boolean>, files: Record<string, Part | Part[]> = {}) =>
  post(t.app, '/api/admin/products', token, multipart(fields, files));

const MB = 1024 * 1024;
/** Distinct, valid files for the five fields. */
const fiveFiles = (seed = 0x21): Record<string, Part> => ({
  imageMain: { name: 'frente.png', bytes: PNG, type: 'image/png' },
  imageSecond: { name: 'espalda.jpg', bytes: jpeg(200, seed), type: 'image/jpeg' },
  imageThird: { name: 'detalle.JPEG', bytes: jpeg(300, seed + 1), type: 'image/jpeg' },
  sizeGuideFile: { name: 'guia.jpg', bytes: jpeg(400, seed + 2), type: 'image/jpeg' },
  technicalSheetFilePdf: { name: 'ficha.pdf', bytes: pdf(500), type: 'application/pdf' },
});
const plain = (sku: string, extra: Record<string, string | number | boolean> = {}) => ({ id: 0, sku, name: 'ignorado', offer: false, genero: '', percentage: '', enabled: true, ...extra });

const rowOf = async (sku: string) => (await db().select().from(productContent).where(eq(productContent.sku, sku)))[0];
const auditOf = async (sku: string) => db().select().from(auditLog).where(eq(auditLog.entityId, sku));

/** A record with files on disk, as the demo seed leaves it (svg images under the old names). */
async function seedRecord(sku: string) {
  const dir = path.join(filesRoot(t.app), 'products');
  mkdirSync(dir, { recursive: true });
  const names = { main: `${sku}.svg`, second: `${sku}_2.svg`, third: `${sku}_3.svg`, guide: `${sku}_GUIDE.svg`, sheet: `${sku}_ET.pdf` };
  for (const [k, name] of Object.entries(names)) writeFileSync(path.join(dir, name), k === 'sheet' ? pdf(80) : `<svg>${k}</svg>`);
  const url = (name: string) => `/files/products/${name}?v=1700000000000`;
  await db().insert(productContent).values({
    sku, name: 'semilla', offer: true, genero: 'Masculino', percentage: 10, enabled: true,
    mainUrlImage: url(names.main), secondUrlImage: url(names.second), thirdUrlImage: url(names.third),
    urlSizeGuideImage: url(names.guide), urlTechnicalSheet: url(names.sheet),
  });
  return rowOf(sku);
}

beforeAll(async () => {
  t = await createTestApp();
  superadmin = (await login(t.app, '11111111-1', 'Admin1234')).token;
  admin = (await login(t.app, '22222222-2', 'Admin1234')).token;
  buyer = (await login(t.app, '76123456-0', 'Demo1234')).token;
}, 60_000);
afterAll(() => t.close());

describe('roles', () => {
  it('every product admin route refuses visitors (401) and buyers (403)', async () => {
    const routes = [
      () => get('/api/admin/products/find/by/sku/POL-1001'),
      () => get('/api/admin/products/status?skus=POL-1001'),
      () => get('/api/admin/products/status'),
    ];
    for (const route of routes) {
      const anonymous = await route();
      expect(anonymous.statusCode).toBe(401);
      expect(anonymous.json()).toEqual({ status: 401, message: 'Debe iniciar sesión' });
    }
    expect((await get('/api/admin/products/find/by/sku/POL-1001', buyer)).statusCode).toBe(403);
    expect((await get('/api/admin/products/status', buyer)).json()).toEqual({ status: 403, message: 'No tiene permisos para esta acción' });
    const anonymousSave = await save(undefined, plain('POL-1002'), fiveFiles());
    expect(anonymousSave.statusCode).toBe(401);
    const buyerSave = await save(buyer, plain('POL-1002'), fiveFiles());
    expect(buyerSave.statusCode).toBe(403);
    expect(await rowOf('POL-1002')).toBeUndefined();
    expect(listFiles(t.app, 'products').filter((f) => f.startsWith('POL-1002'))).toEqual([]);
  });

  it('ADMIN and SUPERADMIN both may read and save', async () => {
    expect((await get('/api/admin/products/find/by/sku/POL-1001', admin)).statusCode).toBe(200);
    expect((await get('/api/admin/products/find/by/sku/POL-1001', superadmin)).statusCode).toBe(200);
    const res = await save(superadmin, plain('POL-1003'), fiveFiles());
    expect(res.statusCode).toBe(201);
  });
});

describe('the list and its Estado', () => {
  it('GET /user/b1/products gives an admin every style with sku, descripcion and mainUrlImage', async () => {
    const res = await get('/api/user/b1/products', admin);
    expect(res.statusCode).toBe(200);
    const list = res.json() as { sku: string; descripcion: string; mainUrlImage: string }[];
    expect(list.length).toBeGreaterThan(5);
    expect(list.find((p) => p.sku === 'POL-1001')).toEqual({ sku: 'POL-1001', descripcion: expect.any(String), mainUrlImage: expect.any(String) });
  });

  it('find/by/sku answers id 0 and empty urls without a record, 404 for a sku the ERP does not have', async () => {
    const none = await get('/api/admin/products/find/by/sku/PAN-2001', admin);
    expect(none.statusCode).toBe(200);
    expect(none.json()).toMatchObject({ id: 0, sku: 'PAN-2001', offer: false, mainUrlImage: '', urlTechnicalSheet: '', urlSizeGuideImage: '' });
    const unknown = await get('/api/admin/products/find/by/sku/NO-EXISTE-9', admin);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ status: 404, message: 'Sku no existe o no esta creado' });
  });

  it('the Estado of a whole page comes from one request: the skus with a record', async () => {
    await seedRecord('PAN-2002');
    const page = await get('/api/admin/products/status?skus=PAN-2001,PAN-2002,NO-EXISTE-9', admin);
    expect(page.statusCode).toBe(200);
    expect(page.json()).toEqual({ updated: ['PAN-2002'], avisos: {} });
    const all = (await get('/api/admin/products/status', admin)).json() as { updated: string[] };
    expect(all.updated).toContain('PAN-2002');
    expect(all.updated).not.toContain('PAN-2001');
    const bad = await get('/api/admin/products/status?skus=a%20b', admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ status: 400, message: 'Sku inválido' });
  });
});

describe('saving a product', () => {
  it('creates the record with the five files renamed as the spec says, and buyers see the new images', async () => {
    const files = fiveFiles();
    const res = await save(admin, plain('POL-1001', { offer: true, genero: 'Femenino', percentage: '15', mainUrlImage: '/files/otro.jpg' }), files);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual({
      id: expect.any(Number),
      sku: 'POL-1001',
      name: 'Polera Básica Algodón', // the ERP's name, not the form's
      offer: true,
      genero: 'Femenino',
      percentage: 15,
      enabled: true,
      mainUrlImage: expect.stringMatching(/^\/files\/products\/POL-1001\.jpg\?v=\d{13}$/),
      secondUrlImage: expect.stringMatching(/^\/files\/products\/POL-1001_2\.jpg\?v=\d{13}$/),
      thirdUrlImage: expect.stringMatching(/^\/files\/products\/POL-1001_3\.jpg\?v=\d{13}$/),
      urlSizeGuideImage: expect.stringMatching(/^\/files\/products\/POL-1001_GUIDE\.jpg\?v=\d{13}$/),
      urlTechnicalSheet: expect.stringMatching(/^\/files\/products\/POL-1001_ET\.pdf\?v=\d{13}$/),
    });
    expect(body.id).toBeGreaterThan(0);
    // the bytes as sent (a PNG stays a PNG under the spec's .jpg name), and no staging copy left behind
    expect(readStored(t.app, 'products/POL-1001.jpg')).toEqual(PNG);
    expect(readStored(t.app, 'products/POL-1001_2.jpg')).toEqual(files.imageSecond!.bytes);
    expect(readStored(t.app, 'products/POL-1001_ET.pdf')).toEqual(files.technicalSheetFilePdf!.bytes);
    expect(listFiles(t.app, 'products').filter((f) => f.startsWith('staging'))).toEqual([]);

    expect((await get('/api/admin/products/find/by/sku/POL-1001', admin)).json()).toEqual(body);
    expect((await get('/api/admin/products/status?skus=POL-1001', admin)).json()).toEqual({ updated: ['POL-1001'], avisos: {} });
    // the buyer's catalogue, product record, offer and home at once
    const catalogue = (await get('/api/user/b1/catalog/products', buyer)).json() as { sku: string; urlImage: string }[];
    expect(catalogue.find((i) => i.sku === 'POL-1001')?.urlImage).toBe(body.mainUrlImage);
    const list = (await get('/api/user/b1/products', buyer)).json() as { sku: string; mainUrlImage: string }[];
    expect(list.find((i) => i.sku === 'POL-1001')?.mainUrlImage).toBe(body.mainUrlImage);
    expect((await get('/api/user/products/POL-1001', buyer)).json()).toMatchObject({ urlTechnicalSheet: body.urlTechnicalSheet, thirdUrlImage: body.thirdUrlImage });
    const women = (await get('/api/user/home', buyer)).json() as { sku: string; mainUrlImage: string; percentage: number }[];
    expect(women.find((c) => c.sku === 'POL-1001')).toMatchObject({ mainUrlImage: body.mainUrlImage, percentage: 15 });
    const served = await get(body.mainUrlImage);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload).toEqual(PNG);

    const [audit] = await auditOf('POL-1001');
    expect(audit).toMatchObject({ action: 'create', entity: 'product', actorUsername: expect.stringMatching(/^22\.?222\.?222-2$/) });
  });

  it('updates offer data without files: urls and files stay, a new audit row', async () => {
    const before = await seedRecord('VES-6005');
    const res = await save(admin, plain('VES-6005', { offer: 'false', genero: 'Femenino', percentage: '30', enabled: 'false' }));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ id: before!.id, offer: false, genero: '', percentage: 0, enabled: false, mainUrlImage: before!.mainUrlImage });
    expect(readStored(t.app, 'products/VES-6005.svg').toString()).toBe('<svg>main</svg>');
    const audits = await auditOf('VES-6005');
    expect(audits).toHaveLength(1);
    expect(audits[0]).toMatchObject({ action: 'update', changes: { fields: expect.arrayContaining(['offer', 'enabled', 'percentage']) } });
    // the values before and after, of the changed fields only
    expect(audits[0]!.changes).toMatchObject({
      before: { offer: true, enabled: true, percentage: 10, genero: 'Masculino' },
      after: { offer: false, enabled: false, percentage: 0, genero: '' },
    });
    expect((audits[0]!.changes as { before: object }).before).not.toHaveProperty('mainUrlImage');
  });

  it('replacing one file writes {sku}_2.jpg, removes the old file under another name, keeps the others', async () => {
    await seedRecord('CHA-3003');
    const second = jpeg(250, 0x44);
    const res = await save(superadmin, plain('CHA-3003'), { imageSecond: { name: 'nueva.jpeg', bytes: second } });
    expect(res.statusCode).toBe(200);
    expect(res.json().secondUrlImage).toMatch(/^\/files\/products\/CHA-3003_2\.jpg\?v=\d{13}$/);
    expect(listFiles(t.app, 'products').filter((f) => f.startsWith('CHA-3003'))).toEqual(['CHA-3003.svg', 'CHA-3003_2.jpg', 'CHA-3003_3.svg', 'CHA-3003_ET.pdf', 'CHA-3003_GUIDE.svg']);
    expect(readStored(t.app, 'products/CHA-3003_2.jpg')).toEqual(second);
  });

  it('the same name replaced gets a new version, so browsers never keep the old image', async () => {
    const first = (await save(admin, plain('POL-1004'), fiveFiles(0x30))).json();
    const again = await save(admin, plain('POL-1004'), { imageMain: { name: 'otra.jpg', bytes: jpeg(128, 0x55) } });
    expect(again.statusCode).toBe(200);
    expect(keyOf(again.json().mainUrlImage)).toBe('products/POL-1004.jpg');
    expect(again.json().mainUrlImage).not.toBe(first.mainUrlImage);
    expect(readStored(t.app, 'products/POL-1004.jpg')).toEqual(jpeg(128, 0x55));
  });

  it('a first save needs the five files, with the spec messages', async () => {
    const res = await save(admin, plain('PLN-4001'));
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      status: 400,
      message: expect.any(String),
      fields: {
        imageMain: 'Debe indicar una imagen principal',
        imageSecond: 'Debe indicar una segunda imagen',
        imageThird: 'Debe indicar una tercera imagen',
        technicalSheetFilePdf: 'Debe indicar la Ficha técnica',
        sizeGuideFile: 'Debe indicar la Guía de talla',
      },
    });
    expect(await rowOf('PLN-4001')).toBeUndefined();
  });

  it('unknown skus and size codes are refused (404) and store nothing', async () => {
    for (const sku of ['NO-EXISTE-9', 'POL-1001-M']) {
      const res = await save(admin, plain(sku), fiveFiles());
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 404, message: 'Sku no existe o no esta creado' });
      expect(await rowOf(sku)).toBeUndefined();
      expect(listFiles(t.app, 'products').filter((f) => f.startsWith(sku) || f.startsWith('staging'))).toEqual([]);
    }
    const bad = await save(admin, plain('../x'), fiveFiles());
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ sku: 'Sku inválido' });
  });
});

describe('offer rules', () => {
  const offer = (extra: Record<string, string | number | boolean>) => save(admin, plain('PAN-2003', { offer: true, genero: 'Masculino', percentage: 20, ...extra }), fiveFiles());

  it.each([
    [{ genero: '' }, 'genero', 'El genero es requerido'],
    [{ genero: 'Otro' }, 'genero', 'El genero es requerido'],
    [{ percentage: '' }, 'percentage', 'El porcentaje es requerido'],
    [{ percentage: 'abc' }, 'percentage', 'Debe ser solo números'],
    [{ percentage: '12.5' }, 'percentage', 'Debe ser solo números'],
    [{ percentage: '-5' }, 'percentage', 'Debe ser solo números'],
    [{ percentage: 0 }, 'percentage', 'El porcentaje debe ser entre 1 y 100'],
    [{ percentage: 101 }, 'percentage', 'El porcentaje debe ser entre 1 y 100'],
    [{ offer: '' }, 'offer', 'Debe seleccionar una opción'],
    [{ enabled: 'quizas' }, 'enabled', 'Debe seleccionar una opción'],
  ])('%j is refused on %s', async (extra, field, message) => {
    const res = await offer(extra);
    expect(res.statusCode).toBe(400);
    expect(res.json().fields[field]).toBe(message);
    expect(await rowOf('PAN-2003')).toBeUndefined();
  });

  it('percentages 1 and 100 are accepted; offer false ignores genero and percentage', async () => {
    expect((await offer({ percentage: 1 })).json()).toMatchObject({ percentage: 1, offer: true });
    expect((await save(admin, plain('PAN-2003', { offer: true, genero: 'Unisex', percentage: '100' }))).json()).toMatchObject({ percentage: 100, genero: 'Unisex' });
    expect((await save(admin, plain('PAN-2003', { offer: false, genero: 'xx', percentage: 'abc' }))).json()).toMatchObject({ offer: false, genero: '', percentage: 0 });
  });
});

describe('file rules', () => {
  const withFile = (field: string, part: Part) => save(admin, plain('POL-1005'), { ...fiveFiles(), [field]: part });
  const expectNothingSaved = async () => {
    expect(await rowOf('POL-1005')).toBeUndefined();
    expect(listFiles(t.app, 'products').filter((f) => f.startsWith('POL-1005') || f.startsWith('staging'))).toEqual([]);
  };

  it('an image over 2 MB: "Alguna imagen excede el tamaño maximo 2MB" (also past the upload limit), never a 413', async () => {
    for (const size of [2 * MB + 1, 5 * MB]) {
      const res = await withFile('imageThird', { name: 'grande.jpg', bytes: jpeg(size) });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 400, message: 'Alguna imagen excede el tamaño maximo 2MB', fields: { imageThird: 'Alguna imagen excede el tamaño maximo 2MB' } });
    }
    await expectNothingSaved();
  });

  it('the pdf over 4 MB: "El pdf excede el tamaño maximo 4MB"; exactly 2 MB and 4 MB pass', async () => {
    const res = await withFile('technicalSheetFilePdf', { name: 'ficha.pdf', bytes: pdf(4 * MB + 1) });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: 'El pdf excede el tamaño maximo 4MB', fields: { technicalSheetFilePdf: 'El pdf excede el tamaño maximo 4MB' } });
    await expectNothingSaved();
    const ok = await save(admin, plain('POL-1005'), { ...fiveFiles(), imageMain: { name: 'justo.jpg', bytes: jpeg(2 * MB) }, technicalSheetFilePdf: { name: 'justo.pdf', bytes: pdf(4 * MB) } });
    expect(ok.statusCode).toBe(201);
    await db().delete(productContent).where(eq(productContent.sku, 'POL-1005'));
    for (const f of listFiles(t.app, 'products').filter((n) => n.startsWith('POL-1005'))) await t.app.files.delete(`products/${f}`);
  });

  it('a wrong extension: "Archivo {file} debe tener extensión JPG o PNG" (PDF for the sheet)', async () => {
    const gif = await withFile('sizeGuideFile', { name: 'guia.gif', bytes: PNG });
    expect(gif.json()).toMatchObject({ status: 400, message: 'Archivo guia.gif debe tener extensión JPG o PNG' });
    const doc = await withFile('technicalSheetFilePdf', { name: 'ficha.docx', bytes: pdf() });
    expect(doc.json()).toMatchObject({ status: 400, message: 'Archivo ficha.docx debe tener extensión PDF' });
    const pdfAsImage = await withFile('imageMain', { name: 'ficha.pdf', bytes: pdf() });
    expect(pdfAsImage.json().fields).toEqual({ imageMain: 'Archivo ficha.pdf debe tener extensión JPG o PNG' });
    await expectNothingSaved();
  });

  it('the content decides: text named .jpg, a pdf named .png, a png named .pdf are refused', async () => {
    const text = await withFile('imageMain', { name: 'foto.jpg', bytes: TEXT, type: 'image/jpeg' });
    expect(text.statusCode).toBe(400);
    expect(text.json()).toEqual({ status: 400, message: 'Archivo foto.jpg debe tener extensión JPG o PNG', fields: { imageMain: 'Archivo foto.jpg debe tener extensión JPG o PNG' } });
    const pdfNamedPng = await withFile('imageSecond', { name: 'foto.png', bytes: pdf() });
    expect(pdfNamedPng.json().fields).toEqual({ imageSecond: 'Archivo foto.png debe tener extensión JPG o PNG' });
    const pngNamedPdf = await withFile('technicalSheetFilePdf', { name: 'ficha.pdf', bytes: PNG });
    expect(pngNamedPdf.json().fields).toEqual({ technicalSheetFilePdf: 'Archivo ficha.pdf debe tener extensión PDF' });
    await expectNothingSaved();
  });

  it('two files in one field or an unknown file field are refused', async () => {
    const two = await save(admin, plain('POL-1005'), { ...fiveFiles(), imageMain: [{ name: 'a.png', bytes: PNG }, { name: 'b.png', bytes: PNG }] });
    expect(two.statusCode).toBe(400);
    expect(two.json().message).toBe('Debe adjuntar un solo archivo por campo');
    const unknown = await save(admin, plain('POL-1005'), { ...fiveFiles(), otraImagen: { name: 'a.png', bytes: PNG } });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().message).toBe('Campo de archivo desconocido: otraImagen');
    await expectNothingSaved();
  });
});

describe('a malformed request', () => {
  it('a cut body is a Spanish 400, a non-multipart one a Spanish 415, never a 500', async () => {
    const cut = await call(t.app, {
      method: 'POST', url: '/api/admin/products', token: admin,
      headers: { 'content-type': 'multipart/form-data; boundary=abc' },
      payload: '--abc\r\nContent-Disposition: form-data; name="sku"\r\n\r\nPOL',
    });
    expect(cut.json()).toEqual({ status: 400, message: 'La solicitud multipart está incompleta o mal formada' });
    const json = await call(t.app, { method: 'POST', url: '/api/admin/products', token: admin, payload: { sku: 'POL-1001' } });
    expect(json.json()).toEqual({ status: 415, message: 'La solicitud debe ser multipart/form-data' });
  });
});

describe('a failed save changes nothing', () => {
  async function snapshotOf(sku: string) {
    const files = listFiles(t.app, 'products').filter((f) => f.startsWith(sku));
    return { row: await rowOf(sku), files, bytes: files.map((f) => readStored(t.app, `products/${f}`)), staging: listFiles(t.app, 'products').filter((f) => f.startsWith('staging')) };
  }

  it('one bad file among good ones: record and files as they were', async () => {
    await seedRecord('VES-6001');
    const before = await snapshotOf('VES-6001');
    const res = await save(admin, plain('VES-6001', { offer: true, genero: 'Femenino', percentage: 50 }), { ...fiveFiles(), imageThird: { name: 'malo.jpg', bytes: TEXT } });
    expect(res.statusCode).toBe(400);
    expect(await snapshotOf('VES-6001')).toEqual(before);
    expect(await auditOf('VES-6001')).toEqual([]);
  });

  it('a database failure after the files were staged: record, files and audit as they were', async () => {
    const before = await snapshotOf('VES-6001');
    const spy = jest.spyOn(AuditLog, 'record').mockRejectedValueOnce(new Error('base de datos caída'));
    try {
      const res = await save(admin, plain('VES-6001', { offer: true, genero: 'Femenino', percentage: 50 }), fiveFiles(0x60));
      expect(res.statusCode).toBe(500);
      expect(res.json()).toEqual({ status: 500, message: 'Ocurrió un error inesperado, intentelo mas tarde' });
    } finally {
      spy.mockRestore();
    }
    expect(await snapshotOf('VES-6001')).toEqual(before);
    expect(await auditOf('VES-6001')).toEqual([]);
  });
});
