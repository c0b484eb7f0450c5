// The Service Layer stand-in's sales employees: the SalesPersons set (B1's -1 row, $filter, $select, paging), a
// partner's SalesPersonCode (filter, PATCH reassignment) and SalesPersonCode on Orders and Drafts (the partner's by
// default, an unknown or inactive code refused), and the demo reps' assignment.
import { startB1Mock, type B1Mock } from '@mocks/b1/server';
import { callB1, expectB1Error, loginB1, salesOrder } from './b1Client';
import { DEMO_ACCOUNTS } from '@mocks/demo/accounts';
import { DEMO_SALES_REPS, NO_SALES_EMPLOYEE_NAME, UNASSIGNED_CARDCODE, salesPersonCodeOf } from '@mocks/demo/salesReps';

let mock: B1Mock;
let cookie: string;

const call = (path: string, init: RequestInit & { json?: unknown } = {}) => callB1(mock, cookie, path, init);

async function json<T = Record<string, unknown>>(res: Response, status = 200): Promise<T> {
  expect(res.status).toBe(status);
  return await res.json() as T;
}

const expectError = expectB1Error;

type Page = { value: Array<Record<string, unknown>>; 'odata.nextLink'?: string; 'odata.count'?: number };

const order = salesOrder;

beforeAll(async () => {
  mock = await startB1Mock();
  cookie = await loginB1(mock);
});
afterAll(async () => { await mock.close(); });

describe('demo sales reps', () => {
  it('has three reps at the wholesaler domain, one inactive, the companies shared by the two active ones and one company with none', () => {
    expect(DEMO_SALES_REPS).toHaveLength(3);
    expect(DEMO_SALES_REPS.filter((r) => !r.active)).toHaveLength(1);
    for (const rep of DEMO_SALES_REPS) {
      expect(rep.email).toMatch(/^[a-z]+\.[a-z]+@portal\.cl$/);
      expect(rep.mobile).toMatch(/^9\d{8}$/);
    }
    const active = DEMO_SALES_REPS.filter((r) => r.active);
    expect(active.every((r) => r.cardCodes.length > 0)).toBe(true);
    const companies = DEMO_ACCOUNTS.filter((a) => a.erp).map((a) => a.erp!.cardCode);
    const assigned = DEMO_SALES_REPS.flatMap((r) => r.cardCodes);
    expect(new Set(assigned).size).toBe(assigned.length);
    expect(assigned.every((c) => companies.includes(c))).toBe(true);
    expect(companies.filter((c) => !assigned.includes(c))).toEqual([UNASSIGNED_CARDCODE]);
  });
});

