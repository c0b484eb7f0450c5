// The pure mapping from ERP entities to the portal's shapes, on the stand-in's seeded demo data (the same rows
// the ERP stand-in serves), with the exact values a buyer sees.
import { buildDemoData } from '@mocks/b1/data';
import { B1Store } from '@mocks/b1/store';
import type { B1Document as StandInDocument } from '@mocks/b1/types';
import type { B1BusinessPartner, B1ContactEmployee, B1Document, B1Item } from '@server/erp/b1Types';
import {
  availableCredit,
  availableStock,
  warehouseFigures,
  blockingFlag,
  compareSizes,
  contactName,
  toContactLine,
  toContactPerson,
  isBlocked,
  regionKey,
  toCatalogueItems,
  toCatalogueTree,
  toCustomerPatch,
  toCustomerProfile,
  toHistoryHeader,
  toHistoryLine,
  toItemRecord,
  toPendingDocument,
  toProductDetail,
  type ReferenceNames,
} from '@server/erp/mapping';
import { buildSalesOrder, type SalesOrderSource } from '@server/erp/salesOrders';

const data = buildDemoData();
const partner = (cardCode: string) => data.BusinessPartners.find((bp) => bp.CardCode === cardCode) as unknown as B1BusinessPartner;
const items = data.Items as unknown as B1Item[];
const names: ReferenceNames = {
  paymentTerms: new Map(data.PaymentTermsTypes.map((t) => [t.GroupNumber, t.PaymentTermsGroupName])),
  countries: new Map(data.Countries.map((c) => [c.Code, c.Name])),
  regions: new Map(data.States.map((s) => [regionKey(s.Country, s.Code), s.Name])),
};

/** Credit limit less what the buyer owes on open invoices and has in open orders, from the documents themselves. */
function expectedAvailableCredit(cardCode: string): number {
  const owed = data.Invoices.filter((d) => d.CardCode === cardCode && d.DocumentStatus === 'bost_Open').reduce((s, d) => s + d.DocTotal - d.PaidToDate, 0);
  const ordered = data.Orders.filter((d) => d.CardCode === cardCode && d.DocumentStatus === 'bost_Open' && d.Cancelled === 'tNO').reduce((s, d) => s + d.DocTotal, 0);
  return partner(cardCode).CreditLimit! - owed - ordered;
}

