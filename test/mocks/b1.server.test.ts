// The Service Layer stand-in over HTTP: sessions, OData reads, errors, business effects.
import { startB1Mock, type B1Mock } from '@mocks/b1/server';

let mock: B1Mock;
let cookie: string;

const LOGIN = { CompanyDB: 'SBODEMOCL', UserName: 'manager', Password: 'manager' };
const SESSION_ERROR = { error: { code: 301, message: { lang: 'en-us', value: 'Invalid session or session already timeout.' } } };

async function login(m: B1Mock): Promise<string> {
  const res = await fetch(`${m.url}/Login`, { method: 'POST', body: JSON.stringify(LOGIN) });
  expect(res.status).toBe(200);
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

function call(path: string, init: RequestInit & { json?: unknown } = {}, m: B1Mock = mock, c: string = cookie): Promise<Response> {
  const headers = new Headers(init.headers);
  headers.set('cookie', c);
  const body = init.json !== undefined ? JSON.stringify(init.json) : init.body;
  return fetch(path.startsWith('http') ? path : `${m.url}/${path}`, { ...init, headers, body });
}

async function getJson<T = Record<string, unknown>>(path: string, headers?: Record<string, string>): Promise<T> {
  const res = await call(path, { headers });
  expect(res.status).toBe(200);
  return (await res.json()) as T;
}

const q = (params: Record<string, string>): string => new URLSearchParams(params).toString().replace(/\+/g, '%20');
type Rows = { value: Array<Record<string, unknown>>; 'odata.nextLink'?: string; 'odata.count'?: number };

beforeAll(async () => {
  mock = await startB1Mock();
  cookie = await login(mock);
});
afterAll(async () => { await mock.close(); });

describe('sessions', () => {
  it('logs in with the SL body and both cookies', async () => {
    const res = await fetch(`${mock.url}/Login`, { method: 'POST', body: JSON.stringify(LOGIN) });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body).toMatchObject({ Version: '1000190', SessionTimeout: 30 });
    expect(body.SessionId).toMatch(/^[0-9a-f-]{36}$/);
    expect(res.headers.getSetCookie()).toEqual([`B1SESSION=${body.SessionId};HttpOnly;`, 'ROUTEID=.node1; path=/b1s']);
  });

  it('refuses a wrong password or company with 401 and an SL error body', async () => {
    const bad = await fetch(`${mock.url}/Login`, { method: 'POST', body: JSON.stringify({ ...LOGIN, Password: 'x' }) });
    expect(bad.status).toBe(401);
    expect(await bad.json()).toEqual({ error: { code: 100000027, message: { lang: 'en-us', value: 'Login failed' } } });
    const company = await fetch(`${mock.url}/Login`, { method: 'POST', body: JSON.stringify({ ...LOGIN, CompanyDB: 'OTRA' }) });
    expect(company.status).toBe(401);
    expect((await company.json()).error.code).toBe(-304);
  });

  it('answers 301 without a session, after logout and after expireAllSessions', async () => {
    const none = await fetch(`${mock.url}/Items('POL-1001-M')`);
    expect(none.status).toBe(401);
    expect(await none.json()).toEqual(SESSION_ERROR);

    const mine = await login(mock);
    expect((await call("Items('POL-1001-M')", {}, mock, mine)).status).toBe(200);
    expect((await call('Logout', { method: 'POST' }, mock, mine)).status).toBe(204);
    const after = await call("Items('POL-1001-M')", {}, mock, mine);
    expect(after.status).toBe(401);
    expect(await after.json()).toEqual(SESSION_ERROR);

    mock.expireAllSessions();
    expect((await call("Items('POL-1001-M')")).status).toBe(401);
    cookie = await login(mock);
    expect((await call("Items('POL-1001-M')")).status).toBe(200);
  });

  it('expires idle sessions and refreshes them on use', async () => {
    const short = await startB1Mock({ sessionTimeoutMinutes: 0.01 }); // 600 ms
    try {
      const res = await fetch(`${short.url}/Login`, { method: 'POST', body: JSON.stringify(LOGIN) });
      expect((await res.json()).SessionTimeout).toBe(0.01);
      const c = res.headers.getSetCookie().map((x) => x.split(';')[0]).join('; ');
      for (let i = 0; i < 3; i++) { // 3 × 350 ms > 600 ms, but each use refreshes the idle timer
        await new Promise((r) => setTimeout(r, 350));
        expect((await call('Countries', {}, short, c)).status).toBe(200);
      }
      await new Promise((r) => setTimeout(r, 800));
      const expired = await call('Countries', {}, short, c);
      expect(expired.status).toBe(401);
      expect(await expired.json()).toEqual(SESSION_ERROR);
    } finally {
      await short.close();
    }
  });
});

