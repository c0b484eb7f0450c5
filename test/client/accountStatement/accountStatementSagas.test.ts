import { combineReducers, type Reducer } from '@reduxjs/toolkit';
import { expectSaga, testSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { dynamic, throwError } from 'redux-saga-test-plan/providers';
import { ACCOUNT_MSG } from '@shared/schemas/account';
import { chileTodayIso } from '@shared/workingDays';
import { HttpError, type Download } from '@client/api/http';
import { downloadDocumentFile } from '@client/api/accountDocuments';
import { saveFile } from '@client/app/download';
import { loadedWith } from '@client/app/loadable';
import { notify } from '@client/app/notify';
import { callWithTimeout } from '@client/app/sagaUtils';
import { downloadStatement, fetchAccountDocument, fetchAccountPayment, fetchStatement } from '@client/features/accountStatement/api';
import {
  accountStatementSaga,
  handleDocumentFile,
  handleDocumentOpened,
  handlePaymentOpened,
  handleStatementDownload,
  handleStatementRequested,
  periodProblem,
} from '@client/features/accountStatement/accountStatementSagas';
import { selectStatement, selectStatementPayments } from '@client/features/accountStatement/accountStatementSelectors';
import {
  accountStatementReducer,
  documentFileDownloaded,
  documentFileFailed,
  documentFileRequested,
  documentLoaded,
  documentLoadFailed,
  documentOpened,
  initialAccountStatementState,
  paymentLoaded,
  paymentOpened,
  statementDownloaded,
  statementDownloadFailed,
  statementDownloadRequested,
  statementLoaded,
  statementLoadFailed,
  statementRequested,
  type AccountStatementState,
} from '@client/features/accountStatement/accountStatementSlice';
import { quickPeriod } from '@client/features/accountStatement/statementPeriods';
import { documentDetail, payment, statement } from './fixtures';

const rootReducer = combineReducers({ accountStatement: accountStatementReducer }) as Reducer<{ accountStatement: AccountStatementState }>;
const TODAY = '2026-11-29';
const withStatement = (): { accountStatement: AccountStatementState } => ({ accountStatement: { ...initialAccountStatementState, statement: loadedWith(statement) } });
const file = (name: string, type: string): Download => ({ blob: new Blob(['x'], { type }), filename: name });

describe('Estado de cuenta: the period', () => {
  it('the frequent periods end today (Chilean day) and the month before is whole', () => {
    expect(quickPeriod('thisMonth', TODAY)).toEqual({ from: '2026-11-01', to: TODAY });
    expect(quickPeriod('lastMonth', TODAY)).toEqual({ from: '2026-10-01', to: '2026-10-31' });
    expect(quickPeriod('last3Months', TODAY)).toEqual({ from: '2026-08-30', to: TODAY });
    expect(quickPeriod('last12Months', TODAY)).toEqual({ from: '2025-11-30', to: TODAY });
    expect(quickPeriod('lastMonth', '2026-01-15')).toEqual({ from: '2025-12-01', to: '2025-12-31' });
    expect(quickPeriod('last3Months', '2026-05-31')).toEqual({ from: '2026-03-01', to: '2026-05-31' });
    // each frequent period passes the server's rules
    for (const choice of ['thisMonth', 'lastMonth', 'last3Months', 'last12Months'] as const) expect(periodProblem(quickPeriod(choice, TODAY), TODAY)).toBeNull();
  });

  it('the same refusals as the server: future end, more than 24 months, from after to', () => {
    expect(periodProblem({ from: '2026-11-01', to: '2026-11-30' }, TODAY)).toBe(ACCOUNT_MSG.future);
    expect(periodProblem({ from: '2024-11-29', to: TODAY }, TODAY)).toBe(ACCOUNT_MSG.rangeTooLong);
    expect(periodProblem({ from: '2024-11-30', to: TODAY }, TODAY)).toBeNull();
    expect(periodProblem({ from: '2026-11-10', to: '2026-11-01' }, TODAY)).toBe(ACCOUNT_MSG.dateRange);
    expect(periodProblem({ from: '', to: TODAY }, TODAY)).toBe(ACCOUNT_MSG.fromRequired);
  });
});

describe('Estado de cuenta: the load', () => {
  const period = { from: '2026-09-01', to: TODAY };

  it('validates with the Chilean today, then asks the server with a time limit and keeps the answer', () => {
    testSaga(handleStatementRequested, statementRequested(period))
      .next()
      .call(chileTodayIso)
      .next(TODAY)
      .call(callWithTimeout, fetchStatement, period)
      .next(statement)
      .put(statementLoaded(statement))
      .next()
      .isDone();
  });

  it('a period the server would refuse is not sent: its message, as a 400', () => {
    const future = { from: '2026-11-01', to: '2026-12-15' };
    testSaga(handleStatementRequested, statementRequested(future))
      .next()
      .call(chileTodayIso)
      .next(TODAY)
      .put(statementLoadFailed({ message: ACCOUNT_MSG.future, status: 400 }))
      .next()
      .isDone();
  });

  it('the answer is stored: movements, balances, the period', () =>
    expectSaga(handleStatementRequested, statementRequested(period))
      .withReducer(rootReducer, { accountStatement: accountStatementReducer(initialAccountStatementState, statementRequested(period)) })
      .provide([
        [matchers.call.fn(chileTodayIso), TODAY],
        [matchers.call.fn(fetchStatement), statement],
      ])
      .run()
      .then(({ storeState }) => {
        expect(storeState.accountStatement.period).toEqual(period);
        expect(storeState.accountStatement.statement).toEqual({ status: 'loaded', data: statement, error: null });
        expect(storeState.accountStatement.statement.data?.closingBalance).toBe(1_071_000);
      }));

  it("the server's 400 is shown with its message, and what was shown of another period goes", () =>
    expectSaga(handleStatementRequested, statementRequested(period))
      .withReducer(rootReducer, { accountStatement: accountStatementReducer(withStatement().accountStatement, statementRequested(period)) })
      .provide([
        [matchers.call.fn(chileTodayIso), TODAY],
        [matchers.call.fn(fetchStatement), throwError(new HttpError(400, ACCOUNT_MSG.rangeTooLong))],
      ])
      .put(statementLoadFailed({ message: ACCOUNT_MSG.rangeTooLong, status: 400 }))
      .run()
      .then(({ storeState }) => expect(storeState.accountStatement.statement).toEqual({ status: 'failed', data: null, error: ACCOUNT_MSG.rangeTooLong, errorStatus: 400 })));

  it("a payment's folios load when it is opened, once", () => {
    testSaga(handlePaymentOpened, paymentOpened(5123))
      .next()
      .select(selectStatementPayments)
      .next({})
      .call(callWithTimeout, fetchAccountPayment, 5123)
      .next(payment)
      .put(paymentLoaded(payment))
      .next()
      .isDone();
    testSaga(handlePaymentOpened, paymentOpened(5123)).next().select(selectStatementPayments).next({ 5123: loadedWith(payment) }).isDone();
  });
});

describe('Estado de cuenta: the downloads', () => {
  it.each([
    ['xlsx', 'estado-de-cuenta-2026-09-01-2026-11-29.xlsx', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
    ['pdf', 'estado-de-cuenta-2026-09-01-2026-11-29.pdf', 'application/pdf'],
  ] as const)('%s: the period shown, through the authorised download, saved by the browser', (format, name, type) => {
    const saved = file(name, type);
    testSaga(handleStatementDownload, statementDownloadRequested(format))
      .next()
      .select(selectStatement)
      .next(loadedWith(statement))
      .call(callWithTimeout, downloadStatement, { from: '2026-09-01', to: '2026-11-29' }, format)
      .next(saved)
      .call(saveFile, saved.blob, name)
      .next()
      .put(statementDownloaded(format))
      .next()
      .isDone();
  });

  it('one download of each file at a time: a second Excel while one runs is ignored, the PDF runs beside it', async () => {
    const asked: string[] = [];
    await expectSaga(accountStatementSaga)
      .withState(withStatement())
      .provide([
        [
          matchers.call.fn(downloadStatement),
          dynamic(({ args }) => {
            asked.push(args[1] as string);
            return new Promise(() => undefined);
          }),
        ],
      ])
      .dispatch(statementDownloadRequested('xlsx'))
      .dispatch(statementDownloadRequested('xlsx'))
      .dispatch(statementDownloadRequested('pdf'))
      .silentRun(50);
    expect(asked).toEqual(['xlsx', 'pdf']);
  });

  it('the URL asks the statement of the period in that format', async () => {
    const calls: string[] = [];
    const fetchMock = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      calls.push(String(input));
      return new Response(new Blob(['%PDF-1.7']), { status: 200, headers: { 'content-disposition': 'attachment; filename="estado.pdf"' } });
    });
    try {
      const got = await downloadStatement({ from: '2026-09-01', to: '2026-11-29' }, 'pdf');
      await downloadStatement({ from: '2026-09-01', to: '2026-11-29' }, 'xlsx');
      expect(got.filename).toBe('estado.pdf');
      expect(calls).toEqual(['/api/user/account/statement?from=2026-09-01&to=2026-11-29&format=pdf', '/api/user/account/statement?from=2026-09-01&to=2026-11-29&format=xlsx']);
    } finally {
      fetchMock.mockRestore();
    }
  });

  it('a failed download says why and the button is free again', () =>
    expectSaga(handleStatementDownload, statementDownloadRequested('xlsx'))
      .withReducer(rootReducer, { accountStatement: accountStatementReducer(withStatement().accountStatement, statementDownloadRequested('xlsx')) })
      .provide([
        [matchers.call.fn(downloadStatement), throwError(new HttpError(503, 'El ERP no está disponible'))],
        [matchers.call.fn(notify), undefined],
      ])
      .put(statementDownloadFailed({ format: 'xlsx', message: 'El ERP no está disponible' }))
      .call(notify, 'No se pudo descargar el archivo: El ERP no está disponible', 'error')
      .not.call.fn(saveFile)
      .run()
      .then(({ storeState }) => expect(storeState.accountStatement.downloads).toEqual({ xlsx: { status: 'failed', error: 'El ERP no está disponible' }, pdf: { status: 'idle', error: null } })));
});

