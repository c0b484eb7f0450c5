import { testSaga } from 'redux-saga-test-plan';
import type { CompanyApproval, CompanyApprovalChanges, CompanyApprovalDecision } from '@shared/api/companyApprovals';
import type { Order } from '@shared/api/orders';
import { HttpError } from '@client/api/http';
import { confirmRequested, userDecision } from '@client/app/confirmSlice';
import { navigateTo } from '@client/app/navigation';
import { notify } from '@client/app/notify';
import { callWithTimeout } from '@client/app/sagaUtils';
import { approveOrder, fetchApprovals, rejectOrder } from '@client/features/companyApprovals/api';
import { handleApprovalsOpened, handleApprove, handleReject } from '@client/features/companyApprovals/companyApprovalsSagas';
import {
  approvalsLoaded,
  approvalsLoadFailed,
  approvalsOpened,
  approveRequested,
  changesFound,
  companyApprovalsReducer,
  decisionDeclined,
  decisionDone,
  decisionFailed,
  decisionStarted,
  initialCompanyApprovalsState,
  rejectRequested,
  selectApproval,
} from '@client/features/companyApprovals/companyApprovalsSlice';

const totals = { lines: 1, units: 2, net: 20000, offerDiscount: 0, loyaltyDiscount: 0, loyaltyPct: 0, subtotal: 20000, vat: 3800, total: 23800 };
const approval: CompanyApproval = {
  id: 42,
  number: 'OC000042',
  orderType: 'ONLINE',
  paymentMethod: 'CREDIT',
  deliveryType: 'retiro',
  createdAt: '2026-11-28T14:00:00.000Z',
  buyer: { userId: 15, rut: '18.901.234-9', name: 'Camila Rojas Pizarro', email: 'camila.rojas@losandes.cl' },
  lines: [{ id: 1, sku: 'POL-1003-M', name: 'Polera', size: 'M', quantity: 2, price: 10000, percentageOffer: 0, percentageLoyalty: 0, priceFinalUnit: 10000, priceFinal: 20000, descLinea: 0 }],
  totals,
  buyerReference: '',
};
const decision: CompanyApprovalDecision = { message: 'Pedido OC000042 aprobado y enviado al ERP', order: { id: 42, orderState: 'PROCESS' } as Order };
const repriced: CompanyApprovalChanges = {
  changes: [{ sku: 'POL-1003-M', name: 'Polera', size: 'M', quantity: 2, oldPrice: 10000, newPrice: 11000, stock: 40, short: false }],
  oldTotal: 23800,
  newTotal: 26180,
  approval: { ...approval, totals: { ...totals, subtotal: 22000, vat: 4180, total: 26180 } },
};
const CHANGED = 'Los precios o el stock del pedido OC000042 cambiaron desde que se hizo: revise los cambios. El pedido quedó actualizado con los precios de hoy.';
const prompt = confirmRequested({
  title: '¿Aprobar el pedido OC000042?',
  text: 'Pedido de Camila Rojas Pizarro por $23.800. Se enviará tal como si lo hubiera hecho recién.',
  positive: 'Aprobar',
  negative: 'Cancelar',
});

