import ExcelJS from 'exceljs';
import { unzipSync, zipSync } from 'fflate';
import iconv from 'iconv-lite';
import type { CartBulkResponse, CartResponse } from '@shared/api/cart';
import type { QuickOrderFileReading, QuickOrderValidation } from '@shared/api/ordering';
import { cartItems } from '@server/db/schema';
import { multipart } from './admin-uploads-fixtures';
import { call, createTestApp, login, type TestApp } from './helpers';

// Quick-order files as clerks make them (docs/ordering.md), written by third-party writers rather than the portal's
// own template: XLSX by exceljs (titles, merged cells, formulas with and without their cached values, numbers typed as
// text, hidden rows and sheets, English headers, no header), CSV encoded by iconv-lite as Excel in Spanish saves it
// (Windows-1252, `;`, CRLF), UTF-8 with and without a BOM, UTF-16 LE with a BOM. Each line gets its real status
// against the demo catalogue (POL-1001: stock 120/240/180 in S/M/L, none in XL; VES-6003 sold out).

let t: TestApp;
let buyer: { token: string; id: number };

beforeAll(async () => {
  t = await createTestApp({}, { worker: { pollMs: 50, backoffMs: () => 100, autoStart: false } });
  buyer = await login(t.app, '76123456-0', 'Demo1234'); // Gold, descFidel 6
}, 60_000);
afterAll(() => t.close());
afterEach(() => t.database.db.delete(cartItems));

const upload = (name: string, bytes: Buffer) =>
  call(t.app, { method: 'POST', url: '/api/user/quick-order/file', token: buyer.token, payload: multipart({}, { file: { name, bytes, type: 'application/octet-stream' } }) });
const read = async (name: string, bytes: Buffer) => {
  const res = await upload(name, bytes);
  expect(res.statusCode).toBe(200);
  return res.json<QuickOrderValidation>();
};
const seen = (v: QuickOrderValidation) => v.lines.map((l) => [l.rows[0], l.sku, l.quantity, l.status, l.message]);
const xlsxOf = async (build: (workbook: ExcelJS.Workbook) => void) => {
  const workbook = new ExcelJS.Workbook();
  build(workbook);
  return Buffer.from(await workbook.xlsx.writeBuffer());
};
const cart = async () =>
  (await call(t.app, { method: 'GET', url: `/api/user/cart/find-by-userid/${buyer.id}`, token: buyer.token })).json<CartResponse>();

const NO_STOCK_XL = expect.stringMatching(/^Sin stock de .+ talla XL$/);
const SHORT_L = 'Stock insuficiente: se agregarán 180 de 1200 (disponible 180)';
const NOT_WHOLE = 'La cantidad debe ser un número entero: 2,5';

/** 'Pedido Comercial Los Andes — marzo': a merged title, a blank row and a note above 'Código | Descripción | Cantidad'. */
async function losAndes(): Promise<Buffer> {
  return xlsxOf((workbook) => {
    const prices = workbook.addWorksheet('Datos', { state: 'hidden' }); // a hidden sheet first, with a header of its own
    prices.addRows([
      ['SKU', 'Qty'],
      ['POL-1001-S', 99],
    ]);
    const sheet = workbook.addWorksheet('Pedido');
    sheet.mergeCells('A1:C1');
    sheet.getCell('A1').value = 'Pedido Comercial Los Andes — marzo';
    sheet.getCell('A3').value = 'Nota: entregar en bodega Quilicura, de lunes a viernes';
    sheet.getRow(4).values = ['Código', 'Descripción', 'Cantidad'];
    sheet.getRow(5).values = ['POL-1001-M', 'Polera básica blanca', { formula: '2*3', result: 6 }];
    sheet.getRow(6).values = ['POL-1001-S', 'Polera Ñandú algodón orgánico', ' 12 '];
    sheet.getRow(7).values = ['POL-1001-XL', 'Polera talla grande', 3];
    sheet.getRow(8).values = ['POL-1001-L', 'Diseño «Cordillera»', '1.200'];
    sheet.getRow(9).values = ['VES-6003-M', 'Vestido lúcuma', '2,5'];
    sheet.getRow(10).values = ['POL-1001-L', 'fila oculta', 99];
    sheet.getRow(10).hidden = true;
    sheet.getRow(11).values = ['POL-1001-L', 'fórmula sin valor guardado', { formula: 'C5*2' } as ExcelJS.CellFormulaValue];
    sheet.getRow(12).values = ['POL-1001-S', 'fórmula con error', { formula: '1/0', result: { error: '#DIV/0!' } }];
    sheet.getRow(13).values = ['', 'Observación sin código ni cantidad', ''];
    sheet.getRow(14).values = ['Total', '', { formula: 'SUM(C5:C12)', result: 9 }];
    const other = workbook.addWorksheet('Resumen'); // a second visible sheet, also with a header: not read
    other.addRows([
      ['sku', 'cantidad'],
      ['POL-1001-M', 1],
    ]);
  });
}