describe('customer profile', () => {
  it('seeds a demo buyer whose available credit is well inside its limit (so the test below checks real arithmetic)', () => {
    const bp = partner('C76123456');
    expect(bp.CurrentAccountBalance).toBeGreaterThan(0);
    expect(bp.OpenOrdersBalance).toBeGreaterThan(0);
    expect(expectedAvailableCredit('C76123456')).toBeGreaterThan(0);
    expect(expectedAvailableCredit('C76123456')).toBeLessThan(15_000_000);
  });

  it('maps the demo buyer 76123456-0 (C76123456) field by field', () => {
    const profile = toCustomerProfile(partner('C76123456'), names);
    expect(profile).toEqual({
      idcliente: 'C76123456',
      rut: '76123456-0',
      nombre: 'Comercial Los Andes SpA',
      giro: 'Venta al por mayor de vestuario',
      mail: 'compras@comerciallosandess.cl',
      telefono: '222345678',
      condpago: '30 días',
      credAprob: 15_000_000,
      limitecred: expectedAvailableCredit('C76123456'),
      descFidel: 6,
      fidelizacion: 'Gold',
      morosidad: 'Sin Bloqueo',
      interes: 'Sin Bloqueo',
      protesto: 'Sin Bloqueo',
      prorroga: 'Sin Bloqueo',
      factura: [
        { idfactura: 'CASA MATRIZ', direccion: 'Av. Providencia 1234, Of. 501', comuna: 'Providencia', idregion: 'RM', region: 'Metropolitana de Santiago', idpais: 'CL', pais: 'Chile', predeterminado: 'Y' },
      ],
      despacho: [
        { iddespacho: 'BODEGA QUILICURA', direccion: 'Av. Américo Vespucio 1501, Bodega 12', comuna: 'Quilicura', idregion: 'RM', region: 'Metropolitana de Santiago', idpais: 'CL', pais: 'Chile' },
        { iddespacho: 'TIENDA LOS ANDES', direccion: 'Av. Santa Teresa 350', comuna: 'Los Andes', idregion: 'V', region: 'Valparaíso', idpais: 'CL', pais: 'Chile' },
      ],
    });
    expect(isBlocked(profile)).toBe(false);
  });

  it('marks only the default billing address as predeterminado Y', () => {
    const profile = toCustomerProfile(partner('C76234567'), names);
    expect(profile.factura.map((f) => [f.idfactura, f.predeterminado])).toEqual([['CASA MATRIZ', 'Y'], ['SUCURSAL VIÑA', 'N']]);
    expect(profile.condpago).toBe('Cheque');
    expect(profile.fidelizacion).toBe('Silver');
    expect(profile.descFidel).toBe(4);
  });

  it('reads each of the four blocking flags, and an undefined prórroga does not block', () => {
    const flags = (cardCode: string) => {
      const p = toCustomerProfile(partner(cardCode), names);
      return [p.morosidad, p.interes, p.protesto, p.prorroga, isBlocked(p)];
    };
    expect(flags('C78456789')).toEqual(['Bloqueado por morosidad', 'Sin Bloqueo', 'Sin Bloqueo', 'Sin Bloqueo', true]);
    expect(flags('C76789012')).toEqual(['Sin Bloqueo', 'Bloqueado por interés', 'Sin Bloqueo', 'Sin Bloqueo', true]);
    expect(flags('C77890123')).toEqual(['Sin Bloqueo', 'Sin Bloqueo', 'Bloqueado por protesto', 'Sin Bloqueo', true]);
    expect(flags('C78901234')).toEqual(['Sin Bloqueo', 'Sin Bloqueo', 'Sin Bloqueo', 'Bloqueado por prórroga', true]);
    // C76234567 has U_Prorroga null in the ERP
    expect(partner('C76234567').U_Prorroga).toBeNull();
    expect(flags('C76234567')).toEqual(['Sin Bloqueo', 'Sin Bloqueo', 'Sin Bloqueo', 'Sin Bloqueo', false]);
    expect(blockingFlag(undefined)).toBe('Sin Bloqueo');
    expect(blockingFlag('  ')).toBe('Sin Bloqueo');
  });

  it('never gives a negative available credit, and a zero limit stays zero', () => {
    expect(availableCredit({ CreditLimit: 1_000_000, CurrentAccountBalance: 900_000, OpenOrdersBalance: 300_000 })).toBe(0);
    expect(availableCredit({ CreditLimit: 1_000_000, CurrentAccountBalance: 250_000, OpenOrdersBalance: 100_000 })).toBe(650_000);
    const noCredit = toCustomerProfile(partner('C77345678'), names);
    expect([noCredit.credAprob, noCredit.limitecred, noCredit.condpago, noCredit.fidelizacion, noCredit.descFidel]).toEqual([0, 0, 'Contado', 'Bronce', 2]);
  });

  it('builds the update PATCH: UDF giro, e-mail, phone, and addresses merged by name (new ones get a free name)', () => {
    const bp = partner('C76123456');
    const patch = toCustomerPatch(
      {
        giro: 'Venta de vestuario',
        mail: 'nuevo@losandes.cl',
        telefono: '223334444',
        direcciones: [
          { iddespacho: 'TIENDA LOS ANDES', addressType: 'S', direccion: 'Esmeralda 100', comuna: 'Los Andes', region: 'V', pais: 'CL' },
          { addressType: 'S', direccion: 'Camino Nuevo 1', comuna: 'Colina', region: 'RM', pais: 'CL' },
          { iddespacho: 'CASA MATRIZ', addressType: 'B', direccion: 'Av. Apoquindo 3000', comuna: 'Las Condes', region: 'RM', pais: 'CL' },
        ],
      },
      bp.BPAddresses,
    );
    expect(patch).toEqual({
      U_Giro: 'Venta de vestuario',
      EmailAddress: 'nuevo@losandes.cl',
      Phone1: '223334444',
      BPAddresses: [
        { AddressName: 'TIENDA LOS ANDES', AddressType: 'bo_ShipTo', RowNum: 2, Street: 'Esmeralda 100', City: 'Los Andes', State: 'V', Country: 'CL' },
        { AddressName: 'DESPACHO 1', AddressType: 'bo_ShipTo', Street: 'Camino Nuevo 1', City: 'Colina', State: 'RM', Country: 'CL' },
        { AddressName: 'CASA MATRIZ', AddressType: 'bo_BillTo', RowNum: 0, Street: 'Av. Apoquindo 3000', City: 'Las Condes', State: 'RM', Country: 'CL' },
      ],
    });
    expect(toCustomerPatch({})).toEqual({});
  });
});

