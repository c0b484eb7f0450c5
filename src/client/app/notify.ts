import type { SnackbarKey, VariantType } from 'notistack';
import { announce } from './announcer';

// Short toasts (notistack). notistack loads with the first toast, not with the page (app/ToastHost): until its
// provider is mounted the toasts wait here, in order, and are shown the moment it is. Every toast is also said by the
// app's polite live region (app/announcer), which is on the page from the start.
// A success toast closes the error, warning and info toasts shown before it: what failed or was declined was done or
// fixed since (an old 'Un producto excede…' beside 'Producto(s) agregados!!', or 'Reserva no realizada' beside 'Reserva
// enviada para aprobación!!', would contradict it). The portal's info toasts all say something was not done.

export interface Toast {
  message: string;
  variant: VariantType;
}

/** The accessible name of a toast's close button. */
export const TOAST_CLOSE_LABEL = 'Cerrar';

/** Shows a toast; answers its key when the toast library gives one (to close it later). */
type Show = (toast: Toast) => SnackbarKey | void;
/** Closes the toast of a key; without one, every toast on screen. */
type Close = (key?: SnackbarKey) => void;

const waiting: Toast[] = [];
let show: Show | null = null;
let close: Close | null = null;
let wanted: (() => void) | null = null;
/** The toasts a success closes, shown and not yet closed (the oldest first; closing a gone one does nothing). */
let openNotices: SnackbarKey[] = [];
const MAX_TRACKED = 10;

/** Error, warning and info toasts: what a later success makes old. */
const supersededBySuccess = (variant: VariantType) => variant === 'error' || variant === 'warning' || variant === 'info';

function display(next: Show, toast: Toast): void {
  if (toast.variant === 'success' && close) {
    for (const key of openNotices) close(key);
    openNotices = [];
  }
  const key = next(toast);
  if (supersededBySuccess(toast.variant) && key !== undefined) openNotices = [...openNotices, key].slice(-MAX_TRACKED);
}

/** What the live region says for a toast: its kind, then its text ('Error: …', 'Aviso: …'). */
export const spokenToast = (message: string, variant: VariantType) => `${variant === 'error' ? 'Error' : 'Aviso'}: ${message}`;

/** The toasts of the last few seconds, the newest last: what a page load must carry (app/router's /login). */
const recent: { toast: Toast; at: number }[] = [];
const RECENT_MS = 3000;

/**
 * The toasts given in the last seconds (a saga's 'done' just before it leads to another page), as the screen shows
 * them: an error, warning or info toast a later success closed is not carried ('Cambio no realizado', then the change
 * made a moment later, carries only 'Contraseña actualizada…').
 */
export function recentToasts(now = Date.now()): Toast[] {
  const toasts = recent.filter((r) => now - r.at <= RECENT_MS).map((r) => r.toast);
  const lastSuccess = toasts.findLastIndex((t) => t.variant === 'success');
  return toasts.filter((t, i) => i > lastSuccess || !supersededBySuccess(t.variant));
}

/** Short toast; sagas `call` it so tests can assert it. */
export function notify(message: string, variant: VariantType = 'default'): void {
  announce(spokenToast(message, variant));
  recent.push({ toast: { message, variant }, at: Date.now() });
  if (recent.length > MAX_TRACKED) recent.shift();
  if (show) {
    display(show, { message, variant });
    return;
  }
  // a notice waiting for the provider is dropped by a later success, as a shown one would be closed
  if (variant === 'success') {
    for (let i = waiting.length - 1; i >= 0; i -= 1) if (supersededBySuccess(waiting[i]!.variant)) waiting.splice(i, 1);
  }
  waiting.push({ message, variant });
  wanted?.();
}

/**
 * Closes every toast on screen: a panel that rises over the bottom of a phone (the cart panel) would otherwise sit
 * under them, its main button hidden. What they said stays said: the live region read each one out.
 */
export function dismissToasts(): void {
  close?.();
  openNotices = [];
}

/** ToastHost: called when a toast is waiting for notistack (now, if one already is). */
export function whenToastWanted(listener: () => void): () => void {
  wanted = listener;
  if (waiting.length) listener();
  return () => {
    if (wanted === listener) wanted = null;
  };
}

/** The mounted provider shows the waiting toasts and every later one, until it unmounts; `closer` closes one by key. */
export function attachToasts(next: Show, closer?: Close): () => void {
  show = next;
  close = closer ?? null;
  for (const toast of waiting.splice(0)) display(next, toast);
  return () => {
    if (show === next) {
      show = null;
      close = null;
      openNotices = [];
    }
  };
}