describe('an XLSX written by a third-party library', () => {
  it('finds the header under a merged title and notes, reads formulas, text numbers, skips hidden rows and other sheets', async () => {
    const v = await read('pedido-los-andes.xlsx', await losAndes());
    expect(seen(v)).toEqual([
      [5, 'POL-1001-M', 6, 'ok', ''],
      [6, 'POL-1001-S', 12, 'ok', ''],
      [7, 'POL-1001-XL', 3, 'noStock', NO_STOCK_XL],
      [8, 'POL-1001-L', 1200, 'short', SHORT_L],
      [9, 'VES-6003-M', null, 'invalid', NOT_WHOLE],
      [11, 'POL-1001-L', null, 'invalid', 'La celda C11 tiene una fórmula sin valor calculado: ábrala en Excel y guarde el archivo de nuevo'],
      [12, 'POL-1001-S', null, 'invalid', 'La celda C12 tiene un error de fórmula (#DIV/0!)'],
    ]);
    expect(v.reading).toEqual<QuickOrderFileReading>({
      file: 'pedido-los-andes.xlsx', format: 'xlsx', sheet: 'Pedido', columns: 'header', headerRow: 4, encoding: null, hiddenRows: 1,
    });
    expect(v.lines.map((l) => l.message).join(' ')).not.toMatch(/Talla inválida|no existe/);
    expect(v.summary).toMatchObject({ ok: 2, short: 1, errors: 4, units: 6 + 12 + 180 });
  });

  it('reads English headers in any order, a style merged down its sizes, and names the sheet read', async () => {
    const xlsx = await xlsxOf((workbook) => {
      const sheet = workbook.addWorksheet('Order');
      sheet.addRows([
        ['Size', 'SKU', 'Description', 'Qty'],
        ['S', 'POL-1001', 'Basic tee, white', 1],
        ['M', null, null, 2],
        ['L', null, null, { formula: '1+2', result: 3 }],
      ]);
      sheet.mergeCells('B2:B4');
    });
    const v = await read('order.xlsx', xlsx);
    expect(seen(v)).toEqual([
      [2, 'POL-1001-S', 1, 'ok', ''],
      [3, 'POL-1001-M', 2, 'ok', ''],
      [4, 'POL-1001-L', 3, 'ok', ''],
    ]);
    expect(v.reading).toMatchObject({ sheet: 'Order', columns: 'header', headerRow: 1 });
  });

  it('reads a sheet without a header by position when its rows fit, after a title', async () => {
    const xlsx = await xlsxOf((workbook) => {
      const sheet = workbook.addWorksheet('Hoja1');
      sheet.addRows([['Pedido de marzo'], [], ['POL-1001-M', 2], ['POL-1001', 'L', 3], ['VES-6003', 'S', 1]]);
    });
    const v = await read('sin-encabezado.xlsx', xlsx);
    expect(seen(v)).toEqual([
      [3, 'POL-1001-M', 2, 'ok', ''],
      [4, 'POL-1001-L', 3, 'ok', ''],
      [5, 'VES-6003-S', 1, 'noStock', expect.stringMatching(/^Sin stock de .+ talla S$/)],
    ]);
    expect(v.reading).toMatchObject({ sheet: 'Hoja1', columns: 'position', headerRow: null });
  });

  it('refuses a sheet whose first rows fit neither reading, saying which columns it expects', async () => {
    const xlsx = await xlsxOf((workbook) => {
      workbook.addWorksheet('Clientes').addRows([
        ['Nombre', 'Dirección', 'Teléfono'],
        ['Juan Pérez', 'Av. Siempre Viva 123', '+56 9 1234 5678'],
        ['Ana Muñoz', 'Los Aromos 45', '+56 9 8765 4321'],
      ]);
    });
    const res = await upload('clientes.xlsx', xlsx);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe(
      'No se reconocen las columnas de la hoja «Clientes» del archivo clientes.xlsx: escriba un encabezado con Código (o SKU o Estilo), Talla y Cantidad, o use las columnas sku;cantidad o estilo;talla;cantidad de la plantilla',
    );
  });

  it('refuses a workbook whose only sheet is hidden (never read), and an XLSX whose sheet is not XML', async () => {
    const hidden = await xlsxOf((workbook) => {
      workbook.addWorksheet('Oculta', { state: 'hidden' }).addRows([
        ['sku', 'cantidad'],
        ['POL-1001-M', 1],
      ]);
    });
    const res = await upload('oculta.xlsx', hidden);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('El archivo Excel oculta.xlsx no tiene hojas visibles');

    const good = unzipSync(await xlsxOf((workbook) => workbook.addWorksheet('Hoja1').addRow(['POL-1001-M', 1])));
    good['xl/worksheets/sheet1.xml'] = new TextEncoder().encode('<worksheet><sheetData><row r="1"><c r="A1"');
    const broken = await upload('roto.xlsx', Buffer.from(zipSync(good)));
    expect(broken.statusCode).toBe(400);
    expect(broken.json()).toEqual({ status: 400, message: 'No se pudo leer el archivo Excel roto.xlsx' });
  });

  it('reads the first visible sheet with a header when the first one has none', async () => {
    const xlsx = await xlsxOf((workbook) => {
      workbook.addWorksheet('Portada').addRows([['Pedido Comercial Los Andes'], ['Preparado por compras']]);
      workbook.addWorksheet('Líneas').addRows([
        ['Modelo', 'Talla', 'Unidades'],
        ['POL-1001', 'm', 4],
      ]);
    });
    const v = await read('libro.xlsx', xlsx);
    expect(seen(v)).toEqual([[2, 'POL-1001-M', 4, 'ok', '']]);
    expect(v.reading).toMatchObject({ sheet: 'Líneas', headerRow: 1 });
  });
});

