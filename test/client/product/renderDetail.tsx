import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { AppProviders } from '@client/app/providers';
import { makeStore } from '@client/app/store';
import ProductDetailScreen, { type ProductViewer } from '@client/features/product/ProductDetailScreen';

// The product detail screen in the whole store at `route`, as the product screen tests render it.

/** A buyer who may buy, without loyalty discount. */
export const buyer: ProductViewer = { loggedIn: true, isAdmin: false, blocked: false, mayBuy: true, descFidel: 0 };

export function renderDetail(route: string, viewer: ProductViewer = buyer) {
  const store = makeStore();
  const dispatch = jest.spyOn(store, 'dispatch');
  const router = createMemoryRouter(
    [
      { path: '/user/product-detail/:sku', element: <ProductDetailScreen viewer={viewer} /> },
      { path: '/login', element: <h1>Login</h1> },
    ],
    { initialEntries: [route] },
  );
  const user = userEvent.setup();
  render(
    <AppProviders store={store}>
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return { store, dispatch, user, router };
}
