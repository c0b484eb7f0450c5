import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { Announcer } from './announcer';
import type { AppStore } from './store';
import { theme } from './theme';
import { ToastHost } from './ToastHost';

/**
 * Redux, theme, toasts (notistack, loaded at the first toast) and the polite live region; the router goes inside
 * (main.tsx, renderWithProviders).
 */
export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ThemeProvider theme={theme}>
        <CssBaseline />
        {children}
        <ToastHost />
        <Announcer />
      </ThemeProvider>
    </Provider>
  );
}