describe('items, stock and catalogue', () => {
  const style = (code: string) => items.filter((i) => i.U_Estilo === code).map((i) => toItemRecord(i));

  it('computes stock available now as InStock − Committed of warehouse 01, never below 0; what is on order and sold beyond stock apart', () => {
    const line = (InStock: number, Committed: number, Ordered: number) => ({ ItemWarehouseInfoCollection: [{ WarehouseCode: '01', InStock, Committed, Ordered }] });
    expect(availableStock(line(100, 30, 12))).toBe(70);
    expect(warehouseFigures(line(100, 30, 12))).toEqual({ stock: 70, ordered: 12, backlog: 0 });
    // sold out with a purchase on the way: nothing now, 60 por llegar
    expect(warehouseFigures(line(0, 0, 60))).toEqual({ stock: 0, ordered: 60, backlog: 0 });
    // sold 15 beyond the stock: they take the first 15 that arrive
    expect(warehouseFigures(line(10, 25, 40))).toEqual({ stock: 0, ordered: 40, backlog: 15 });
    expect(availableStock({ ItemWarehouseInfoCollection: [{ WarehouseCode: '01', InStock: 5, Committed: 0, Ordered: 0 }, { WarehouseCode: '02', InStock: 50, Committed: 0, Ordered: 0 }] })).toBe(5);
    expect(availableStock({ ItemWarehouseInfoCollection: [{ WarehouseCode: '01', InStock: 5, Committed: 0, Ordered: 0 }, { WarehouseCode: '02', InStock: 50, Committed: 1, Ordered: 0 }] }, null)).toBe(54);
    expect(availableStock({ QuantityOnStock: 7 })).toBe(7);
  });

  it('maps the sizes of style POL-1001 with their fixed stock and list price', () => {
    const sizes = style('POL-1001');
    expect(sizes.map((s) => [s.itemCode, s.size, s.stock])).toEqual([['POL-1001-S', 'S', 120], ['POL-1001-M', 'M', 240], ['POL-1001-L', 'L', 180], ['POL-1001-XL', 'XL', 0]]);
    const price = items.find((i) => i.ItemCode === 'POL-1001-S')!.ItemPrices![0].Price;
    expect(sizes.every((s) => s.listPrice === price && s.listPrice > 0)).toBe(true);
    expect(sizes[0]).toMatchObject({ style: 'POL-1001', styleName: 'Polera Básica Algodón', colour: 'Blanco', gender: 'Unisex', category: 'POLERAS', subcategory: 'MANGA CORTA', level3: 'CUELLO REDONDO', technologies: [] });
    // sold out, 60 on the way: none now, 60 on order (stock por llegar)
    expect(style('CHA-3003').find((s) => s.size === 'XS')).toMatchObject({ stock: 0, ordered: 60, backlog: 0 });
  });

  it('lists one catalogue row per style, stock summed over its sizes', () => {
    const records = items.map((i) => toItemRecord(i));
    const rows = toCatalogueItems(records, (sku) => `/api/images/${sku}`);
    expect(rows).toHaveLength(68);
    const pol = rows.find((r) => r.sku === 'POL-1001')!;
    expect(pol).toEqual({
      sku: 'POL-1001', descripcion: 'Polera Básica Algodón', genero: 'Unisex', stock: 540, preciolista: style('POL-1001')[0].listPrice,
      preciolistaHasta: style('POL-1001')[0].listPrice,
      categoria: 'POLERAS', tipo: 'MANGA CORTA', variante: 'CUELLO REDONDO', urlImage: '/api/images/POL-1001',
    });
    expect(rows.find((r) => r.sku === 'VES-6003')!.stock).toBe(0);
    // POL-1002's XXL costs 1 000 more than its other sizes: the row is priced from the cheapest, up to the dearest
    expect(rows.find((r) => r.sku === 'POL-1002')).toMatchObject({ preciolista: 4990, preciolistaHasta: 5990 });
  });

  it('builds the three-level catalogue tree, sorted, without duplicates', () => {
    const tree = toCatalogueTree(items.map((i) => toItemRecord(i)));
    expect(tree.categorias.map((c) => c.descr)).toEqual(['CALZAS', 'CAMISAS', 'CHAQUETAS', 'PANTALONES', 'POLERAS', 'POLERONES', 'ROPA DE TRABAJO', 'VESTIDOS']);
    const poleras = tree.categorias.find((c) => c.descr === 'POLERAS')!;
    const mangaCorta = poleras.subcategorias.find((s) => s.descr === 'MANGA CORTA')!;
    expect(mangaCorta.nivel3.map((n) => n.descr)).toContain('CUELLO REDONDO');
    const all = tree.categorias.flatMap((c) => c.subcategorias.flatMap((s) => s.nivel3.map((n) => `${c.descr}/${s.descr}/${n.descr}`)));
    expect(new Set(all).size).toBe(all.length);
  });

  it('orders sizes as garments are ordered', () => {
    expect(['XL', 'S', 'XXL', 'M', 'XS', 'L'].sort(compareSizes)).toEqual(['XS', 'S', 'M', 'L', 'XL', 'XXL']);
    expect(['46', '38', '42'].sort(compareSizes)).toEqual(['38', '42', '46']);
  });

  it('builds the product detail with variants, technologies and the portal offer', () => {
    const sizes = items.filter((i) => i.U_Estilo === 'POL-1001').map((i) => ({ ...toItemRecord(i), listPrice: 10_000, technologies: ['1', '4'] }));
    const detail = toProductDetail(sizes, (sku) => (sku === 'POL-1001-M' ? { descuento: 15 } : undefined));
    expect(detail).toMatchObject({ nombre: 'Polera Básica Algodón', precio: 10_000, precioOferta: 8_500, descuento: 15, tecnologias: [{ idtecnologia: '1' }, { idtecnologia: '4' }] });
    expect(detail.descr).toBe(sizes[0].longDescription);
    expect(detail.especificacion).toContain('Composición: 100% algodón peinado, 180 g/m²\nCuidado:');
    expect(detail.relacionados).toEqual([
      { sku: 'POL-1001-S', talla: 'S', stock: 120, preciolista: 10_000, precioOferta: 0, descuento: 0, descripcion: 'Polera Básica Algodón Blanco T-S' },
      { sku: 'POL-1001-M', talla: 'M', stock: 240, preciolista: 10_000, precioOferta: 8_500, descuento: 15, descripcion: 'Polera Básica Algodón Blanco T-M' },
      { sku: 'POL-1001-L', talla: 'L', stock: 180, preciolista: 10_000, precioOferta: 0, descuento: 0, descripcion: 'Polera Básica Algodón Blanco T-L' },
      { sku: 'POL-1001-XL', talla: 'XL', stock: 0, preciolista: 10_000, precioOferta: 0, descuento: 0, descripcion: 'Polera Básica Algodón Blanco T-XL' },
    ]);
    // a style-wide offer applies to every size; an explicit offer price wins over the computed one
    const styleWide = toProductDetail(sizes, (sku) => (sku === 'POL-1001' ? { descuento: 10, precioOferta: 8_990 } : undefined));
    expect(styleWide.relacionados.map((r) => r.precioOferta)).toEqual([8_990, 8_990, 8_990, 8_990]);
    expect(toProductDetail(sizes)).toMatchObject({ precioOferta: 0, descuento: 0 });
  });
});

