import ExcelJS from 'exceljs';
import sharp from 'sharp';
import { eq } from 'drizzle-orm';
import type { CartBulkResponse, CartResponse } from '@shared/api/cart';
import type { QuickOrderValidation } from '@shared/api/ordering';
import { LINESHEET_MAX_STYLES, LINESHEET_MSG } from '@shared/schemas/linesheet';
import { fill } from '@shared/messages';
import { suggestedRetailPrice } from '@shared/pricing';
import { cartItems, productContent } from '@server/db/schema';
import { BuildSlots } from '@server/linesheet/linesheet.routes';
import { LinesheetService, type Linesheet, type LinesheetDeps } from '@server/linesheet/linesheet.service';
import { CARDS_PER_PAGE, linesheetPdf, pdfPages } from '@server/linesheet/linesheetPdf';
import { XLSX_COLUMNS, XLSX_HEADER_ROW } from '@server/linesheet/linesheetXlsx';
import { thumbKeyOf } from '@server/linesheet/thumbnails';
import type { SessionUser } from '@server/plugins/auth';
import { multipart } from './admin-uploads-fixtures';
import { call, createTestApp, login, type TestApp } from './helpers';

// The line sheet (docs/linesheet.md) against the demo catalogue and ERP stand-in: every row's buyer price is what the
// cart charges that company for the size, another company's prices never appear, hidden styles and costs never do,
// a rep gets the customer's prices, the XLSX goes back through the quick order, the PDF is a PDF of the expected pages.

let t: TestApp;
let gold: { token: string; id: number }; // 76.123.456-0, descFidel 6
let silver: { token: string; id: number }; // 76.234.567-6, another loyalty
const CAROLINA = '13.579.246-2';

beforeAll(async () => {
  t = await createTestApp({}, { worker: { pollMs: 50, backoffMs: () => 100, autoStart: false } });
  gold = await login(t.app, '76123456-0', 'Demo1234');
  silver = await login(t.app, '76234567-6', 'Demo1234');
}, 60_000);
afterAll(() => t.close());
afterEach(() => t.database.db.delete(cartItems));

const sheet = (token: string, query: string) => call(t.app, { method: 'GET', url: `/api/user/linesheet?${query}`, token });

interface Row {
  style: string;
  name: string;
  size: string;
  sku: string;
  stock: number;
  incoming: string;
  list: number;
  net: number;
  retail: number;
}

/** The XLSX's rows read back with exceljs (a third-party reader): the header's cells and one Row per size. */
async function rowsOf(bytes: Buffer): Promise<{ header: string[]; rows: Row[]; notes: string[] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  const ws = workbook.worksheets[0]!;
  const header = (ws.getRow(XLSX_HEADER_ROW).values as unknown[]).slice(1).map(String);
  const rows: Row[] = [];
  ws.eachRow((row, n) => {
    if (n <= XLSX_HEADER_ROW) return;
    const v = row.values as unknown[];
    rows.push({ style: String(v[2]), name: String(v[3]), size: String(v[5]), sku: String(v[6]), stock: v[7] as number, incoming: String(v[8] ?? ''), list: v[9] as number, net: v[10] as number, retail: v[11] as number });
  });
  return { header, rows, notes: [String(ws.getCell('A1').value), String(ws.getCell('A2').value)] };
}

async function xlsxRows(token: string, query = 'format=xlsx') {
  const res = await sheet(token, query);
  expect(res.statusCode).toBe(200);
  return rowsOf(res.rawPayload);
}

/** What the cart charges the caller for one unit of each size in stock: every one added at once, then the cart read. */
async function cartPrices(token: string, id: number, rows: Row[]): Promise<Map<string, number>> {
  const inStock = rows.filter((r) => r.stock > 0);
  const bulk = await call(t.app, { method: 'POST', url: '/api/user/cart/bulk', token, payload: { items: inStock.map((r) => ({ sku: r.sku, quantity: 1 })) } });
  expect(bulk.json<CartBulkResponse>().added).toBe(inStock.length);
  const cart = (await call(t.app, { method: 'GET', url: `/api/user/cart/find-by-userid/${id}`, token })).json<CartResponse>();
  await t.database.db.delete(cartItems);
  return new Map(cart.items.map((i) => [i.sku, i.priceFinalUnit]));
}

