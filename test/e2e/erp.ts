// Reads the portal's SAP B1 stand-in over the Service Layer protocol, as a person checking the ERP would.
import { chileTodayIso } from '@shared/workingDays';

let session: string | undefined;

function b1Url(): string {
  const url = process.env.E2E_B1_URL;
  if (!url) throw new Error('E2E_B1_URL no está definido (globalSetup)');
  return url;
}

async function login(): Promise<string> {
  const res = await fetch(`${b1Url()}/Login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ CompanyDB: 'SBODEMOCL', UserName: 'manager', Password: 'manager' }),
  });
  if (!res.ok) throw new Error(`Login del ERP falló: ${res.status}`);
  return ((await res.json()) as { SessionId: string }).SessionId;
}

/** GET a Service Layer path ('Orders?$filter=…'); logs in once. */
export async function erpGet<T>(pathAndQuery: string): Promise<T> {
  session ??= await login();
  const res = await fetch(`${b1Url()}/${pathAndQuery}`, { headers: { cookie: `B1SESSION=${session}`, prefer: 'odata.maxpagesize=0' } });
  if (!res.ok) throw new Error(`GET ${pathAndQuery} del ERP: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

/** Sends a JSON body to the Service Layer as the wholesaler's staff changing something in SAP would; fails on an error. */
async function erpSend(method: 'POST' | 'PATCH', path: string, body: unknown): Promise<Response> {
  session ??= await login();
  const res = await fetch(`${b1Url()}/${path}`, {
    method,
    headers: { cookie: `B1SESSION=${session}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path} del ERP: ${res.status} ${await res.text()}`);
  return res;
}

/** POST to a Service Layer entity set (something created in SAP); answers the entity. */
export async function erpPost<T>(entitySet: string, body: unknown): Promise<T> {
  return (await (await erpSend('POST', entitySet, body)).json()) as T;
}

/** PATCH an entity of the Service Layer ('PurchaseOrders(12)'): something changed in SAP. */
export async function erpPatch(entity: string, body: unknown): Promise<void> {
  await erpSend('PATCH', entity, body);
}

export interface ErpOrder {
  DocEntry: number;
  CardCode: string;
  NumAtCard: string | null;
  U_TipoVenta: string | null;
  U_FormaPago: string | null;
  /** The sales employee who wrote it (B1's -1: none). */
  SalesPersonCode?: number;
  DocTotal: number;
  DocumentLines: { ItemCode: string; Quantity: number; UnitPrice: number; DiscountPercent: number; LineTotal: number }[];
}

interface ErpInvoice {
  DocEntry: number;
  FolioNumber: number;
  DocumentLines: { ItemCode: string }[];
}

/**
 * A new invoice of `cardCode` issued today and received at the SII today, as the wholesaler's billing and its
 * e-invoicing provider make one: inside its 8-day claim window, for a browser test that claims it without taking the
 * demo's own claimable invoice from the other tests. One unit of an item the company's invoices already carry. Its folio.
 */
export async function invoiceReceivedToday(cardCode: string): Promise<number> {
  const [last] = (await erpGet<{ value: ErpInvoice[] }>(`Invoices?$filter=CardCode eq '${cardCode}'&$orderby=DocEntry desc&$top=1`)).value;
  if (!last) throw new Error(`${cardCode} no tiene facturas en el ERP`);
  const today = chileTodayIso();
  const due = new Date(`${today}T12:00:00Z`);
  due.setUTCDate(due.getUTCDate() + 30);
  const invoice = await erpPost<ErpInvoice>('Invoices', {
    CardCode: cardCode, DocDate: today, DocDueDate: due.toISOString().slice(0, 10), U_FechaRecepcion: today,
    DocumentLines: [{ ItemCode: last.DocumentLines[0]!.ItemCode, Quantity: 1 }],
  });
  return invoice.FolioNumber;
}
