// The CSV of the admin lists and the list helpers: RFC 4180 with ';', CRLF, UTF-8 BOM, quotes doubled, formula
// injection defused, Chilean dates and whole pesos; Chilean calendar days as instants.
import { chileDayStart, containsPattern, dayRange, foldText } from '@server/http/listQuery';
import { csvCell, csvDateTime, toCsv } from '@server/http/csv';

describe('csvCell', () => {
  it('quotes a field holding the separator, a comma, a quote or a line break, doubling its quotes', () => {
    expect(csvCell('simple')).toBe('simple');
    expect(csvCell('a;b')).toBe('"a;b"');
    expect(csvCell('Comercial Los Andes, SpA')).toBe('"Comercial Los Andes, SpA"');
    expect(csvCell('dijo "hola"')).toBe('"dijo ""hola"""');
    expect(csvCell('línea 1\r\nlínea 2')).toBe('"línea 1\r\nlínea 2"');
    expect(csvCell('solo\nLF')).toBe('"solo\nLF"');
  });

  it('defuses text a spreadsheet would run as a formula (=, +, -, @, tab, CR) with a leading apostrophe', () => {
    expect(csvCell('=HYPERLINK("http://x.example","clic")')).toBe(`"'=HYPERLINK(""http://x.example"",""clic"")"`);
    expect(csvCell('+56 9 1234')).toBe("'+56 9 1234");
    expect(csvCell('-2+3')).toBe("'-2+3");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    expect(csvCell('\tcmd')).toBe("'\tcmd");
    expect(csvCell('\rcmd')).toBe(`"'\rcmd"`);
    expect(csvCell('a=b')).toBe('a=b');
  });

  it('writes numbers as they are (negative amounts are numbers, not formulas), decimals with a comma, booleans as Sí/No, null empty', () => {
    expect(csvCell(125990)).toBe('125990');
    expect(csvCell(-5000)).toBe('-5000');
    expect(csvCell(12.5)).toBe('12,5');
    expect(csvCell(true)).toBe('Sí');
    expect(csvCell(false)).toBe('No');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
  });

  it('writes instants in Chilean local time as dd-mm-aaaa hh:mm:ss (summer and winter time)', () => {
    expect(csvDateTime(new Date('2025-01-15T15:04:05Z'))).toBe('15-01-2025 12:04:05'); // UTC-3
    expect(csvDateTime(new Date('2025-07-15T15:04:05Z'))).toBe('15-07-2025 11:04:05'); // UTC-4
    expect(csvCell(new Date('2025-07-15T03:30:00Z'))).toBe('14-07-2025 23:30:00');
  });
});

it('toCsv: BOM, heading, one CRLF-ended line per row, ; between fields', () => {
  const csv = toCsv(
    [
      { header: 'Pedido', value: (r: { n: string; total: number; empresa: string }) => r.n },
      { header: 'Empresa', value: (r) => r.empresa },
      { header: 'Total', value: (r) => r.total },
    ],
    [
      { n: 'OC000001', total: 10990, empresa: 'Textiles Pacífico Ltda.' },
      { n: 'OC000002', total: 5000, empresa: 'Uno; "Dos"' },
    ],
  );
  expect(csv).toBe('\uFEFFPedido;Empresa;Total\r\nOC000001;Textiles Pacífico Ltda.;10990\r\nOC000002;"Uno; ""Dos""";5000\r\n');
  expect(Buffer.from(csv, 'utf8').subarray(0, 3)).toEqual(Buffer.from([0xef, 0xbb, 0xbf]));
});

describe('list helpers', () => {
  it('a Chilean calendar day starts at local midnight, in summer (UTC-3) and winter (UTC-4) time', () => {
    expect(chileDayStart('2025-01-15').toISOString()).toBe('2025-01-15T03:00:00.000Z');
    expect(chileDayStart('2025-07-15').toISOString()).toBe('2025-07-15T04:00:00.000Z');
    expect(chileDayStart('2025-12-31', 1).toISOString()).toBe('2026-01-01T03:00:00.000Z');
    expect(dayRange('2025-07-01', '2025-07-31')).toEqual({ since: new Date('2025-07-01T04:00:00.000Z'), before: new Date('2025-08-01T04:00:00.000Z') });
    expect(dayRange(undefined, undefined)).toEqual({ since: undefined, before: undefined });
  });

  it('search patterns take % and _ literally; names compare without accents or case', () => {
    expect(containsPattern('50%_a')).toBe('%50\\%\\_a%');
    expect(foldText('Textiles PACÍFICO Ñuñoa')).toBe('textiles pacifico nunoa');
  });
});
