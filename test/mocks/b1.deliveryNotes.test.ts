// The stand-in's deliveries (DeliveryNotes, B1's ODLN: the guía de despacho, DTE 52): the demo company's guía between
// its newest invoice and the sales order it came from; a delivery made from an order (Copy To) with its own DocNum series
// and the next folio 52, closing the order's lines; read back with $select and $filter by CardCode and DocEntry as the
// ERP client reads it; an invoice made from the delivery (BaseType 15) closing the delivery's lines.
import { ACCOUNT_CARDCODE, buildDemoData } from '@mocks/b1/data';
import { startB1Mock, type B1Mock } from '@mocks/b1/server';
import type { B1Document } from '@mocks/b1/types';
import { callB1, expectB1Error, loginB1 } from './b1Client';

const CARD = 'C76123456'; // a demo company outside the approval procedure

describe('the demo company\'s guía', () => {
  const data = buildDemoData();
  const own = <T extends { CardCode: string }>(rows: T[]) => rows.filter((r) => r.CardCode === ACCOUNT_CARDCODE);

  it('stands between the newest invoice and its sales order: order (R-5) → delivery 52 (R-4) → invoice (R-3)', () => {
    expect(data.DeliveryNotes.every((d) => d.CardCode === ACCOUNT_CARDCODE)).toBe(true);
    const [delivery] = own(data.DeliveryNotes);
    expect(own(data.DeliveryNotes)).toHaveLength(1);
    expect(delivery).toMatchObject({
      DocObjectCode: 'oDeliveryNotes', DocNum: 9001, FolioPrefixString: '52', FolioNumber: 1501, DocDate: '2026-10-28',
      DocumentStatus: 'bost_Close', DocumentInstallments: [], U_FechaRecepcion: '2026-10-29',
    });
    const order = data.Orders.find((o) => o.DocEntry === delivery.DocumentLines[0].BaseEntry)!;
    expect(order).toMatchObject({ CardCode: ACCOUNT_CARDCODE, DocDate: '2026-10-27', DocumentStatus: 'bost_Close', NumAtCard: delivery.NumAtCard });
    expect(delivery.DocumentLines.map((l) => [l.BaseType, l.BaseEntry, l.BaseLine, l.ItemCode, l.Quantity, l.LineStatus]))
      .toEqual(order.DocumentLines.map((l) => [17, order.DocEntry, l.LineNum, l.ItemCode, l.Quantity, 'bost_Close']));
    const invoice = own(data.Invoices).find((i) => i.DocumentLines.some((l) => l.BaseType === 15))!;
    expect(invoice).toMatchObject({ DocDate: '2026-10-29', NumAtCard: order.NumAtCard, DocTotal: delivery.DocTotal, FolioPrefixString: '33' });
    expect(invoice.DocumentLines.map((l) => [l.BaseType, l.BaseEntry, l.BaseLine])).toEqual(delivery.DocumentLines.map((l) => [15, delivery.DocEntry, l.LineNum]));
    // its DTE files, like every other DTE of the company
    const att = data.Attachments2.find((a) => a.AbsoluteEntry === delivery.AttachmentEntry)!;
    expect(att.Attachments2_Lines.map((l) => `${l.FileName}.${l.FileExtension}`)).toEqual(['DTE_52_1501.pdf', 'DTE_52_1501.xml']);
  });
});

