// ErpService's sales employees against the B1 stand-in: the list (active only, without B1's -1 row), one by code, the
// customers assigned to one (paged, with the fields a rep's list needs, a reassignment in B1 seen at the next read), a
// customer's own sales employee, the errors, and SalesPersonCode on a sales order written by a rep.
import { startB1Mock, type B1Mock } from '@mocks/b1/server';
import { DEMO_SALES_REPS, UNASSIGNED_CARDCODE } from '@mocks/demo/salesReps';
import { ErpError } from '@server/erp/errors';
import { ErpService, type SalesDocumentState } from '@server/erp/erp.service';
import { buildSalesOrder, type SalesOrderSource } from '@server/erp/salesOrders';
import { MAX_CUSTOMERS_PAGE, SalesPersons } from '@server/erp/salesPersons';
import { ServiceLayerClient } from '@server/erp/serviceLayer';

let mock: B1Mock;
let erp: ErpService;

beforeAll(async () => {
  mock = await startB1Mock();
  const sl = new ServiceLayerClient({ baseUrl: mock.url, company: 'SBODEMOCL', user: 'manager', password: 'manager', timeoutMs: 5_000 });
  erp = new ErpService(sl);
});
afterAll(async () => {
  await mock.close();
});
afterEach(() => {
  mock.resetFaults();
});

const [carolina, martin, rosa] = DEMO_SALES_REPS as [typeof DEMO_SALES_REPS[0], typeof DEMO_SALES_REPS[0], typeof DEMO_SALES_REPS[0]];

async function rejection(promise: Promise<unknown>): Promise<ErpError> {
  const error = await promise.then(() => undefined, (e: unknown) => e);
  expect(error).toBeInstanceOf(ErpError);
  return error as ErpError;
}

describe('sales employees', () => {
  it('lists every employee but B1\'s "no sales employee", or only the active ones', async () => {
    expect(await erp.salesPersons()).toEqual(DEMO_SALES_REPS.map((r) => ({ code: r.code, name: r.name, email: r.email, mobile: r.mobile, active: r.active })));
    expect((await erp.salesPersons({ activeOnly: true })).map((p) => p.code)).toEqual([carolina.code, martin.code]);
  });

  it('reads one by code (an inactive one too); 404 in Spanish for an unknown code and for -1', async () => {
    expect(await erp.salesPerson(rosa.code)).toEqual({ code: rosa.code, name: rosa.name, email: rosa.email, mobile: rosa.mobile, active: false });
    for (const code of [99, -1]) {
      const error = await rejection(erp.salesPerson(code));
      expect(error).toMatchObject({ status: 404, message: 'Vendedor no encontrado en el ERP' });
    }
  });

  it('answers 503 when the ERP is down', async () => {
    mock.setFaults({ errorRate: 1 });
    expect(await rejection(erp.salesPersons())).toMatchObject({ status: 503 });
  });
});

