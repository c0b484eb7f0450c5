// The stand-in's Items as awkward as B1's where the catalogue load meets them: a largest page it enforces, a delay per
// row, change stamps (UpdateDate/UpdateTime) moved by item updates but not by documents, and $skip paging that stays
// right when pages come out of order.
import { startB1Mock, type B1Mock } from '@mocks/b1/server';
import { REFERENCE_DATE } from '@mocks/b1/data';

const LOGIN = JSON.stringify({ CompanyDB: 'SBODEMOCL', UserName: 'manager', Password: 'manager' });

async function login(m: B1Mock): Promise<string> {
  const res = await fetch(`${m.url}/Login`, { method: 'POST', body: LOGIN });
  return res.headers.getSetCookie().map((c) => c.split(';')[0]).join('; ');
}

type Page = { value: Array<Record<string, unknown>>; 'odata.nextLink'?: string; 'odata.count'?: number };

describe('largest page and time per row', () => {
  let mock: B1Mock;
  let cookie: string;
  const get = (path: string, prefer?: string) => fetch(`${mock.url}/${path}`, { headers: { cookie, ...(prefer ? { Prefer: prefer } : {}) } });

  beforeAll(async () => {
    mock = await startB1Mock({ maxPageSize: 50 });
    cookie = await login(mock);
  });
  afterAll(async () => { await mock.close(); });

  it('answers pages no bigger than its largest, says so in Preference-Applied, and links the rest', async () => {
    for (const prefer of ['odata.maxpagesize=5000', 'odata.maxpagesize=0']) {
      const res = await get('Items?$select=ItemCode', prefer);
      expect(res.headers.get('preference-applied')).toBe('odata.maxpagesize=50');
      const page = (await res.json()) as Page;
      expect(page.value).toHaveLength(50);
      expect(page['odata.nextLink']).toBe('/b1s/v1/Items?$select=ItemCode&$skip=50');
    }
    const small = await get('Items?$select=ItemCode', 'odata.maxpagesize=30');
    expect(small.headers.get('preference-applied')).toBe('odata.maxpagesize=30');
    expect(((await small.json()) as Page).value).toHaveLength(30);
  });

  it('takes longer for a page of more rows (rowLatencyMs)', async () => {
    mock.setRowLatency(2);
    try {
      const started = Date.now();
      const page = (await (await get('Items?$select=ItemCode', 'odata.maxpagesize=50')).json()) as Page;
      expect(page.value).toHaveLength(50);
      expect(Date.now() - started).toBeGreaterThanOrEqual(100);
    } finally {
      mock.setRowLatency(0);
    }
  });
});

