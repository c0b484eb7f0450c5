// What the operations screens read from the ERP beside the portal's own records: the company names of business partners
// (admin lists) and the invoices based on the portal's sales orders ('Facturado N° …'). Pure mapping of the B1 shapes,
// used by ErpService.
import { compactRut, formatRut } from '@shared/rut';
import type { B1BusinessPartner, B1Document } from './b1Types';
import { B1_FIELDS, B1_SETTINGS } from './mapping';

/** A customer as the admin lists name it. */
export interface CompanyRef {
  cardCode: string;
  name: string;
  /** The rut as the ERP keeps it (FederalTaxID). */
  rut: string;
}

/** An invoice and the sales orders (DocEntry) its lines are based on. */
export interface InvoiceFollowUp {
  docEntry: number;
  docNum: number;
  /** The DTE folio ('10401'); '' when the ERP has not given one yet. */
  folio: string;
  /** 'YYYY-MM-DD'. */
  date: string;
  /** DocEntry of each sales order a line of it copies (BaseType 17, or 15: a delivery made from the order). */
  orders: number[];
}

export const COMPANY_SELECT: readonly string[] = ['CardCode', 'CardName', B1_FIELDS.customer.rut];
export const INVOICE_FOLLOWUP_SELECT: readonly string[] = ['DocEntry', 'DocNum', 'DocDate', 'FolioNumber', 'Cancelled', 'DocumentLines'];

export function toCompanyRef(bp: B1BusinessPartner): CompanyRef {
  const rut = (bp as unknown as Record<string, unknown>)[B1_FIELDS.customer.rut];
  return { cardCode: bp.CardCode, name: String(bp.CardName ?? '').trim(), rut: typeof rut === 'string' ? rut.trim() : '' };
}

/** The forms a rut may be written in, in the ERP ('76123456-0' and '76.123.456-0'). */
export function rutForms(rut: string): string[] {
  return [...new Set([compactRut(rut), formatRut(rut)])];
}

/** The sales orders (DocEntry) each delivery (guía) copies, by the delivery's DocEntry. */
export function ordersOfDeliveries(deliveries: readonly B1Document[]): Map<number, number[]> {
  return new Map(
    deliveries
      .filter((d) => d.Cancelled !== 'tYES')
      .map((d) => [d.DocEntry, [...new Set((d.DocumentLines ?? []).filter((l) => l.BaseType === B1_SETTINGS.baseTypeOrder && typeof l.BaseEntry === 'number').map((l) => l.BaseEntry!))]]),
  );
}

/**
 * An invoice that is not cancelled, with the sales orders it is based on: copied from an order (BaseType 17), or from a
 * delivery made from one (BaseType 15, through `deliveries`); undefined for a cancelled one.
 */
export function toInvoiceFollowUp(doc: B1Document, deliveries: ReadonlyMap<number, number[]> = new Map()): InvoiceFollowUp | undefined {
  if (doc.Cancelled === 'tYES') return undefined;
  const orders = new Set<number>();
  for (const line of doc.DocumentLines ?? []) {
    if (typeof line.BaseEntry !== 'number') continue;
    if (line.BaseType === B1_SETTINGS.baseTypeOrder) orders.add(line.BaseEntry);
    if (line.BaseType === B1_SETTINGS.baseTypeDelivery) for (const order of deliveries.get(line.BaseEntry) ?? []) orders.add(order);
  }
  return {
    docEntry: doc.DocEntry,
    docNum: doc.DocNum ?? doc.DocEntry,
    folio: doc.FolioNumber === null || doc.FolioNumber === undefined ? '' : String(doc.FolioNumber),
    date: String(doc.DocDate ?? '').slice(0, 10),
    orders: [...orders],
  };
}
