import { END, eventChannel, type EventChannel } from 'redux-saga';
import type { LinesheetFormat, LinesheetQuery, LinesheetSendRequest } from '@shared/schemas/linesheet';
import type { LinesheetSent } from '@shared/api/linesheet';
import type { SavedListList } from '@shared/api/savedLists';
import { withIdempotencyKey } from '@client/api/idempotency';
import { http, toApiError, type Download } from '@client/api/http';

/** The body of a sheet sent to a customer by mail: the choice, the customer's rut, where to, a message, the format. */
export type LinesheetSendBody = Omit<LinesheetSendRequest, 'lista'>;

/** POST /api/admin/linesheet/send: an admin sends any customer their sheet (one mail per Idempotency-Key). */
export const sendLinesheetAsAdmin = (body: LinesheetSendBody, key: string) => http.post<LinesheetSent>('/admin/linesheet/send', body, withIdempotencyKey(key));

/** POST /api/rep/linesheet/send: a rep sends a customer in their scope their sheet. */
export const sendLinesheetAsRep = (body: LinesheetSendBody, key: string) => http.post<LinesheetSent>('/rep/linesheet/send', body, withIdempotencyKey(key));

/** The saved lists the person may read (theirs and the company's shared ones), for the choice of one. */
export const fetchLinesheetLists = () => http.get<SavedListList>('/user/saved-lists');

/** What the line sheet's choice sends (the format is the button pressed). */
export type LinesheetChoice = Omit<LinesheetQuery, 'format'>;

/** The query of GET /api/user/linesheet (format, alcance, markup): only the fields of the chosen scope. */
export function linesheetQueryOf(format: LinesheetFormat, choice: LinesheetChoice): string {
  const params = new URLSearchParams({ format, alcance: choice.alcance, markup: String(choice.markup) });
  if (choice.alcance === 'CATEGORIA') {
    params.set('category', choice.category);
    if (choice.scategory) params.set('scategory', choice.scategory);
    if (choice.sscategory) params.set('sscategory', choice.sscategory);
    if (choice.genero) params.set('genero', choice.genero);
  }
  if (choice.alcance === 'BUSQUEDA') params.set('q', choice.q);
  if (choice.alcance === 'LISTA' && choice.lista) params.set('lista', String(choice.lista));
  return params.toString();
}

/** What a download tells the saga: bytes read of an estimate, the file, or why it failed. */
export type LinesheetEvent =
  | { type: 'progress'; received: number; estimate: number; styles: number }
  | { type: 'done'; file: Download }
  | { type: 'failed'; message: string; status: number };

/** The file's name when the server names none. */
const fallbackName = (format: LinesheetFormat) => `lista-de-precios.${format}`;

/**
 * The download as a channel of events: the body is read as it streams, each chunk reported with the server's size
 * estimate (X-Tamano-Estimado) and style count (X-Estilos). Closing the channel (the saga cancelled) aborts the request.
 */
export function linesheetDownload(format: LinesheetFormat, choice: LinesheetChoice): EventChannel<LinesheetEvent> {
  return eventChannel<LinesheetEvent>((emit) => {
    const abort = new AbortController();
    http
      .download(`/user/linesheet?${linesheetQueryOf(format, choice)}`, fallbackName(format), {
        signal: abort.signal,
        onProgress: (received, headers) =>
          emit({ type: 'progress', received, estimate: Number(headers.get('x-tamano-estimado')) || 0, styles: Number(headers.get('x-estilos')) || 0 }),
      })
      .then((file) => emit({ type: 'done', file }))
      .catch((error: unknown) => {
        if (!abort.signal.aborted) {
          const { message, status } = toApiError(error);
          emit({ type: 'failed', message, status });
        }
      })
      .finally(() => {
        if (!abort.signal.aborted) emit(END);
      });
    return () => abort.abort();
  });
}
