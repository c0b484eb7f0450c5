import { combineReducers, type Reducer } from '@reduxjs/toolkit';
import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { throwError } from 'redux-saga-test-plan/providers';
import { File as NodeFile } from 'node:buffer';
import { HttpError } from '@client/api/http';
import { saveFile } from '@client/app/download';
import { accountPaymentRequested } from '@client/app/events';
import { holdFiles, takeFiles } from '@client/app/heldFiles';
import { notify } from '@client/app/notify';
import { brandName } from '@client/components/brand';
import { callWithTimeout } from '@client/app/sagaUtils';
import { downloadDocumentFile } from '@client/api/accountDocuments';
import { fetchAccountDocuments, fetchAccountSummary, postAccountClaim, previewAccountPayment } from '@client/features/currentAccount/api';
import {
  handleClaimSubmitted,
  handleDocumentsLoad,
  handleFileRequested,
  handlePaymentSubmitted,
  handleSummaryRequested,
  watchSelection,
} from '@client/features/currentAccount/currentAccountSagas';
import { selectAccountQuery, selectPayDocuments } from '@client/features/currentAccount/currentAccountSelectors';
import {
  accountDocumentsList,
  claimFailed,
  claimOpened,
  claimRecorded,
  claimSubmitted,
  currentAccountReducer,
  fileRequested,
  initialCurrentAccountState,
  pageSelectionChanged,
  partialAmountChanged,
  partialAmountRefused,
  paymentSubmitted,
  previewFailed,
  previewLoaded,
  selectionCleared,
  summaryLoaded,
  summaryLoadFailed,
  type CurrentAccountState,
} from '@client/features/currentAccount/currentAccountSlice';
import type { AccountClaim, AccountItem } from '@shared/api/account';
import { callsTo, mockFetch } from '../fetchMock';
import { claimableInvoice, creditNote, firstPage, nettedPreview, overdueInvoice, secondInvoice, summary } from './fixtures';

const rootReducer = combineReducers({ currentAccount: currentAccountReducer }) as Reducer<{ currentAccount: CurrentAccountState }>;
const { changed, filterTyped, loaded, loadStarted } = accountDocumentsList.actions;

/** The feature's state after these actions, from the initial one. */
const stateAfter = (...actions: Parameters<typeof currentAccountReducer>[1][]) => ({
  currentAccount: actions.reduce(currentAccountReducer, initialCurrentAccountState),
});

describe('the open items: the list pattern of the server-paged lists', () => {
  it('the page the state asks for, with a time limit', () => {
    const query = selectAccountQuery(stateAfter());
    testSaga(handleDocumentsLoad)
      .next()
      .select(selectAccountQuery)
      .next(query)
      .put(loadStarted())
      .next()
      .call(callWithTimeout, fetchAccountDocuments, query)
      .next(firstPage)
      .put(loaded(firstPage))
      .next()
      .isDone();
  });

  it('a bucket, a state, a folio typed and a sort go back to the first page and are what the API is asked', async () => {
    const state = stateAfter(changed({ page: 2 }), changed({ filters: { bucket: 'D31_60', state: 'VENCIDA' } }), filterTyped({ name: 'q', value: '104' }), changed({ sort: { field: 'balance', dir: 'desc' } }));
    expect(state.currentAccount.list).toMatchObject({ page: 0, sort: 'balance', dir: 'desc', filters: { bucket: 'D31_60', state: 'VENCIDA', q: '104' } });
    const fetchMock = mockFetch({ 'GET /user/account/documents': firstPage });
    const { storeState } = await expectSaga(handleDocumentsLoad).withReducer(rootReducer, state).run();
    expect(fetchMock.mock.calls[0]![0]).toBe('/api/user/account/documents?page=0&pageSize=25&sort=balance&dir=desc&bucket=D31_60&state=VENCIDA&q=104');
    expect(storeState.currentAccount.list).toMatchObject({ rows: firstPage.rows, total: 31, status: 'loaded' });
  });

  it('a failed page keeps its message and status for the retry', () =>
    expectSaga(handleDocumentsLoad)
      .withReducer(rootReducer, stateAfter())
      .provide([[matchers.call.fn(fetchAccountDocuments), throwError(new HttpError(503, 'El ERP no responde, intentelo mas tarde'))]])
      .run()
      .then(({ storeState }) => expect(storeState.currentAccount.list).toMatchObject({ status: 'failed', error: 'El ERP no responde, intentelo mas tarde', errorStatus: 503 })));
});

