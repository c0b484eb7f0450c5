import {
  cellText,
  describeFileReading,
  detectSeparator,
  parseDelimited,
  parseQuantity,
  parseQuickOrderText,
  quickOrderSummary,
  quickOrderTemplateCsv,
  readRows,
  ORDER_COLUMN,
  rowsToLines,
  QUICK_ORDER_CELL_MAX,
  QUICK_ORDER_MAX_LINES,
  QUICK_ORDER_MSG,
} from '@shared/quickOrder';

describe('separators', () => {
  it('takes ; first (Chilean CSV, decimal comma), then tab, then ,', () => {
    expect(detectSeparator('POL-1001-M;2,0\n')).toBe(';');
    expect(detectSeparator('POL-1001-M,2\n')).toBe(',');
    expect(detectSeparator('POL-1001-M\t2\n')).toBe('\t');
    expect(detectSeparator('\n\n"a;b",2\nX,1')).toBe(','); // the ; of the first line is inside quotes
    expect(detectSeparator('\uFEFFsku;cantidad')).toBe(';');
    expect(detectSeparator('# nota, con coma\nPOL-1001-M;2')).toBe(';'); // notes do not count
  });

  it('splits ; and , separated rows alike', () => {
    expect(parseDelimited('A;1\nB;2').map((r) => r.cells)).toEqual([['A', '1'], ['B', '2']]);
    expect(parseDelimited('A,1\r\nB,2\r\n').map((r) => r.cells)).toEqual([['A', '1'], ['B', '2']]);
  });
});

describe('quoted fields', () => {
  it('keeps separators, line breaks and doubled quotes inside quotes', () => {
    const rows = parseDelimited('"POL;1001";"1.000"\n"Dice ""hola""";2\n"dos\nlíneas";3\nX;4', ';');
    expect(rows.map((r) => r.cells)).toEqual([['POL;1001', '1.000'], ['Dice "hola"', '2'], ['dos\nlíneas', '3'], ['X', '4']]);
    // the row after a quoted line break is numbered by the text's own lines
    expect(rows.map((r) => r.line)).toEqual([1, 2, 3, 5]);
  });

  it('marks a row whose quote never closes', () => {
    const rows = parseDelimited('A;1\n"B;2\nC;3', ';');
    expect(rows[1]).toMatchObject({ line: 2, unclosed: true });
    expect(parseQuickOrderText('A;1\n"B;2\nC;3')[1]!.error).toBe('Comillas sin cerrar');
  });
});

describe('BOM', () => {
  it('drops a UTF-8 BOM so the first header or sku reads right', () => {
    expect(parseDelimited('\uFEFFsku;cantidad\nPOL-1001-M;2')[0]!.cells).toEqual(['sku', 'cantidad']);
    expect(parseQuickOrderText('\uFEFFPOL-1001-M;2')).toEqual([{ row: 1, sku: 'POL-1001-M', size: '', quantity: '2' }]);
  });
});

describe('Chilean number formats', () => {
  const ok = (text: string | number) => parseQuantity(text);
  it.each([
    ['12', 12],
    ['1.000', 1000],
    ['12.500', 12500],
    ['1.000,0', 1000],
    ['2,0', 2],
    ['12,00', 12],
    ['1 000', 1000],
    ['1\u00A0000', 1000],
    [' 7 ', 7],
    ['2.0', 2],
    [48, 48],
  ])('%p is %p', (text, value) => {
    expect(ok(text)).toEqual({ ok: true, value });
  });

  it.each([
    ['2,5', 'La cantidad debe ser un número entero: 2,5'],
    ['2.5', 'La cantidad debe ser un número entero: 2.5'],
    [2.5, 'La cantidad debe ser un número entero: 2.5'],
    ['0', 'La cantidad debe ser mayor que cero'],
    ['-3', 'La cantidad debe ser mayor que cero'],
    ['', 'Falta la cantidad'],
    ['doce', 'Cantidad inválida: doce'],
    ['1.00.0', 'Cantidad inválida: 1.00.0'],
    ['1,000', "Cantidad ambigua '1,000': escriba 1000 o 1.000"],
    ['1,500', "Cantidad ambigua '1,500': escriba 1500 o 1.500"],
    ['1.000.000', 'La cantidad es demasiado grande: 1.000.000'],
  ])('%p is refused: %s', (text, error) => {
    expect(ok(text)).toEqual({ ok: false, error });
  });
});

