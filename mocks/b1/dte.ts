// The legal files of a DTE as the e-invoicing provider leaves them attached to the document in B1 (Attachments2): a
// PDF (the printed representation, with its timbre block) and the DTE XML the SII received. Generated on request from
// the document, so they always state its folio, dates and amounts. The PDF is hand-made (one page, Helvetica, no
// library: none is a dependency of the project and a stand-in needs no more), with the demo's own PDF writer
// (src/server/demo/technicalSheet.ts, the products' technical sheets); its timbre is a text block standing in
// for the PDF417 barcode. The XML follows the SII's DTE schema in its parts a receiver reads (Encabezado: IdDoc,
// Emisor, Receptor, Totales; TED), without a real signature.
import { pdfFile, pdfString } from '@server/demo/technicalSheet';
import type { B1BusinessPartner, B1Document } from './types';

/** The wholesaler (emisor) of the demo company's DTEs. */
export const EMISOR = {
  rut: '96555111-2',
  razonSocial: 'Mayorista de Vestuario Demo S.A.',
  giro: 'Venta al por mayor de vestuario',
  direccion: 'Av. Apoquindo 4500',
  comuna: 'Las Condes',
};

export const DTE_NAMES: Record<string, string> = {
  33: 'FACTURA ELECTRÓNICA',
  34: 'FACTURA NO AFECTA O EXENTA ELECTRÓNICA',
  52: 'GUÍA DE DESPACHO ELECTRÓNICA',
  56: 'NOTA DE DÉBITO ELECTRÓNICA',
  61: 'NOTA DE CRÉDITO ELECTRÓNICA',
};

/** The file names the provider gives a DTE's files: `DTE_{tipo}_{folio}` (.pdf, .xml). */
export function dteFileName(doc: Pick<B1Document, 'FolioPrefixString' | 'FolioNumber'>): string {
  return `DTE_${doc.FolioPrefixString}_${doc.FolioNumber}`;
}

const pesos = (n: number): string => `$ ${Math.round(n).toLocaleString('es-CL')}`;

/** Net, exempt, VAT and total of a document as the DTE states them. */
export function dteTotals(doc: B1Document): { neto: number; exento: number; iva: number; total: number } {
  const exempt = doc.FolioPrefixString === '34';
  const net = doc.DocTotal - doc.VatSum;
  return { neto: exempt ? 0 : net, exento: exempt ? doc.DocTotal : 0, iva: exempt ? 0 : doc.VatSum, total: doc.DocTotal };
}

/** A guía de despacho (52) says why the goods travel (IndTraslado 1: the transfer is a sale); other DTEs say nothing. */
const indTraslado = (doc: B1Document): string => (doc.FolioPrefixString === '52' ? '<IndTraslado>1</IndTraslado>' : '');

const xmlText = (s: string | number): string => String(s).replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The timbre's data (TED/DD): what the PDF417 barcode of the printed DTE encodes. */
function timbreData(doc: B1Document, rutRecep: string): string {
  const first = doc.DocumentLines[0]?.ItemDescription ?? '';
  return `<DD><RE>${EMISOR.rut}</RE><TD>${doc.FolioPrefixString}</TD><F>${doc.FolioNumber}</F><FE>${doc.DocDate}</FE><RR>${xmlText(rutRecep)}</RR>`
    + `<RSR>${xmlText(doc.CardName.slice(0, 40))}</RSR><MNT>${doc.DocTotal}</MNT><IT1>${xmlText(first.slice(0, 40))}</IT1></DD>`;
}