describe('Por aprobar, step by step', () => {
  it('the list: read, or its failure with the screen’s text', () => {
    testSaga(handleApprovalsOpened).next().call(callWithTimeout, fetchApprovals).next({ rows: [approval] }).put(approvalsLoaded([approval])).next().isDone();
    testSaga(handleApprovalsOpened)
      .next()
      .call(callWithTimeout, fetchApprovals)
      .throw(new HttpError(500, 'falla'))
      .put(approvalsLoadFailed({ message: 'No se pudieron cargar los pedidos por aprobar', status: 500 }))
      .next()
      .isDone();
  });

  const confirmedApprove = () =>
    testSaga(handleApprove, approveRequested({ id: 42 }))
      .next()
      .select(selectApproval, 42)
      .next(approval)
      .put(prompt)
      .next()
      .is(userDecision())
      .next([true, undefined])
      .put(decisionStarted())
      .next()
      .call(callWithTimeout, approveOrder, 42, 23800);

  it('Aprobar: confirmed with the number, buyer and total; sent with the total shown; back to the list, told', () => {
    confirmedApprove()
      .next(decision)
      .put(decisionDone({ id: 42 }))
      .next()
      .call(navigateTo, '/user/company/approvals')
      .next()
      .call(notify, decision.message, 'success')
      .next()
      .isDone();
  });

  it('Aprobar declined: nothing is sent', () => {
    testSaga(handleApprove, approveRequested({ id: 42 })).next().select(selectApproval, 42).next(approval).put(prompt).next().is(userDecision()).next([undefined, true]).put(decisionDeclined()).next().isDone();
  });

  it('an order no longer listed: said, nothing asked or sent', () => {
    testSaga(handleApprove, approveRequested({ id: 42 })).next().select(selectApproval, 42).next(undefined).put(decisionFailed('Este pedido ya no espera aprobación')).next().isDone();
  });

  it('the order changed: what changed is shown (never approved silently)', () => {
    const error = new HttpError(409, CHANGED, undefined, { approval: repriced });
    confirmedApprove()
      .throw(error)
      .put(changesFound({ id: 42, message: CHANGED, ...repriced }))
      .next()
      .isDone();
  });

  it('decided by another approver first (409): the message, and the list read again', () => {
    const taken = 'El pedido OC000042 ya no espera aprobación: otra persona ya lo aprobó o rechazó';
    confirmedApprove().throw(new HttpError(409, taken)).put(decisionFailed(taken)).next().put(approvalsOpened()).next().isDone();
  });

  it('another refusal (a 400): its message, the list not read again', () => {
    confirmedApprove().throw(new HttpError(400, 'Total del pedido inválido')).put(decisionFailed('Total del pedido inválido')).next().isDone();
  });

  it('Rechazar: the reason sent; back to the list, told; a failure in the screen’s alert', () => {
    const rejected = { ...decision, message: 'Pedido OC000042 rechazado: sus productos volvieron al carro del comprador' };
    testSaga(handleReject, rejectRequested({ id: 42, reason: 'Sin presupuesto' }))
      .next()
      .call(callWithTimeout, rejectOrder, 42, 'Sin presupuesto')
      .next(rejected)
      .put(decisionDone({ id: 42 }))
      .next()
      .call(navigateTo, '/user/company/approvals')
      .next()
      .call(notify, rejected.message, 'success')
      .next()
      .isDone();
    testSaga(handleReject, rejectRequested({ id: 42, reason: 'Sin presupuesto' }))
      .next()
      .call(callWithTimeout, rejectOrder, 42, 'Sin presupuesto')
      .throw(new HttpError(0, 'Sin conexión'))
      .put(decisionFailed('Sin conexión'))
      .next()
      .isDone();
  });
});

describe('the slice', () => {
  const loaded = companyApprovalsReducer(initialCompanyApprovalsState, approvalsLoaded([approval, { ...approval, id: 43, number: 'OC000043' }]));

  it('an order that changed replaces the one shown (the next approve sends its new total)', () => {
    const state = companyApprovalsReducer(loaded, changesFound({ id: 42, message: CHANGED, ...repriced }));
    expect(state.list.data.find((row) => row.id === 42)!.totals.total).toBe(26180);
    expect(state.changes).toMatchObject({ id: 42, newTotal: 26180 });
    expect(state.decision.status).toBe('idle');
  });

  it('a decided order leaves the list, and the changes shown go', () => {
    const changed = companyApprovalsReducer(loaded, changesFound({ id: 42, message: CHANGED, ...repriced }));
    const state = companyApprovalsReducer(changed, decisionDone({ id: 42 }));
    expect(state.list.data.map((row) => row.id)).toEqual([43]);
    expect(state.changes).toBeNull();
  });

  it('a rejection runs at once; its failure is kept for the alert', () => {
    const running = companyApprovalsReducer(loaded, rejectRequested({ id: 42, reason: 'x' }));
    expect(running.decision.status).toBe('running');
    expect(companyApprovalsReducer(running, decisionFailed('falla')).decision).toEqual({ status: 'failed', error: 'falla' });
  });
});
