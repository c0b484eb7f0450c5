import { channel, END, type Channel } from 'redux-saga';
import { expectSaga } from 'redux-saga-test-plan';
import * as matchers from 'redux-saga-test-plan/matchers';
import { LINESHEET_MSG } from '@shared/schemas/linesheet';
import type { Download } from '@client/api/http';
import { fetchCatalogueTree } from '@client/api/catalog';
import { saveFile } from '@client/app/download';
import { notify } from '@client/app/notify';
import { callWithTimeout } from '@client/app/sagaUtils';
import { linesheetDownload, linesheetQueryOf, type LinesheetChoice, type LinesheetEvent } from '@client/features/linesheet/api';
import { choiceProblem, handleLinesheetDownload, handleTreeRequested, linesheetSaga } from '@client/features/linesheet/linesheetSagas';
import {
  initialLinesheetState,
  linesheetCancelled,
  linesheetCancelRequested,
  linesheetDownloaded,
  linesheetDownloadFailed,
  linesheetDownloadRequested,
  linesheetProgressed,
  linesheetReducer,
  linesheetTreeLoaded,
  linesheetTreeRequested,
  progressPercent,
} from '@client/features/linesheet/linesheetSlice';
import { LINESHEET_TEXT } from '@client/features/linesheet/linesheetTexts';

const CHOICE: LinesheetChoice = { alcance: 'TODO', category: '', scategory: '', sscategory: '', q: '', markup: 2.2 };
const FILE: Download = { blob: new Blob(['PK']), filename: 'lista-de-precios-76123456-0-2026-11-29.xlsx' };
const root = { linesheet: linesheetReducer };

/** A channel the test feeds, as the download's would be fed by the stream. */
function feed(): Channel<LinesheetEvent> {
  return channel<LinesheetEvent>();
}

