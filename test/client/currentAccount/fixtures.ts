import type { AccountItem, AccountItemList, AccountPayPreview, AccountSummary } from '@shared/api/account';

// Importadora Aconcagua's account as the API answers it: open invoices in several buckets, a ceded one, one with a
// payment in process, an open credit note, and an invoice inside its claim window.

export function item(overrides: Partial<AccountItem> & Pick<AccountItem, 'docEntry'>): AccountItem {
  return {
    kind: 'invoice',
    docNum: overrides.docEntry + 1000,
    dteType: 33,
    dteName: 'Factura electrónica',
    folio: 10_000 + overrides.docEntry,
    issueDate: '2026-09-01',
    dueDate: '2026-10-01',
    receptionDate: '2026-09-02',
    total: 119_000,
    paid: 0,
    balance: 119_000,
    sign: 1,
    open: true,
    installments: [],
    references: [],
    ceded: null,
    claimState: null,
    attachmentEntry: 7,
    state: 'VENCIDA',
    stateLabel: 'Vencida hace 31 días',
    daysOverdue: 31,
    bucket: 'D31_60',
    inProcess: false,
    selectable: true,
    claimWindow: { deadline: null, daysLeft: null, open: false },
    claim: null,
    ...overrides,
  };
}

export const overdueInvoice = item({ docEntry: 461, folio: 10461, total: 238_000, balance: 238_000 });
export const secondInvoice = item({ docEntry: 462, folio: 10462, total: 119_000, balance: 119_000, state: 'VENCIDA', stateLabel: 'Vencida hace 12 días', daysOverdue: 12, bucket: 'D0_30' });
export const cededInvoice = item({
  docEntry: 470,
  folio: 10470,
  ceded: { rut: '76555444-3', name: 'Factoring Andino S.A.' },
  state: 'CEDIDA',
  stateLabel: 'Cedida',
  selectable: false,
});
export const inProcessInvoice = item({ docEntry: 471, folio: 10471, inProcess: true, state: 'PAGO_EN_PROCESO', stateLabel: 'Pago en proceso', selectable: false });
export const creditNote = item({
  docEntry: 55,
  kind: 'creditNote',
  dteType: 61,
  dteName: 'Nota de crédito electrónica',
  folio: 2055,
  total: 50_000,
  balance: 50_000,
  sign: -1,
  state: 'AL_DIA',
  stateLabel: 'Al día',
  daysOverdue: 0,
  bucket: 'NOT_DUE',
});
export const claimableInvoice = item({
  docEntry: 480,
  folio: 10480,
  issueDate: '2026-10-28',
  receptionDate: '2026-10-29',
  dueDate: '2026-11-28',
  state: 'VENCE',
  stateLabel: 'Vence en 3 días',
  daysOverdue: 0,
  bucket: 'NOT_DUE',
  claimWindow: { deadline: '2026-11-06', daysLeft: 6, open: true },
});

export const firstPage: AccountItemList = {
  rows: [overdueInvoice, secondInvoice, cededInvoice, inProcessInvoice, creditNote, claimableInvoice],
  total: 31,
  page: 0,
  pageSize: 25,
};

export const summary: AccountSummary = {
  cardCode: 'C76345678',
  companyName: 'Importadora Aconcagua SpA',
  companyRut: '76.345.678-1',
  today: '2026-11-01',
  balance: 2_380_000,
  overdue: 1_547_000,
  notDue: 833_000,
  credits: 50_000,
  creditLimit: 5_000_000,
  available: 2_120_000,
  buckets: {
    NOT_DUE: { count: 7, amount: 833_000 },
    D0_30: { count: 3, amount: 357_000 },
    D31_60: { count: 2, amount: 476_000 },
    D61_90: { count: 1, amount: 119_000 },
    D90_PLUS: { count: 4, amount: 595_000 },
  },
};

/** Two invoices less the credit note: 238.000 + 119.000 − 50.000. */
export const nettedPreview: AccountPayPreview = {
  lines: [
    { kind: 'invoice', docEntry: 461, dteType: 33, folio: 10461, installmentId: 0, amount: 238_000 },
    { kind: 'invoice', docEntry: 462, dteType: 33, folio: 10462, installmentId: 0, amount: 119_000 },
    { kind: 'creditNote', docEntry: 55, dteType: 61, folio: 2055, installmentId: 0, amount: -50_000 },
  ],
  total: 307_000,
  credits: 50_000,
};
