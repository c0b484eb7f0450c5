import { enqueueSnackbar, type VariantType } from 'notistack';

/** Short toast (notistack); sagas `call` it so tests can assert it. Needs the SnackbarProvider mounted. */
export function notify(message: string, variant: VariantType = 'default'): void {
  enqueueSnackbar(message, { variant });
}
