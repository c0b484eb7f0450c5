// 'Mis clientes' through the API (GET /api/rep/customers, docs/sales-reps.md): the rep's customers as the ERP assigns
// them, searched, sorted and paged by the ERP, with each one's status, credit, overdue balance and last order.
import { users } from '@server/db/schema';
import { eq } from 'drizzle-orm';
import { SERVER_MSG } from '@server/messages';
import type { RepCustomerList } from '@shared/api/reps';
import { chileTodayIso } from '@shared/workingDays';
import { callB1, loginB1 } from '../mocks/b1Client';
import { call, createTestApp, login, type TestApp } from './helpers';

const CAROLINA = '13.579.246-2'; // code 1, clientes asignados
const MARTIN = '14.680.357-1'; // code 2, todos los clientes
const PASSWORD = 'Demo1234';
const CAROLINA_CUSTOMERS = ['C76123456', 'C76234567', 'C76789012', 'C77345678', 'C78456789'];

let t: TestApp;
let carolina: string;
let martin: string;
beforeAll(async () => {
  t = await createTestApp();
  carolina = (await login(t.app, CAROLINA, PASSWORD)).token;
  martin = (await login(t.app, MARTIN, PASSWORD)).token;
}, 60_000);
afterAll(async () => t.close());

async function customers(token: string, query = ''): Promise<RepCustomerList> {
  const answer = await call(t.app, { method: 'GET', url: `/api/rep/customers${query}`, token });
  expect(answer.statusCode).toBe(200);
  return answer.json() as RepCustomerList;
}

/** A B1 collection read straight from the stand-in, every page. */
async function b1Rows<T>(path: string): Promise<T[]> {
  const cookie = await loginB1(t.b1);
  const res = await callB1(t.b1, cookie, path, { headers: { Prefer: 'odata.maxpagesize=0' } });
  expect(res.status).toBe(200);
  return ((await res.json()) as { value: T[] }).value;
}