describe('OData reads', () => {
  it('filters, selects and orders by several fields', async () => {
    const body = await getJson<Rows>(`Items?${q({
      $filter: "U_Estilo eq 'POL-1001'", $select: 'ItemCode,QuantityOnStock', $orderby: 'QuantityOnStock desc,ItemCode asc',
    })}`);
    expect(body).toEqual({
      'odata.metadata': '/b1s/v1/$metadata#Items',
      value: [
        { ItemCode: 'POL-1001-M', QuantityOnStock: 240 }, { ItemCode: 'POL-1001-L', QuantityOnStock: 180 },
        { ItemCode: 'POL-1001-S', QuantityOnStock: 120 }, { ItemCode: 'POL-1001-XL', QuantityOnStock: 0 },
      ],
    });
  });

  it('supports or / not / parentheses, functions, escaped quotes, numbers and null', async () => {
    const codes = async (set: string, filter: string, key = 'Code'): Promise<unknown[]> =>
      (await getJson<Rows>(`${set}?${q({ $filter: filter })}`)).value.map((r) => r[key]);
    expect(await codes('States', "Name eq 'Libertador General Bernardo O''Higgins'")).toEqual(['VI']);
    expect(await codes('States', "Code eq 'RM' or (Country eq 'PE' and not startswith(Code,'PE-L'))")).toEqual(['RM', 'PE-ARE', 'PE-TAC']);
    expect(await codes('U_TRANSPORTE', "substringof('express',Name)")).toEqual(['0003', '0004']);
    expect(await codes('U_TRANSPORTE', "contains(Name,'Cargo') or endswith(Name,'propio')")).toEqual(['0001', '0005']);
    expect(await codes('BusinessPartners', 'U_Prorroga eq null', 'CardCode')).toEqual(['C76234567']);
    expect(await codes('BusinessPartners', 'CreditLimit ge 8000000', 'CardCode')).toEqual(['C76123456', 'C78456789', 'C79012345']);
    expect(await codes('BusinessPartners', "U_Morosidad ne 'Sin Bloqueo'", 'CardCode')).toEqual(['C78456789']);
  });

  it('pages by 20 with a nextLink that keeps the other options', async () => {
    const first = await getJson<Rows>(`Items?${q({ $select: 'ItemCode' })}`);
    const codes = mock.data.Items.map((i) => i.ItemCode);
    expect(first.value.map((r) => r.ItemCode)).toEqual(codes.slice(0, 20));
    expect(first['odata.nextLink']).toBe('/b1s/v1/Items?$select=ItemCode&$skip=20');
    const second = await getJson<Rows>(new URL(mock.url).origin + first['odata.nextLink']);
    expect(second.value.map((r) => r.ItemCode)).toEqual(codes.slice(20, 40));
    expect(second['odata.nextLink']).toBe('/b1s/v1/Items?$select=ItemCode&$skip=40');

    const plain = await getJson<Rows>('Items');
    expect(plain['odata.nextLink']).toBe('/b1s/v1/Items?$skip=20');
    expect(plain.value[0]).toEqual(mock.data.Items[0]);
  });

  it('honours Prefer: odata.maxpagesize and answers Preference-Applied', async () => {
    const res = await call(`Items?${q({ $select: 'ItemCode', $inlinecount: 'allpages' })}`, { headers: { Prefer: 'odata.maxpagesize=100' } });
    expect(res.headers.get('preference-applied')).toBe('odata.maxpagesize=100');
    const body = (await res.json()) as Rows;
    expect(body['odata.count']).toBe(mock.data.Items.length);
    expect(body.value).toHaveLength(100);
    expect(body['odata.nextLink']).toBe('/b1s/v1/Items?$select=ItemCode&$inlinecount=allpages&$skip=100');
    const all = (await (await call('Countries', { headers: { Prefer: 'odata.maxpagesize=0' } })).json()) as Rows;
    expect(all.value.map((c) => c.Code)).toEqual(['AR', 'BO', 'CL', 'PE']);
  });

  it('applies $top and $skip inside the page limit', async () => {
    const codes = mock.data.Items.map((i) => i.ItemCode);
    const small = await getJson<Rows>(`Items?${q({ $select: 'ItemCode', $top: '5', $skip: '2' })}`);
    expect(small.value.map((r) => r.ItemCode)).toEqual(codes.slice(2, 7));
    expect(small['odata.nextLink']).toBeUndefined();
    const big = await getJson<Rows>(`Items?${q({ $select: 'ItemCode', $top: '30' })}`);
    expect(big.value).toHaveLength(20);
    expect(big['odata.nextLink']).toBe('/b1s/v1/Items?$select=ItemCode&$top=10&$skip=20');
    const rest = await getJson<Rows>(new URL(mock.url).origin + big['odata.nextLink']);
    expect(rest.value.map((r) => r.ItemCode)).toEqual(codes.slice(20, 30));
    expect(rest['odata.nextLink']).toBeUndefined();
  });

  it('reads by string, integer and composite keys, with $select, and counts with /$count', async () => {
    const bp = await getJson(`BusinessPartners('C76123456')?${q({ $select: 'CardCode,FederalTaxID,U_NivelFidelizacion' })}`);
    expect(bp).toEqual({
      'odata.metadata': '/b1s/v1/$metadata#BusinessPartners/@Element',
      CardCode: 'C76123456', FederalTaxID: '76123456-0', U_NivelFidelizacion: 'Gold',
    });
    const inv = await getJson<{ DocEntry: number; FolioPrefixString: string }>('Invoices(1)');
    expect(inv).toMatchObject({ DocEntry: 1, FolioPrefixString: '33' });
    expect(await getJson("States(Code='RM',Country='CL')")).toMatchObject({ Name: 'Metropolitana de Santiago' });
    expect(await getJson('PaymentTermsTypes(3)')).toMatchObject({ PaymentTermsGroupName: '30 días' });
    const count = await call(`Items/$count?${q({ $filter: "U_Categoria eq 'POLERAS'" })}`);
    expect(await count.text()).toBe(String(mock.data.Items.filter((i) => i.U_Categoria === 'POLERAS').length));
  });

  it('answers a filter naming keys (read through the key index) as a walk of the set would', async () => {
    const keys = "(ItemCode eq 'pol-1001-m' or ItemCode eq 'POL-1001-S' or ItemCode eq 'NOPE' or ItemCode eq 'POL-1001-XL')";
    const byKey = await getJson<Rows>(`Items?${q({ $filter: `${keys} and SalesItem eq 'tYES'`, $select: 'ItemCode' })}`);
    // the same rows asked with an 'or' the index cannot use, so the set is walked
    const walked = await getJson<Rows>(`Items?${q({ $filter: `(${keys} or ItemName eq 'ninguno') and SalesItem eq 'tYES'`, $select: 'ItemCode' })}`);
    expect(byKey.value.map((r) => r.ItemCode)).toEqual(['POL-1001-M', 'POL-1001-S', 'POL-1001-XL'].filter((c) => mock.data.Items.some((i) => i.ItemCode === c)).sort((a, b) => mock.data.Items.findIndex((i) => i.ItemCode === a) - mock.data.Items.findIndex((i) => i.ItemCode === b)));
    expect(walked.value).toEqual(byKey.value);
    mock.updateItem('POL-1001-S', { SalesItem: 'tNO' });
    try {
      const after = await getJson<Rows>(`Items?${q({ $filter: `${keys} and SalesItem eq 'tYES'`, $select: 'ItemCode' })}`);
      expect(after.value.map((r) => r.ItemCode)).not.toContain('POL-1001-S'); // the rest of the filter still applies
    } finally {
      mock.updateItem('POL-1001-S', { SalesItem: 'tYES' });
    }
  });
});