describe('documents', () => {
  const docs = (set: B1Document[] | unknown[], cardCode: string) => (set as B1Document[]).filter((d) => d.CardCode === cardCode);

  it('maps open invoices to pending documents with the DTE folio and the balance left', () => {
    const raw = docs(data.Invoices, 'C76123456').filter((d) => d.DocumentStatus === 'bost_Open');
    const open = raw.map(toPendingDocument);
    expect(open.map((d) => [d.folio, d.fecha, d.docEntry])).toEqual([['10413', '2026-08-12', 13], ['10419', '2026-08-28', 19], ['10428', '2026-09-13', 28]]);
    expect(open.map((d) => d.totalBruto)).toEqual(raw.map((d) => d.DocTotal));
    // two unpaid, one partly paid
    expect(open.map((d) => d.saldoaPagar)).toEqual(raw.map((d) => d.DocTotal! - d.PaidToDate!));
    expect(open[0].saldoaPagar).toBe(open[0].totalBruto);
    expect(open[2].saldoaPagar).toBeLessThan(open[2].totalBruto);
    expect(open[2].saldoaPagar).toBeGreaterThan(0);
    expect(toPendingDocument({ DocEntry: 9, DocNum: 7009, DocDate: '2026-10-01T00:00:00Z', DocTotal: 119_000, PaidToDate: 19_000, FolioNumber: null }))
      .toEqual({ folio: '7009', fecha: '2026-10-01', totalBruto: 119_000, saldoaPagar: 100_000, docEntry: 9 });
  });

  it('links an order to its invoice, credit note and DTE; open and cancelled orders have none', () => {
    const invoices = docs(data.Invoices, 'C76123456');
    const creditNotes = docs(data.CreditNotes, 'C76123456');
    const orders = docs(data.Orders, 'C76123456');
    const header = (docEntry: number) => toHistoryHeader(orders.find((o) => o.DocEntry === docEntry)!, invoices, creditNotes);
    expect(header(1)).toEqual({
      docEntry: 1, numPedido: '5001', fecha: '2026-06-07', tipoRetiro: 'Despacho', entrega: '0', estado: 'Cerrado',
      numFactura: '7001', numNotaCredito: '801', dte: '10401', ordenPortal: '',
    });
    expect(header(3)).toMatchObject({ numFactura: '7003', numNotaCredito: '0', dte: '10403' });
    expect(header(34)).toMatchObject({ estado: 'Cancelado', numFactura: '0', numNotaCredito: '0', dte: '0' });
    expect(header(45)).toMatchObject({ numPedido: '5045', estado: 'Abierto', numFactura: '0', dte: '0' });
    // a NumAtCard in the portal's order-number form names its portal order; anything else is none
    const withReference = (numAtCard: string | null) => toHistoryHeader({ ...orders[0]!, NumAtCard: numAtCard }, invoices, creditNotes).ordenPortal;
    expect(withReference('oc000042 ')).toBe('OC000042');
    expect(withReference('RE000007')).toBe('RE000007');
    expect(withReference('OC42')).toBe('');
    expect(withReference('Orden 5531 del cliente')).toBe('');
    expect(withReference(null)).toBe('');
  });

  it('maps order lines', () => {
    const order = docs(data.Orders, 'C76123456').find((o) => o.DocEntry === 1)!;
    const line = order.DocumentLines![0];
    expect(toHistoryLine(line)).toEqual({ lineNum: 0, itemCode: line.ItemCode, descripcion: line.ItemDescription, cantidad: line.Quantity, totalNeto: line.LineTotal });
    expect(line.LineTotal).toBeGreaterThan(0);
  });
});

