import type { AccountDocumentDetail, AccountItem, AccountPayment, AccountStatement } from '@shared/api/account';

// A statement and a document of Importadora Aconcagua as the API answers them (the figures reconcile: 1.190.000 opening,
// + 595.000 invoiced, − 714.000 paid = 1.071.000).

export const payment: AccountPayment = {
  docEntry: 5123,
  docNum: 5123,
  date: '2026-10-20',
  amount: 714_000,
  reference: 'PORTAL-WP-77',
  remarks: null,
  lines: [
    { kind: 'invoice', docEntry: 801, dteType: 33, folio: 10461, installmentId: 0, amount: 595_000 },
    { kind: 'invoice', docEntry: 802, dteType: 33, folio: 10470, installmentId: 0, amount: 238_000 },
    { kind: 'creditNote', docEntry: 901, dteType: 61, folio: 3120, installmentId: 0, amount: -119_000 },
  ],
};

export const statement: AccountStatement = {
  from: '2026-09-01',
  to: '2026-11-29',
  company: { name: 'Importadora Aconcagua SpA', rut: '76.345.678-1', cardCode: 'C76345678' },
  issuer: { name: 'Mayorista', rut: '76.000.000-0', address: 'Santiago', email: 'cobranza@example.cl', phone: '+56 2 2000 0000' },
  openingBalance: 1_190_000,
  movements: [
    {
      date: '2026-10-02',
      type: 'INVOICE',
      description: 'Factura electrónica N° 10461',
      document: { kind: 'invoice', docEntry: 801, dteType: 33, folio: 10461 },
      paymentDocEntry: null,
      debit: 595_000,
      credit: 0,
      balance: 1_785_000,
    },
    {
      date: '2026-10-20',
      type: 'PAYMENT',
      description: 'Pago recibido N° 5123 (transferencia)',
      document: null,
      paymentDocEntry: 5123,
      debit: 0,
      credit: 714_000,
      balance: 1_071_000,
    },
  ],
  closingBalance: 1_071_000,
  totalDebit: 595_000,
  totalCredit: 714_000,
  generatedAt: '2026-11-29T12:00:00.000Z',
};

const item: AccountItem = {
  kind: 'invoice',
  docEntry: 801,
  docNum: 801,
  dteType: 33,
  dteName: 'Factura electrónica',
  folio: 10461,
  issueDate: '2026-10-02',
  dueDate: '2026-11-01',
  receptionDate: '2026-10-03',
  total: 595_000,
  paid: 595_000,
  balance: 0,
  sign: 1,
  open: false,
  installments: [{ id: 1, dueDate: '2026-11-01', total: 595_000, paid: 595_000, balance: 0 }],
  references: [],
  ceded: null,
  claimState: null,
  attachmentEntry: 4001,
  state: 'AL_DIA',
  stateLabel: 'Al día',
  daysOverdue: 0,
  bucket: 'NOT_DUE',
  inProcess: false,
  selectable: false,
  claimWindow: { deadline: '2026-10-11', daysLeft: 0, open: false },
  claim: null,
};

export const documentDetail: AccountDocumentDetail = {
  item,
  chain: [
    { label: 'Pedido', dteType: null, folio: null, date: '2026-09-30', document: null, current: false },
    { label: 'Factura electrónica N° 10461', dteType: 33, folio: 10461, date: '2026-10-02', document: { kind: 'invoice', docEntry: 801 }, current: true },
  ],
  payments: [payment],
};
