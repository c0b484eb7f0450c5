// ErpService against the B1 stand-in: what the API gets for the demo buyers.
import { startB1Mock, type B1Mock } from '@mocks/b1/server';
import type { B1Data } from '@mocks/b1/types';
import { ErpError } from '@server/erp/errors';
import { ErpService } from '@server/erp/erp.service';
import { ServiceLayerClient } from '@server/erp/serviceLayer';

let mock: B1Mock;
let erp: ErpService;
let sl: ServiceLayerClient;
let data: B1Data;

beforeAll(async () => {
  mock = await startB1Mock();
  data = mock.data as B1Data;
  sl = new ServiceLayerClient({ baseUrl: mock.url, company: 'SBODEMOCL', user: 'manager', password: 'manager', timeoutMs: 5_000 });
  erp = new ErpService(sl, { pageSize: 50 });
});

afterAll(async () => {
  await sl.logout();
  await mock.close();
});

afterEach(() => {
  mock.setFaults({ errorRate: 0, refuse: false, hang: false, expireSessions: false });
});

describe('customers', () => {
  it('finds the demo buyer by rut, with or without dots', async () => {
    const plain = await erp.getCustomerByRut('76123456-0');
    const dotted = await erp.getCustomerByRut('76.123.456-0');
    expect(plain).toEqual(dotted);
    expect(plain).toMatchObject({
      idcliente: 'C76123456', rut: '76123456-0', nombre: 'Comercial Los Andes SpA', giro: 'Venta al por mayor de vestuario',
      telefono: '222345678', condpago: '30 días', credAprob: 15_000_000, descFidel: 6, fidelizacion: 'Gold',
      morosidad: 'Sin Bloqueo', interes: 'Sin Bloqueo', protesto: 'Sin Bloqueo', prorroga: 'Sin Bloqueo',
    });
    const bp = data.BusinessPartners.find((b) => b.CardCode === 'C76123456')!;
    expect(plain!.limitecred).toBe(15_000_000 - bp.CurrentAccountBalance - bp.OpenOrdersBalance);
    expect(plain!.factura).toEqual([
      { idfactura: 'CASA MATRIZ', direccion: 'Av. Providencia 1234, Of. 501', comuna: 'Providencia', idregion: 'RM', region: 'Metropolitana de Santiago', idpais: 'CL', pais: 'Chile', predeterminado: 'Y' },
    ]);
    expect(plain!.despacho.map((d) => `${d.iddespacho}: ${d.direccion}, ${d.comuna}, ${d.region}, ${d.pais}`)).toEqual([
      'BODEGA QUILICURA: Av. Américo Vespucio 1501, Bodega 12, Quilicura, Metropolitana de Santiago, Chile',
      'TIENDA LOS ANDES: Av. Santa Teresa 350, Los Andes, Valparaíso, Chile',
    ]);
  });

  it('answers null for a rut the ERP does not know, and 404 for an unknown CardCode', async () => {
    expect(await erp.getCustomerByRut('11.111.111-1')).toBeNull();
    expect(await erp.getCustomerByRut('')).toBeNull();
    expect(await erp.getCustomerByRut('76.123.456-1')).toBeNull(); // wrong check digit
    await expect(erp.getCustomer('C00000000')).rejects.toMatchObject({ status: 404, code: 'ERP_NOT_FOUND', message: 'Cliente no encontrado en el ERP' });
    await expect(erp.getCustomer("C1' or '1' eq '1")).rejects.toMatchObject({ status: 404 });
  });

  it('reads the blocking flag of a blocked buyer', async () => {
    const blocked = await erp.getCustomer('C78456789');
    expect([blocked.morosidad, blocked.interes, blocked.protesto, blocked.prorroga]).toEqual(['Bloqueado por morosidad', 'Sin Bloqueo', 'Sin Bloqueo', 'Sin Bloqueo']);
    const undefinedProrroga = await erp.getCustomer('C76234567');
    expect(undefinedProrroga.prorroga).toBe('Sin Bloqueo');
  });

  it('updates giro, e-mail, phone and an address, keeping everything else', async () => {
    const updated = await erp.updateCustomer('C79012345', {
      giro: 'Grandes tiendas',
      mail: 'compras@gts.cl',
      telefono: '224400000',
      direcciones: [{ iddespacho: 'TIENDA TEMUCO', addressType: 'S', direccion: 'Av. Alemania 0999', comuna: 'Temuco', region: 'IX', pais: 'CL' }],
    });
    expect(updated).toMatchObject({ giro: 'Grandes tiendas', mail: 'compras@gts.cl', telefono: '224400000', nombre: 'Grandes Tiendas del Sur S.A.', credAprob: 50_000_000, fidelizacion: 'Elite' });
    expect(updated.despacho.map((d) => d.iddespacho)).toEqual(['CD LO AGUIRRE', 'CD CONCEPCION', 'TIENDA TEMUCO']);
    expect(updated.despacho[2]).toEqual({ iddespacho: 'TIENDA TEMUCO', direccion: 'Av. Alemania 0999', comuna: 'Temuco', idregion: 'IX', region: 'La Araucanía', idpais: 'CL', pais: 'Chile' });
    expect(updated.factura).toHaveLength(2);
  });

  it('refuses an address whose region is not of the chosen country, changing nothing', async () => {
    const before = await erp.getCustomer('C77890123');
    const error = await erp
      .updateCustomer('C77890123', { giro: 'Otro giro', direcciones: [{ addressType: 'S', direccion: 'Av. Arequipa 100', comuna: 'Lima', region: 'RM', pais: 'PE' }] })
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 400, message: 'La región no corresponde al país seleccionado' });
    expect(await erp.getCustomer('C77890123')).toEqual(before);
    await expect(erp.updateCustomer('C00000000', { giro: 'x' })).rejects.toMatchObject({ status: 404 });
  });
});