describe('SalesPersons', () => {
  it('lists B1\'s -1 row and the demo reps with every field', async () => {
    const page = await json<Page>(await call('SalesPersons'));
    expect(page.value.map((p) => p.SalesEmployeeCode)).toEqual([-1, 1, 2, 3]);
    expect(page.value[0]).toMatchObject({ SalesEmployeeName: NO_SALES_EMPLOYEE_NAME, Active: 'tYES' });
    const rep = DEMO_SALES_REPS[0]!;
    expect(page.value[1]).toEqual({
      SalesEmployeeCode: rep.code, SalesEmployeeName: rep.name, Active: 'tYES', Locked: 'tNO', Email: rep.email,
      Mobile: rep.mobile, Telephone: null, EmployeeID: null,
    });
  });

  it('reads one by key, $select, and answers -2028 for a code that does not exist', async () => {
    expect(await json(await call('SalesPersons(2)?$select=SalesEmployeeName,Active'))).toEqual({
      'odata.metadata': expect.any(String), SalesEmployeeName: DEMO_SALES_REPS[1]!.name, Active: 'tYES',
    });
    expect(await json(await call('SalesPersons(-1)?$select=SalesEmployeeName'))).toMatchObject({ SalesEmployeeName: NO_SALES_EMPLOYEE_NAME });
    await expectError(await call('SalesPersons(99)'), 404, -2028, /No matching records/);
    await expectError(await call('SalesPersons?$select=Nombre'), 400, -1000, /Nombre/);
  });

  it('filters by Active and pages with nextLink and $inlinecount as the other collections', async () => {
    const active = await json<Page>(await call("SalesPersons?$filter=Active eq 'tYES' and SalesEmployeeCode ge 0&$select=SalesEmployeeCode"));
    expect(active.value).toEqual([{ SalesEmployeeCode: 1 }, { SalesEmployeeCode: 2 }]);
    const first = await json<Page>(await call('SalesPersons?$select=SalesEmployeeCode&$inlinecount=allpages', { headers: { Prefer: 'odata.maxpagesize=2' } }));
    expect(first.value).toEqual([{ SalesEmployeeCode: -1 }, { SalesEmployeeCode: 1 }]);
    expect(Number(first['odata.count'])).toBe(4);
    expect(first['odata.nextLink']).toBeDefined();
    const next = await json<Page>(await call(first['odata.nextLink']!.replace(/^.*?SalesPersons/, 'SalesPersons'), { headers: { Prefer: 'odata.maxpagesize=2' } }));
    expect(next.value).toEqual([{ SalesEmployeeCode: 2 }, { SalesEmployeeCode: 3 }]);
    expect(await json<Page>(await call('SalesPersons?$select=SalesEmployeeCode&$skip=3'))).toMatchObject({ value: [{ SalesEmployeeCode: 3 }] });
  });
});

describe('BusinessPartners.SalesPersonCode', () => {
  it('holds each demo company\'s rep (-1 for the one with none) and filters customers by it', async () => {
    const page = await json<Page>(await call('BusinessPartners?$select=CardCode,SalesPersonCode', { headers: { Prefer: 'odata.maxpagesize=0' } }));
    for (const bp of page.value) expect(bp.SalesPersonCode).toBe(salesPersonCodeOf(bp.CardCode as string));
    expect(page.value.find((bp) => bp.CardCode === UNASSIGNED_CARDCODE)?.SalesPersonCode).toBe(-1);
    const mine = await json<Page>(await call("BusinessPartners?$filter=SalesPersonCode eq 2 and CardType eq 'cCustomer'&$select=CardCode&$orderby=CardCode"));
    expect(mine.value.map((bp) => bp.CardCode)).toEqual([...DEMO_SALES_REPS[1]!.cardCodes].sort());
  });

  it('is changed by PATCH (a reassignment in B1); an unknown or inactive employee is refused and changes nothing', async () => {
    const cardCode = DEMO_SALES_REPS[0]!.cardCodes[0]!;
    await expectError(await call(`BusinessPartners('${cardCode}')`, { method: 'PATCH', json: { SalesPersonCode: 42 } }), 400, -10, /Invalid sales employee code 42/);
    await expectError(await call(`BusinessPartners('${cardCode}')`, { method: 'PATCH', json: { SalesPersonCode: 3 } }), 400, -10, /Sales employee 3 is inactive/);
    expect(await json(await call(`BusinessPartners('${cardCode}')?$select=SalesPersonCode`))).toMatchObject({ SalesPersonCode: 1 });
    expect((await call(`BusinessPartners('${cardCode}')`, { method: 'PATCH', json: { SalesPersonCode: 2 } })).status).toBe(204);
    const of2 = await json<Page>(await call("BusinessPartners?$filter=SalesPersonCode eq 2 and CardType eq 'cCustomer'&$select=CardCode"));
    expect(of2.value.map((bp) => bp.CardCode)).toContain(cardCode);
    expect((await call(`BusinessPartners('${cardCode}')`, { method: 'PATCH', json: { SalesPersonCode: 1 } })).status).toBe(204);
  });

  it('a new partner takes -1 unless it names an employee; a copy of a demo partner keeps its rep', async () => {
    const source = await json(await call('BusinessPartners(\'C76123456\')'));
    const { 'odata.metadata': _m, CurrentAccountBalance: _c, OpenOrdersBalance: _o, ContactEmployees: _ce, ...copy } = source;
    expect((await call('BusinessPartners', { method: 'POST', json: { ...copy, CardCode: 'C99000001' } })).status).toBe(201);
    expect(await json(await call("BusinessPartners('C99000001')?$select=SalesPersonCode"))).toMatchObject({ SalesPersonCode: 1 });
    expect((await call('BusinessPartners', { method: 'POST', json: { CardCode: 'C99000002', CardName: 'Nuevo', FederalTaxID: '99000002-1' } })).status).toBe(201);
    expect(await json(await call("BusinessPartners('C99000002')?$select=SalesPersonCode"))).toMatchObject({ SalesPersonCode: -1 });
  });
});

