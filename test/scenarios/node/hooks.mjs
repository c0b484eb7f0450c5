// Module hooks of the scenario runner (Node): notistack's enqueueSnackbar exists only once a SnackbarProvider is
// mounted, and the runner mounts no React; the SPA's toasts go to a stand-in that keeps them on globalThis instead.
const stub = new globalThis.URL('./notistack.mjs', import.meta.url).href;

export async function resolve(specifier, context, next) {
  if (specifier === 'notistack') return { url: stub, shortCircuit: true };
  return next(specifier, context);
}