describe('the header', () => {
  it('the summary, or its failure', async () => {
    testSaga(handleSummaryRequested).next().call(callWithTimeout, fetchAccountSummary).next(summary).put(summaryLoaded(summary)).next().isDone();
    const { storeState } = await expectSaga(handleSummaryRequested)
      .withReducer(rootReducer, stateAfter())
      .provide([[matchers.call.fn(fetchAccountSummary), throwError(new HttpError(0, 'problema de conexión'))]])
      .put(summaryLoadFailed({ message: 'problema de conexión', status: 0 }))
      .run();
    expect(storeState.currentAccount.summary).toMatchObject({ status: 'failed', data: null, errorStatus: 0 });
  });
});

describe('the selection: the server prices it, after a pause', () => {
  const page = firstPage.rows;
  const keys = (...items: { kind: string; docEntry: number }[]) => items.map((i) => `${i.kind}:${i.docEntry}`);

  it('ticks in a row ask once, with every document chosen; the lines and total are the answer', async () => {
    const { storeState, effects } = await expectSaga(watchSelection)
      .withReducer(rootReducer, stateAfter(loaded(firstPage)))
      .provide([[matchers.call.fn(previewAccountPayment), nettedPreview]])
      .dispatch(pageSelectionChanged({ page, chosen: keys(overdueInvoice) }))
      .dispatch(pageSelectionChanged({ page, chosen: keys(overdueInvoice, secondInvoice) }))
      .dispatch(pageSelectionChanged({ page, chosen: keys(overdueInvoice, secondInvoice, creditNote) }))
      .put(previewLoaded(nettedPreview))
      .silentRun(800);
    const previews = (effects.call ?? []).filter((e: { payload: { args: unknown[] } }) => e.payload.args[0] === previewAccountPayment);
    expect(previews).toHaveLength(1);
    expect(previews[0].payload.args[1]).toEqual([
      { kind: 'invoice', docEntry: 461 },
      { kind: 'invoice', docEntry: 462 },
      { kind: 'creditNote', docEntry: 55 },
    ]);
    expect(storeState.currentAccount.preview).toEqual({ status: 'loaded', data: nettedPreview, error: null });
  });

  it('the preview is stale from the change on: no total is shown until the server answers', () => {
    const state = stateAfter(loaded(firstPage), pageSelectionChanged({ page, chosen: keys(overdueInvoice) }), previewLoaded(nettedPreview));
    const next = currentAccountReducer(state.currentAccount, pageSelectionChanged({ page, chosen: keys(overdueInvoice, secondInvoice) }));
    expect(next.preview).toEqual({ status: 'loading', data: null, error: null });
  });

  it('a ceded or in-process row is never taken, whatever the grid says', () => {
    const state = stateAfter(loaded(firstPage), pageSelectionChanged({ page, chosen: keys(...page) }));
    expect(state.currentAccount.chosen.map((d) => d.docEntry)).toEqual([461, 462, 55, 480]);
  });

  it('documents chosen on another page stay when this page changes', () => {
    const other = { ...firstPage, rows: [claimableInvoice] };
    const state = stateAfter(loaded(firstPage), pageSelectionChanged({ page, chosen: keys(overdueInvoice) }), loaded(other), pageSelectionChanged({ page: other.rows, chosen: keys(claimableInvoice) }));
    expect(selectPayDocuments(state)).toEqual([
      { kind: 'invoice', docEntry: 461 },
      { kind: 'invoice', docEntry: 480 },
    ]);
  });

  it('a refusal is shown in the server words (a credit note larger than the selection)', () =>
    expectSaga(watchSelection)
      .withReducer(rootReducer, stateAfter(loaded(firstPage)))
      .provide([[matchers.call.fn(previewAccountPayment), throwError(new HttpError(409, 'La nota de crédito supera el total seleccionado'))]])
      .dispatch(pageSelectionChanged({ page, chosen: keys(creditNote, secondInvoice) }))
      .put(previewFailed('La nota de crédito supera el total seleccionado'))
      .silentRun(600));

  it('nothing chosen asks nothing', async () => {
    const { effects, storeState } = await expectSaga(watchSelection)
      .withReducer(rootReducer, stateAfter(loaded(firstPage)))
      .provide([[matchers.call.fn(previewAccountPayment), nettedPreview]])
      .dispatch(pageSelectionChanged({ page, chosen: keys(overdueInvoice) }))
      .dispatch(selectionCleared())
      .silentRun(600);
    expect((effects.call ?? []).filter((e: { payload: { args: unknown[] } }) => e.payload.args[0] === previewAccountPayment)).toHaveLength(0);
    expect(storeState.currentAccount.preview.status).toBe('idle');
  });

  it('a partial amount of the one invoice chosen goes with it (credit notes may go along)', async () => {
    const { effects } = await expectSaga(watchSelection)
      .withReducer(rootReducer, stateAfter(loaded(firstPage)))
      .provide([[matchers.call.fn(previewAccountPayment), { ...nettedPreview, total: 50_000 }]])
      .dispatch(pageSelectionChanged({ page, chosen: keys(overdueInvoice) }))
      .dispatch(partialAmountChanged(50_000))
      .silentRun(600);
    const previews = (effects.call ?? []).filter((e: { payload: { args: unknown[] } }) => e.payload.args[0] === previewAccountPayment);
    expect(previews.map((e: { payload: { args: unknown[] } }) => e.payload.args[1])).toEqual([[{ kind: 'invoice', docEntry: 461, amount: 50_000 }]]);
  });

  it('a partial amount not valid yet: the preview still waiting is dropped, none is shown until the amount is valid', async () => {
    const { effects, storeState } = await expectSaga(watchSelection)
      .withReducer(rootReducer, stateAfter(loaded(firstPage)))
      .provide([[matchers.call.fn(previewAccountPayment), nettedPreview]])
      .dispatch(pageSelectionChanged({ page, chosen: keys(overdueInvoice) }))
      .dispatch(partialAmountRefused())
      .silentRun(600);
    expect((effects.call ?? []).filter((e: { payload: { args: unknown[] } }) => e.payload.args[0] === previewAccountPayment)).toHaveLength(0);
    expect(storeState.currentAccount).toMatchObject({ partialRefused: true, preview: { status: 'idle', data: null } });
  });

  it('a second invoice chosen drops the partial amount: it only applies to one', () => {
    const state = stateAfter(loaded(firstPage), pageSelectionChanged({ page, chosen: keys(overdueInvoice) }), partialAmountChanged(50_000), pageSelectionChanged({ page, chosen: keys(overdueInvoice, secondInvoice) }));
    expect(state.currentAccount.partialAmount).toBeNull();
    expect(selectPayDocuments(state)).toEqual([
      { kind: 'invoice', docEntry: 461 },
      { kind: 'invoice', docEntry: 462 },
    ]);
  });
});