/** What Excel in Spanish saves as «CSV (delimitado por comas)»: `;`, CRLF, quotes where needed. */
const EXCEL_CSV = [
  'Código;Descripción;Cantidad',
  'POL-1001-M;Polera Ñandú algodón;5',
  'POL-1001-XL;Polera pequeña, talla grande;2',
  'POL-1001-L;"Diseño ""Cordillera"";";1.200',
  'POL-1001-S;Cortaviento;2,5',
  ';;',
].join('\r\n');
const CSV_SEEN = [
  [2, 'POL-1001-M', 5, 'ok', ''],
  [3, 'POL-1001-XL', 2, 'noStock', NO_STOCK_XL],
  [4, 'POL-1001-L', 1200, 'short', SHORT_L],
  [5, 'POL-1001-S', null, 'invalid', NOT_WHOLE],
];

describe('a CSV in any encoding Excel writes', () => {
  it('reads Windows-1252 (encoded by iconv-lite) whole, and says it was read so', async () => {
    const bytes = iconv.encode(`${EXCEL_CSV}\r\n`, 'windows-1252');
    expect(bytes.includes(Buffer.from([0xd1]))).toBe(true); // 'Ñ' as one byte: not UTF-8
    const v = await read('pedido.csv', bytes);
    expect(seen(v)).toEqual(CSV_SEEN);
    expect(v.reading).toEqual<QuickOrderFileReading>({ file: 'pedido.csv', format: 'csv', sheet: null, columns: 'header', headerRow: 1, encoding: 'windows-1252', hiddenRows: 0 });
  });

  it('reads UTF-8 with and without a BOM as UTF-8 (no encoding to mention)', async () => {
    for (const bytes of [Buffer.from(EXCEL_CSV), Buffer.from(`\uFEFF${EXCEL_CSV}`)]) {
      const v = await read('pedido.csv', bytes);
      expect(seen(v)).toEqual(CSV_SEEN);
      expect(v.reading).toMatchObject({ encoding: null, columns: 'header', headerRow: 1 });
    }
  });

  it("reads UTF-16 LE with a BOM (Excel's 'Texto Unicode', tab separated)", async () => {
    const bytes = iconv.encode(EXCEL_CSV.replace(/;/g, '\t').replace('"Diseño ""Cordillera"";"', 'Diseño'), 'utf-16le', { addBOM: true });
    const v = await read('pedido.txt', bytes);
    expect(seen(v)).toEqual(CSV_SEEN);
    expect(v.reading).toMatchObject({ encoding: 'utf-16le' });
  });

  it('reads a Windows-1252 CSV with a title above the header, and one without a header by position', async () => {
    const titled = await read('titulo.csv', iconv.encode('Pedido Comercial Los Andes — marzo;;\r\n;;\r\nSKU;Qty\r\nPOL-1001-M;3\r\n', 'windows-1252'));
    expect(seen(titled)).toEqual([[4, 'POL-1001-M', 3, 'ok', '']]);
    expect(titled.reading).toMatchObject({ encoding: 'windows-1252', columns: 'header', headerRow: 3 });
    const plain = await read('plano.csv', iconv.encode('POL-1001-M;3\r\nPOL-1001;S;2\r\n', 'windows-1252'));
    expect(plain.reading).toMatchObject({ columns: 'position', headerRow: null, encoding: null }); // ASCII is valid UTF-8
    expect(seen(plain)).toEqual([
      [1, 'POL-1001-M', 3, 'ok', ''],
      [2, 'POL-1001-S', 2, 'ok', ''],
    ]);
  });
});

describe('what is validated is what the cart gets', () => {
  it('adds nothing on upload; the prices shown are those the cart charges once the buyer adds the lines', async () => {
    const v = await read('pedido.csv', iconv.encode(EXCEL_CSV, 'windows-1252'));
    expect((await cart()).items).toEqual([]);
    const addable = v.lines.filter((l) => (l.status === 'ok' || l.status === 'short') && l.addable > 0);
    expect(addable.map((l) => [l.sku, l.addable])).toEqual([
      ['POL-1001-M', 5],
      ['POL-1001-L', 180],
    ]);
    const added = await call(t.app, {
      method: 'POST', url: '/api/user/cart/bulk', token: buyer.token, payload: { items: addable.map((l) => ({ sku: l.sku, quantity: l.quantity })), clampToStock: true },
    });
    expect(added.json<CartBulkResponse>()).toMatchObject({ added: 1, clamped: 1, rejected: 0 });
    const held = await cart();
    expect(held.items.map((i) => [i.sku, i.quantity, i.priceFinalUnit, i.priceFinal])).toEqual(
      addable.map((l) => [l.sku, l.addable, l.prices!.priceFinalUnit, l.prices!.priceFinal]),
    );
    expect(held.totals.total).toBe(v.totals.total);
  });
});