describe('change stamps', () => {
  let mock: B1Mock;
  let cookie: string;
  const call = (path: string, init: RequestInit = {}) => fetch(`${mock.url}/${path}`, { ...init, headers: { cookie, ...init.headers } });
  const item = (code: string) => mock.data.Items.find((i) => i.ItemCode === code)!;

  beforeAll(async () => {
    mock = await startB1Mock();
    cookie = await login(mock);
  });
  afterAll(async () => { await mock.close(); });

  it('every item has UpdateDate and UpdateTime from before the reference date', () => {
    for (const i of mock.data.Items) {
      expect(i.UpdateDate < REFERENCE_DATE).toBe(true);
      expect(i.UpdateTime).toMatch(/^([01]\d|2[0-3]):[0-5]\d:[0-5]\d$/);
    }
    expect(new Set(mock.data.Items.map((i) => i.UpdateDate)).size).toBeGreaterThan(100);
  });

  it('an update of the item moves its stamps (PATCH or the updateItem knob); the stamps themselves are the ERP’s', async () => {
    const before = { ...item('POL-1002-M') };
    const res = await call("Items('POL-1002-M')", { method: 'PATCH', body: JSON.stringify({ ItemPrices: [{ PriceList: 1, Price: 12990 }] }) });
    expect(res.status).toBe(204);
    const after = item('POL-1002-M');
    expect(after.ItemPrices[0]!.Price).toBe(12990);
    expect(`${after.UpdateDate} ${after.UpdateTime}` > `${before.UpdateDate} ${before.UpdateTime}`).toBe(true);
    expect(after.UpdateDate >= REFERENCE_DATE).toBe(true);

    mock.updateItem('POL-1002-L', { Valid: 'tNO' });
    expect(item('POL-1002-L')).toMatchObject({ Valid: 'tNO', UpdateDate: after.UpdateDate });

    const refused = await call("Items('POL-1002-S')", { method: 'PATCH', body: JSON.stringify({ UpdateDate: '2020-01-01' }) });
    expect(refused.status).toBe(400);
  });

  it('a sales order moves the stock it commits but not the item’s stamps, as in B1', async () => {
    const stamp = `${item('PAN-2001-40').UpdateDate} ${item('PAN-2001-40').UpdateTime}`;
    const committed = item('PAN-2001-40').ItemWarehouseInfoCollection[0]!.Committed;
    const res = await call('Orders', { method: 'POST', body: JSON.stringify({
      CardCode: 'C76123456', DocDueDate: '20261201', NumAtCard: 'OC-STAMP-1', DocumentLines: [{ ItemCode: 'PAN-2001-40', Quantity: 3 }],
    }) });
    expect(res.status).toBe(201);
    expect(item('PAN-2001-40').ItemWarehouseInfoCollection[0]!.Committed).toBe(committed + 3);
    expect(`${item('PAN-2001-40').UpdateDate} ${item('PAN-2001-40').UpdateTime}`).toBe(stamp);
  });

  it('filters by stamp as a read by change asks', async () => {
    mock.updateItem('CAM-5001-M', { ItemName: 'Camisa Oxford Celeste T-M (nueva)' });
    const { UpdateDate: date, UpdateTime: time } = item('CAM-5001-M');
    const filter = `UpdateDate gt '${date}' or (UpdateDate eq '${date}' and UpdateTime ge '${time}')`;
    const page = (await (await call(`Items?$select=ItemCode,UpdateDate,UpdateTime&$filter=${encodeURIComponent(filter)}`)).json()) as Page;
    expect(page.value.map((r) => r.ItemCode)).toContain('CAM-5001-M');
    expect(page.value.every((r) => `${r.UpdateDate} ${r.UpdateTime}` >= `${date} ${time}`)).toBe(true);
  });
});

describe('$skip paging of a big set', () => {
  let mock: B1Mock;
  let cookie: string;
  const page = async (query: string) =>
    (await (await fetch(`${mock.url}/Items?${query}`, { headers: { cookie, Prefer: 'odata.maxpagesize=1000' } })).json()) as Page;

  beforeAll(async () => {
    mock = await startB1Mock({ catalogueSize: 20_000 });
    cookie = await login(mock);
  });
  afterAll(async () => { await mock.close(); });

  it('pages read out of order, and again after a create, are the slices of the whole ordered result', async () => {
    const filter = encodeURIComponent("SalesItem eq 'tYES' and Valid eq 'tYES'");
    const base = `$select=ItemCode&$filter=${filter}&$orderby=ItemCode`;
    const first = await page(`${base}&$inlinecount=allpages`);
    const total = first['odata.count']!;
    expect(total).toBe(mock.data.Items.length);
    const expected = mock.data.Items.map((i) => i.ItemCode).sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1));
    for (const skip of [15_000, 3000, 9000, 4000, 19_000, 15_000]) {
      const got = await page(`${base}&$top=1000&$skip=${skip}`);
      expect(got.value.map((r) => r.ItemCode)).toEqual(expected.slice(skip, skip + 1000));
    }
    // an item stops being sellable after pages were read: later pages reflect it
    const gone = expected[5000]!;
    mock.updateItem(gone, { SalesItem: 'tNO' });
    const after = await page(`${base}&$top=1000&$skip=4500`);
    expect(after.value.map((r) => r.ItemCode)).toEqual(expected.filter((c) => c !== gone).slice(4500, 5500));
    mock.updateItem(gone, { SalesItem: 'tYES' });
  });
});
