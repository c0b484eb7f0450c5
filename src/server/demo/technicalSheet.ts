// The demo's technical sheet ('Ficha técnica', {sku}_ET.pdf): a one-page PDF written by hand, with the
// standard Helvetica fonts in WinAnsi encoding (enough for Spanish) so it needs no font files.

export interface SheetContent {
  brand: string;
  title: string;
  sku: string;
  facts: [label: string, value: string][];
  sections: [heading: string, text: string][];
  /** RGB 0..1 of the header band. */
  colour: [number, number, number];
}

// Characters WinAnsi has outside Latin-1's positions.
const WIN_ANSI_EXTRA: Record<string, number> = { '€': 0x80, '‚': 0x82, '„': 0x84, '…': 0x85, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '•': 0x95, '–': 0x96, '—': 0x97 };

/** A PDF string literal in WinAnsi bytes: escaped parentheses and backslashes, '?' for what the font lacks. */
export function pdfString(text: string): string {
  let out = '(';
  for (const ch of text) {
    const code = WIN_ANSI_EXTRA[ch] ?? ch.codePointAt(0)!;
    if (ch === '(' || ch === ')' || ch === '\\') out += `\\${ch}`;
    else if (code >= 0x20 && code <= 0x7e) out += ch;
    else if (code >= 0x80 && code <= 0xff) out += `\\${code.toString(8).padStart(3, '0')}`;
    else out += '?';
  }
  return `${out})`;
}

/** Greedy word wrap by an average glyph width (Helvetica ≈ 0.5 em). */
function wrap(text: string, size: number, width: number): string[] {
  const max = Math.floor(width / (size * 0.5));
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      if (line && line.length + 1 + word.length > max) {
        lines.push(line);
        line = word;
      } else line = line ? `${line} ${word}` : word;
    }
    lines.push(line);
  }
  return lines;
}

export function technicalSheetPdf(c: SheetContent): Buffer {
  const ops: string[] = [];
  const text = (x: number, y: number, font: 'F1' | 'F2', size: number, s: string, grey = 0.15) =>
    ops.push(`BT ${grey} g /${font} ${size} Tf ${x} ${y} Td ${pdfString(s)} Tj ET`);
  const [r, g, b] = c.colour;
  ops.push(`${r} ${g} ${b} rg 0 742 595 100 re f`);
  text(48, 800, 'F2', 11, c.brand.toUpperCase(), 1);
  text(48, 768, 'F2', 22, 'Ficha técnica', 1);
  text(48, 706, 'F2', 18, c.title);
  text(48, 686, 'F1', 11, `Sku ${c.sku}`, 0.4);
  let y = 650;
  for (const [label, value] of c.facts) {
    text(48, y, 'F2', 10.5, label);
    text(170, y, 'F1', 10.5, value);
    y -= 18;
  }
  for (const [heading, body] of c.sections) {
    y -= 14;
    ops.push(`0.82 0.85 0.89 RG 0.8 w 48 ${y + 16} m 547 ${y + 16} l S`);
    text(48, y, 'F2', 12.5, heading);
    y -= 20;
    for (const line of wrap(body, 10.5, 499)) {
      if (y < 70) break;
      text(48, y, 'F1', 10.5, line);
      y -= 15;
    }
  }
  text(48, 40, 'F1', 8.5, `${c.brand} · Documento de referencia para distribuidores. Las medidas y composiciones pueden variar ± 3 %.`, 0.45);
  const stream = ops.join('\n');

  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
    `<< /Title ${pdfString(`Ficha técnica ${c.sku}`)} /Producer ${pdfString(c.brand)} >>`,
  ];
  return pdfFile(objects, 7);
}

/**
 * A PDF file of these objects (numbered from 1: the catalogue first, `info` the number of the document information
 * dictionary), with its cross-reference table; latin1 bytes, as the objects' WinAnsi strings are written.
 */
export function pdfFile(objects: readonly string[], info: number): Buffer {
  let body = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(Buffer.byteLength(body, 'latin1'));
    body += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = Buffer.byteLength(body, 'latin1');
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${info} 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}