describe('errors', () => {
  const expectError = async (res: Response, status: number, code: number, value?: string): Promise<void> => {
    expect(res.status).toBe(status);
    const body = await res.json();
    expect(body.error.code).toBe(code);
    expect(body.error.message.lang).toBe('en-us');
    if (value) expect(body.error.message.value).toBe(value);
  };

  it('-2028 / 404 for missing keys', async () => {
    await expectError(await call('Invoices(99999)'), 404, -2028, 'No matching records found (ODBC -2028)');
    await expectError(await call("BusinessPartners('C00000000')"), 404, -2028);
    await expectError(await call("U_TRANSPORTE('9999')", { method: 'PATCH', json: { Name: 'x' } }), 404, -2028);
  });

  it('400 for malformed $filter, unknown properties, key type mismatches and bad JSON', async () => {
    await expectError(await call(`Items?${q({ $filter: "ItemCode eq 'x" })}`), 400, -1000);
    await expectError(await call(`Items?${q({ $filter: 'ItemCode eq' })}`), 400, -1000);
    await expectError(await call(`Items?${q({ $filter: "Nope eq 'x'" })}`), 400, -1000, "Property 'Nope' of 'Item' is invalid");
    await expectError(await call(`Items?${q({ $select: 'ItemCode,Nope' })}`), 400, -1000);
    await expectError(await call('Invoices(\'1\')'), 400, -1000);
    await expectError(await call('Orders', { method: 'POST', body: '{"CardCode": ' }), 400, -1000);
    await expectError(await call('Orders', { method: 'POST', json: { CardCode: 'C76123456', Bogus: 1 } }), 400, -1000,
      "Property 'Bogus' of 'Document' is invalid");
  });

  it('-10 for business-rule errors on orders', async () => {
    const order = { CardCode: 'C76123456', DocDueDate: '2026-12-01' };
    await expectError(await call('Orders', { method: 'POST', json: { ...order, DocumentLines: [{ ItemCode: 'NO-EXISTE', Quantity: 1 }] } }), 400, -10);
    await expectError(await call('Orders', { method: 'POST', json: { ...order, DocumentLines: [{ ItemCode: 'POL-1001-M', Quantity: 0 }] } }), 400, -10);
    await expectError(await call('Orders', { method: 'POST', json: { ...order, DocumentLines: [{ ItemCode: 'POL-1001-M', Quantity: -3 }] } }), 400, -10);
    await expectError(await call('Orders', { method: 'POST', json: { ...order, DocumentLines: [] } }), 400, -10);
    await expectError(await call('Orders', { method: 'POST', json: { ...order, CardCode: 'CNOPE', DocumentLines: [{ ItemCode: 'POL-1001-M', Quantity: 1 }] } }), 400, -10);
  });

  it('-5006 for unsupported actions', async () => {
    await expectError(await call('Orders(1)', { method: 'DELETE' }), 400, -5006, 'The requested action is not supported for this object.');
    await expectError(await call('Invoices(1)/Cancel', { method: 'POST' }), 400, -5006);
    await expectError(await call("Items('POL-1001-M')", { method: 'PUT', json: {} }), 400, -5006);
  });

  it('404 for an unknown entity set', async () => {
    await expectError(await call('Frobnicators'), 404, -1);
  });
});