describe('Documento', () => {
  const ref = { kind: 'invoice' as const, docEntry: 801 };

  it('loads the document with its chain and payments', () =>
    expectSaga(handleDocumentOpened, documentOpened(ref))
      .withReducer(rootReducer, { accountStatement: accountStatementReducer(initialAccountStatementState, documentOpened(ref)) })
      .provide([[matchers.call.fn(fetchAccountDocument), documentDetail]])
      .call(callWithTimeout, fetchAccountDocument, 'invoice', 801)
      .put(documentLoaded({ ref, detail: documentDetail }))
      .run()
      .then(({ storeState }) => expect(storeState.accountStatement.document).toEqual({ key: 'invoice:801', status: 'loaded', data: documentDetail, error: null })));

  it("another company's document (404): 'Documento no encontrado', kept with its status", () =>
    expectSaga(handleDocumentOpened, documentOpened({ kind: 'invoice', docEntry: 9999 }))
      .withReducer(rootReducer, { accountStatement: accountStatementReducer(initialAccountStatementState, documentOpened({ kind: 'invoice', docEntry: 9999 })) })
      .provide([[matchers.call.fn(fetchAccountDocument), throwError(new HttpError(404, 'Recurso no encontrado'))]])
      .put(documentLoadFailed({ ref: { kind: 'invoice', docEntry: 9999 }, message: 'Documento no encontrado', status: 404 }))
      .run()
      .then(({ storeState }) => expect(storeState.accountStatement.document).toMatchObject({ key: 'invoice:9999', status: 'failed', error: 'Documento no encontrado', errorStatus: 404 })));

  it('an address that names no document is not asked: not found', () => {
    const bad = { kind: 'order' as never, docEntry: Number.NaN };
    testSaga(handleDocumentOpened, documentOpened(bad))
      .next()
      .put(documentLoadFailed({ ref: bad, message: 'Documento no encontrado', status: 404 }))
      .next()
      .isDone();
  });

  it('an answer for a document no longer shown is dropped', () => {
    let state = accountStatementReducer(initialAccountStatementState, documentOpened(ref));
    state = accountStatementReducer(state, documentOpened({ kind: 'creditNote', docEntry: 901 }));
    state = accountStatementReducer(state, documentLoaded({ ref, detail: documentDetail }));
    expect(state.document).toMatchObject({ key: 'creditNote:901', status: 'loading', data: null });
  });

  it('Descargar PDF / XML: the legal file through the authorised download; a failure is told', () => {
    const pdf = file('dte-33-10461.pdf', 'application/pdf');
    const request = documentFileRequested({ ...ref, dteType: 33, folio: 10461, format: 'pdf' });
    testSaga(handleDocumentFile, request)
      .next()
      .call(callWithTimeout, downloadDocumentFile, { ...ref, dteType: 33, folio: 10461 }, 'pdf')
      .next(pdf)
      .call(saveFile, pdf.blob, 'dte-33-10461.pdf')
      .next()
      .put(documentFileDownloaded('pdf'))
      .next()
      .isDone();
    testSaga(handleDocumentFile, documentFileRequested({ ...ref, format: 'xml' }))
      .next()
      .call(callWithTimeout, downloadDocumentFile, ref, 'xml')
      .throw(new HttpError(404, 'Documento no encontrado'))
      .put(documentFileFailed({ format: 'xml', message: 'Documento no encontrado' }))
      .next()
      .call(notify, 'No se pudo descargar el archivo: Documento no encontrado', 'error')
      .next()
      .isDone();
  });

  it('the file URL names the kind, the docEntry and the format', async () => {
    const calls: string[] = [];
    const fetchMock = jest.spyOn(globalThis, 'fetch').mockImplementation(async (input) => {
      calls.push(String(input));
      return new Response(new Blob(['<DTE/>']), { status: 200 });
    });
    try {
      const got = await downloadDocumentFile({ kind: 'creditNote', docEntry: 901, dteType: 61, folio: 3120 }, 'xml');
      expect(got.filename).toBe('dte-61-3120.xml');
      expect(calls).toEqual(['/api/user/account/documents/creditNote/901/file/xml']);
    } finally {
      fetchMock.mockRestore();
    }
  });
});