describe('reference lists', () => {
  it('lists regions, countries and transports', async () => {
    const regions = await erp.listRegions();
    expect(regions).toHaveLength(26);
    expect(regions).toContainEqual({ idregion: 'RM', region: 'Metropolitana de Santiago', idpais: 'CL' });
    expect(regions.filter((r) => r.idpais === 'CL')).toHaveLength(16);
    expect(await erp.listCountries()).toEqual([
      { idpais: 'AR', pais: 'Argentina' }, { idpais: 'BO', pais: 'Bolivia' }, { idpais: 'CL', pais: 'Chile' }, { idpais: 'PE', pais: 'Perú' },
    ]);
    const transports = await erp.listTransports();
    expect(transports[0]).toEqual({ idTransporte: '0001', transporte: 'Retiro por transporte propio' });
    expect(transports).toHaveLength(6);
  });

  it('keeps reference lists in memory: a second read does not reach the ERP', async () => {
    await erp.listCountries();
    mock.setFaults({ refuse: true });
    expect(await erp.listCountries()).toHaveLength(4);
  });
});

describe('items', () => {
  it('reads every sellable item across pages', async () => {
    const items = await erp.listAllItems();
    expect(items).toHaveLength(data.Items.length);
    expect(new Set(items.map((i) => i.style)).size).toBe(68);
  });

  it('reads one style by its code or by one of its sizes, sizes in garment order', async () => {
    const sizes = await erp.getStyle('POL-1001');
    expect(sizes.map((s) => [s.itemCode, s.stock])).toEqual([['POL-1001-S', 120], ['POL-1001-M', 240], ['POL-1001-L', 180], ['POL-1001-XL', 0]]);
    expect((await erp.getStyle('POL-1001-M')).map((s) => s.itemCode)).toEqual(sizes.map((s) => s.itemCode));
    await expect(erp.getStyle('NO-EXISTE')).rejects.toMatchObject({ status: 404, message: 'Producto no encontrado' });
  });

  it('reads fresh price and stock of given sizes', async () => {
    const found = await erp.getItems(['POL-1001-S', 'CHA-3003-XS', 'NO-EXISTE', 'POL-1001-S']);
    expect(found.map((i) => [i.itemCode, i.stock]).sort()).toEqual([['CHA-3003-XS', 0], ['POL-1001-S', 120]]);
  });
});