describe('orders', () => {
  const wh = (code: string) => mock.data.Items.find((i) => i.ItemCode === code)!.ItemWarehouseInfoCollection[0];

  it('creates an order (201), prices it and raises Committed stock', async () => {
    const before = { m: wh('POL-1001-M').Committed, s: wh('POL-1001-S').Committed };
    const bp = mock.data.BusinessPartners.find((p) => p.CardCode === 'C76123456')!;
    const openBefore = bp.OpenOrdersBalance;
    const res = await call('Orders', { method: 'POST', json: {
      CardCode: 'C76123456', DocDueDate: '20261201', NumAtCard: 'OC900001', ShipToCode: 'TIENDA LOS ANDES',
      U_TipoVenta: 'Normal', U_FormaPago: '5', U_Transporte: '0002', U_Sucursal: '1',
      DocumentLines: [
        { ItemCode: 'POL-1001-M', Quantity: 12, UnitPrice: 10000, DiscountPercent: 6 },
        { ItemCode: 'POL-1001-S', Quantity: 6 },
      ],
    } });
    expect(res.status).toBe(201);
    const order = await res.json();
    expect(order).toMatchObject({
      CardCode: 'C76123456', CardName: 'Comercial Los Andes SpA', NumAtCard: 'OC900001', DocDueDate: '2026-12-01',
      ShipToCode: 'TIENDA LOS ANDES', DocumentStatus: 'bost_Open', Cancelled: 'tNO', U_TipoVenta: 'Normal',
    });
    expect(order.DocumentLines[0]).toMatchObject({ LineNum: 0, Quantity: 12, UnitPrice: 10000, LineTotal: 112800, WarehouseCode: '01' });
    expect(order.DocumentLines[1]).toMatchObject({ LineNum: 1, Quantity: 6, UnitPrice: 10990, DiscountPercent: 0, LineTotal: 65940 });
    expect(order.VatSum).toBe(33961); // round((112800 + 65940) × 0.19 = 33960.6)
    expect(order.DocTotal).toBe(212701);
    expect(res.headers.get('location')).toBe(`/b1s/v1/Orders(${order.DocEntry})`);
    expect(wh('POL-1001-M').Committed).toBe(before.m + 12);
    expect(wh('POL-1001-S').Committed).toBe(before.s + 6);
    expect(bp.OpenOrdersBalance).toBe(openBefore + 212701);
    expect(await getJson(`Orders(${order.DocEntry})`)).toMatchObject({ DocTotal: 212701 });
  });

  it('makes a second order for a repeated NumAtCard, as B1 does', async () => {
    const body = { CardCode: 'C79012345', DocDueDate: '2026-12-05', NumAtCard: 'OC900002', DocumentLines: [{ ItemCode: 'POL-1001-L', Quantity: 6 }] };
    const count = mock.data.Orders.length;
    const committed = wh('POL-1001-L').Committed;
    const first = await call('Orders', { method: 'POST', json: body });
    const second = await call('Orders', { method: 'POST', json: body });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    const [a, b] = [await first.json(), await second.json()];
    expect(b.DocEntry).toBe(a.DocEntry + 1);
    expect(mock.data.Orders.length).toBe(count + 2);
    expect(wh('POL-1001-L').Committed).toBe(committed + 12);
    const found = await getJson<Rows>(`Orders?${q({ $filter: "CardCode eq 'C79012345' and NumAtCard eq 'OC900002'", $select: 'DocEntry' })}`);
    expect(found.value).toEqual([{ DocEntry: a.DocEntry }, { DocEntry: b.DocEntry }]);
  });

  it('with dedupeReferences answers a repeated NumAtCard or CounterReference with the existing document', async () => {
    const kind = await startB1Mock({ dedupeReferences: true });
    try {
      const c = await login(kind);
      const body = { CardCode: 'C79012345', DocDueDate: '2026-12-05', NumAtCard: 'OC900002', DocumentLines: [{ ItemCode: 'POL-1001-L', Quantity: 6 }] };
      const count = kind.data.Orders.length;
      const first = await call('Orders', { method: 'POST', json: body }, kind, c);
      const second = await call('Orders', { method: 'POST', json: { ...body, DocumentLines: [{ ItemCode: 'POL-1001-L', Quantity: 60 }] } }, kind, c);
      expect([first.status, second.status]).toEqual([201, 201]);
      const [a, b] = [await first.json(), await second.json()];
      expect(b.DocEntry).toBe(a.DocEntry);
      expect(b.DocumentLines[0].Quantity).toBe(6);
      expect(kind.data.Orders.length).toBe(count + 1);

      const payment = { CardCode: 'C79012345', TransferSum: 1000, TransferAccount: '1101-02', CounterReference: 'PP-DUP' };
      const p1 = await (await call('IncomingPayments', { method: 'POST', json: payment }, kind, c)).json();
      const p2 = await (await call('IncomingPayments', { method: 'POST', json: { ...payment, TransferSum: 2000 } }, kind, c)).json();
      expect(p2).toMatchObject({ DocEntry: p1.DocEntry, TransferSum: 1000 });
      expect(kind.journal.map((j) => [j.set, j.reference])).toEqual([['Orders', 'OC900002'], ['IncomingPayments', 'PP-DUP']]);
    } finally {
      await kind.close();
    }
  });

  it('commits stock for reservations too and honours Prefer: return-no-content', async () => {
    const committed = wh('POL-1001-M').Committed;
    const res = await call('Orders', {
      method: 'POST', headers: { Prefer: 'return-no-content' },
      json: { CardCode: 'C76678901', DocDueDate: '2026-12-10', NumAtCard: 'RE900003', U_TipoVenta: 'Reserva', DocumentLines: [{ ItemCode: 'POL-1001-M', Quantity: 24 }] },
    });
    expect(res.status).toBe(204);
    expect(await res.text()).toBe('');
    expect(wh('POL-1001-M').Committed).toBe(committed + 24);
    expect(mock.data.Orders.at(-1)).toMatchObject({ NumAtCard: 'RE900003', U_TipoVenta: 'Reserva' });
  });

  it('cancelling an order releases its committed stock', async () => {
    const committed = wh('POL-1001-S').Committed;
    const order = await (await call('Orders', { method: 'POST', json: {
      CardCode: 'C76123456', DocDueDate: '2026-12-01', NumAtCard: 'OC900004', DocumentLines: [{ ItemCode: 'POL-1001-S', Quantity: 12 }],
    } })).json();
    expect(wh('POL-1001-S').Committed).toBe(committed + 12);
    expect((await call(`Orders(${order.DocEntry})/Cancel`, { method: 'POST' })).status).toBe(204);
    expect(wh('POL-1001-S').Committed).toBe(committed);
    expect(await getJson(`Orders(${order.DocEntry})`)).toMatchObject({ Cancelled: 'tYES', DocumentStatus: 'bost_Close' });
  });
});

