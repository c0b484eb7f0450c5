import { screen, waitFor, within } from '@testing-library/react';
import { mockApi } from '../home/mockApi';
import { detailLines, historyHeaders } from '../account/fixtures';
import { renderWithProviders, sessionOf } from '../renderWithProviders';
import { reorderAnswer } from './fixtures';

const HISTORY_PATH = '/user/b1/purchase-history/C76123456';
const REORDER_PATH = '/user/b1/purchase-history/9002/reorder';

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test-xsrf; path=/';
});

async function openHistory(reorder: unknown, routes: Record<string, unknown> = {}) {
  const fetchMock = mockApi({ [HISTORY_PATH]: historyHeaders, [REORDER_PATH]: reorder, '/user/cart/count-cart/12': 2, ...routes });
  const rendered = renderWithProviders({ route: '/user/purchase-history', preloadedState: { session: sessionOf('USER') } });
  const grid = await screen.findByRole('grid', { name: 'Pedidos realizados' });
  await within(grid).findByText('OC000102');
  return { ...rendered, grid, fetchMock };
}

describe("'Volver a comprar' in the purchase history", () => {
  it('a row puts the order back in the cart in one request and says what changed, then leads to the cart', async () => {
    const { grid, user, fetchMock, router } = await openHistory(reorderAnswer());
    const row = within(grid).getByText('OC000102').closest('[role="row"]') as HTMLElement;
    await user.click(await within(row).findByRole('button', { name: 'Volver a comprar el pedido OC000102' }));

    const dialog = await screen.findByRole('dialog', { name: 'Volver a comprar' });
    const reorders = fetchMock.mock.calls.filter(([url]) => url === `/api${REORDER_PATH}`);
    expect(reorders).toHaveLength(1);
    expect((reorders[0] as unknown[])[1]).toMatchObject({ method: 'POST' });
    expect(dialog).toHaveTextContent('2 de 3 productos del pedido OC000102 agregados al carro');
    const changes = within(within(dialog).getByRole('list', { name: 'Cambios desde el pedido:' })).getAllByRole('listitem');
    expect(changes).toHaveLength(3);
    expect(changes[0]).toHaveTextContent('Polera Básica Algodón · Talla M (POL-1001-M)');
    expect(within(changes[0]!).getByText('Precio subió')).toBeInTheDocument();
    expect(changes[0]).toHaveTextContent('Sube de $5.990 a $6.490');
    expect(within(changes[1]!).getByText('Stock insuficiente')).toBeInTheDocument();
    expect(changes[1]).toHaveTextContent('Stock insuficiente: se agregaron 2 de 6');
    expect(within(changes[2]!).getByText('Ya no se vende')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Ver carro' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/cart-detail'));
  });

  it('nothing changed: a toast and straight to the cart', async () => {
    const same = { ...reorderAnswer(), changed: 0, lines: reorderAnswer().lines.map((l) => ({ ...l, changes: [] })), message: '3 productos del pedido OC000102 agregados al carro' };
    const { grid, user, router } = await openHistory(same);
    const row = within(grid).getByText('OC000102').closest('[role="row"]') as HTMLElement;
    await user.click(await within(row).findByRole('button', { name: 'Volver a comprar el pedido OC000102' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/cart-detail'));
    expect(await screen.findByText('3 productos del pedido OC000102 agregados al carro')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('refused: the server message in Spanish, and the buyer stays', async () => {
    const { grid, user, router } = await openHistory({ status: 404, body: { status: 404, message: 'Pedido no encontrado' } });
    const row = within(grid).getByText('OC000102').closest('[role="row"]') as HTMLElement;
    await user.click(await within(row).findByRole('button', { name: 'Volver a comprar el pedido OC000102' }));
    expect(await screen.findByText('Pedido no encontrado')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/purchase-history');
    expect(within(row).getByRole('button', { name: 'Volver a comprar el pedido OC000102' })).toBeEnabled();
  });

  it("the order's detail offers it too", async () => {
    const { grid, user, fetchMock } = await openHistory(reorderAnswer(), { '/user/b1/purchase-history-det/9002': detailLines });
    await user.click(within(grid).getByRole('button', { name: 'Ver detalle del pedido OC000102' }));
    const detail = await screen.findByRole('dialog', { name: 'Detalle de Pedido' });
    await user.click(await within(detail).findByRole('button', { name: 'Volver a comprar el pedido OC000102' }));
    expect(await screen.findByRole('dialog', { name: 'Volver a comprar' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => url === `/api${REORDER_PATH}`)).toHaveLength(1);
  });
});
