// Reads the portal's SAP B1 stand-in over the Service Layer protocol, as a person checking the ERP would.

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

/** POST to a Service Layer entity set, as the wholesaler's staff creating something in SAP would; answers the entity. */
export async function erpPost<T>(entitySet: string, body: unknown): Promise<T> {
  session ??= await login();
  const res = await fetch(`${b1Url()}/${entitySet}`, {
    method: 'POST',
    headers: { cookie: `B1SESSION=${session}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`POST ${entitySet} del ERP: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
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