/** The DTE XML (ISO-8859-1 in real life; UTF-8 here, declared as such). */
export function dteXml(doc: B1Document, bp: Pick<B1BusinessPartner, 'FederalTaxID' | 'CardName' | 'U_Giro'>): string {
  const t = dteTotals(doc);
  // a reference to a DTE names it in its Remark ('DTE 33 N° 10461', as the stand-in's account documents do)
  const refs = doc.DocumentReferences.filter((r) => r.ExtDocNum || r.RefDocNum).map((r, i) => {
    const dte = /DTE (\d+) N° (\d+)/.exec(r.Remark ?? '');
    const type = r.RefObjType === 'rot_ExternalDocument' ? '801' : dte?.[1] ?? '33';
    const folio = r.ExtDocNum ?? dte?.[2] ?? String(r.RefDocNum);
    return `<Referencia><NroLinRef>${i + 1}</NroLinRef><TpoDocRef>${type}</TpoDocRef><FolioRef>${xmlText(folio)}</FolioRef><FchRef>${r.IssueDate ?? doc.DocDate}</FchRef></Referencia>`;
  }).join('');
  const lines = doc.DocumentLines.map((l, i) =>
    `<Detalle><NroLinDet>${i + 1}</NroLinDet><NmbItem>${xmlText(l.ItemDescription)}</NmbItem><QtyItem>${l.Quantity}</QtyItem>`
    + `<PrcItem>${l.Price}</PrcItem><MontoItem>${l.LineTotal}</MontoItem></Detalle>`).join('');
  return '<?xml version="1.0" encoding="UTF-8"?>\n'
    + `<DTE version="1.0"><Documento ID="T${doc.FolioPrefixString}F${doc.FolioNumber}"><Encabezado>`
    + `<IdDoc><TipoDTE>${doc.FolioPrefixString}</TipoDTE><Folio>${doc.FolioNumber}</Folio><FchEmis>${doc.DocDate}</FchEmis>${indTraslado(doc)}<FchVenc>${doc.DocDueDate}</FchVenc></IdDoc>`
    + `<Emisor><RUTEmisor>${EMISOR.rut}</RUTEmisor><RznSoc>${xmlText(EMISOR.razonSocial)}</RznSoc><GiroEmis>${xmlText(EMISOR.giro)}</GiroEmis>`
    + `<DirOrigen>${xmlText(EMISOR.direccion)}</DirOrigen><CmnaOrigen>${xmlText(EMISOR.comuna)}</CmnaOrigen></Emisor>`
    + `<Receptor><RUTRecep>${xmlText(bp.FederalTaxID)}</RUTRecep><RznSocRecep>${xmlText(bp.CardName)}</RznSocRecep><GiroRecep>${xmlText(bp.U_Giro ?? '')}</GiroRecep></Receptor>`
    + `<Totales>${t.neto ? `<MntNeto>${t.neto}</MntNeto>` : ''}${t.exento ? `<MntExe>${t.exento}</MntExe>` : ''}${t.iva ? `<TasaIVA>19</TasaIVA><IVA>${t.iva}</IVA>` : ''}<MntTotal>${t.total}</MntTotal></Totales>`
    + `</Encabezado>${lines}${refs}<TED version="1.0">${timbreData(doc, bp.FederalTaxID)}<FRMT algoritmo="SHA1withRSA">c3VzdGl0dXRv</FRMT></TED>`
    + `<TmstFirma>${doc.DocDate}T10:00:00</TmstFirma></Documento></DTE>\n`;
}


/** The printed DTE: one A4 page with the emisor, the tipo and folio box, the receptor, the lines, totals and the timbre. */
export function dtePdf(doc: B1Document, bp: Pick<B1BusinessPartner, 'FederalTaxID' | 'CardName' | 'U_Giro'>): Buffer {
  const t = dteTotals(doc);
  const name = DTE_NAMES[doc.FolioPrefixString ?? ''] ?? 'DOCUMENTO TRIBUTARIO ELECTRÓNICO';
  const rows: Array<[number, number, number, string]> = [ // x, y, size, text
    [50, 790, 14, EMISOR.razonSocial],
    [50, 772, 9, `${EMISOR.giro} - ${EMISOR.direccion}, ${EMISOR.comuna}`],
    [360, 790, 11, `R.U.T.: ${EMISOR.rut}`],
    [360, 774, 10, name],
    [360, 758, 11, `N° ${doc.FolioNumber}`],
    [50, 730, 10, `Señor(es): ${bp.CardName}   R.U.T.: ${bp.FederalTaxID}`],
    [50, 716, 10, `Giro: ${bp.U_Giro ?? ''}`],
    [50, 702, 10, `Fecha de emisión: ${doc.DocDate}   Vencimiento: ${doc.DocDueDate}`],
  ];
  let y = 676;
  for (const l of doc.DocumentLines.slice(0, 20)) {
    rows.push([50, y, 9, `${l.Quantity} x ${l.ItemDescription.slice(0, 60)}   ${pesos(l.Price)}   ${pesos(l.LineTotal)}`]);
    y -= 13;
  }
  y -= 10;
  const amounts: Array<[number, string]> = [[t.neto, 'Monto neto'], [t.exento, 'Monto exento'], [t.iva, 'IVA 19%']];
  for (const [amount, label] of amounts.filter(([amount]) => amount !== 0)) {
    rows.push([360, y, 10, `${label}: ${pesos(amount)}`]);
    y -= 14;
  }
  rows.push([360, y, 11, `Total: ${pesos(t.total)}`]);
  rows.push([50, 160, 8, 'Timbre Electrónico SII']);
  rows.push([50, 148, 7, `TED ${EMISOR.rut} T${doc.FolioPrefixString} F${doc.FolioNumber} ${doc.DocDate} MNT ${doc.DocTotal}`]);
  rows.push([50, 136, 7, 'Res. 80 de 2014 - Verifique documento: www.sii.cl']);
  const text = rows.map(([x, yy, size, s]) => `BT /F1 ${size} Tf ${x} ${yy} Td ${pdfString(s)} Tj ET`).join('\n');
  const stream = `${text}\n0.5 w 355 750 m 560 750 l 560 805 l 355 805 l h S\n45 125 m 300 125 l 300 172 l 45 172 l h S\n`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 5 0 R >> >> /Contents 4 0 R >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}endstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Title ${pdfString(`${name} N° ${doc.FolioNumber}`)} /Producer (B1 stand-in) >>`,
  ];
  return pdfFile(objects, 6);
}