describe('prices', () => {
  it("each row's buyer price is what the cart charges for that size; list price and suggested retail beside it", async () => {
    const { header, rows, notes } = await xlsxRows(gold.token);
    expect(header).toEqual(XLSX_COLUMNS.map((c) => c.header));
    expect(notes[1]).toContain('Precio sugerido: precio neto × 2,2, redondeado a $990');
    expect(rows.length).toBeGreaterThan(20);
    const charged = await cartPrices(gold.token, gold.id, rows);
    expect(charged.size).toBeGreaterThan(20);
    for (const row of rows) {
      if (charged.has(row.sku)) expect([row.sku, row.net]).toEqual([row.sku, charged.get(row.sku)]);
      expect(row.net).toBeLessThanOrEqual(row.list);
      expect(row.retail).toBe(suggestedRetailPrice(row.net, 2.2));
    }
  });

  it("another company's sheet has its own prices (its own loyalty), never the first's", async () => {
    const [a, b] = [await xlsxRows(gold.token), await xlsxRows(silver.token)];
    const charged = await cartPrices(silver.token, silver.id, b.rows);
    for (const row of b.rows) if (charged.has(row.sku)) expect([row.sku, row.net]).toEqual([row.sku, charged.get(row.sku)]);
    const goldNet = new Map(a.rows.map((r) => [r.sku, r.net]));
    const differing = b.rows.filter((r) => r.net > 0 && goldNet.get(r.sku) !== r.net);
    expect(differing.length).toBe(b.rows.filter((r) => r.net > 0).length);
  });

  it("a rep acting for a customer gets that customer's prices", async () => {
    const session = await login(t.app, CAROLINA, 'Demo1234');
    const represent = await call(t.app, { method: 'POST', url: '/api/rep/represent/C76234567', token: session.token, payload: {} });
    const rep = represent.json<{ token: string }>().token;
    const [mine, customer] = [await xlsxRows(rep), await xlsxRows(silver.token)];
    expect(mine.rows).toEqual(customer.rows);
    // not representing anyone: no company, no sheet
    expect((await sheet(session.token, 'format=xlsx')).statusCode).toBe(403);
  });

  it('takes the markup typed (a decimal comma too) and says it', async () => {
    const { rows, notes } = await xlsxRows(gold.token, 'format=xlsx&markup=1,8');
    expect(notes[1]).toContain('precio neto × 1,8');
    for (const row of rows) expect(row.retail).toBe(suggestedRetailPrice(row.net, 1.8));
  });
});

describe('what a sheet never holds', () => {
  it('a style hidden from buyers is absent; no cost column or field', async () => {
    const before = await xlsxRows(gold.token);
    const hidden = before.rows[0]!.style;
    const [existing] = await t.database.db.select().from(productContent).where(eq(productContent.sku, hidden));
    if (existing) await t.database.db.update(productContent).set({ enabled: false }).where(eq(productContent.sku, hidden));
    else await t.database.db.insert(productContent).values({ sku: hidden, name: hidden, enabled: false });
    await t.app.catalog.refresh();
    try {
      const res = await sheet(gold.token, 'format=xlsx');
      const after = await rowsOf(res.rawPayload);
      expect(after.rows.some((r) => r.style === hidden)).toBe(false);
      expect(after.rows.length).toBeLessThan(before.rows.length);
      expect(Number(res.headers['x-estilos'])).toBe(new Set(after.rows.map((r) => r.style)).size);
    } finally {
      if (existing) await t.database.db.update(productContent).set({ enabled: true }).where(eq(productContent.sku, hidden));
      else await t.database.db.delete(productContent).where(eq(productContent.sku, hidden));
      await t.app.catalog.refresh();
    }
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await sheet(gold.token, 'format=xlsx')).rawPayload as unknown as ArrayBuffer);
    const text = JSON.stringify(workbook.worksheets[0]!.getSheetValues()).toLowerCase();
    expect(text).not.toMatch(/cost|costo/);
  });
});