describe('the line sheet download', () => {
  it('reports the progress of the streamed body, then saves the file the server named', async () => {
    const events = feed();
    const run = expectSaga(linesheetSaga)
      .withReducer((state, action) => ({ linesheet: root.linesheet(state?.linesheet, action) }), { linesheet: initialLinesheetState })
      .provide([[matchers.call.fn(linesheetDownload), events], [matchers.call.fn(saveFile), undefined], [matchers.call.fn(notify), undefined]])
      .call(linesheetDownload, 'xlsx', CHOICE)
      .put(linesheetProgressed({ received: 0, estimate: 40_000, styles: 30 }))
      .put(linesheetProgressed({ received: 20_000, estimate: 40_000, styles: 30 }))
      .call(saveFile, FILE.blob, FILE.filename)
      .put(linesheetDownloaded(FILE.filename))
      .dispatch(linesheetDownloadRequested({ format: 'xlsx', choice: CHOICE }));
    setTimeout(() => {
      events.put({ type: 'progress', received: 0, estimate: 40_000, styles: 30 });
      events.put({ type: 'progress', received: 20_000, estimate: 40_000, styles: 30 });
      events.put({ type: 'done', file: FILE });
    }, 0);
    const { storeState } = await run.silentRun(50);
    expect(storeState.linesheet).toMatchObject({ status: 'done', received: 20_000, estimate: 40_000, styles: 30, filename: FILE.filename });
    expect(progressPercent(storeState.linesheet)).toBe(100);
  });

  it('shows the server’s message when the download fails (a 429 while others are built)', async () => {
    const events = feed();
    const run = expectSaga(handleLinesheetDownload, linesheetDownloadRequested({ format: 'pdf', choice: CHOICE }))
      .withReducer(linesheetReducer, { ...initialLinesheetState, status: 'running' })
      .provide([[matchers.call.fn(linesheetDownload), events]])
      .put(linesheetDownloadFailed(LINESHEET_MSG.busy))
      .not.call.fn(saveFile)
      .hasFinalState({ ...initialLinesheetState, status: 'failed', error: LINESHEET_MSG.busy });
    setTimeout(() => events.put({ type: 'failed', message: LINESHEET_MSG.busy, status: 429 }), 0);
    await run.run(500);
  });

  it('Cancelar closes the channel (aborting the request) and saves nothing', async () => {
    const events = feed();
    const close = jest.spyOn(events, 'close');
    const run = expectSaga(handleLinesheetDownload, linesheetDownloadRequested({ format: 'pdf', choice: CHOICE }))
      .withReducer(linesheetReducer, { ...initialLinesheetState, status: 'running', format: 'pdf' })
      .provide([[matchers.call.fn(linesheetDownload), events], [matchers.call.fn(notify), undefined]])
      .put(linesheetProgressed({ received: 5_000, estimate: 90_000, styles: 200 }))
      .put(linesheetCancelled())
      .call(notify, LINESHEET_TEXT.cancelled, 'info')
      .not.call.fn(saveFile)
      .hasFinalState({ ...initialLinesheetState, format: 'pdf' });
    setTimeout(() => {
      events.put({ type: 'progress', received: 5_000, estimate: 90_000, styles: 200 });
      setTimeout(() => run.dispatch(linesheetCancelRequested()), 0);
    }, 0);
    await run.run(500);
    expect(close).toHaveBeenCalled();
  });

  it('a stream that ends without a file stops the saga and closes the channel', async () => {
    const events = feed();
    const close = jest.spyOn(events, 'close');
    const run = expectSaga(handleLinesheetDownload, linesheetDownloadRequested({ format: 'pdf', choice: CHOICE })).provide([[matchers.call.fn(linesheetDownload), events]]).not.call.fn(saveFile);
    setTimeout(() => events.put(END), 0);
    await run.run(500);
    expect(close).toHaveBeenCalled();
  });

  it('refuses, without a request, a choice the server would refuse (the shared schema)', async () => {
    const bad = { ...CHOICE, markup: 12 };
    expect(choiceProblem('pdf', bad)).toBe(LINESHEET_MSG.markup);
    expect(choiceProblem('pdf', { ...CHOICE, alcance: 'BUSQUEDA', q: '' })).toBe(LINESHEET_MSG.query);
    expect(choiceProblem('xlsx', CHOICE)).toBeNull();
    await expectSaga(handleLinesheetDownload, linesheetDownloadRequested({ format: 'pdf', choice: bad }))
      .put(linesheetDownloadFailed(LINESHEET_MSG.markup))
      .not.call.fn(linesheetDownload)
      .run();
  });

  it('asks for the chosen scope’s fields only', () => {
    expect(linesheetQueryOf('pdf', CHOICE)).toBe('format=pdf&alcance=TODO&markup=2.2');
    expect(linesheetQueryOf('xlsx', { ...CHOICE, alcance: 'CATEGORIA', category: 'Poleras', scategory: 'Manga corta', q: 'ignorado' })).toBe(
      'format=xlsx&alcance=CATEGORIA&markup=2.2&category=Poleras&scategory=Manga+corta',
    );
    expect(linesheetQueryOf('xlsx', { ...CHOICE, alcance: 'BUSQUEDA', q: 'polera' })).toBe('format=xlsx&alcance=BUSQUEDA&markup=2.2&q=polera');
  });
});

describe('progress', () => {
  it('is the bytes read of the estimate, never 100 before the file is saved', () => {
    expect(progressPercent({ status: 'running', received: 0, estimate: 0 })).toBe(0);
    expect(progressPercent({ status: 'running', received: 50, estimate: 200 })).toBe(25);
    expect(progressPercent({ status: 'running', received: 300, estimate: 200 })).toBe(99);
    expect(progressPercent({ status: 'done', received: 300, estimate: 200 })).toBe(100);
  });
});

describe('the categories', () => {
  it('are read once when the screen opens', async () => {
    const tree = { categorias: [{ descr: 'Poleras', subcategorias: [] }] };
    await expectSaga(handleTreeRequested)
      .withState({ linesheet: linesheetReducer(initialLinesheetState, linesheetTreeRequested()) })
      .provide([[matchers.call.fn(callWithTimeout), tree]])
      .call(callWithTimeout, fetchCatalogueTree)
      .put(linesheetTreeLoaded(tree))
      .run();
    const loaded = linesheetReducer(linesheetReducer(initialLinesheetState, linesheetTreeRequested()), linesheetTreeLoaded(tree));
    await expectSaga(handleTreeRequested).withState({ linesheet: linesheetReducer(loaded, linesheetTreeRequested()) }).not.call.fn(callWithTimeout).run();
  });
});