describe('incoming payments', () => {
  const openInvoices = async (card: string): Promise<Array<{ DocEntry: number; DocTotal: number; PaidToDate: number }>> =>
    (await getJson<{ value: Array<{ DocEntry: number; DocTotal: number; PaidToDate: number }> }>(`Invoices?${q({
      $filter: `CardCode eq '${card}' and DocumentStatus eq 'bost_Open'`, $select: 'DocEntry,DocTotal,PaidToDate', $orderby: 'DocEntry',
    })}`)).value;
  const pay = (json: unknown): Promise<Response> => call('IncomingPayments', { method: 'POST', json });

  it('raises PaidToDate, closes fully paid invoices and pays twice for a repeated CounterReference', async () => {
    const [inv] = (await openInvoices('C76123456')).filter((i) => i.PaidToDate === 0);
    const bp = mock.data.BusinessPartners.find((p) => p.CardCode === 'C76123456')!;
    const balance = bp.CurrentAccountBalance;
    const part = await pay({
      CardCode: 'C76123456', DocDate: '2026-11-20', TransferSum: 100000, TransferAccount: '1101-02', TransferReference: 'PP123',
      CounterReference: 'PP123', PaymentInvoices: [{ DocEntry: inv.DocEntry, SumApplied: 100000, InvoiceType: 'it_Invoice' }],
    });
    expect(part.status).toBe(201);
    const payment = await part.json();
    expect(payment).toMatchObject({ DocType: 'rCustomer', CardCode: 'C76123456', TransferSum: 100000, CounterReference: 'PP123' });
    expect(await getJson(`Invoices(${inv.DocEntry})`)).toMatchObject({ PaidToDate: 100000, DocumentStatus: 'bost_Open' });
    expect(bp.CurrentAccountBalance).toBe(balance - 100000);

    // B1 has no idempotency: the same CounterReference registers the money a second time.
    const again = await pay({
      CardCode: 'C76123456', TransferSum: 100000, TransferAccount: '1101-02', CounterReference: 'PP123',
      PaymentInvoices: [{ DocEntry: inv.DocEntry, SumApplied: 100000, InvoiceType: 'it_Invoice' }],
    });
    expect(again.status).toBe(201);
    expect((await again.json()).DocEntry).toBe(payment.DocEntry + 1);
    expect(mock.data.Invoices.find((i) => i.DocEntry === inv.DocEntry)!.PaidToDate).toBe(200000);
    expect(bp.CurrentAccountBalance).toBe(balance - 200000);

    const rest = inv.DocTotal - 200000;
    const card = await pay({
      CardCode: 'C76123456', CounterReference: 'OW000777',
      PaymentCreditCards: [{ CreditCard: 3, CreditCardNumber: '6623', CardValidUntil: '2029-12-31', VoucherNum: 'AUTH99', PaymentMethodCode: 4, NumOfPayments: 1, CreditSum: rest }],
      PaymentInvoices: [{ DocEntry: inv.DocEntry, SumApplied: rest, InvoiceType: 'it_Invoice' }],
    });
    expect(card.status).toBe(201);
    expect(await getJson(`Invoices(${inv.DocEntry})`)).toMatchObject({ PaidToDate: inv.DocTotal, DocumentStatus: 'bost_Close' });
    expect((await openInvoices('C76123456')).map((i) => i.DocEntry)).not.toContain(inv.DocEntry);
  });

  it('rejects (-10) more than the open balance, another CardCode, a closed invoice or means short of the applied sum', async () => {
    const [inv] = await openInvoices('C79012345');
    const open = inv.DocTotal - inv.PaidToDate;
    const expect10 = async (res: Response): Promise<void> => {
      expect(res.status).toBe(400);
      expect((await res.json()).error.code).toBe(-10);
    };
    await expect10(await pay({ CardCode: 'C79012345', TransferSum: open + 1, TransferAccount: '1101-02', PaymentInvoices: [{ DocEntry: inv.DocEntry, SumApplied: open + 1, InvoiceType: 'it_Invoice' }] }));
    await expect10(await pay({ CardCode: 'C76123456', TransferSum: 1000, TransferAccount: '1101-02', PaymentInvoices: [{ DocEntry: inv.DocEntry, SumApplied: 1000, InvoiceType: 'it_Invoice' }] }));
    await expect10(await pay({ CardCode: 'C79012345', TransferSum: 500, TransferAccount: '1101-02', PaymentInvoices: [{ DocEntry: inv.DocEntry, SumApplied: 1000, InvoiceType: 'it_Invoice' }] }));
    const closed = mock.data.Invoices.find((i) => i.CardCode === 'C79012345' && i.DocumentStatus === 'bost_Close')!;
    await expect10(await pay({ CardCode: 'C79012345', TransferSum: 1000, TransferAccount: '1101-02', PaymentInvoices: [{ DocEntry: closed.DocEntry, SumApplied: 1000, InvoiceType: 'it_Invoice' }] }));
    expect(mock.data.Invoices.find((i) => i.DocEntry === inv.DocEntry)!.PaidToDate).toBe(inv.PaidToDate);
  });

  it('accepts a payment on account (no invoices)', async () => {
    const res = await pay({ CardCode: 'C79012345', TransferSum: 250000, TransferAccount: '1101-02', CounterReference: 'PP-ACC-1' });
    expect(res.status).toBe(201);
    expect(await res.json()).toMatchObject({ PaymentInvoices: [], TransferSum: 250000 });
  });
});

describe('patch', () => {
  it('merges BusinessPartners and their BPAddresses by AddressName + AddressType', async () => {
    const res = await call("BusinessPartners('C76234567')", { method: 'PATCH', json: {
      EmailAddress: 'nuevo@pacifico.cl',
      BPAddresses: [
        { AddressName: 'BODEGA PLACILLA', AddressType: 'bo_ShipTo', Street: 'Camino La Pólvora 500' },
        { AddressName: 'BODEGA QUILPUE', AddressType: 'bo_ShipTo', Street: 'Los Carrera 1200', City: 'Quilpué', County: 'Marga Marga', State: 'V', Country: 'CL' },
      ],
    } });
    expect(res.status).toBe(204);
    const bp = await getJson<{ EmailAddress: string; CardName: string; Phone1: string; BPAddresses: Array<Record<string, unknown>> }>("BusinessPartners('C76234567')");
    expect(bp.EmailAddress).toBe('nuevo@pacifico.cl');
    expect(bp.CardName).toBe('Textiles Pacífico Ltda.');
    expect(bp.Phone1).toBe('322214455');
    expect(bp.BPAddresses.map((a) => [a.AddressName, a.AddressType, a.Street, a.City])).toEqual([
      ['CASA MATRIZ', 'bo_BillTo', 'Av. Brasil 2350', 'Valparaíso'],
      ['SUCURSAL VIÑA', 'bo_BillTo', '1 Norte 875', 'Viña del Mar'],
      ['BODEGA PLACILLA', 'bo_ShipTo', 'Camino La Pólvora 500', 'Valparaíso'],
      ['BODEGA QUILPUE', 'bo_ShipTo', 'Los Carrera 1200', 'Quilpué'],
    ]);
    expect(bp.BPAddresses[3]).toMatchObject({ BPCode: 'C76234567', RowNum: 3 });
  });

  it('refuses to change a key (-10) and deletes only transports', async () => {
    const res = await call("BusinessPartners('C76234567')", { method: 'PATCH', json: { CardCode: 'C1' } });
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe(-10);
    expect((await call('U_TRANSPORTE', { method: 'POST', json: { Code: '0099', Name: 'Prueba' } })).status).toBe(201);
    expect((await call("U_TRANSPORTE('0099')", { method: 'DELETE' })).status).toBe(204);
    expect((await call("U_TRANSPORTE('0099')")).status).toBe(404);
  });
});

