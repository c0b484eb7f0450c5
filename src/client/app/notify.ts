import type { VariantType } from 'notistack';
import { announce } from './announcer';

// Short toasts (notistack). notistack loads with the first toast, not with the page (app/ToastHost): until its
// provider is mounted the toasts wait here, in order, and are shown the moment it is. Every toast is also said by the
// app's polite live region (app/announcer), which is on the page from the start.

export interface Toast {
  message: string;
  variant: VariantType;
}

/** The accessible name of a toast's close button. */
export const TOAST_CLOSE_LABEL = 'Cerrar';

type Show = (toast: Toast) => void;

const waiting: Toast[] = [];
let show: Show | null = null;
let wanted: (() => void) | null = null;

/** What the live region says for a toast: its kind, then its text ('Error: …', 'Aviso: …'). */
export const spokenToast = (message: string, variant: VariantType) => `${variant === 'error' ? 'Error' : 'Aviso'}: ${message}`;

/** Short toast; sagas `call` it so tests can assert it. */
export function notify(message: string, variant: VariantType = 'default'): void {
  announce(spokenToast(message, variant));
  if (show) {
    show({ message, variant });
    return;
  }
  waiting.push({ message, variant });
  wanted?.();
}

/** ToastHost: called when a toast is waiting for notistack (now, if one already is). */
export function whenToastWanted(listener: () => void): () => void {
  wanted = listener;
  if (waiting.length) listener();
  return () => {
    if (wanted === listener) wanted = null;
  };
}

/** The mounted provider shows the waiting toasts and every later one, until it unmounts. */
export function attachToasts(next: Show): () => void {
  show = next;
  for (const toast of waiting.splice(0)) next(toast);
  return () => {
    if (show === next) show = null;
  };
}
