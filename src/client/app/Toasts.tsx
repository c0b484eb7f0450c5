import { closeSnackbar, enqueueSnackbar, SnackbarProvider } from 'notistack';
import { useEffect } from 'react';
import { attachToasts } from './notify';

/** notistack's provider, and the toasts that waited for it (app/notify). */
export default function Toasts() {
  // runs after the provider mounted (a child's mount comes first), so enqueueSnackbar reaches it
  useEffect(() => attachToasts(({ message, variant }) => enqueueSnackbar(message, { variant }), closeSnackbar), []);
  return <SnackbarProvider maxSnack={3} autoHideDuration={4000} anchorOrigin={{ vertical: 'top', horizontal: 'center' }} />;
}
