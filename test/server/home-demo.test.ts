import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { inflateSync } from 'node:zlib';
import { JSDOM } from 'jsdom';
import { banners, productContent } from '@server/db/schema';
import { seedDemoContent } from '@server/demo/seedContent';
import { seedDemoContentOnStart } from '@server/demo/startup';
import { ErpService } from '@server/erp/erp.service';
import { ServiceLayerClient } from '@server/erp/serviceLayer';
import { LocalDiskStore } from '@server/storage/localDiskStore';
import { call, createTestApp, login, type TestApp } from './helpers';

// The embedded default's demo content: every file valid, offers on both home tabs, a banner set, and
// nothing done on a second start.

let t: TestApp;
let dir: string;
let erp: ErpService;
let buyer: string;

const get = (url: string) => call(t.app, { method: 'GET', url, token: buyer });
const filesDir = () => path.join(dir, 'files');
const listFiles = (folder: string) => readdirSync(path.join(filesDir(), folder)).map((f) => path.join(filesDir(), folder, f));

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'portal-demo-'));
  t = await createTestApp({}, { filesDir: path.join(dir, 'files') });
  erp = new ErpService(new ServiceLayerClient({ baseUrl: t.b1.url, company: 'SBODEMOCL', user: 'manager', password: 'manager', timeoutMs: 3000 }));
  buyer = (await login(t.app, '76123456-0', 'Demo1234')).token;
  await seedDemoContentOnStart(t.app, { db: t.database.db, erp, brand: 'Textil Andino' });
}, 60_000);
afterAll(async () => {
  await t.close();
  rmSync(dir, { recursive: true, force: true });
});

it('creates an enabled content record with five files for each of the 68 styles', async () => {
  const rows = await t.database.db.select().from(productContent);
  expect(rows).toHaveLength(68);
  for (const row of rows) {
    expect(row.enabled).toBe(true);
    expect(row.name).not.toBe('');
    expect(row.mainUrlImage).toMatch(new RegExp(`^/files/products/${row.sku}\\.svg\\?v=\\d+$`));
    expect(row.secondUrlImage).toMatch(new RegExp(`^/files/products/${row.sku}_2\\.svg\\?v=\\d+$`));
    expect(row.thirdUrlImage).toMatch(new RegExp(`^/files/products/${row.sku}_3\\.svg\\?v=\\d+$`));
    expect(row.urlSizeGuideImage).toMatch(new RegExp(`^/files/products/${row.sku}_GUIDE\\.svg\\?v=\\d+$`));
    expect(row.urlTechnicalSheet).toMatch(new RegExp(`^/files/products/${row.sku}_ET\\.pdf\\?v=\\d+$`));
  }
  expect(listFiles('products')).toHaveLength(68 * 5);
  const served = await call(t.app, { method: 'GET', url: rows[0]!.urlTechnicalSheet });
  expect(served.statusCode).toBe(200);
  expect(served.headers['content-type']).toBe('application/pdf');
});

it('offers four styles on each home tab, and the banner set', async () => {
  const women = (await get('/api/user/home')).json();
  const men = (await get('/api/user/home/men')).json();
  expect(women).toHaveLength(4);
  expect(men).toHaveLength(4);
  const offers = (await get('/api/user/home/offer')).json() as { genero: string; descuento: number }[];
  expect(offers.filter((o) => o.genero === 'Femenino')).toHaveLength(4);
  for (const o of offers) expect(o.descuento).toBeGreaterThanOrEqual(10);
  for (const o of offers) expect(o.descuento).toBeLessThanOrEqual(40);
  for (const card of [...women, ...men]) expect((await call(t.app, { method: 'GET', url: card.mainUrlImage })).statusCode).toBe(200);

  const banner = (await get('/api/user/home/banner')).json();
  expect(Object.keys(banner)).toEqual(['urlBannerImage', 'urlBannerImage2', 'urlBannerImage3']);
  for (const url of Object.values(banner) as string[]) {
    expect(url).toMatch(/^\/files\/banners\/banner_\d\.svg\?v=\d+$/);
    expect((await call(t.app, { method: 'GET', url })).statusCode).toBe(200);
  }
});