describe('B1 arithmetic and line UDFs', () => {
  it('rounds the price after discount to cents and the line to pesos, and takes VAT of the net exactly', async () => {
    const res = await call('Orders', { method: 'POST', json: {
      CardCode: 'C79012345', DocDueDate: '2026-12-01', NumAtCard: 'OC910001',
      DocumentLines: [
        // 10990 × (1 − 24.8 %) = 8264.48 → × 7 = 57851.36 → 57851 (the portal's whole-peso unit price 8264 × 7 = 57848).
        { ItemCode: 'POL-1001-M', Quantity: 7, UnitPrice: 10990, DiscountPercent: 24.8, U_PrecioLista: 10990, U_DescLinea: 24.8 },
        // 150 × 19 % = 28.5: half away from zero → 29 (150 × 0.19 in binary floats is 28.499999999999996).
        { ItemCode: 'POL-1001-S', Quantity: 1, UnitPrice: 150 },
      ],
    } });
    expect(res.status).toBe(201);
    const order = await res.json();
    expect(order.DocumentLines[0]).toMatchObject({ UnitPrice: 10990, DiscountPercent: 24.8, Price: 8264.48, LineTotal: 57851, U_PrecioLista: 10990, U_DescLinea: 24.8 });
    expect(order.DocumentLines[1]).toMatchObject({ Price: 150, LineTotal: 150, U_PrecioLista: null, U_DescLinea: null });
    expect(order.VatSum).toBe(Math.round(((57851 + 150) * 19) / 100));
    expect(order.DocTotal).toBe(57851 + 150 + order.VatSum);

    const vat = await (await call('Orders', { method: 'POST', json: {
      CardCode: 'C79012345', DocDueDate: '2026-12-01', NumAtCard: 'OC910002', DocumentLines: [{ ItemCode: 'POL-1001-S', Quantity: 1, UnitPrice: 150 }],
    } })).json();
    expect([vat.VatSum, vat.DocTotal]).toEqual([29, 179]);
    expect((await getJson(`Orders(${order.DocEntry})?${q({ $select: 'DocObjectCode,AuthorizationStatus' })}`))).toMatchObject({
      DocObjectCode: 'oOrders', AuthorizationStatus: 'dasWithout',
    });
  });

  it('keeps a ShipToCode that names no address (store pickup) as given, with no address text', async () => {
    const order = await (await call('Orders', { method: 'POST', json: {
      CardCode: 'C76123456', DocDueDate: '2026-12-01', NumAtCard: 'OC910003', ShipToCode: 'idStorePickup', U_TipoRetiro: 'Retiro',
      DocumentLines: [{ ItemCode: 'POL-1001-S', Quantity: 1, UnitPrice: 9000, DiscountPercent: 0 }],
    } })).json();
    expect(order).toMatchObject({ ShipToCode: 'idStorePickup', Address2: null, U_TipoRetiro: 'Retiro' });
  });

  it('refuses an unknown line property and computed header properties', async () => {
    const line = { ItemCode: 'POL-1001-S', Quantity: 1, U_Nope: 1 };
    const bad = await call('Orders', { method: 'POST', json: { CardCode: 'C76123456', DocDueDate: '2026-12-01', DocumentLines: [line] } });
    expect(bad.status).toBe(400);
    expect((await bad.json()).error.message.value).toBe("Property 'U_Nope' of 'DocumentLine' is invalid");
    const computed = await call('Orders', { method: 'POST', json: {
      CardCode: 'C76123456', DocDueDate: '2026-12-01', DocObjectCode: 'oOrders', DocumentLines: [{ ItemCode: 'POL-1001-S', Quantity: 1 }],
    } });
    expect(computed.status).toBe(400);
  });
});

describe('slow creates and lost answers', () => {
  let slow: B1Mock;
  let c: string;
  const order = (ref: string) => ({ CardCode: 'C79012345', DocDueDate: '2026-12-01', NumAtCard: ref, DocumentLines: [{ ItemCode: 'POL-1001-M', Quantity: 1 }] });
  const byRef = async (ref: string): Promise<unknown[]> =>
    ((await (await call(`Orders?${q({ $filter: `NumAtCard eq '${ref}'`, $select: 'DocEntry' })}`, {}, slow, c)).json()) as Rows).value;

  beforeAll(async () => {
    slow = await startB1Mock();
    c = await login(slow);
  });
  afterEach(() => { slow.setFaults({ postDelayMs: 0, loseAnswerRate: 0 }); slow.resetJournal(); });
  afterAll(async () => { await slow.close(); });

  it('postDelayMs commits a create after the delay even when the client gave up, and not before', async () => {
    slow.setFaults({ postDelayMs: 400 });
    const started = Date.now();
    await expect(call('Orders', { method: 'POST', json: order('OC920001'), signal: AbortSignal.timeout(100) }, slow, c))
      .rejects.toMatchObject({ name: 'TimeoutError' });
    expect(await byRef('OC920001')).toEqual([]);
    expect(slow.journal).toEqual([]);
    await new Promise((r) => setTimeout(r, 450 - (Date.now() - started)));
    expect(await byRef('OC920001')).toHaveLength(1);
    expect(slow.journal).toMatchObject([{ set: 'Orders', cardCode: 'C79012345', reference: 'OC920001', origin: 'post' }]);
    expect(slow.journal[0].at - started).toBeGreaterThanOrEqual(395);

    // A client that waits gets its 201 after the delay; reads are not delayed.
    const waited = Date.now();
    const res = await call('Orders', { method: 'POST', json: order('OC920002') }, slow, c);
    expect(res.status).toBe(201);
    expect(Date.now() - waited).toBeGreaterThanOrEqual(395);
    const read = Date.now();
    await byRef('OC920002');
    expect(Date.now() - read).toBeLessThan(300);
  });

  it('loseAnswerRate 1 commits the create and destroys the socket without an answer', async () => {
    slow.setFaults({ loseAnswerRate: 1 });
    await expect(call('Orders', { method: 'POST', json: order('OC920003') }, slow, c)).rejects.toThrow('fetch failed');
    await expect(call('IncomingPayments', { method: 'POST', json: {
      CardCode: 'C79012345', TransferSum: 1000, TransferAccount: '1101-02', CounterReference: 'PP920003',
    } }, slow, c)).rejects.toThrow('fetch failed');
    expect(await byRef('OC920003')).toHaveLength(1);
    expect(slow.journal.map((j) => [j.set, j.reference])).toEqual([['Orders', 'OC920003'], ['IncomingPayments', 'PP920003']]);
    // A refused create commits nothing and keeps its answer; reads keep theirs.
    const refused = await call('Orders', { method: 'POST', json: { ...order('OC920004'), DocumentLines: [] } }, slow, c);
    expect(refused.status).toBe(400);
    expect((await call('Countries', {}, slow, c)).status).toBe(200);
  });

  it('loseAnswerRate 0.5 loses every second committed create', async () => {
    slow.setFaults({ loseAnswerRate: 0.5 });
    const outcomes: string[] = [];
    for (let i = 0; i < 4; i++) {
      outcomes.push(await call('Orders', { method: 'POST', json: order(`OC92001${i}`) }, slow, c).then((r) => String(r.status), () => 'lost'));
    }
    expect(outcomes).toEqual(['201', 'lost', '201', 'lost']);
    expect(slow.journal).toHaveLength(4);
  });
});