describe('contact persons', () => {
  it('maps a contact of the demo showcase company field by field', () => {
    const contact = partner('C76123456').ContactEmployees![1] as B1ContactEmployee;
    expect(toContactPerson(contact)).toEqual({
      code: 2, name: 'Camila Rojas Pizarro', firstName: 'Camila', lastName: 'Rojas Pizarro', email: 'camila.rojas@comerciallosandess.cl',
      phone: contact.MobilePhone, position: 'Asistente de compras', rut: '18901234-9', active: true,
    });
    expect(toContactPerson({ InternalCode: 9, Name: 'Solo Nombre', Active: 'tNO' })).toEqual({
      code: 9, name: 'Solo Nombre', firstName: '', lastName: '', email: '', phone: '', position: '', rut: '', active: false,
    });
  });

  it('makes a Name of at most 50 characters that no other contact of the partner has, ignoring case', () => {
    expect(contactName(' Ana ', ' Pérez  Soto ', [])).toBe('Ana Pérez Soto');
    expect(contactName('Ana', 'Pérez Soto', ['ANA PÉREZ SOTO'])).toBe('Ana Pérez Soto (2)');
    expect(contactName('Ana', 'Pérez Soto', ['Ana Pérez Soto', 'ana pérez soto (2)'])).toBe('Ana Pérez Soto (3)');
    const long = contactName('María José Antonieta', 'de la Fuente Larraín-Errázuriz Ovalle', []);
    expect(long).toHaveLength(50);
    const second = contactName('María José Antonieta', 'de la Fuente Larraín-Errázuriz Ovalle', [long]);
    expect(second.length).toBeLessThanOrEqual(50);
    expect(second.endsWith(' (2)')).toBe(true);
  });

  it('builds a ContactEmployees line with only the fields given: rut compact, empty texts as null, Active as tYES/tNO', () => {
    expect(toContactLine({ firstName: ' Ana ', lastName: 'Pérez', email: ' ana@x.cl ', phone: '', rut: '14.567.891-9', active: true }, 'Ana Pérez')).toEqual({
      Name: 'Ana Pérez', FirstName: 'Ana', LastName: 'Pérez', E_Mail: 'ana@x.cl', MobilePhone: null, U_RutPersona: '14567891-9', Active: 'tYES',
    });
    expect(toContactLine({ active: false })).toEqual({ Active: 'tNO' });
    expect(toContactLine({ position: 'Jefa', rut: '' })).toEqual({ Position: 'Jefa', U_RutPersona: null });
  });
});

