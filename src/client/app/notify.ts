import type { VariantType } from 'notistack';

// Short toasts (notistack). notistack loads with the first toast, not with the page (app/ToastHost): until its
// provider is mounted the toasts wait here, in order, and are shown the moment it is.

export interface Toast {
  message: string;
  variant: VariantType;
}

type Show = (toast: Toast) => void;

const waiting: Toast[] = [];
let show: Show | null = null;
let wanted: (() => void) | null = null;

/** Short toast; sagas `call` it so tests can assert it. */
export function notify(message: string, variant: VariantType = 'default'): void {
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