describe('approval procedure', () => {
  const APPROVAL_ERROR = { error: { code: -2028, message: { lang: 'en-us', value: 'No matching records found (ODBC -2028)' } } };
  const wh = (code: string) => mock.data.Items.find((i) => i.ItemCode === code)!.ItemWarehouseInfoCollection[0];
  const held = (ref: string, extra: Record<string, unknown> = {}) => ({
    CardCode: 'C76345678', DocDueDate: '2026-12-01', NumAtCard: ref, U_TipoVenta: 'Normal', U_FormaPago: '5', ShipToCode: 'BODEGA SAN FELIPE',
    DocumentLines: [{ ItemCode: 'POL-1001-M', Quantity: 10, UnitPrice: 10550, DiscountPercent: 0, U_PrecioLista: 10990, U_DescLinea: 4 }],
    ...extra,
  });
  type Request = { Code: number; Status: string; ObjectEntry: number | null; DraftEntry: number; IsDraft: string; Remarks: string | null };
  const requestOf = async (draftEntry: number): Promise<Request> =>
    (await getJson<{ value: Request[] }>(`ApprovalRequests?${q({ $filter: `DraftEntry eq ${draftEntry} and IsDraft eq 'Y'` })}`)).value[0];

  beforeEach(() => { mock.resetJournal(); });

  it('holds a sales order of a customer under approval as a Draft and answers -2028', async () => {
    const committed = wh('POL-1001-M').Committed;
    const orders = mock.data.Orders.length;
    const bp = mock.data.BusinessPartners.find((p) => p.CardCode === 'C76345678')!;
    const openBefore = bp.OpenOrdersBalance;
    const res = await call('Orders', { method: 'POST', json: held('OC930001', { Document_ApprovalRequests: [{ Remarks: 'Pedido del portal' }] }) });
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual(APPROVAL_ERROR);
    expect(mock.data.Orders.length).toBe(orders);
    expect(wh('POL-1001-M').Committed).toBe(committed);
    expect(bp.OpenOrdersBalance).toBe(openBefore);
    expect(await getJson<Rows>(`Orders?${q({ $filter: "NumAtCard eq 'OC930001'" })}`)).toMatchObject({ value: [] });

    const drafts = await getJson<Rows>(`Drafts?${q({
      $filter: "CardCode eq 'C76345678' and NumAtCard eq 'OC930001' and DocObjectCode eq 'oOrders'",
      $select: 'DocEntry,DocObjectCode,AuthorizationStatus,DocumentStatus,DocTotal,VatSum,U_FormaPago,ShipToCode', $orderby: 'DocEntry desc', $top: '1',
    })}`);
    expect(drafts.value).toEqual([{
      DocEntry: expect.any(Number), DocObjectCode: 'oOrders', AuthorizationStatus: 'dasPending', DocumentStatus: 'bost_Open',
      DocTotal: 125545, VatSum: 20045, U_FormaPago: '5', ShipToCode: 'BODEGA SAN FELIPE',
    }]);
    const draftEntry = drafts.value[0].DocEntry as number;
    const draft = await getJson<{ DocumentLines: Array<Record<string, unknown>> }>(`Drafts(${draftEntry})`);
    expect(draft.DocumentLines[0]).toMatchObject({ ItemCode: 'POL-1001-M', Quantity: 10, LineTotal: 105500, U_PrecioLista: 10990, U_DescLinea: 4 });

    expect(await requestOf(draftEntry)).toMatchObject({
      ObjectType: '17', IsDraft: 'Y', ObjectEntry: null, DraftEntry: draftEntry, DraftType: '112', Status: 'arsPending',
      Remarks: 'Pedido del portal', CurrentStage: 1, CreationDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
      ApprovalRequestLines: [{ Status: 'ardPending' }], ApprovalRequestDecisions: [],
    });
    const pending = await getJson<Rows>(`ApprovalRequests?${q({ $filter: "Status eq 'arsPending' and ObjectType eq '17'", $select: 'Code,DraftEntry' })}`);
    expect(pending.value.map((r) => r.DraftEntry)).toContain(draftEntry);
    expect(mock.journal).toMatchObject([{ set: 'Drafts', cardCode: 'C76345678', reference: 'OC930001', docEntry: draftEntry, origin: 'post' }]);
  });

  it('validates like an order before holding it (no Draft for a refused body)', async () => {
    const drafts = mock.data.Drafts.length;
    const res = await call('Orders', { method: 'POST', json: held('OC930002', { DocumentLines: [{ ItemCode: 'NO-EXISTE', Quantity: 1 }] }) });
    expect(res.status).toBe(400);
    expect((await res.json()).error.code).toBe(-10);
    expect(mock.data.Drafts.length).toBe(drafts);
  });

  it('answers 204 to Prefer: return-no-content, with a Location that names the Draft number under Orders', async () => {
    const res = await call('Orders', { method: 'POST', json: held('OC930003'), headers: { Prefer: 'return-no-content' } });
    expect(res.status).toBe(204);
    const draft = mock.data.Drafts.at(-1)!;
    expect(draft.NumAtCard).toBe('OC930003');
    expect(res.headers.get('location')).toBe(`/b1s/v1/Orders(${draft.DocEntry})`);
  });

  it('PATCH ApprovalRequests with ardApproved adds the Draft as an Order (arsGenerated)', async () => {
    await call('Orders', { method: 'POST', json: held('OC930004') });
    const draft = mock.data.Drafts.at(-1)!;
    const request = await requestOf(draft.DocEntry);
    const committed = wh('POL-1001-M').Committed;
    const res = await call(`ApprovalRequests(${request.Code})`, { method: 'PATCH', json: {
      ApprovalRequestDecisions: [{ Status: 'ardApproved', Remarks: 'Aprobado por gerencia' }],
    } });
    expect(res.status).toBe(204);
    const [order] = (await getJson<Rows>(`Orders?${q({ $filter: "CardCode eq 'C76345678' and NumAtCard eq 'OC930004'" })}`)).value;
    expect(order).toMatchObject({ DocObjectCode: 'oOrders', AuthorizationStatus: 'dasWithout', DocTotal: draft.DocTotal, ShipToCode: 'BODEGA SAN FELIPE' });
    expect((order.DocumentLines as Array<Record<string, unknown>>)[0]).toMatchObject({ UnitPrice: 10550, U_PrecioLista: 10990, U_DescLinea: 4 });
    expect(wh('POL-1001-M').Committed).toBe(committed + 10);
    expect(await requestOf(draft.DocEntry)).toMatchObject({
      Status: 'arsGenerated', ObjectEntry: order.DocEntry, ApprovalRequestLines: [{ Status: 'ardApproved', Remarks: 'Aprobado por gerencia' }],
      ApprovalRequestDecisions: [{ Status: 'ardApproved', Remarks: 'Aprobado por gerencia' }],
    });
    expect(await getJson(`Drafts(${draft.DocEntry})?${q({ $select: 'DocumentStatus,AuthorizationStatus' })}`)).toMatchObject({
      DocumentStatus: 'bost_Close', AuthorizationStatus: 'dasGenerated',
    });
    expect(mock.journal.map((j) => [j.set, j.reference, j.origin])).toEqual([['Drafts', 'OC930004', 'post'], ['Orders', 'OC930004', 'approval']]);

    // A request whose Draft became an Order takes no more decisions; decisions must be known values.
    const again = await call(`ApprovalRequests(${request.Code})`, { method: 'PATCH', json: { ApprovalRequestDecisions: [{ Status: 'ardNotApproved' }] } });
    expect(again.status).toBe(400);
    expect((await again.json()).error.code).toBe(-10);
    const bogus = await call(`ApprovalRequests(${request.Code})`, { method: 'PATCH', json: { ApprovalRequestDecisions: [{ Status: 'ardMaybe' }] } });
    expect(bogus.status).toBe(400);
    const readOnly = await call(`ApprovalRequests(${request.Code})`, { method: 'PATCH', json: { Status: 'arsApproved' } });
    expect(readOnly.status).toBe(400);
    expect((await call('ApprovalRequests(99999)', { method: 'PATCH', json: { ApprovalRequestDecisions: [] } })).status).toBe(404);
  });

  it('rejectDraft leaves the Draft open and makes no Order; approveDraft can still approve it later', async () => {
    await call('Orders', { method: 'POST', json: held('OC930005') });
    const draft = mock.data.Drafts.at(-1)!;
    const rejected = mock.rejectDraft(draft.DocEntry, 'Sin cupo');
    expect(rejected).toMatchObject({ Status: 'arsNotApproved', ObjectEntry: null });
    expect(await requestOf(draft.DocEntry)).toMatchObject({ Status: 'arsNotApproved', ApprovalRequestLines: [{ Status: 'ardNotApproved', Remarks: 'Sin cupo' }] });
    expect(draft).toMatchObject({ DocumentStatus: 'bost_Open', AuthorizationStatus: 'dasRejected' });
    expect(mock.data.Orders.some((o) => o.NumAtCard === 'OC930005')).toBe(false);

    const outcome = mock.approveDraft(draft.DocEntry);
    expect(outcome.order).toMatchObject({ NumAtCard: 'OC930005', CardCode: 'C76345678' });
    expect(outcome.request).toMatchObject({ Status: 'arsGenerated', ObjectEntry: outcome.order!.DocEntry });
    expect(mock.journal.map((j) => [j.set, j.origin])).toEqual([['Drafts', 'post'], ['Orders', 'approval']]);
    expect(() => mock.approveDraft(99999)).toThrow('No matching records found');
  });

  it('setApprovalCardCodes changes who is under the procedure; a repeated POST makes a second Draft', async () => {
    mock.setApprovalCardCodes([]);
    try {
      const res = await call('Orders', { method: 'POST', json: held('OC930006') });
      expect(res.status).toBe(201);
    } finally {
      mock.setApprovalCardCodes(['C76345678']);
    }
    const drafts = mock.data.Drafts.length;
    expect((await call('Orders', { method: 'POST', json: held('OC930007') })).status).toBe(404);
    expect((await call('Orders', { method: 'POST', json: held('OC930007') })).status).toBe(404);
    expect(mock.data.Drafts.length).toBe(drafts + 2);
    expect(mock.journal.map((j) => [j.set, j.reference])).toEqual([['Orders', 'OC930006'], ['Drafts', 'OC930007'], ['Drafts', 'OC930007']]);
    mock.resetJournal();
    expect(mock.journal).toEqual([]);
  });
});
