import { screen, waitFor, within } from '@testing-library/react';
import { testSaga } from 'redux-saga-test-plan';
import type { CartItem, CartResponse } from '@shared/api/cart';
import type { CreateOrderRequest } from '@shared/api/orders';
import { createOrderSchema } from '@shared/schemas/orders';
import { newIdempotencyKey } from '@client/api/idempotency';
import { callWithTimeout } from '@client/app/sagaUtils';
import { createOrder } from '@client/features/checkout/api';
import { handleCreditSale, sameChoices } from '@client/features/checkout/checkoutSagas';
import { selectCreditLimit, selectOrderAttempt, selectOrderTotal, selectUnfinishedOrder } from '@client/features/checkout/checkoutSelectors';
import { orderAttemptStarted } from '@client/features/checkout/checkoutSlice';
import { line, polera } from '../cart/fixtures';
import { ARRIVES, eachTestOnToday, LATER } from '../incomingFixtures';
import { callsTo, creditRequest, json, KEY, losAndes, mockApi, OTHER_KEY, renderSummary, totals, webpayRequest } from './fixtures';

// The order summary of a cart with pre-order lines (docs/incoming.md): how they ship (required), the lines apart with
// their dates, card and transfer not offered; the choice is part of the order's request and of 'the same choices'.

const preorder = (id: number, sku: string, size: string, llegada: string): CartItem => ({
  ...line({ ...polera, id, sku, style: 'CHA-3003', name: 'Chaqueta Térmica', size, quantity: 5, stock: 60 }),
  porLlegar: true,
  llegada,
});
const cartWithIncoming: CartResponse = { items: [polera, preorder(301, 'CHA-3003-XS', 'XS', ARRIVES), preorder(302, 'CHA-3003-S', 'S', LATER)], totals };
const withIncoming = () => mockApi({ 'GET /api/user/cart/find-by-userid/12': () => json(200, cartWithIncoming) });
const orderBodies = (fetchMock: jest.Mock) => callsTo(fetchMock, 'POST', '/api/orders').map(([, init]) => JSON.parse(String(init!.body)));

eachTestOnToday();

describe('order summary with pre-order lines', () => {
  it('asks how they ship (all together by the latest date, or partial), lists them apart with their dates, and offers no card or transfer', async () => {
    withIncoming();
    renderSummary();
    const group = await screen.findByRole('radiogroup', { name: 'Despacho de lo que está por llegar' });
    expect(within(group).getByRole('radio', { name: 'Todo junto, cuando llegue lo último (3-feb)' })).not.toBeChecked();
    expect(within(group).getByRole('radio', { name: 'Lo disponible ahora, y el resto a medida que llegue' })).not.toBeChecked();
    const apart = screen.getByRole('region', { name: 'Por llegar' });
    expect(within(apart).getByText('Chaqueta Térmica talla XS · 5')).toBeInTheDocument();
    expect(within(apart).getByText('Llega el 15-ene')).toBeInTheDocument();
    expect(within(apart).getByText('Llega el 3-feb')).toBeInTheDocument();
    // the on-hand line is not among them
    expect(within(apart).queryByText(/Polera/)).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'WebPay Plus' })).toBeDisabled();
    expect(screen.getByRole('radio', { name: 'Transferencia bancaria (Khipu)' })).toBeDisabled();
    expect(
      screen.getByText('Los pedidos con productos por llegar se pagan al facturar cada despacho (desde Facturas pendientes o a crédito): elige crédito, cheque o reserva.'),
    ).toBeInTheDocument();
    // the transfer chosen by default gives way to the credit line this buyer has
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Línea de crédito' })).toBeChecked());
  });

  it('without a shipping choice the order is not sent; with one, the request carries it', async () => {
    const fetchMock = withIncoming();
    const { user } = renderSummary();
    await screen.findByRole('radiogroup', { name: 'Despacho de lo que está por llegar' });
    await user.click(screen.getByRole('radio', { name: 'Retiro en tienda' }));
    const submit = await screen.findByRole('button', { name: 'Ir a Pagar' });
    await waitFor(() => expect(submit).toBeEnabled());
    await user.click(submit);
    expect(await screen.findByText('Elige cómo despachar lo que está por llegar: todo junto o lo disponible ahora')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST', '/api/orders')).toHaveLength(0);

    await user.click(screen.getByRole('radio', { name: 'Todo junto, cuando llegue lo último (3-feb)' }));
    await waitFor(() => expect(screen.queryByText('Elige cómo despachar lo que está por llegar: todo junto o lo disponible ahora')).not.toBeInTheDocument());
    await user.click(submit);
    await waitFor(() => expect(callsTo(fetchMock, 'POST', '/api/orders')).toHaveLength(1));
    expect(orderBodies(fetchMock)[0]).toMatchObject({ orderType: 'ONLINE', tipoEntrega: 'retiro', paymentMethod: 'CREDIT', envioPorLlegar: 'JUNTO' });
  });

  it('the choice is kept for this buyer: a reload of the summary finds it', async () => {
    Object.entries({ choicesOwner: '12', envioPorLlegar: 'PARCIAL' }).forEach(([k, v]) => sessionStorage.setItem(k, v));
    try {
      withIncoming();
      const { user } = renderSummary();
      const partialChoice = await screen.findByRole('radio', { name: 'Lo disponible ahora, y el resto a medida que llegue' });
      expect(partialChoice).toBeChecked();
      await user.click(screen.getByRole('radio', { name: 'Todo junto, cuando llegue lo último (3-feb)' }));
      await waitFor(() => expect(sessionStorage.getItem('envioPorLlegar')).toBe('JUNTO'));
    } finally {
      sessionStorage.clear();
    }
  });

  it('a cart without pre-order lines asks nothing and keeps card and transfer', async () => {
    const fetchMock = mockApi();
    renderSummary(losAndes);
    await screen.findByRole('region', { name: 'Resumen de la compra' });
    expect(screen.queryByRole('radiogroup', { name: 'Despacho de lo que está por llegar' })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'WebPay Plus' })).toBeEnabled();
    expect(screen.getByRole('radio', { name: 'Transferencia bancaria (Khipu)' })).toBeChecked();
    expect(callsTo(fetchMock, 'POST', '/api/orders')).toHaveLength(0);
  });
});

