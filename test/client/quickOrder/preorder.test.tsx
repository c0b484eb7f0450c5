import { screen, waitFor, within } from '@testing-library/react';
import type { CartBulkResponse } from '@shared/api/cart';
import type { QuickOrderValidation, ReorderResponse } from '@shared/api/ordering';
import { orderTotals } from '@shared/pricing';
import { json } from '../cart/fixtures';
import { mockApi } from '../home/mockApi';
import { historyHeaders } from '../account/fixtures';
import { ARRIVES, eachTestOnToday } from '../incomingFixtures';
import { renderWithProviders, sessionOf } from '../renderWithProviders';
import { qoLine, reorderAnswer } from './fixtures';

// Quick order and 'Volver a comprar' (docs/incoming.md): a line without stock whose units are on their way says so
// (the server's message) and may go to the cart as a pre-order, in the cart saga's one keyed bulk add.

const porLlegar = [{ fecha: ARRIVES, cantidad: 40 }];
const noStockMessage = 'Sin stock de CHA-3003-XS; llegan 40 el 15-ene';
const validation: QuickOrderValidation = {
  lines: [qoLine({ rows: [1], sku: 'CHA-3003-XS', name: 'Chaqueta Térmica', size: 'XS', status: 'noStock', quantity: 12, addable: 0, stock: 0, porLlegar, message: noStockMessage })],
  summary: { lines: 1, ok: 0, short: 0, errors: 1, merged: 0, units: 0 },
  totals: orderTotals([], 4),
  blocked: false,
  message: '0 líneas listas, 1 con errores',
  stockAsOf: null,
};
const preorderAnswer = (sku: string, quantity: number): CartBulkResponse => ({
  lines: [{ sku, requested: quantity, quantity, status: 'added' }],
  added: 1,
  clamped: 0,
  rejected: 0,
  count: 1,
  message: '1 de 1 productos agregados al carro',
});
const bulkBodies = (fetchMock: jest.Mock) =>
  fetchMock.mock.calls.filter(([url]) => String(url) === '/api/user/cart/bulk').map(([, init]) => JSON.parse(String((init as RequestInit).body)));

eachTestOnToday();

describe('quick order: a line without stock with units on their way', () => {
  it("shows the server's message and '¿Pedir por llegar?', which adds that line as a pre-order once", async () => {
    const fetchMock = mockApi({
      '/user/quick-order/validate': validation,
      '/user/cart/bulk': preorderAnswer('CHA-3003-XS', 12),
      '/user/cart/count-cart/12': 1,
      '/user/cart/find-by-userid/12': { items: [], totals: {} },
    });
    const { user } = renderWithProviders({ route: '/user/quick-order', preloadedState: { session: sessionOf('USER') } });
    await user.type(await screen.findByRole('textbox', { name: 'Líneas del pedido' }), 'CHA-3003-XS;12');
    await user.click(screen.getByRole('button', { name: 'Validar' }));
    const item = await screen.findByRole('listitem', { name: /^Línea 1:/ });
    expect(within(item).getByText(noStockMessage)).toBeInTheDocument();
    await user.click(within(item).getByRole('button', { name: '¿Pedir por llegar?' }));
    expect(await within(item).findByText('Agregado por llegar: 12')).toBeInTheDocument();
    expect(within(item).queryByRole('button', { name: '¿Pedir por llegar?' })).not.toBeInTheDocument();
    expect(bulkBodies(fetchMock)).toEqual([{ items: [{ sku: 'CHA-3003-XS', quantity: 12, porLlegar: true }], clampToStock: true }]);
    const post = fetchMock.mock.calls.find(([url]) => String(url) === '/api/user/cart/bulk')!;
    expect(new Headers(((post as unknown[])[1] as RequestInit).headers).get('Idempotency-Key')).toBeTruthy();
  });

  it('a refused pre-order keeps the action for another try', async () => {
    mockApi({
      '/user/quick-order/validate': validation,
      '/user/cart/bulk': () => Promise.resolve(json(422, { status: 422, message: 'Ya no llega stock de CHA-3003-XS' })),
      '/user/cart/count-cart/12': 0,
      '/user/cart/find-by-userid/12': { items: [], totals: {} },
    });
    const { user } = renderWithProviders({ route: '/user/quick-order', preloadedState: { session: sessionOf('USER') } });
    await user.type(await screen.findByRole('textbox', { name: 'Líneas del pedido' }), 'CHA-3003-XS;12');
    await user.click(screen.getByRole('button', { name: 'Validar' }));
    const item = await screen.findByRole('listitem', { name: /^Línea 1:/ });
    await user.click(within(item).getByRole('button', { name: '¿Pedir por llegar?' }));
    expect(await screen.findByText('Ya no llega stock de CHA-3003-XS')).toBeInTheDocument();
    await waitFor(() => expect(within(item).getByRole('button', { name: '¿Pedir por llegar?' })).not.toHaveAttribute('aria-disabled'));
  });
});

describe("'Volver a comprar': a line not added for want of stock, with units on their way", () => {
  it("shows the server's message and 'Pedir por llegar' for the units not added, up to what arrives", async () => {
    const base = reorderAnswer();
    const answer: ReorderResponse = {
      ...base,
      lines: [
        ...base.lines,
        { sku: 'CHA-3003-XS', name: 'Chaqueta Térmica', size: 'XS', ordered: 50, added: 0, previousUnitPrice: 29990, unitPrice: 29990, changes: ['noStock'], message: 'Sin stock: no se agregó; llegan 40 el 15-ene', porLlegar },
      ],
      changed: 4,
    };
    const fetchMock = mockApi({
      '/user/b1/purchase-history/C76123456': historyHeaders,
      '/user/b1/purchase-history/9002/reorder': answer,
      '/user/cart/bulk': preorderAnswer('CHA-3003-XS', 40),
      '/user/cart/count-cart/12': 3,
      '/user/cart/find-by-userid/12': { items: [], totals: {} },
    });
    const { user } = renderWithProviders({ route: '/user/purchase-history', preloadedState: { session: sessionOf('USER') } });
    const grid = await screen.findByRole('grid', { name: 'Pedidos realizados' });
    const row = (await within(grid).findByText('OC000102')).closest('[role="row"]') as HTMLElement;
    await user.click(await within(row).findByRole('button', { name: 'Volver a comprar el pedido OC000102' }));
    const dialog = await screen.findByRole('dialog', { name: 'Volver a comprar' });
    const changes = within(within(dialog).getByRole('list', { name: 'Cambios desde el pedido:' })).getAllByRole('listitem');
    expect(changes[3]).toHaveTextContent('Sin stock: no se agregó; llegan 40 el 15-ene');
    // lines that went in, or are no longer sold, offer nothing
    expect(within(changes[0]!).queryByRole('button', { name: /Pedir por llegar/ })).not.toBeInTheDocument();
    await user.click(within(changes[3]!).getByRole('button', { name: 'Pedir por llegar Chaqueta Térmica talla XS' }));
    expect(await within(changes[3]!).findByText('Agregado por llegar: 40')).toBeInTheDocument();
    // 50 ordered, none added, 40 arriving: 40 asked for
    expect(bulkBodies(fetchMock)).toEqual([{ items: [{ sku: 'CHA-3003-XS', quantity: 40, porLlegar: true }], clampToStock: true }]);
  });
});