describe('selection and limits', () => {
  it('a category, a search, the offers and next season select from the catalogue', async () => {
    const all = await xlsxRows(gold.token);
    const search = await xlsxRows(gold.token, 'format=xlsx&alcance=BUSQUEDA&q=POL-1001');
    expect(new Set(search.rows.map((r) => r.style))).toEqual(new Set(['POL-1001']));
    const category = await xlsxRows(gold.token, `format=xlsx&alcance=CATEGORIA&category=${encodeURIComponent('Poleras')}`);
    expect(category.rows.length).toBeGreaterThan(0);
    expect(category.rows.length).toBeLessThan(all.rows.length);
    const [kept] = await t.database.db.select().from(productContent).where(eq(productContent.sku, 'CHA-3001'));
    await t.database.db
      .insert(productContent)
      .values({ sku: 'CHA-3001', name: 'CHA-3001', offer: true, percentage: 25 })
      .onConflictDoUpdate({ target: productContent.sku, set: { offer: true, percentage: 25, enabled: true } });
    await t.app.catalog.refresh();
    try {
      const onOffer = (await t.database.db.select().from(productContent)).filter((c) => c.offer && c.enabled && c.percentage > 0).map((c) => c.sku);
      const offers = await xlsxRows(gold.token, 'format=xlsx&alcance=OFERTAS');
      const styles = new Set(offers.rows.map((r) => r.style));
      expect(styles.has('CHA-3001')).toBe(true);
      for (const style of styles) expect(onOffer).toContain(style);
      for (const r of offers.rows.filter((row) => row.style === 'CHA-3001')) expect(r.net).toBe(Math.round((r.list * 75 * 94) / 10_000));
    } finally {
      if (kept) await t.database.db.update(productContent).set(kept).where(eq(productContent.sku, 'CHA-3001'));
      else await t.database.db.delete(productContent).where(eq(productContent.sku, 'CHA-3001'));
      await t.app.catalog.refresh();
    }
    const season = await sheet(gold.token, 'format=xlsx&alcance=TEMPORADA');
    expect([200, 400]).toContain(season.statusCode);
    if (season.statusCode === 200) for (const r of (await rowsOf(season.rawPayload)).rows) expect(r.stock).toBe(0);
  });

  it('answers a bad format, markup or scope with a 400 in Spanish', async () => {
    const bad = async (query: string, message: string) => {
      const res = await sheet(gold.token, query);
      expect(res.statusCode).toBe(400);
      expect(JSON.stringify(res.json())).toContain(message);
    };
    await bad('format=docx', LINESHEET_MSG.format);
    await bad('', LINESHEET_MSG.format);
    await bad('format=pdf&markup=11', LINESHEET_MSG.markup);
    await bad('format=pdf&markup=0,5', LINESHEET_MSG.markup);
    await bad('format=pdf&markup=2.345', LINESHEET_MSG.markup);
    await bad('format=pdf&markup=abc', LINESHEET_MSG.markup);
    await bad('format=pdf&alcance=NADA', LINESHEET_MSG.scope);
    await bad('format=pdf&alcance=BUSQUEDA', LINESHEET_MSG.query);
    await bad('format=pdf&alcance=CATEGORIA', LINESHEET_MSG.category);
    await bad('format=pdf&alcance=BUSQUEDA&q=zzzz-nada', LINESHEET_MSG.empty);
  });

  it(`refuses more than ${LINESHEET_MAX_STYLES} styles before reading anything`, async () => {
    const none = new Proxy({}, { get: () => { throw new Error('read'); } }) as LinesheetDeps;
    const styles = Array.from({ length: LINESHEET_MAX_STYLES + 1 }, (_, i) => `S-${i}`);
    await expect(new LinesheetService(none).build({ companyRut: '76.123.456-0' } as SessionUser, styles, 2.2)).rejects.toMatchObject({
      status: 400,
      message: fill(LINESHEET_MSG.tooMany, { count: '2.001', max: '2.000' }),
    });
  });

  it('builds at most a few sheets at once per instance; one more is told to wait', async () => {
    const slots = new BuildSlots(2);
    const a = slots.take()!;
    const b = slots.take()!;
    expect(slots.take()).toBeUndefined();
    a();
    a(); // twice frees one slot only
    expect(slots.inUse).toBe(1);
    expect(slots.take()).toBeDefined();
    b();
    const answers = await Promise.all([1, 2, 3, 4].map(() => sheet(gold.token, 'format=pdf')));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 200, 200, 429]);
    expect(answers.find((r) => r.statusCode === 429)!.json()).toMatchObject({ status: 429, message: LINESHEET_MSG.busy });
  });
});

