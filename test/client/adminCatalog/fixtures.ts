import { combineReducers } from '@reduxjs/toolkit';
import { configure } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { File as NodeFile } from 'node:buffer';
import { confirmReducer } from '@client/app/confirmSlice';
import { adminCatalogReducer, initialAdminCatalogState, type AdminCatalogState } from '@client/features/adminCatalog/adminCatalogSlice';
import type { AdminProduct, ProductListItem } from '@shared/api/adminProducts';
import type { Banner } from '@shared/api/banners';
import { renderWithProviders, sessionOf } from '../renderWithProviders';

// Data and helpers of the product and banner administration tests.

// The first screen of a file loads its lazy route and the grid: on a busy machine that takes more than the default 1 s.
configure({ asyncUtilTimeout: 4000 });

export const adminCatalogReducers = combineReducers({ adminCatalog: adminCatalogReducer, confirm: confirmReducer });
export type AdminCatalogTestState = ReturnType<typeof adminCatalogReducers>;

export const storeWith = (adminCatalog: Partial<AdminCatalogState> = {}): AdminCatalogTestState => ({
  adminCatalog: { ...initialAdminCatalogState, ...adminCatalog },
  confirm: { request: null },
});

/** 13 styles: POL-1001 … POL-1012 and JEA-2001; a second page of 3. */
export const erpProducts: ProductListItem[] = [
  ...Array.from({ length: 12 }, (_, i) => ({
    sku: `POL-${1001 + i}`,
    descripcion: `Polera Modelo ${i + 1}`,
    mainUrlImage: '',
  })),
  { sku: 'JEA-2001', descripcion: 'Jeans Slim Azul', mainUrlImage: '' },
];
export const firstPageSkus = erpProducts.slice(0, 10).map((p) => p.sku);

/** POL-1001 has a record with an offer; POL-1002 has none yet (id 0). */
export const recordWithOffer: AdminProduct = {
  id: 5,
  sku: 'POL-1001',
  name: 'Polera Modelo 1',
  offer: true,
  genero: 'Femenino',
  percentage: 20,
  enabled: true,
  mainUrlImage: '/files/products/POL-1001.jpg?v=1',
  secondUrlImage: '/files/products/POL-1001_2.jpg?v=1',
  thirdUrlImage: '/files/products/POL-1001_3.jpg?v=1',
  urlTechnicalSheet: '/files/products/POL-1001_ET.pdf?v=1',
  urlSizeGuideImage: '/files/products/POL-1001_GUIDE.jpg?v=1',
};
export const emptyRecord: AdminProduct = {
  id: 0,
  sku: 'POL-1002',
  name: '',
  offer: false,
  genero: '',
  percentage: 0,
  enabled: false,
  mainUrlImage: '',
  secondUrlImage: '',
  thirdUrlImage: '',
  urlTechnicalSheet: '',
  urlSizeGuideImage: '',
};

export const bannerSet: Banner = {
  id: 3,
  nameFile: 'a.jpg,b.jpg,c.jpg',
  urlBannerImage: '/files/banners/banner1.jpg?v=1',
  urlBannerImage2: '/files/banners/banner2.jpg?v=1',
  urlBannerImage3: '/files/banners/banner3.jpg?v=1',
};

/**
 * A picked file. Node's File: the test environment's FormData is Node's and takes only Node's Blobs (jsdom's File is
 * not one); in a browser both are the same.
 */
export const fileOf = (name: string, size = 1024, type = 'image/jpeg') => new NodeFile([new Uint8Array(size)], name, { type }) as unknown as File;
export const MB = 1024 * 1024;

export const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

type FetchArgs = [string, RequestInit?];
type Route = (init?: RequestInit, url?: string) => Response | Promise<Response>;

/** A fetch that answers by 'METHOD /api/path' (query included when given so); 404 for anything else. */
export function mockApi(routes: Record<string, Route>) {
  const fetchMock = jest.fn<Promise<Response>, FetchArgs>(async (url, init) => {
    const method = init?.method ?? 'GET';
    const withQuery = `${method} ${url}`;
    const withoutQuery = `${method} ${url.split('?')[0]}`;
    const route = routes[withQuery] ?? routes[withoutQuery];
    if (route) return route(init, url);
    return json(404, { status: 404, message: 'Recurso no encontrado' });
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  return fetchMock;
}

export const callsTo = (fetchMock: jest.Mock, method: string, path: string) =>
  fetchMock.mock.calls.filter(([url, init]: FetchArgs) => url.split('?')[0] === path && (init?.method ?? 'GET') === method);

/** The skus asked for in a GET /api/admin/products/status call. */
export const statusSkus = (url: string) => decodeURIComponent(new URL(url, 'http://x').searchParams.get('skus') ?? '').split(',');

/** The whole app for a logged-in ADMIN at `route`. applyAccept false: any file can be chosen ("All files" in the picker). */
export function renderAdmin(route: string, options: { applyAccept?: boolean } = {}) {
  const rendered = renderWithProviders({ route, preloadedState: { session: sessionOf('ADMIN') } });
  return { ...rendered, user: userEvent.setup({ applyAccept: options.applyAccept ?? true }) };
}

/** A phone (375 px) until the returned function restores the previous media queries. */
export { asPhone } from '../viewport';