describe('SalesPersonCode on sales orders', () => {
  it('defaults the header from the partner and is returned on GET', async () => {
    const created = await json<{ DocEntry: number; SalesPersonCode: number }>(await call('Orders', { method: 'POST', json: order('C79012345') }), 201);
    expect(created.SalesPersonCode).toBe(2);
    expect(await json(await call(`Orders(${created.DocEntry})?$select=SalesPersonCode`))).toMatchObject({ SalesPersonCode: 2 });
    const none = await json<{ SalesPersonCode: number }>(await call('Orders', { method: 'POST', json: order(UNASSIGNED_CARDCODE) }), 201);
    expect(none.SalesPersonCode).toBe(-1);
  });

  it('keeps the employee the order names (a rep ordering for another rep\'s customer) and filters orders by it', async () => {
    const created = await json<{ DocEntry: number; SalesPersonCode: number }>(await call('Orders', { method: 'POST', json: order('C79012345', { SalesPersonCode: 1, NumAtCard: 'REP-1' }) }), 201);
    expect(created.SalesPersonCode).toBe(1);
    const page = await json<Page>(await call("Orders?$filter=SalesPersonCode eq 1 and NumAtCard eq 'REP-1'&$select=DocEntry"));
    expect(page.value).toEqual([{ DocEntry: created.DocEntry }]);
  });

  it('refuses an unknown or inactive employee with -10 and creates nothing', async () => {
    const before = mock.journal.length;
    await expectError(await call('Orders', { method: 'POST', json: order('C79012345', { SalesPersonCode: 77 }) }), 400, -10, /Invalid sales employee code 77/);
    await expectError(await call('Orders', { method: 'POST', json: order('C79012345', { SalesPersonCode: 3 }) }), 400, -10, /Sales employee 3 is inactive/);
    expect(mock.journal.length).toBe(before);
  });

  it('a Draft held for approval carries the employee and the Order it becomes keeps it', async () => {
    const res = await call('Orders', { method: 'POST', json: order('C76345678', { SalesPersonCode: 1, NumAtCard: 'REP-DRAFT' }) });
    expect(res.status).toBe(404);
    const draft = mock.data.Drafts.find((d) => d.NumAtCard === 'REP-DRAFT')!;
    expect(draft.SalesPersonCode).toBe(1);
    expect(await json(await call(`Drafts(${draft.DocEntry})?$select=SalesPersonCode`))).toMatchObject({ SalesPersonCode: 1 });
    const outcome = mock.approveDraft(draft.DocEntry);
    expect(outcome.order?.SalesPersonCode).toBe(1);
    await expectError(await call('Orders', { method: 'POST', json: order('C76345678', { SalesPersonCode: 3 }) }), 400, -10, /inactive/);
  });

  it('an invoice copied from the order keeps its employee', async () => {
    const created = await json<{ DocEntry: number }>(await call('Orders', { method: 'POST', json: order('C76123456', { SalesPersonCode: 2 }) }), 201);
    expect(mock.invoiceOrder(created.DocEntry).SalesPersonCode).toBe(2);
  });
});