describe('the XLSX back through the quick order', () => {
  it('fills "Cantidad a pedir" in a copy read by exceljs, uploads it unchanged otherwise, and gets the lines', async () => {
    const res = await sheet(gold.token, 'format=xlsx');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="lista-de-precios-76123456-0-\d{4}-\d{2}-\d{2}\.xlsx"$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = workbook.worksheets[0]!;
    const quantityColumn = XLSX_COLUMNS.length;
    let within: string | undefined;
    let beyond: { sku: string; stock: number } | undefined;
    ws.eachRow((row, n) => {
      if (n <= XLSX_HEADER_ROW) return;
      const stock = row.getCell(7).value as number;
      const sku = String(row.getCell(6).value);
      if (!within && stock > 5) {
        within = sku;
        row.getCell(quantityColumn).value = 2;
      } else if (!beyond && stock > 0 && stock < 10_000) {
        beyond = { sku, stock };
        row.getCell(quantityColumn).value = stock + 5;
      }
    });
    const filled = Buffer.from(await workbook.xlsx.writeBuffer());
    const upload = await call(t.app, {
      method: 'POST',
      url: '/api/user/quick-order/file',
      token: gold.token,
      payload: multipart({}, { file: { name: 'lista-de-precios.xlsx', bytes: filled, type: 'application/octet-stream' } }),
    });
    expect(upload.statusCode).toBe(200);
    const v = upload.json<QuickOrderValidation>();
    expect(v.lines.map((l) => [l.sku, l.status])).toEqual([
      [within, 'ok'],
      [beyond!.sku, 'short'],
    ]);
    expect(v.lines[1]!.message).toContain(`disponible ${beyond!.stock}`);
  });
});

describe('the PDF', () => {
  const SVG = '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="400"><rect width="300" height="400" fill="#3366aa"/><circle cx="150" cy="200" r="90" fill="#ffffff"/></svg>';

  /** Gives `style` a picture in the file store (an SVG as the demo's, or a PNG as an admin's upload). */
  async function picture(style: string, bytes: Buffer, ext: string, type: string): Promise<string> {
    const url = await t.app.files.put(`products/${style}.${ext}`, bytes, type);
    await t.database.db.insert(productContent).values({ sku: style, name: style, mainUrlImage: url }).onConflictDoUpdate({ target: productContent.sku, set: { mainUrlImage: url } });
    return url;
  }

  it('is a PDF of one page per 12 styles with the pictures as thumbnails, rendered once and then read from the file store', async () => {
    const svg = await picture('POL-1001', Buffer.from(SVG), 'svg', 'image/svg+xml');
    const png = await picture('CHA-3001', await sharp({ create: { width: 500, height: 500, channels: 3, background: '#aa3333' } }).png().toBuffer(), 'png', 'image/png');
    await t.app.catalog.refresh();
    const res = await sheet(gold.token, 'format=pdf');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    const styles = Number(res.headers['x-estilos']);
    expect(styles).toBeGreaterThan(CARDS_PER_PAGE);
    expect(Number(res.headers['x-tamano-estimado'])).toBeGreaterThan(0);
    const pdf = res.rawPayload.toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect(pdf.trimEnd().endsWith('%%EOF')).toBe(true);
    const count = /\/Type \/Pages\s*\/Count (\d+)/.exec(pdf);
    expect(Number(count?.[1])).toBe(pdfPages(styles));
    expect((pdf.match(/\/Type \/Page\b/g) ?? []).length).toBe(pdfPages(styles));
    expect((pdf.match(/\/Subtype \/Image/g) ?? []).length).toBe(2);
    const thumbs = [thumbKeyOf(svg)!, thumbKeyOf(png)!];
    for (const key of thumbs) expect(await t.app.files.exists(key)).toBe(true);
    // the originals gone, a second sheet still has both pictures: the thumbnails come from the file store
    await t.app.files.delete('products/POL-1001.svg');
    await t.app.files.delete('products/CHA-3001.png');
    const again = (await sheet(gold.token, 'format=pdf')).rawPayload.toString('latin1');
    expect((again.match(/\/Subtype \/Image/g) ?? []).length).toBe(2);
  });
});

describe('a build the browser leaves', () => {
  const big: Linesheet = {
    company: { name: 'Comercial Los Andes SpA', rut: '76123456-0' },
    date: '2026-11-29',
    markup: 2.2,
    styles: Array.from({ length: 40 * CARDS_PER_PAGE }, (_, i) => ({
      style: `S-${i}`,
      name: `Estilo ${i}`,
      colour: 'Negro',
      picture: `/files/products/S-${i}.svg?v=1`,
      offerPct: 0,
      sizes: [{ sku: `S-${i}-M`, size: 'M', stock: 3, incoming: '', listPrice: 9990, netPrice: 9390, retailPrice: 20990 }],
    })),
  };
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

  it('stops drawing the PDF and asking for pictures once its stream is destroyed', async () => {
    let asked = 0;
    const stream = linesheetPdf(big, async () => {
      asked++;
      await new Promise((resolve) => setImmediate(resolve));
      return undefined;
    });
    await new Promise((resolve) => stream.once('data', resolve));
    stream.destroy();
    await settle();
    const after = asked;
    await settle();
    expect(asked).toBe(after);
    expect(asked).toBeLessThan(big.styles.length / 4);
  });
});