describe('rows to order lines', () => {
  it('two cells are sku;cantidad, three are estilo;talla;cantidad', () => {
    expect(parseQuickOrderText('POL-1001-M;12\nPOL-1001;L;1.000\n')).toEqual([
      { row: 1, sku: 'POL-1001-M', size: '', quantity: '12' },
      { row: 2, sku: 'POL-1001', size: 'L', quantity: '1.000' },
    ]);
  });

  it('reads a header row (any case, accents) and its column order', () => {
    const lines = parseQuickOrderText('Cantidad,Talla,Estilo\n3,M,POL-1001\n"1,0",XL,CHA-3001');
    expect(lines).toEqual([
      { row: 2, sku: 'POL-1001', size: 'M', quantity: '3' },
      { row: 3, sku: 'CHA-3001', size: 'XL', quantity: '1,0' },
    ]);
    expect(parseQuickOrderText('Código;Cantidad\nPOL-1001-S;2')).toEqual([{ row: 2, sku: 'POL-1001-S', size: '', quantity: '2' }]);
  });

  it('skips blank rows, the template notes and trailing empty cells; flags too many columns', () => {
    const lines = parseQuickOrderText('# nota\n\nPOL-1001-M;2;;\n ; \nA;B;C;D\n');
    expect(lines).toEqual([
      { row: 3, sku: 'POL-1001-M', size: '', quantity: '2' },
      { row: 5, sku: 'A', size: '', quantity: 'B', error: 'La línea tiene 4 columnas: se esperan sku;cantidad o estilo;talla;cantidad' },
    ]);
  });

  it('keeps malformed rows as lines (a missing quantity is the validation’s to report)', () => {
    expect(parseQuickOrderText('POL-1001-M\n;5')).toEqual([
      { row: 1, sku: 'POL-1001-M', size: '', quantity: '' },
      { row: 2, sku: '', size: '', quantity: '5' },
    ]);
  });

  it('cuts a cell longer than a line may hold and says which, keeping an error found before', () => {
    const sku = 'B'.repeat(150);
    expect(parseQuickOrderText(`${sku};1\nPOL-1001;${'X'.repeat(31)};2\nPOL-1001-M;${'9'.repeat(41)}\n"${sku};1`)).toEqual([
      { row: 1, sku: sku.slice(0, QUICK_ORDER_CELL_MAX.sku), size: '', quantity: '1', error: QUICK_ORDER_MSG.skuTooLong },
      { row: 2, sku: 'POL-1001', size: 'X'.repeat(QUICK_ORDER_CELL_MAX.size), quantity: '2', error: QUICK_ORDER_MSG.sizeTooLong },
      { row: 3, sku: 'POL-1001-M', size: '', quantity: '9'.repeat(QUICK_ORDER_CELL_MAX.quantity), error: QUICK_ORDER_MSG.quantityTooLong },
      { row: 4, sku: `${sku};1`.slice(0, QUICK_ORDER_CELL_MAX.sku), size: '', quantity: '', error: QUICK_ORDER_MSG.unclosedQuote },
    ]);
  });

  it('stops reading one line past the limit (the caller refuses the whole)', () => {
    const text = Array.from({ length: QUICK_ORDER_MAX_LINES + 50 }, (_, i) => `S-${i};1`).join('\n');
    expect(parseQuickOrderText(text)).toHaveLength(QUICK_ORDER_MAX_LINES + 1);
  });

  it('reads a sheet’s cells (numbers, dates, empty) like a CSV’s', () => {
    const rows = [['sku', 'cantidad'], ['POL-1001-M', 24], [1001, 2.5], [null, null]].map((cells, i) => ({ line: i + 1, cells: cells.map(cellText) }));
    expect(rowsToLines(rows)).toEqual([
      { row: 2, sku: 'POL-1001-M', size: '', quantity: '24' },
      { row: 3, sku: '1001', size: '', quantity: '2.5' },
    ]);
    expect(cellText(new Date('2026-03-02T00:00:00Z'))).toBe('2026-03-02');
  });
});

describe('the line sheet read back (its "Cantidad a pedir" column)', () => {
  const sheet = (rows: string[][]) => readRows(rows.map((cells, i) => ({ line: i + 1, cells })));

  it('reads the header, orders the rows with a quantity and skips the sizes left empty', () => {
    const read = sheet([
      ['Lista de precios · Demo'],
      ['Precios válidos al 29-11-2026'],
      ['Foto', 'Estilo', 'Nombre', 'Color', 'Talla', 'Código', 'Stock', 'Por llegar', 'Precio lista', 'Su precio', 'Precio sugerido', ORDER_COLUMN],
      ['Ver foto', 'POL-1001', 'Polera', 'Blanco', 'S', 'POL-1001-S', '12', '', '9990', '9390', '20990', ''],
      ['', 'POL-1001', 'Polera', 'Blanco', 'M', 'POL-1001-M', '3', '', '9990', '9390', '20990', '2'],
      ['', 'POL-1001', 'Polera', 'Blanco', 'L', 'POL-1001-L', '0', 'Llegan 40 el 15-ene', '9990', '9390', '20990', ''],
    ]);
    expect(read.reading).toEqual({ columns: 'header', headerRow: 3 });
    expect(read.lines).toEqual([{ row: 5, sku: 'POL-1001-M', size: 'M', quantity: '2' }]);
  });

  it('keeps a row with an empty quantity under any other quantity header (the validation reports it)', () => {
    expect(sheet([['sku', 'cantidad'], ['POL-1001-S', '']]).lines).toEqual([{ row: 2, sku: 'POL-1001-S', size: '', quantity: '' }]);
  });
});