describe('the shipping choice in the flows', () => {
  const together: CreateOrderRequest = { ...creditRequest, envioPorLlegar: 'JUNTO' };
  const partial: CreateOrderRequest = { ...creditRequest, envioPorLlegar: 'PARCIAL' };

  it('is part of the same choices: another shipping choice is another order', () => {
    expect(sameChoices(together, { ...together })).toBe(true);
    expect(sameChoices(together, partial)).toBe(false);
    expect(sameChoices(creditRequest, together)).toBe(false);
    // an order read back carries null for none
    expect(sameChoices(webpayRequest, { ...webpayRequest, envioPorLlegar: null })).toBe(true);
  });

  /** A credit sale with enough credit, up to the kept attempt it reads. */
  const upToAttempt = (request: CreateOrderRequest) =>
    testSaga(handleCreditSale, request)
      .next()
      .select(selectCreditLimit)
      .next(1250000)
      .select(selectOrderTotal)
      .next(462672)
      .select(selectUnfinishedOrder)
      .next(null)
      .select(selectOrderAttempt);

  it('the order is created with it, under a new key when the kept attempt had another choice', () => {
    upToAttempt(partial)
      // the attempt whose outcome is unknown chose 'all together': not the same order
      .next({ key: OTHER_KEY, request: together })
      .call(newIdempotencyKey)
      .next(KEY)
      .put(orderAttemptStarted({ key: KEY, request: partial }))
      .next()
      .call(callWithTimeout, createOrder, partial, KEY);
  });

  it('the same choice after no answer is the same order: the kept key is sent again', () => {
    upToAttempt(together)
      .next({ key: OTHER_KEY, request: { ...together } })
      .call(callWithTimeout, createOrder, together, OTHER_KEY);
  });
});

describe('the order schema (form and POST /orders)', () => {
  const base = { orderType: 'ONLINE', tipoEntrega: 'retiro', invoiceAddress: 'CASA MATRIZ', paymentMethod: 'CREDIT' };

  it('requires the shipping choice when the context says the cart has pre-order lines', async () => {
    await expect(createOrderSchema.validate(base, { context: { porLlegar: true } })).rejects.toThrow('Elige cómo despachar lo que está por llegar: todo junto o lo disponible ahora');
    await expect(createOrderSchema.validate({ ...base, envioPorLlegar: '' }, { context: { porLlegar: true } })).rejects.toThrow(
      'Elige cómo despachar lo que está por llegar: todo junto o lo disponible ahora',
    );
    await expect(createOrderSchema.validate({ ...base, envioPorLlegar: 'PARCIAL' }, { context: { porLlegar: true } })).resolves.toMatchObject({ envioPorLlegar: 'PARCIAL' });
  });

  it('takes none otherwise, and refuses an unknown choice', async () => {
    await expect(createOrderSchema.validate(base)).resolves.toMatchObject({ orderType: 'ONLINE' });
    await expect(createOrderSchema.validate({ ...base, envioPorLlegar: '' })).resolves.not.toHaveProperty('envioPorLlegar', '');
    await expect(createOrderSchema.validate({ ...base, envioPorLlegar: null })).resolves.toBeTruthy();
    await expect(createOrderSchema.validate({ ...base, envioPorLlegar: 'TODO' })).rejects.toThrow('Forma de despacho de lo que está por llegar inválida');
  });
});
