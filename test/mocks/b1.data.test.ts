// The demo company's dataset: deterministic, consistent, and shaped as the portal's ERP mapping expects.
import { DEMO_ACCOUNTS, LOYALTY_DISCOUNT } from '@mocks/demo/accounts';
import { ACCOUNT_CARDCODE, buildDemoData, categoryTree, REFERENCE_DATE, TECHNOLOGIES } from '@mocks/b1/data';

const data = buildDemoData();
// the seeded purchase history (history.ts); the account company's year of documents is checked in b1.account.test.ts
const history = {
  Invoices: data.Invoices.filter((d) => d.CardCode !== ACCOUNT_CARDCODE),
  CreditNotes: data.CreditNotes.filter((d) => d.CardCode !== ACCOUNT_CARDCODE),
  BusinessPartners: data.BusinessPartners.filter((d) => d.CardCode !== ACCOUNT_CARDCODE),
};
const buyers = DEMO_ACCOUNTS.filter((a) => a.erp);

describe('B1 demo dataset', () => {
  it('is deterministic', () => {
    expect(buildDemoData()).toEqual(data);
    expect(buildDemoData({ catalogueSize: 50 }).Items.slice(-50)).toEqual(buildDemoData({ catalogueSize: 50 }).Items.slice(-50));
  });

  it('has at least 60 styles in a three-level tree, one Item per size', () => {
    const styles = new Set(data.Items.map((i) => i.U_Estilo));
    // the 65 styles of the catalogue and next season's three (b1-purchase-orders.test.ts)
    expect(styles.size).toBe(68);
    expect(data.Items).toHaveLength(287);
    const tree = categoryTree(data.Items);
    expect(Object.keys(tree)).toEqual(['POLERAS', 'PANTALONES', 'CHAQUETAS', 'POLERONES', 'CAMISAS', 'VESTIDOS', 'CALZAS', 'ROPA DE TRABAJO']);
    expect(tree.POLERAS['MANGA CORTA']).toEqual(['CUELLO REDONDO', 'CUELLO V', 'POLO']);
    for (const item of data.Items) {
      expect(item.ItemCode).toBe(`${item.U_Estilo}-${item.U_Talla}`);
      expect(item.QuantityOnStock).toBe(item.ItemWarehouseInfoCollection[0].InStock);
      expect(item.ItemPrices[0]).toEqual({ PriceList: 1, Price: expect.any(Number), Currency: 'CLP' });
      expect(item.ItemPrices[0].Price % 1000).toBe(990);
      expect(item.ItemPrices[0].Price).toBeGreaterThanOrEqual(4990);
      expect(item.ItemPrices[0].Price).toBeLessThanOrEqual(50990);
      expect(['Femenino', 'Masculino', 'Unisex']).toContain(item.U_Genero);
      expect(item.U_DescripcionLarga).toContain('\n');
      expect(item.U_Especificacion).toMatch(/^Composición: .+\nCuidado: /);
      for (const id of item.U_Tecnologias?.split(',') ?? []) expect(TECHNOLOGIES.map((t) => t.id)).toContain(Number(id));
    }
    const polo = data.Items.filter((i) => i.U_Estilo === 'POL-1001').map((i) => [i.ItemCode, i.QuantityOnStock, i.ItemWarehouseInfoCollection[0].Committed]);
    expect(polo).toEqual([['POL-1001-S', 120, 0], ['POL-1001-M', 240, 0], ['POL-1001-L', 180, 0], ['POL-1001-XL', 0, 0]]);
    expect(data.Items.filter((i) => i.U_Estilo === 'VES-6003').every((i) => i.QuantityOnStock === 0)).toBe(true);
    expect(data.Items.find((i) => i.ItemCode === 'PAN-2002-36')!.U_Talla).toBe('36');
    expect(data.Items.filter((i) => i.QuantityOnStock === 0).length).toBeGreaterThan(20);
  });

  it('has one customer per demo buyer with the account data and blocking flags', () => {
    // the customers (the suppliers of the purchase orders follow them: b1-purchase-orders.test.ts)
    expect(data.BusinessPartners.filter((b) => b.CardType === 'cCustomer').map((b) => b.CardCode)).toEqual(buyers.map((a) => a.erp!.cardCode).sort());
    for (const account of buyers) {
      const erp = account.erp!;
      const bp = data.BusinessPartners.find((b) => b.CardCode === erp.cardCode)!;
      expect(bp).toMatchObject({
        CardName: erp.name, CardType: 'cCustomer', FederalTaxID: account.rut.replace(/\./g, ''), EmailAddress: account.email,
        CreditLimit: erp.creditLimit, PriceListNum: 1, Frozen: 'tNO', Valid: 'tYES', U_Giro: erp.giro,
        U_NivelFidelizacion: erp.loyalty, U_DescFidelizacion: LOYALTY_DISCOUNT[erp.loyalty],
      });
      expect(data.PaymentTermsTypes.find((t) => t.GroupNumber === bp.PayTermsGrpCode)!.PaymentTermsGroupName).toBe(erp.paymentTerms);
      const flags = { morosidad: bp.U_Morosidad, interes: bp.U_Interes, protesto: bp.U_Protesto, prorroga: bp.U_Prorroga };
      for (const [flag, value] of Object.entries(flags)) {
        if (erp.blockedBy === flag) expect(value).toMatch(/^Bloqueado por /);
        else expect([null, 'Sin Bloqueo']).toContain(value);
      }
      const bills = bp.BPAddresses.filter((a) => a.AddressType === 'bo_BillTo');
      const ships = bp.BPAddresses.filter((a) => a.AddressType === 'bo_ShipTo');
      expect(bills.length).toBeGreaterThanOrEqual(1);
      expect(bills.length).toBeLessThanOrEqual(2);
      expect(ships.length).toBeGreaterThanOrEqual(1);
      expect(ships.length).toBeLessThanOrEqual(3);
      expect(bills.map((a) => a.AddressName)).toContain(bp.BilltoDefault);
      expect(ships.map((a) => a.AddressName)).toContain(bp.ShipToDefault);
      for (const a of bp.BPAddresses) expect(data.States.find((s) => s.Code === a.State)?.Country).toBe('CL');
    }
    expect(data.BusinessPartners.filter((b) => b.U_Prorroga === null).map((b) => b.CardCode)).toEqual(['C76234567']);
    expect(data.BusinessPartners.find((b) => b.CardCode === 'C78456789')!.U_Morosidad).toBe('Bloqueado por morosidad');
  });

  it('has the reference tables', () => {
    expect(data.States.filter((s) => s.Country === 'CL')).toHaveLength(16);
    expect(data.Countries.map((c) => c.Code)).toEqual(['AR', 'BO', 'CL', 'PE']);
    for (const c of ['AR', 'PE', 'BO']) expect(data.States.filter((s) => s.Country === c).length).toBeGreaterThanOrEqual(3);
    expect(data.U_TRANSPORTE[0]).toEqual({ Code: '0001', Name: 'Retiro por transporte propio' });
    expect(data.U_TRANSPORTE.map((t) => t.Name)).toEqual(expect.arrayContaining(['Starken', 'Chilexpress', 'Blue Express', 'Pullman Cargo']));
    expect(TECHNOLOGIES.map((t) => t.id)).toEqual([1, 2, 3, 4, 5, 6, 7, 8]);
  });

  it('links invoices to orders and credit notes to invoices, with consistent balances', () => {
    for (const inv of history.Invoices) {
      expect(inv.FolioPrefixString).toBe('33');
      const orderEntries = new Set(inv.DocumentLines.map((l) => l.BaseEntry));
      expect(orderEntries.size).toBe(1);
      const order = data.Orders.find((o) => o.DocEntry === inv.DocumentLines[0].BaseEntry)!;
      expect(inv.DocumentLines.every((l) => l.BaseType === 17)).toBe(true);
      expect(order).toMatchObject({ CardCode: inv.CardCode, DocumentStatus: 'bost_Close', Cancelled: 'tNO' });
      expect(inv.DocTotal).toBe(order.DocTotal);
      expect(inv.PaidToDate).toBeLessThanOrEqual(inv.DocTotal);
      expect(inv.DocumentStatus).toBe(inv.PaidToDate === inv.DocTotal ? 'bost_Close' : 'bost_Open');
      expect(inv.DocDate <= REFERENCE_DATE).toBe(true);
    }
    for (const cn of history.CreditNotes) {
      expect(cn.FolioPrefixString).toBe('61');
      const inv = data.Invoices.find((i) => i.DocEntry === cn.DocumentLines[0].BaseEntry)!;
      expect(cn.DocumentLines[0].BaseType).toBe(13);
      expect(inv.CardCode).toBe(cn.CardCode);
    }
    expect(data.CreditNotes.length).toBeGreaterThanOrEqual(4);
    // Every invoice's PaidToDate = its payments + its credit notes.
    for (const inv of history.Invoices) {
      const paid = data.IncomingPayments.flatMap((p) => p.PaymentInvoices).filter((p) => p.InvoiceType === 'it_Invoice' && p.DocEntry === inv.DocEntry).reduce((s, p) => s + p.SumApplied, 0);
      const credited = history.CreditNotes.filter((c) => c.DocumentLines[0].BaseEntry === inv.DocEntry).reduce((s, c) => s + c.DocTotal, 0);
      expect(paid + credited).toBe(inv.PaidToDate);
    }
    for (const bp of history.BusinessPartners) {
      const open = data.Invoices.filter((i) => i.CardCode === bp.CardCode && i.DocumentStatus === 'bost_Open');
      expect(bp.CurrentAccountBalance).toBe(open.reduce((s, i) => s + i.DocTotal - i.PaidToDate, 0));
      const openOrders = data.Orders.filter((o) => o.CardCode === bp.CardCode && o.DocumentStatus === 'bost_Open');
      expect(bp.OpenOrdersBalance).toBe(openOrders.reduce((s, o) => s + o.DocTotal, 0));
    }
  });

  it('gives every active buyer open invoices, some partly paid, and overdue ones to the moroso', () => {
    const open = (card: string) => data.Invoices.filter((i) => i.CardCode === card && i.DocumentStatus === 'bost_Open');
    for (const a of buyers.filter((b) => b.enabled)) expect(open(a.erp!.cardCode).length).toBeGreaterThanOrEqual(1);
    expect(open('C76123456').map((i) => i.DocEntry)).toEqual([13, 19, 28]);
    expect(open('C79012345').filter((i) => i.PaidToDate > 0)).toHaveLength(2);
    expect(open('C78456789').every((i) => i.DocDueDate < REFERENCE_DATE)).toBe(true);
    expect(data.Orders.filter((o) => o.U_TipoVenta === 'Reserva' && o.DocumentStatus === 'bost_Open').map((o) => o.CardCode).sort())
      .toEqual(['C76123456', 'C76678901']);
  });

  it('counts open orders in Committed stock', () => {
    const committedByOrders = new Map<string, number>();
    for (const o of data.Orders.filter((x) => x.DocumentStatus === 'bost_Open')) {
      for (const l of o.DocumentLines) committedByOrders.set(l.ItemCode, (committedByOrders.get(l.ItemCode) ?? 0) + l.Quantity);
    }
    expect(committedByOrders.size).toBeGreaterThan(5);
    for (const [code, qty] of committedByOrders) {
      expect(data.Items.find((i) => i.ItemCode === code)!.ItemWarehouseInfoCollection[0].Committed).toBeGreaterThanOrEqual(qty);
    }
  });

  it('adds exactly catalogueSize generated Items', () => {
    const big = buildDemoData({ catalogueSize: 20000 });
    expect(big.Items).toHaveLength(287 + 20000);
    expect(new Set(big.Items.map((i) => i.ItemCode)).size).toBe(big.Items.length);
    expect(big.Items.slice(0, 287)).toEqual(data.Items);
  });
});
