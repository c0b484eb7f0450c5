import type { AccountDocumentKind, DteFileFormat } from '@shared/api/account';
import { http, type Download, type RequestOptions } from './http';

// A cuenta corriente document's legal files (the PDF with its timbre, the XML), through the authorised download: the
// server answers only the company's own documents. The open items and the document page both offer them.

/** The name the file gets when the server names none ('factura-33-10461.pdf'). */
export const documentFileName = (doc: { kind: AccountDocumentKind; docEntry: number; dteType?: number | null; folio?: number | null }, format: DteFileFormat) =>
  doc.dteType && doc.folio ? `dte-${doc.dteType}-${doc.folio}.${format}` : `documento-${doc.kind}-${doc.docEntry}.${format}`;

/** GET /api/user/account/documents/{kind}/{docEntry}/file/{format}. */
export const downloadDocumentFile = (
  doc: { kind: AccountDocumentKind; docEntry: number; dteType?: number | null; folio?: number | null },
  format: DteFileFormat,
  options?: RequestOptions,
): Promise<Download> => http.download(`/user/account/documents/${doc.kind}/${doc.docEntry}/file/${format}`, documentFileName(doc, format), options);