it('the catalogue shows the new images at once', async () => {
  const item = (await get('/api/user/b1/catalog/find/by/sku/POL-1001')).json();
  expect(item.urlImage).toMatch(/^\/files\/products\/POL-1001\.svg\?v=\d+$/);
});

it('writes valid PNG technology icons 1..8', () => {
  for (let id = 1; id <= 8; id++) {
    const png = readFileSync(path.join(filesDir(), 'tecnologias', `${id}.png`));
    expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(png.toString('ascii', 12, 16)).toBe('IHDR');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual([96, 96]);
    const idat = png.indexOf('IDAT');
    const pixels = inflateSync(png.subarray(idat + 4, idat + 4 + png.readUInt32BE(idat - 4)));
    expect(pixels.length).toBe((96 * 4 + 1) * 96);
    expect(png.subarray(-8, -4).toString('ascii')).toBe('IEND');
  }
});

it('writes one-page PDFs with a correct cross-reference table', () => {
  const sheets = listFiles('products').filter((f) => f.endsWith('.pdf'));
  expect(sheets).toHaveLength(68);
  for (const file of sheets) {
    const pdf = readFileSync(file);
    const text = pdf.toString('latin1');
    expect(text.startsWith('%PDF-1.4\n')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
    const xref = Number(/startxref\n(\d+)\n%%EOF/.exec(text)![1]);
    expect(text.slice(xref, xref + 4)).toBe('xref');
    // every object sits at the offset the table gives
    const offsets = [...text.slice(xref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    offsets.forEach((offset, i) => expect(text.slice(offset, offset + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`));
    expect(text).toContain('/Count 1');
  }
  let pdfinfo: string | undefined;
  try {
    pdfinfo = execFileSync('pdfinfo', [sheets[0]!], { encoding: 'utf8' });
  } catch {
    pdfinfo = undefined; // poppler-utils not installed: the structural checks above still hold
  }
  if (pdfinfo) expect(pdfinfo).toMatch(/Pages:\s+1/);
});

it('writes SVGs that parse as SVG documents', () => {
  const parser = new new JSDOM('').window.DOMParser();
  const svgs = [...listFiles('products'), ...listFiles('banners')].filter((f) => f.endsWith('.svg'));
  expect(svgs).toHaveLength(68 * 4 + 3);
  for (const file of svgs) {
    const doc = parser.parseFromString(readFileSync(file, 'utf8'), 'image/svg+xml');
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(doc.documentElement.nodeName).toBe('svg');
    expect(doc.documentElement.getAttribute('viewBox')).toMatch(/^0 0 \d+ \d+$/);
  }
});

it('does nothing on a second start, and never overwrites an admin change', async () => {
  const [first] = await t.database.db.select().from(productContent).limit(1);
  const file = path.join(filesDir(), 'products', `${first!.sku}.svg`);
  const before = statSync(file).mtimeMs;
  await t.database.db.update(productContent).set({ percentage: 55, offer: true });
  expect(await seedDemoContent({ db: t.database.db, files: t.app.files, records: await erp.listAllItems(), brand: 'Textil Andino' })).toBeUndefined();
  await seedDemoContentOnStart(t.app, { db: t.database.db, erp, brand: 'Textil Andino' });
  expect(statSync(file).mtimeMs).toBe(before);
  const rows = await t.database.db.select().from(productContent);
  expect(rows).toHaveLength(68);
  expect(rows.every((r) => r.percentage === 55)).toBe(true);
});

it('is deterministic: the same catalogue gives the same files', async () => {
  const other = mkdtempSync(path.join(tmpdir(), 'portal-demo-2-'));
  try {
    await t.database.db.delete(productContent);
    await t.database.db.delete(banners);
    await seedDemoContent({ db: t.database.db, files: new LocalDiskStore(other), records: await erp.listAllItems(), brand: 'Textil Andino' });
    for (const name of ['products/POL-1001.svg', 'products/VES-6001_3.svg', 'products/PAN-2001_GUIDE.svg', 'products/CHA-3006_ET.pdf', 'tecnologias/4.png', 'banners/banner_2.svg']) {
      expect(readFileSync(path.join(other, name))).toEqual(readFileSync(path.join(filesDir(), name)));
    }
  } finally {
    rmSync(other, { recursive: true, force: true });
  }
});
