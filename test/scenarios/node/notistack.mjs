// The toasts a replay shows: kept in globalThis.__scenarioToasts (the runner may print or check them).
const toasts = (globalThis.__scenarioToasts ??= []);
export function enqueueSnackbar(message, options) {
  toasts.push({ message: String(message), variant: options?.variant ?? 'default' });
  return toasts.length;
}
export function closeSnackbar() {}
export function SnackbarProvider(props) {
  return props?.children ?? null;
}
export function useSnackbar() {
  return { enqueueSnackbar, closeSnackbar };
}
export default { enqueueSnackbar, closeSnackbar, SnackbarProvider, useSnackbar };