describe('GET /api/rep/customers', () => {
  it('an assigned-customers rep sees their five customers, by name', async () => {
    const list = await customers(carolina);
    expect(list.total).toBe(5);
    expect(list.message).toBeNull();
    expect(list.rows.map((r) => r.cardCode).sort()).toEqual(CAROLINA_CUSTOMERS);
    const names = list.rows.map((r) => r.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, 'es')));
    expect(list.rows.find((r) => r.cardCode === 'C76123456')).toMatchObject({ name: 'Comercial Los Andes SpA', rut: '76.123.456-0', blocked: false, blockedReasons: [] });
  });

  it('an all-customers rep sees every customer of the ERP', async () => {
    const list = await customers(martin, '?pageSize=100');
    const partners = await b1Rows<{ CardCode: string }>(`BusinessPartners?$select=CardCode&$filter=CardType eq 'cCustomer'`);
    expect(list.total).toBe(partners.length);
    expect(list.rows.map((r) => r.cardCode).sort()).toEqual(partners.map((p) => p.CardCode).sort());
    expect(list.rows.map((r) => r.cardCode)).toEqual(expect.arrayContaining(['C76123456', 'C77890123', 'C76678901']));
  });

  it('searches the name (any case), the rut with or without dots and the CardCode', async () => {
    expect((await customers(carolina, '?q=los%20andes')).rows.map((r) => r.cardCode)).toEqual(['C76123456']);
    expect((await customers(carolina, '?q=76.123.456')).rows.map((r) => r.cardCode)).toEqual(['C76123456']);
    expect((await customers(carolina, '?q=77345678')).rows.map((r) => r.cardCode)).toEqual(['C77345678']);
    expect((await customers(carolina, '?q=c76789')).rows.map((r) => r.cardCode)).toEqual(['C76789012']);
    // a quote is a character like any other (the OData literal doubles it), not the end of the filter
    expect(await customers(carolina, "?q=O'Higgins")).toMatchObject({ rows: [], total: 0 });
    // another rep's customer is not found by an assigned-customers rep, and is by an all-customers one
    expect(await customers(carolina, '?q=La%20Serena')).toMatchObject({ rows: [], total: 0 });
    expect((await customers(martin, '?q=La%20Serena')).rows.map((r) => r.cardCode)).toEqual(['C77890123']);
  });

  it('sorts by name, rut, comuna and credit both ways, and pages', async () => {
    const byCredit = (await customers(carolina, '?sort=credit&dir=desc')).rows.map((r) => r.creditLimit);
    expect(byCredit).toEqual([...byCredit].sort((a, b) => b - a));
    const byRut = (await customers(carolina, '?sort=rut')).rows.map((r) => r.rut.replace(/\./g, ''));
    expect(byRut).toEqual([...byRut].sort());
    const byComuna = (await customers(carolina, '?sort=comuna&dir=desc')).rows.map((r) => r.comuna.toLowerCase());
    expect(byComuna).toEqual([...byComuna].sort().reverse());
    const byName = (await customers(carolina, '?sort=name&dir=desc')).rows.map((r) => r.name);
    expect(byName).toEqual([...byName].sort((a, b) => b.localeCompare(a, 'es')));

    const first = await customers(carolina, '?pageSize=2&page=0');
    const second = await customers(carolina, '?pageSize=2&page=1');
    const third = await customers(carolina, '?pageSize=2&page=2');
    expect([first.total, second.total, third.total]).toEqual([5, 5, 5]);
    expect([first.rows.length, second.rows.length, third.rows.length]).toEqual([2, 2, 1]);
    expect([...first.rows, ...second.rows, ...third.rows].map((r) => r.cardCode).sort()).toEqual(CAROLINA_CUSTOMERS);
    expect(second).toMatchObject({ page: 1, pageSize: 2 });
  });

  it('refuses a sort it does not know and a page too large', async () => {
    expect((await call(t.app, { method: 'GET', url: '/api/rep/customers?sort=saldo', token: carolina })).statusCode).toBe(400);
    expect((await call(t.app, { method: 'GET', url: '/api/rep/customers?pageSize=101', token: carolina })).statusCode).toBe(400);
  });

  it('shows a blocked customer blocked, with the ERP’s reason', async () => {
    const norte = (await customers(carolina, '?q=C78456789')).rows[0]!;
    expect(norte.blocked).toBe(true);
    expect(norte.blockedReasons).toEqual(['Bloqueado por morosidad']);
  });

  it('reads credit, overdue balance and last order as the ERP holds them', async () => {
    const list = await customers(carolina);
    const today = chileTodayIso();
    for (const row of list.rows) {
      const [partner] = await b1Rows<{ CreditLimit: number }>(`BusinessPartners?$select=CreditLimit&$filter=CardCode eq '${row.cardCode}'`);
      expect(row.creditLimit).toBe(partner!.CreditLimit);
      const invoices = await b1Rows<{ DocTotal: number; PaidToDate: number; DocDueDate: string; DocumentStatus: string; Cancelled: string }>(
        `Invoices?$select=DocTotal,PaidToDate,DocDueDate,DocumentStatus,Cancelled&$filter=CardCode eq '${row.cardCode}'`,
      );
      const overdue = invoices
        .filter((i) => i.DocumentStatus === 'bost_Open' && i.Cancelled === 'tNO' && i.DocDueDate.slice(0, 10) < today)
        .reduce((sum, i) => sum + Math.max(0, Math.round(i.DocTotal - i.PaidToDate)), 0);
      expect(row.overdue).toBe(overdue);
      const orders = await b1Rows<{ DocEntry: number; DocNum: number; DocDate: string; DocTotal: number; Cancelled: string }>(
        `Orders?$select=DocEntry,DocNum,DocDate,DocTotal,Cancelled&$filter=CardCode eq '${row.cardCode}'`,
      );
      const newest = orders
        .filter((o) => o.Cancelled === 'tNO')
        .sort((a, b) => b.DocDate.localeCompare(a.DocDate) || b.DocEntry - a.DocEntry)[0];
      expect(row.lastOrder).toEqual(newest ? { docNum: newest.DocNum, date: newest.DocDate.slice(0, 10), total: Math.round(newest.DocTotal) } : null);
    }
    // the demo history gives these customers orders and some overdue invoices: the figures above are not all empty
    expect(list.rows.some((r) => r.lastOrder !== null)).toBe(true);
    expect(list.rows.some((r) => r.overdue > 0)).toBe(true);
  });

  it('a rep without an ERP sales employee gets an empty list that says why', async () => {
    const [rep] = await t.database.db.select().from(users).where(eq(users.username, CAROLINA));
    await t.database.db.update(users).set({ salesPersonCode: null }).where(eq(users.id, rep!.id));
    t.app.forgetSession(rep!.id);
    try {
      const fresh = (await login(t.app, CAROLINA, PASSWORD)).token;
      expect(await customers(fresh)).toMatchObject({ rows: [], total: 0, message: SERVER_MSG.repWithoutSalesPerson });
    } finally {
      await t.database.db.update(users).set({ salesPersonCode: 1 }).where(eq(users.id, rep!.id));
      t.app.forgetSession(rep!.id);
    }
  });

  it('a buyer or an admin is refused', async () => {
    const buyer = await login(t.app, '76.123.456-0', PASSWORD);
    expect((await call(t.app, { method: 'GET', url: '/api/rep/customers', token: buyer.token })).statusCode).toBe(403);
    const admin = await login(t.app, '22.222.222-2', 'Admin1234');
    expect((await call(t.app, { method: 'GET', url: '/api/rep/customers', token: admin.token })).statusCode).toBe(403);
  });
});
