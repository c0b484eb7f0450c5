import { toApiError } from '@client/api/http';
import type { LoadFailure } from './loadable';

// How the buyer's screens word a failure they did not cause. The server marks an ERP it could not reach (down, too
// slow, failing) with code ERP_UNAVAILABLE; its own text ('El ERP no está disponible') says what broke but not what it
// means for the buyer, so the screens say it in plain Spanish: what could not be done and why, that nothing was lost,
// and what to do.

/** The ERP could not be reached: the server's answer carries code ERP_UNAVAILABLE. */
export const isErpDown = (error: unknown): boolean => toApiError(error).code === 'ERP_UNAVAILABLE';

/** What could not be done (`failed`) and what is still there (`kept`), when the ERP does not answer. */
export function erpDownText(failed: string, kept: string): string {
  return `${failed}: el ERP, nuestro sistema de stock y precios, no responde en este momento. No se perdió nada: ${kept}. Reintenta en unos minutos.`;
}

/** `erpDownText` when the ERP is down, else `other(message)` (the server's message, worded by the caller). */
export function problemText(error: unknown, failed: string, kept: string, other: (message: string) => string = (message) => message): string {
  return isErpDown(error) ? erpDownText(failed, kept) : other(toApiError(error).message);
}

/** The least height of a primary action (WCAG 2.5.5 target size, 44 CSS px), set on the buttons of the buyer's screens. */
export const PRIMARY_ACTION_SX = { minHeight: 44 } as const;

/**
 * Whether 'Reintentar' can help a load that failed with this HTTP status: the one rule of every screen's retry
 * (ListScreen, DetailScreen, ProblemAlert, the purchase detail). A retry sends the same request again, so it is offered
 * when the answer may differ next time: no answer (0: a lost connection, a timeout), 408, 429 (too many requests) and
 * every 5xx (503: the ERP down). Any other 4xx is the request's or the address's fault ('Pedido inválido', 404 'no
 * encontrado', 403): the same request gets the same answer, so no retry. Not known (a failure kept as text only): offered.
 */
export function canRetry(status: number | undefined): boolean {
  if (status === undefined || status === 0 || status === 408 || status === 429) return true;
  return status < 400 || status >= 500;
}

/** A failed load as the slices keep it: its message (the server's, or `message` as the screen words it) and status. */
export function failureOf(error: unknown, message?: string): LoadFailure {
  const { status, message: said } = toApiError(error);
  return { message: message ?? said, status };
}