describe('sales order: who ordered', () => {
  const source: SalesOrderSource = {
    purchaseOrderNumber: 'OC000901', orderType: 'ONLINE', cardCode: 'C76123456', paymentMethod: 'CREDIT', deliveryType: 'entrega',
    deliveryAddress: 'BODEGA QUILICURA', deliveryAddressText: 'Av. Américo Vespucio 1501', deliveryCommune: 'Quilicura', deliveryTransport: '0002',
    invoiceAddress: 'CASA MATRIZ', lines: [{ sku: 'POL-1001-M', quantity: 2, price: 10990, priceFinalUnit: 10331, descLinea: 6 }],
  };
  const NOW = new Date('2026-11-20T15:00:00Z');

  it('sends ContactPersonCode when the order names a contact person, and nothing when it does not', () => {
    expect(buildSalesOrder({ ...source, contactPersonCode: 3 }, NOW).ContactPersonCode).toBe(3);
    expect(buildSalesOrder({ ...source, contactPersonCode: 3, orderType: 'RESERVE' }, NOW).ContactPersonCode).toBe(3);
    expect('ContactPersonCode' in buildSalesOrder(source, NOW)).toBe(false);
    expect('ContactPersonCode' in buildSalesOrder({ ...source, contactPersonCode: null }, NOW)).toBe(false);
    // the rest of the document is the same with or without it
    const { ContactPersonCode: _, ...rest } = buildSalesOrder({ ...source, contactPersonCode: 3 }, NOW);
    expect(rest).toEqual(buildSalesOrder(source, NOW));
  });

  it('the stand-in keeps the contact on the order, and refuses one of another customer', () => {
    const store = new B1Store(buildDemoData());
    const doc = store.create('Orders', buildSalesOrder({ ...source, contactPersonCode: 2 }, NOW)).entity as StandInDocument;
    expect(doc.ContactPersonCode).toBe(2);
    expect(() => store.create('Orders', buildSalesOrder({ ...source, purchaseOrderNumber: 'OC000902', contactPersonCode: 5 }, NOW)))
      .toThrow('Invalid contact person');
  });

  it('sends SalesPersonCode when a rep wrote the order, and nothing otherwise (the ERP then takes the customer\'s)', () => {
    expect(buildSalesOrder({ ...source, salesPersonCode: 2 }, NOW).SalesPersonCode).toBe(2);
    expect(buildSalesOrder({ ...source, salesPersonCode: 2, orderType: 'RESERVE' }, NOW).SalesPersonCode).toBe(2);
    expect('SalesPersonCode' in buildSalesOrder(source, NOW)).toBe(false);
    expect('SalesPersonCode' in buildSalesOrder({ ...source, salesPersonCode: null }, NOW)).toBe(false);
    const { SalesPersonCode: _, ...rest } = buildSalesOrder({ ...source, salesPersonCode: 2 }, NOW);
    expect(rest).toEqual(buildSalesOrder(source, NOW));
  });

  it('the stand-in keeps the rep on the order, takes the customer\'s without one, and refuses an inactive one', () => {
    const store = new B1Store(buildDemoData());
    expect((store.create('Orders', buildSalesOrder({ ...source, salesPersonCode: 2 }, NOW)).entity as StandInDocument).SalesPersonCode).toBe(2);
    expect((store.create('Orders', buildSalesOrder({ ...source, purchaseOrderNumber: 'OC000903' }, NOW)).entity as StandInDocument).SalesPersonCode).toBe(1);
    expect(() => store.create('Orders', buildSalesOrder({ ...source, purchaseOrderNumber: 'OC000904', salesPersonCode: 3 }, NOW)))
      .toThrow('Sales employee 3 is inactive');
  });
});
