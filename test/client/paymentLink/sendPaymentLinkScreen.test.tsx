import { screen } from '@testing-library/react';
import type { PaymentLinkStatus } from '@shared/api/paymentLinks';
import { PAYMENT_LINK_MSG } from '@shared/paymentLinks';
import { renderWithProviders, sessionOf } from '../renderWithProviders';
import { callsTo, mockFetch } from '../fetchMock';

// the whole app renders for each step; two shared cores make it slow
jest.setTimeout(30_000);

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test-xsrf; path=/';
});

const before: PaymentLinkStatus = {
  orderId: 44,
  orderNumber: 'OC000044',
  sentTo: 'compras@losandes.cl',
  amount: 39_270,
  expiresAt: '',
  state: null,
  paymentState: null,
  message: '',
};
const sent: PaymentLinkStatus = { ...before, state: 'OPEN', expiresAt: '2026-11-30T12:00:00.000Z', message: 'Link enviado a compras@losandes.cl, vigente hasta 30-11-2026 09:00' };

describe("the rep's 'Enviar link de pago' (/user/orders/:id/payment-link)", () => {
  it('shows where the link goes, sends it with an Idempotency-Key and shows its state', async () => {
    const fetchMock = mockFetch({ 'GET /orders/44/payment-link': before, 'POST /orders/44/payment-link': sent });
    const { user } = renderWithProviders({ route: '/user/orders/44/payment-link', preloadedState: { session: sessionOf('USER') } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Enviar link de pago OC000044' })).toBeInTheDocument();
    expect(screen.getByText('El link se enviará a compras@losandes.cl')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: PAYMENT_LINK_MSG.sendLink }));
    expect(await screen.findByRole('status')).toHaveTextContent(sent.message);
    expect(screen.getByRole('button', { name: PAYMENT_LINK_MSG.sendAgain })).toBeEnabled();
    const [[, init]] = callsTo(fetchMock, 'POST /orders/44/payment-link');
    expect(new Headers(init.headers).get('Idempotency-Key')).toBeTruthy();
  });
});
