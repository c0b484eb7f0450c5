import CssBaseline from '@mui/material/CssBaseline';
// MUI's own ThemeProvider (@mui/material/styles) also carries the CSS-variables provider (color schemes, the script
// that sets one before paint) although a theme without cssVariables never uses it: the system's provider is what it
// renders for such a theme, without that code (about 5 kB gzip of /login, docs/performance.md)
import { ThemeProvider } from '@mui/system';
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
