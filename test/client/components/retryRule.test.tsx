import { screen, waitFor, within } from '@testing-library/react';
import type { Role } from '@shared/roles';
import { canRetry } from '@client/app/problems';
import { callsTo, json, mockFetch, reply } from '../fetchMock';
import { renderWithProviders, sessionOf } from '../renderWithProviders';

// 'Reintentar' sends the same request again: it is offered only where the answer may change (no answer, a timeout,
// 408, 429, 5xx: the ERP down), never for a 4xx that is the request's or the address's fault ('Pedido inválido', 404,
// 403). One rule (canRetry), applied by the shared ListScreen, DetailScreen and ProblemAlert and the purchase detail.

jest.setTimeout(30_000);

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test-xsrf; path=/';
});

const asRole = (role: Role, route: string) => renderWithProviders({ route, preloadedState: { session: sessionOf(role) } });

describe('canRetry', () => {
  it.each([
    [0, true],
    [408, true],
    [429, true],
    [500, true],
    [502, true],
    [503, true],
    [504, true],
    [undefined, true],
    [400, false],
    [403, false],
    [404, false],
    [409, false],
    [422, false],
  ])('status %p: %p', (status, expected) => {
    expect(canRetry(status)).toBe(expected);
  });
});

describe("a detail screen ('Mis pedidos' /user/orders/:id)", () => {
  it.each([
    [404, 'Pedido no encontrado'],
    [400, 'Pedido inválido'],
    [403, 'Acceso denegado'],
  ])('%p: the error, without Reintentar', async (status, message) => {
    const fetchMock = mockFetch({ 'GET /user/orders/OC000099': reply(status, { status, message }) });
    asRole('USER', '/user/orders/OC000099');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    expect(within(alert).queryByRole('button', { name: 'Reintentar' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /user/orders/OC000099')).toHaveLength(1);
  });

  it.each([
    [503, 'El ERP no está disponible'],
    [500, 'Internal server error'],
    [429, 'Demasiadas solicitudes'],
  ])('%p: the error with Reintentar, which loads again', async (status, message) => {
    const fetchMock = mockFetch({ 'GET /user/orders/OC000099': reply(status, { status, message }) });
    const { user } = asRole('USER', '/user/orders/OC000099');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(message);
    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(callsTo(fetchMock, 'GET /user/orders/OC000099')).toHaveLength(2));
  });

  it('no answer (a lost connection): Reintentar', async () => {
    const fetchMock = mockFetch({});
    fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    asRole('USER', '/user/orders/OC000099');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});

describe('a list screen (the admin Pedidos)', () => {
  it('a query the server refuses (400): the error, without Reintentar', async () => {
    mockFetch({ 'GET /admin/orders': reply(400, { status: 400, message: 'La fecha inicial es posterior a la final' }) });
    asRole('ADMIN', '/admin/orders');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('La fecha inicial es posterior a la final');
    expect(within(alert).queryByRole('button', { name: 'Reintentar' })).not.toBeInTheDocument();
  });

  it('a 500: Reintentar loads the list again', async () => {
    const fetchMock = mockFetch({ 'GET /admin/orders': reply(500, { status: 500, message: 'Internal server error' }) });
    const { user } = asRole('ADMIN', '/admin/orders');
    const alert = await screen.findByRole('alert');
    fetchMock.mockImplementation(() => Promise.resolve(json(200, { rows: [], total: 0, page: 0, pageSize: 25 })));
    await user.click(within(alert).getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(screen.queryByRole('alert')).not.toBeInTheDocument());
  });
});

describe('a ProblemAlert (the product detail)', () => {
  it('404 Producto no encontrado: no Reintentar', async () => {
    mockFetch({ 'GET /user/b1/products-detail/NOPE': reply(404, { status: 404, message: 'Producto no encontrado' }) });
    asRole('USER', '/user/product-detail/NOPE');
    const alert = await screen.findByText('Producto no encontrado');
    expect(within(alert.closest('[role="alert"]') as HTMLElement).queryByRole('button', { name: 'Reintentar' })).not.toBeInTheDocument();
  });

  it('503 the ERP down: Reintentar', async () => {
    mockFetch({ 'GET /user/b1/products-detail/POL-1003': reply(503, { status: 503, message: 'El ERP no está disponible', code: 'ERP_UNAVAILABLE' }) });
    asRole('USER', '/user/product-detail/POL-1003');
    expect(await screen.findByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});
