import { AppProviders } from './providers';
import { AppRouterView, type AppRouter } from './router';
import type { AppStore } from './store';

export function App({ store, router }: { store: AppStore; router: AppRouter }) {
  return (
    <AppProviders store={store}>
      <AppRouterView router={router} />
    </AppProviders>
  );
}