describe('finding the header as people make sheets', () => {
  const rows = (...cells: string[][]) => cells.map((c, i) => ({ line: i + 1, cells: c }));

  it('skips a title, a blank row and a note above the header; descriptions and other columns are ignored', () => {
    const read = readRows(
      rows(['Pedido Comercial Los Andes — marzo', 'Pedido Comercial Los Andes — marzo', ''], ['', '', ''], ['Nota: despacho el lunes'], ['CÓDIGO', 'Descripción', 'Cantidad', 'Precio'], ['POL-1001-M', 'Polera Ñandú', ' 12 ', '4990'], ['', 'solo una nota', '']),
    );
    expect(read.reading).toEqual({ columns: 'header', headerRow: 4 });
    expect(read.lines).toEqual([{ row: 5, sku: 'POL-1001-M', size: '', quantity: '12' }]);
  });

  it('skips a totals row under the lines, with or without a header', () => {
    expect(readRows(rows(['Código', 'Cantidad'], ['POL-1001-M', '2'], ['Total', '2'], ['', 'TOTAL GENERAL', '2'])).lines).toHaveLength(1);
    expect(readRows(rows(['POL-1001-M', '2'], ['Subtotal', '2'])).lines).toEqual([{ row: 1, sku: 'POL-1001-M', size: '', quantity: '2' }]);
  });

  it('reads English names in any order, and keeps the size beside a code column', () => {
    const read = readRows(rows(['Qty', 'Size', 'SKU'], ['3', 'L', 'POL-1001']));
    expect(read).toEqual({ reading: { columns: 'header', headerRow: 1 }, lines: [{ row: 2, sku: 'POL-1001', size: 'L', quantity: '3' }] });
  });

  it('looks for the header in the first 20 rows that hold something, no further', () => {
    const titles = Array.from({ length: 20 }, (_, i) => [`Nota número ${i + 1}`]);
    expect(readRows(rows(...titles, ['sku', 'cantidad'], ['POL-1001-M', '1'])).reading.columns).not.toBe('header');
    expect(readRows(rows(...titles.slice(1), ['sku', 'cantidad'], ['POL-1001-M', '1'])).reading).toEqual({ columns: 'header', headerRow: 20 });
  });

  it('without a header: by position when the first rows fit, none when they do not', () => {
    expect(readRows(rows(['Pedido marzo'], ['POL-1001-M', '2'], ['POL-1001', 'L', '2,5'])).reading.columns).toBe('position');
    expect(readRows(rows(['Nombre', 'Dirección'], ['Juan Pérez', 'Av. Siempre Viva 123'])).reading.columns).toBe('none');
    // a pasted text is still read line by line, each with what the validation will say of it
    expect(parseQuickOrderText('Nombre;Dirección')).toEqual([{ row: 1, sku: 'Nombre', size: '', quantity: 'Dirección' }]);
  });

  it("a cell that could not be read (a formula's missing value) is the line's error", () => {
    const read = readRows([{ line: 2, cells: ['POL-1001-M', '=2*3'], cellErrors: [undefined, 'La celda B2 tiene una fórmula sin valor calculado'] }]);
    expect(read.lines).toEqual([{ row: 2, sku: 'POL-1001-M', size: '', quantity: '=2*3', error: 'La celda B2 tiene una fórmula sin valor calculado' }]);
  });

  it('says in Spanish how a file was read', () => {
    const base = { file: 'p.csv', format: 'csv', sheet: null, columns: 'header', headerRow: 1, encoding: null, hiddenRows: 0 } as const;
    expect(describeFileReading(base)).toBe('Encabezado en la fila 1.');
    expect(describeFileReading({ ...base, encoding: 'windows-1252' })).toBe('Archivo leído como Windows-1252 (Excel). Encabezado en la fila 1.');
    expect(describeFileReading({ ...base, format: 'xlsx', sheet: 'Hoja1', columns: 'position', headerRow: null, hiddenRows: 1 })).toBe(
      'Hoja leída: «Hoja1». Sin encabezado: columnas leídas por posición (sku;cantidad o estilo;talla;cantidad). 1 fila oculta no se leyó.',
    );
  });
});

describe('the CSV template', () => {
  it('is ; separated with a BOM and reads back as its two example lines', () => {
    const csv = quickOrderTemplateCsv();
    expect(csv.startsWith('\uFEFFsku;cantidad\r\n')).toBe(true);
    expect(parseQuickOrderText(csv).map((l) => [l.sku, l.quantity])).toEqual([
      ['POL-1001-M', '12'],
      ['POL-1001-L', '24'],
    ]);
  });
});

describe('quickOrderSummary', () => {
  it('says one line in the singular and any other count in the plural', () => {
    expect(quickOrderSummary({ ok: 1, short: 0, errors: 2 })).toBe('1 línea lista, 0 con stock insuficiente, 2 con errores');
    expect(quickOrderSummary({ ok: 0, short: 1, errors: 0 })).toBe('0 líneas listas, 1 con stock insuficiente, 0 con errores');
    expect(quickOrderSummary({ ok: 3, short: 1, errors: 1 })).toBe('3 líneas listas, 1 con stock insuficiente, 1 con errores');
  });
});