describe('Pagar: the payments feature takes the chosen documents', () => {
  it('the documents (with the partial amount) and the provider', () => {
    const state = stateAfter(loaded(firstPage), pageSelectionChanged({ page: firstPage.rows, chosen: ['invoice:461'] }), partialAmountChanged(80_000));
    return expectSaga(handlePaymentSubmitted, paymentSubmitted({ method: 'KHIPU' }))
      .withState(state)
      .put(accountPaymentRequested({ documents: [{ kind: 'invoice', docEntry: 461, amount: 80_000 }], method: 'KHIPU' }))
      .run();
  });

  it('nothing chosen starts nothing', () =>
    expectSaga(handlePaymentSubmitted, paymentSubmitted({ method: 'WEBPAY' }))
      .withState(stateAfter())
      .not.put.actionType(accountPaymentRequested.type)
      .run());
});

describe('Reclamar', () => {
  const claim: AccountClaim = {
    id: 9,
    reason: 'FALTA_PARCIAL',
    text: 'Faltan 12 poleras del pedido OC000077',
    files: [{ id: 1, fileName: 'caja.jpg', contentType: 'image/jpeg', size: 2048 }],
    createdAt: '2026-11-01T12:00:00.000Z',
    createdBy: 'Marcela Fuentes',
  };
  const photo = new NodeFile(['jpeg'], 'caja.jpg', { type: 'image/jpeg' }) as unknown as File;
  const opened = () => stateAfter(loaded(firstPage), claimOpened(claimableInvoice), claimSubmitted({ kind: 'invoice', docEntry: 480, folio: 10480, reason: 'FALTA_PARCIAL', text: claim.text, filesKey: 'claim-1' }));
  const submitted = (filesKey: string | null) => claimSubmitted({ kind: 'invoice', docEntry: 480, folio: 10480, reason: 'FALTA_PARCIAL', text: claim.text, filesKey });

  it('the fields and the held files, multipart; recorded: a toast, the row reads En reclamo, the dialog closes', async () => {
    const key = holdFiles('claim', [photo]);
    testSaga(handleClaimSubmitted, submitted(key))
      .next()
      .call(takeFiles, key)
      .next([photo])
      .call(callWithTimeout, postAccountClaim, 'invoice', 480, { reason: 'FALTA_PARCIAL', text: claim.text }, [photo])
      .next(claim)
      .put(claimRecorded({ kind: 'invoice', docEntry: 480, claim }))
      .next()
      .call(notify, `Reclamo de la factura 10480 registrado. Lo enviamos a ${brandName}.`, 'success')
      .next()
      .isDone();

    const { storeState } = await expectSaga(handleClaimSubmitted, submitted(holdFiles('claim', [photo])))
      .withReducer(rootReducer, opened())
      .provide([
        [matchers.call.fn(postAccountClaim), claim],
        [matchers.call.fn(notify), undefined],
      ])
      .run();
    const row = storeState.currentAccount.list.rows.find((r: AccountItem) => r.docEntry === 480)!;
    expect(row).toMatchObject({ state: 'EN_RECLAMO', stateLabel: 'En reclamo', claim, claimWindow: { open: false } });
    expect(storeState.currentAccount.claim).toEqual({ item: null, sending: { status: 'idle', error: null } });
  });

  it('the window closed (409): the form stays open with the server words', async () => {
    const { storeState } = await expectSaga(handleClaimSubmitted, submitted(null))
      .withReducer(rootReducer, opened())
      .provide([[matchers.call.fn(postAccountClaim), throwError(new HttpError(409, 'El plazo para reclamar la factura terminó el 06-11-2026'))]])
      .put(claimFailed('El plazo para reclamar la factura terminó el 06-11-2026'))
      .run();
    expect(storeState.currentAccount.claim.item?.docEntry).toBe(480);
    expect(storeState.currentAccount.claim.sending).toEqual({ status: 'failed', error: 'El plazo para reclamar la factura terminó el 06-11-2026' });
    expect(storeState.currentAccount.list.rows.find((r: AccountItem) => r.docEntry === 480)!.state).toBe('VENCE');
  });

  it('no connection: the form stays open to send again', async () => {
    const { storeState } = await expectSaga(handleClaimSubmitted, submitted(null))
      .withReducer(rootReducer, opened())
      .provide([[matchers.call.fn(postAccountClaim), throwError(new HttpError(0, 'problema de conexión'))]])
      .run();
    expect(storeState.currentAccount.claim).toMatchObject({ item: { docEntry: 480 }, sending: { status: 'failed', error: 'problema de conexión' } });
  });

  it('the body: reason, text and each file under "files"', async () => {
    const fetchMock = mockFetch({ 'POST /user/account/documents/invoice/480/claims': claim });
    await postAccountClaim('invoice', 480, { reason: 'CONTENIDO', text: 'El precio no es el acordado' }, [photo, photo]);
    const [[, init]] = callsTo(fetchMock, 'POST /user/account/documents/invoice/480/claims');
    const body = init.body as FormData;
    expect(body.get('reason')).toBe('CONTENIDO');
    expect(body.get('text')).toBe('El precio no es el acordado');
    expect(body.getAll('files')).toHaveLength(2);
  });
});

describe('PDF and XML: the authorised download', () => {
  const download = { blob: new Blob(['%PDF']), filename: 'factura-33-10461.pdf' };

  it('the file through the http client, saved under the name the server gives', () => {
    const document = { kind: 'invoice' as const, docEntry: 461, dteType: 33, folio: 10461 };
    testSaga(handleFileRequested, fileRequested({ document, format: 'pdf' }))
      .next()
      .call(callWithTimeout, downloadDocumentFile, document, 'pdf')
      .next(download)
      .call(saveFile, download.blob, 'factura-33-10461.pdf')
      .next()
      .isDone();
  });

  it("another company's document (404): told, nothing saved", () =>
    expectSaga(handleFileRequested, fileRequested({ document: { kind: 'invoice', docEntry: 999, dteType: 33, folio: 999 }, format: 'xml' }))
      .provide([
        [matchers.call.fn(downloadDocumentFile), throwError(new HttpError(404, 'Documento no encontrado'))],
        [matchers.call.fn(notify), undefined],
      ])
      .call(notify, 'No se pudo descargar el archivo: Documento no encontrado', 'error')
      .not.call.fn(saveFile)
      .run());
});
