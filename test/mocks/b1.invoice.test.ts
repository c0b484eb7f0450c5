// Invoicing a sales order in the B1 stand-in, as B1's "Copy To → A/R Invoice" does: by hand (invoiceOrder) or by the
// autoInvoiceAfterMs switch. The invoice is what the portal reads back through the Service Layer ('Facturado N° …').
import { startB1Mock, type B1Mock } from '@mocks/b1/server';

const LOGIN = JSON.stringify({ CompanyDB: 'SBODEMOCL', UserName: 'manager', Password: 'manager' });

let mock: B1Mock;
let cookie: string;

const sl = (path: string, init: RequestInit = {}) =>
  fetch(`${mock.url}/${path}`, { ...init, headers: { cookie, 'content-type': 'application/json', ...(init.headers ?? {}) } });

async function postOrder(numAtCard: string, cardCode = 'C76123456') {
  const res = await sl('Orders', {
    method: 'POST',
    body: JSON.stringify({
      CardCode: cardCode,
      DocDueDate: '2030-01-31',
      NumAtCard: numAtCard,
      DocumentLines: [
        { ItemCode: 'POL-1001-M', Quantity: 2, UnitPrice: 10000, DiscountPercent: 0 },
        { ItemCode: 'POL-1003-M', Quantity: 1, UnitPrice: 8000, DiscountPercent: 10 },
      ],
    }),
  });
  expect(res.status).toBe(201);
  return (await res.json()) as { DocEntry: number; DocNum: number; DocTotal: number };
}

const committed = (code: string) => mock.data.Items.find((i) => i.ItemCode === code)!.ItemWarehouseInfoCollection.find((w) => w.WarehouseCode === '01')!.Committed;

beforeAll(async () => {
  mock = await startB1Mock({ approvalCardCodes: [] });
  const res = await fetch(`${mock.url}/Login`, { method: 'POST', body: LOGIN });
  cookie = res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
});
afterEach(() => mock.resetFaults());
afterAll(() => mock.close());

it('invoiceOrder makes an Invoice based on the order: lines BaseType 17 / BaseEntry / BaseLine, own DocNum series, next folio; the order closes', async () => {
  const before = { pol1: committed('POL-1001-M'), pol3: committed('POL-1003-M') };
  const order = await postOrder('OC900001');
  expect(committed('POL-1001-M')).toBe(before.pol1 + 2);
  const lastFolio = Math.max(...mock.data.Invoices.map((i) => i.FolioNumber ?? 0));
  const lastDocNum = Math.max(...mock.data.Invoices.map((i) => i.DocNum));

  const invoice = mock.invoiceOrder(order.DocEntry);
  expect(invoice).toMatchObject({ CardCode: 'C76123456', NumAtCard: 'OC900001', DocObjectCode: 'oInvoices', FolioPrefixString: '33', FolioNumber: lastFolio + 1, DocNum: lastDocNum + 1, DocTotal: order.DocTotal });
  expect(invoice.DocumentLines.map((l) => [l.ItemCode, l.Quantity, l.BaseType, l.BaseEntry, l.BaseLine])).toEqual([
    ['POL-1001-M', 2, 17, order.DocEntry, 0],
    ['POL-1003-M', 1, 17, order.DocEntry, 1],
  ]);
  const stored = mock.data.Orders.find((o) => o.DocEntry === order.DocEntry)!;
  expect(stored.DocumentStatus).toBe('bost_Close');
  expect(stored.DocumentLines.every((l) => l.LineStatus === 'bost_Close')).toBe(true);
  expect(committed('POL-1001-M')).toBe(before.pol1);
  expect(committed('POL-1003-M')).toBe(before.pol3);

  // read back as the portal does: the invoices of the customer whose lines are based on the order
  const res = await sl(`Invoices?$filter=${encodeURIComponent("CardCode eq 'C76123456'")}&$select=DocEntry,DocNum,FolioNumber,DocumentLines`, { headers: { Prefer: 'odata.maxpagesize=0' } });
  const found = ((await res.json()) as { value: Array<{ DocEntry: number; DocumentLines: Array<{ BaseType: number; BaseEntry: number }> }> }).value
    .filter((i) => i.DocumentLines.some((l) => l.BaseType === 17 && l.BaseEntry === order.DocEntry));
  expect(found.map((i) => i.DocEntry)).toEqual([invoice.DocEntry]);

  // invoiced once: the order is closed now
  expect(() => mock.invoiceOrder(order.DocEntry)).toThrow(/already closed/);
});

it('invoiceOrder takes the NumAtCard too; an unknown order is 404', async () => {
  const order = await postOrder('OC900002');
  expect(mock.invoiceOrder('OC900002').DocumentLines[0]!.BaseEntry).toBe(order.DocEntry);
  expect(() => mock.invoiceOrder('OC999999')).toThrow(expect.objectContaining({ status: 404 }));
  expect(() => mock.invoiceOrder(999_999)).toThrow(expect.objectContaining({ status: 404 }));
});

it('autoInvoiceAfterMs invoices each new sales order that long after, and only while it is set', async () => {
  mock.setFaults({ autoInvoiceAfterMs: 150 });
  const order = await postOrder('OC900003');
  const basedOn = () => mock.data.Invoices.filter((i) => i.DocumentLines.some((l) => l.BaseType === 17 && l.BaseEntry === order.DocEntry));
  expect(basedOn()).toHaveLength(0);
  await new Promise((resolve) => setTimeout(resolve, 400));
  expect(basedOn()).toHaveLength(1);

  mock.setFaults({ autoInvoiceAfterMs: 0 });
  const later = await postOrder('OC900004');
  await new Promise((resolve) => setTimeout(resolve, 300));
  expect(mock.data.Invoices.some((i) => i.DocumentLines.some((l) => l.BaseEntry === later.DocEntry))).toBe(false);
});

it('the switch is in the fault state and reads from the environment as a duration', async () => {
  mock.setFaults({ autoInvoiceAfterMs: 2000 });
  expect(mock.faults().autoInvoiceAfterMs).toBe(2000);
  const { b1FaultsFromEnv } = await import('@mocks/b1/server');
  expect(b1FaultsFromEnv({ B1_STANDIN_AUTO_INVOICE: '30s' }).change).toEqual({ autoInvoiceAfterMs: 30_000 });
});