describe('customers of a sales employee', () => {
  it('pages the assigned customers by CardCode with the total and what a rep\'s list shows', async () => {
    const codes = [...martin.cardCodes].sort();
    const first = await erp.customersOfSalesPerson(martin.code, { skip: 0, top: 2 });
    expect(first.total).toBe(codes.length);
    expect(first.customers.map((c) => c.idcliente)).toEqual(codes.slice(0, 2));
    const rest = await erp.customersOfSalesPerson(martin.code, { skip: 2, top: 10 });
    expect(rest.customers.map((c) => c.idcliente)).toEqual(codes.slice(2));
    const all = await erp.customersOfSalesPerson(carolina.code);
    const blocked = all.customers.find((c) => c.idcliente === 'C78456789')!;
    expect(blocked).toEqual({
      idcliente: 'C78456789', rut: '78456789-3', nombre: 'Distribuidora Norte Grande Ltda.', comuna: 'Antofagasta',
      credAprob: 8_000_000, limitecred: expect.any(Number), saldo: expect.any(Number), morosidad: 'Bloqueado por morosidad',
      interes: 'Sin Bloqueo', protesto: 'Sin Bloqueo', prorroga: 'Sin Bloqueo', vendedor: carolina.code,
    });
    const bp = mock.data.BusinessPartners.find((p) => p.CardCode === 'C78456789')!;
    expect(blocked.saldo).toBe(bp.CurrentAccountBalance);
    expect(blocked.limitecred).toBe(Math.max(0, bp.CreditLimit - bp.CurrentAccountBalance - bp.OpenOrdersBalance));
    // the billing commune is the default billing address's (C76234567 has two)
    expect(all.customers.find((c) => c.idcliente === 'C76234567')?.comuna).toBe('Valparaíso');
  });

  it('follows an ERP that answers smaller pages than asked', async () => {
    const small = await startB1Mock({ maxPageSize: 2 });
    try {
      const other = new ErpService(new ServiceLayerClient({ baseUrl: small.url, company: 'SBODEMOCL', user: 'manager', password: 'manager', timeoutMs: 5_000 }));
      const page = await other.customersOfSalesPerson(carolina.code, { top: 5 });
      expect(page.customers.map((c) => c.idcliente)).toEqual([...carolina.cardCodes].sort());
      expect(page.total).toBe(carolina.cardCodes.length);
    } finally {
      await small.close();
    }
  });

  it('asks at most 100 rows a page, from row 0 or later', async () => {
    const get = jest.fn(async () => ({ value: [], 'odata.count': 0 }));
    const reps = new SalesPersons({ get } as unknown as ServiceLayerClient, async () => ({ CardCode: 'C1' }), 100);
    await reps.customers(2, { skip: -5, top: 5000 });
    expect(get).toHaveBeenCalledWith('BusinessPartners', expect.objectContaining({ skip: 0, top: MAX_CUSTOMERS_PAGE, inlinecount: true }), {
      headers: { Prefer: `odata.maxpagesize=${MAX_CUSTOMERS_PAGE}` },
    });
    expect(MAX_CUSTOMERS_PAGE).toBe(100);
  });

  it('sees a reassignment made in B1 at the next read; none for an employee without customers or -1', async () => {
    const cardCode = carolina.cardCodes[0]!;
    expect(await erp.salesPersonOf(cardCode)).toBe(carolina.code);
    mock.data.BusinessPartners.find((p) => p.CardCode === cardCode)!.SalesPersonCode = martin.code;
    try {
      expect(await erp.salesPersonOf(cardCode)).toBe(martin.code);
      expect((await erp.customersOfSalesPerson(martin.code, { top: 100 })).customers.map((c) => c.idcliente)).toContain(cardCode);
      expect((await erp.customersOfSalesPerson(carolina.code, { top: 100 })).customers.map((c) => c.idcliente)).not.toContain(cardCode);
    } finally {
      mock.data.BusinessPartners.find((p) => p.CardCode === cardCode)!.SalesPersonCode = carolina.code;
    }
    expect(await erp.customersOfSalesPerson(rosa.code)).toEqual({ customers: [], total: 0 });
    expect(await erp.customersOfSalesPerson(-1)).toEqual({ customers: [], total: 0 });
  });

  it('a customer without a sales employee has none; 404 for a customer the ERP does not have', async () => {
    expect(await erp.salesPersonOf(UNASSIGNED_CARDCODE)).toBeNull();
    expect(await rejection(erp.salesPersonOf('C00000000'))).toMatchObject({ status: 404, message: 'Cliente no encontrado en el ERP' });
  });
});

describe('a sales order written by a rep', () => {
  it('carries the rep\'s SalesPersonCode, even for a customer of another rep; without one, the customer\'s', async () => {
    const source: SalesOrderSource = {
      purchaseOrderNumber: 'OC-REP-1', orderType: 'ONLINE', cardCode: 'C79012345', paymentMethod: 'CREDIT', deliveryType: 'entrega',
      deliveryAddress: 'CD LO AGUIRRE', deliveryAddressText: 'Ruta 68 km 17', deliveryCommune: 'Pudahuel', deliveryTransport: '0002',
      invoiceAddress: 'CASA MATRIZ', lines: [{ sku: 'POL-1001-M', quantity: 1, price: 10990, priceFinalUnit: 10331, descLinea: 6 }],
    };
    const orderOf = (state: SalesDocumentState) => mock.data.Orders.find((o) => state.kind === 'order' && o.DocEntry === state.docEntry);
    const byRep = await erp.postSalesOrder(buildSalesOrder({ ...source, salesPersonCode: carolina.code }));
    expect(orderOf(byRep)?.SalesPersonCode).toBe(carolina.code);
    const own = await erp.postSalesOrder(buildSalesOrder({ ...source, purchaseOrderNumber: 'OC-REP-2' }));
    expect(orderOf(own)?.SalesPersonCode).toBe(martin.code);
    const refused = await rejection(erp.postSalesOrder(buildSalesOrder({ ...source, purchaseOrderNumber: 'OC-REP-3', salesPersonCode: rosa.code })));
    expect(refused).toMatchObject({ status: 400 });
  });
});