describe('documents', () => {
  it('lists the open invoices of the buyer as pending payments', async () => {
    const pending = await erp.pendingInvoices('C76123456');
    expect(pending.map((p) => [p.folio, p.fecha, p.docEntry])).toEqual([['10413', '2026-08-12', 13], ['10419', '2026-08-28', 19], ['10428', '2026-09-13', 28]]);
    const owed = pending.reduce((sum, p) => sum + p.saldoaPagar, 0);
    expect(owed).toBe(data.BusinessPartners.find((b) => b.CardCode === 'C76123456')!.CurrentAccountBalance);
  });

  it('lists the purchase history newest first with invoice, credit note and DTE numbers', async () => {
    const history = await erp.purchaseHistory('C76123456');
    expect(history.map((h) => h.numPedido)).toEqual(['5045', '5043', '5034', '5028', '5019', '5013', '5010', '5006', '5003', '5001']);
    expect(history[0]).toMatchObject({ estado: 'Abierto', numFactura: '0', numNotaCredito: '0', dte: '0' });
    expect(history[2]).toMatchObject({ estado: 'Cancelado', numFactura: '0' });
    expect(history[9]).toEqual({
      docEntry: 1, numPedido: '5001', fecha: '2026-06-07', tipoRetiro: 'Despacho', entrega: '0', estado: 'Cerrado',
      numFactura: '7001', numNotaCredito: '801', dte: '10401', ordenPortal: '',
    });
  });

  it('an order invoiced through a delivery shows the guía as its Entrega and the invoice made from it', async () => {
    const delivery = data.DeliveryNotes.find((d) => d.CardCode === 'C76345678')!;
    const orderEntry = delivery.DocumentLines.find((l) => l.BaseType === 17)!.BaseEntry!;
    const invoice = data.Invoices.find((i) => i.DocumentLines.some((l) => l.BaseType === 15 && l.BaseEntry === delivery.DocEntry))!;
    const row = (await erp.purchaseHistory('C76345678')).find((h) => h.docEntry === orderEntry)!;
    expect(row).toMatchObject({ entrega: String(delivery.DocNum), numFactura: String(invoice.DocNum), dte: String(invoice.FolioNumber), estado: 'Cerrado' });
  });

  it("an invoice made from a delivery follows up the delivery's sales order ('Facturado N°' of the order)", async () => {
    const delivery = data.DeliveryNotes.find((d) => d.CardCode === 'C76345678')!;
    const orderEntry = delivery.DocumentLines.find((l) => l.BaseType === 17)!.BaseEntry!;
    const invoice = data.Invoices.find((i) => i.DocumentLines.some((l) => l.BaseType === 15 && l.BaseEntry === delivery.DocEntry))!;
    const followUps = await erp.invoicesSince('C76345678', String(delivery.DocDate).slice(0, 10));
    expect(followUps.find((f) => f.docEntry === invoice.DocEntry)).toMatchObject({ folio: String(invoice.FolioNumber), orders: [orderEntry] });
  });

  it("gives the lines of the buyer's own order, and 'not found' for another buyer's order", async () => {
    const order = data.Orders.find((o) => o.DocEntry === 1)!;
    const lines = await erp.purchaseHistoryLines(1, 'C76123456');
    expect(lines).toEqual(order.DocumentLines.map((l) => ({ lineNum: l.LineNum, itemCode: l.ItemCode, descripcion: l.ItemDescription, cantidad: l.Quantity, totalNeto: l.LineTotal })));
    const other = await erp.purchaseHistoryLines(1, 'C76234567').catch((e: unknown) => e);
    const missing = await erp.purchaseHistoryLines(999_999, 'C76123456').catch((e: unknown) => e);
    expect(other).toBeInstanceOf(ErpError);
    expect(other).toMatchObject({ status: 404, message: 'Documento no encontrado' });
    expect(missing).toMatchObject({ status: 404, message: 'Documento no encontrado' });
  });
});

describe('readiness', () => {
  it("answers 'ok' when the ERP answers and 'unavailable' when it does not, without throwing", async () => {
    expect(await erp.ping()).toBe('ok');
    mock.setFaults({ hang: true });
    const quick = new ErpService(sl, { pingTimeoutMs: 200 });
    expect(await quick.ping()).toBe('unavailable');
  });
});