describe('DeliveryNotes over the Service Layer', () => {
  let mock: B1Mock;
  let cookie: string;
  const post = async <T = B1Document>(set: string, json: Record<string, unknown>): Promise<T> => {
    const res = await callB1(mock, cookie, set, { method: 'POST', json });
    expect(res.status).toBe(201);
    return res.json() as Promise<T>;
  };
  const get = async <T>(path: string): Promise<T> => {
    const res = await callB1(mock, cookie, path);
    expect(res.status).toBe(200);
    return res.json() as Promise<T>;
  };
  const stock = (code: string) => mock.data.Items.find((i) => i.ItemCode === code)!.ItemWarehouseInfoCollection.find((w) => w.WarehouseCode === '01')!;
  const partner = (code = CARD) => mock.data.BusinessPartners.find((p) => p.CardCode === code)!;
  const copy = (base: B1Document, baseType: number, lines = base.DocumentLines) => lines.map((l) => ({
    ItemCode: l.ItemCode, Quantity: l.Quantity, UnitPrice: l.UnitPrice, DiscountPercent: l.DiscountPercent, BaseType: baseType, BaseEntry: base.DocEntry, BaseLine: l.LineNum,
  }));
  const newOrder = () => post('Orders', {
    CardCode: CARD, DocDueDate: '2030-01-31', NumAtCard: 'OC-GUIA-1',
    DocumentLines: [{ ItemCode: 'POL-1001-M', Quantity: 2, UnitPrice: 10_000 }, { ItemCode: 'POL-1003-M', Quantity: 3, UnitPrice: 8_000, DiscountPercent: 10 }],
  });

  beforeEach(async () => {
    mock = await startB1Mock({ approvalCardCodes: [] });
    cookie = await loginB1(mock);
  });
  afterEach(() => mock.close());

  it('a delivery made from an order: own DocNum series, the next folio 52, the order\'s lines closed, the goods out, no debt', async () => {
    const order = await newOrder();
    const before = { committed: stock('POL-1001-M').Committed, inStock: stock('POL-1001-M').InStock, balance: partner().CurrentAccountBalance, orders: partner().OpenOrdersBalance };
    const invoiceFolios = mock.data.Invoices.map((i) => i.FolioNumber);
    const delivery = await post('DeliveryNotes', { CardCode: CARD, NumAtCard: order.NumAtCard, DocumentLines: copy(order, 17) });
    expect(delivery).toMatchObject({
      DocObjectCode: 'oDeliveryNotes', DocEntry: 2, DocNum: 9002, FolioPrefixString: '52', FolioNumber: 1502, DocTotal: order.DocTotal,
      DocumentStatus: 'bost_Open', NumAtCard: 'OC-GUIA-1', DocumentInstallments: [],
    });
    expect(delivery.DocumentLines.map((l) => [l.BaseType, l.BaseEntry, l.BaseLine, l.LineStatus])).toEqual([[17, order.DocEntry, 0, 'bost_Open'], [17, order.DocEntry, 1, 'bost_Open']]);
    const stored = mock.data.Orders.find((o) => o.DocEntry === order.DocEntry)!;
    expect(stored.DocumentStatus).toBe('bost_Close');
    expect(stored.DocumentLines.map((l) => l.LineStatus)).toEqual(['bost_Close', 'bost_Close']);
    expect(stock('POL-1001-M')).toMatchObject({ Committed: before.committed - 2, InStock: before.inStock - 2 });
    expect(partner()).toMatchObject({ CurrentAccountBalance: before.balance, OpenOrdersBalance: before.orders - order.DocTotal });
    // folios of the other types do not move
    expect(mock.data.Invoices.map((i) => i.FolioNumber)).toEqual(invoiceFolios);
    // a line already copied cannot be copied again; a delivery is made from an order only
    await expectB1Error(await callB1(mock, cookie, 'DeliveryNotes', { method: 'POST', json: { CardCode: CARD, DocumentLines: copy(order, 17).slice(0, 1) } }), 400, -10, /closed/);
    const invoice = mock.data.Invoices.find((i) => i.CardCode === CARD)!;
    await expectB1Error(await callB1(mock, cookie, 'DeliveryNotes', { method: 'POST', json: { CardCode: CARD, DocumentLines: copy(invoice, 13).slice(0, 1) } }), 400, -10, /base document type 13/);
  });

  it('part of an order delivered: that line closes, the order stays open with the other one', async () => {
    const order = await newOrder();
    await post('DeliveryNotes', { CardCode: CARD, DocumentLines: copy(order, 17, order.DocumentLines.slice(1)) });
    const stored = mock.data.Orders.find((o) => o.DocEntry === order.DocEntry)!;
    expect(stored.DocumentStatus).toBe('bost_Open');
    expect(stored.DocumentLines.map((l) => l.LineStatus)).toEqual(['bost_Open', 'bost_Close']);
  });

  it('reads deliveries with $select and $filter by CardCode and DocEntry, as the ERP client does', async () => {
    const first = await post('DeliveryNotes', { CardCode: CARD, DocumentLines: copy(await newOrder(), 17) });
    const second = await post('DeliveryNotes', { CardCode: CARD, DocumentLines: [{ ItemCode: 'POL-1001-M', Quantity: 1 }] });
    const select = 'DocEntry,DocNum,DocDate,NumAtCard,FolioNumber,DocumentLines';
    const q = (filter: string) => `DeliveryNotes?${new URLSearchParams({ $select: select, $filter: filter })}`;
    const both = await get<{ value: B1Document[] }>(q(`CardCode eq '${CARD}' and (DocEntry eq ${first.DocEntry} or DocEntry eq ${second.DocEntry})`));
    expect(both.value.map((d) => [d.DocEntry, d.FolioNumber])).toEqual([[first.DocEntry, 1502], [second.DocEntry, 1503]]);
    expect(Object.keys(both.value[0]).sort()).toEqual(select.split(',').sort());
    expect(both.value[0].DocumentLines[0]).toMatchObject({ BaseType: 17, LineStatus: 'bost_Open' });
    // another customer's filter finds none of them; the demo company's finds its own guía
    expect((await get<{ value: B1Document[] }>(q(`CardCode eq 'C76234567' and DocEntry eq ${first.DocEntry}`))).value).toEqual([]);
    expect((await get<{ value: B1Document[] }>(q(`CardCode eq '${ACCOUNT_CARDCODE}'`))).value.map((d) => d.FolioNumber)).toEqual([1501]);
    expect(await get<B1Document>(`DeliveryNotes(${second.DocEntry})`)).toMatchObject({ DocObjectCode: 'oDeliveryNotes', FolioPrefixString: '52' });
    await expectB1Error(await callB1(mock, cookie, 'DeliveryNotes?$select=Guia'), 400, -1000);
    await expectB1Error(await callB1(mock, cookie, 'DeliveryNotes(999)'), 404, -2028);
  });

  it('an invoice made from the delivery (BaseType 15): the delivery closes, the goods do not leave twice, the debt rises', async () => {
    const order = await newOrder();
    const delivery = await post('DeliveryNotes', { CardCode: CARD, NumAtCard: order.NumAtCard, DocumentLines: copy(order, 17) });
    const before = { inStock: stock('POL-1001-M').InStock, committed: stock('POL-1001-M').Committed, balance: partner().CurrentAccountBalance };
    // a delivery of another customer is refused
    await expectB1Error(await callB1(mock, cookie, 'Invoices', { method: 'POST', json: { CardCode: 'C76234567', DocumentLines: copy(delivery, 15) } }), 400, -10, /another business partner/);
    const invoice = await post('Invoices', { CardCode: CARD, NumAtCard: order.NumAtCard, DocumentLines: copy(delivery, 15) });
    expect(invoice).toMatchObject({ FolioPrefixString: '33', DocTotal: delivery.DocTotal });
    expect(invoice.DocumentLines.map((l) => [l.BaseType, l.BaseEntry, l.BaseLine])).toEqual([[15, delivery.DocEntry, 0], [15, delivery.DocEntry, 1]]);
    const stored = mock.data.DeliveryNotes.find((d) => d.DocEntry === delivery.DocEntry)!;
    expect(stored.DocumentStatus).toBe('bost_Close');
    expect(stored.DocumentLines.map((l) => l.LineStatus)).toEqual(['bost_Close', 'bost_Close']);
    expect(stock('POL-1001-M')).toMatchObject({ InStock: before.inStock, Committed: before.committed });
    expect(partner().CurrentAccountBalance).toBe(before.balance + invoice.DocTotal);
    await expectB1Error(await callB1(mock, cookie, 'Invoices', { method: 'POST', json: { CardCode: CARD, DocumentLines: copy(delivery, 15) } }), 400, -10, /closed/);
    // a credit note is made from an invoice, not from a delivery
    await expectB1Error(await callB1(mock, cookie, 'CreditNotes', { method: 'POST', json: { CardCode: CARD, DocumentLines: copy(delivery, 15) } }), 400, -10, /base document type 15/);
  });

  it('answers the guía\'s DTE files: the XML says TipoDTE 52 and why the goods travel', async () => {
    const [guia] = mock.data.DeliveryNotes;
    const xml = await callB1(mock, cookie, `Attachments2(${guia.AttachmentEntry})/$value?filename='DTE_52_1501.xml'`);
    expect(xml.status).toBe(200);
    expect(await xml.text()).toContain(`<TipoDTE>52</TipoDTE><Folio>1501</Folio><FchEmis>${guia.DocDate}</FchEmis><IndTraslado>1</IndTraslado>`);
    const pdf = await callB1(mock, cookie, `Attachments2(${guia.AttachmentEntry})/$value?filename='DTE_52_1501.pdf'`);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(Buffer.from(await pdf.arrayBuffer()).toString('latin1')).toContain('(N\\260 1501)');
  });
});
