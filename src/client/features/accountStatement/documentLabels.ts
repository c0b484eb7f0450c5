import { dteDocumentName } from '@shared/accountRules';
import { DTE_TYPE_NAMES, type DteType } from '@shared/api/account';
import { fill } from '@shared/messages';
import { DOCUMENT_TEXT } from './accountStatementTexts';

/** 'Factura electrónica N° 10461' (tipo name and folio); without a folio, the ERP's docEntry. */
export function documentTitle(doc: { dteType: DteType | null; folio: number | null; docEntry?: number | null }): string {
  const name = doc.dteType ? DTE_TYPE_NAMES[doc.dteType] : DOCUMENT_TEXT.fallbackTitle;
  if (doc.folio !== null) return dteDocumentName(doc.dteType ?? 33, doc.folio, name);
  return doc.docEntry ? fill(DOCUMENT_TEXT.titleNoFolio, { name, docEntry: doc.docEntry }) : name;
}

/** 'Tipo 33': the SII's code beside the name, as accountants look documents up. */
export const dteCode = (dteType: DteType | null) => (dteType ? `Tipo ${dteType}` : '');
