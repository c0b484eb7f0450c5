import { screen } from '@testing-library/react';
import type { PaymentLinkView } from '@shared/api/paymentLinks';
import { PAYMENT_LINK_MSG } from '@shared/paymentLinks';
import { renderWithProviders } from '../renderWithProviders';
import { mockFetch, reply } from '../fetchMock';

// the whole app renders for each step; two shared cores make it slow
jest.setTimeout(30_000);

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test-xsrf; path=/';
});

const TOKEN = 'A'.repeat(43);
const KEY = `GET /public/payment-links/${TOKEN}`;
const open: PaymentLinkView = {
  state: 'OPEN',
  message: '',
  companyName: 'Comercial Los Andes SpA',
  orderNumber: 'OC000044',
  amount: 39_270,
  lines: [{ sku: 'POL-1001-M', name: 'Polera piqué', size: 'M', quantity: 2, total: 21_980 }],
  providers: ['WEBPAY'],
  expiresAt: '2026-11-30T12:00:00.000Z',
  payment: null,
};

async function openPage(answer: unknown, route = `/pagar/${TOKEN}`) {
  mockFetch({ [KEY]: answer });
  renderWithProviders({ route });
}

describe('the payment link page (/pagar/:token), without a login', () => {
  it('an open link: the company, the order, its lines and amount, and the way to pay', async () => {
    await openPage(open);
    expect(await screen.findByRole('heading', { level: 1, name: 'Pago del pedido OC000044' })).toBeInTheDocument();
    expect(screen.getByText('Comercial Los Andes SpA')).toBeInTheDocument();
    expect(screen.getByText(/Polera piqué/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: PAYMENT_LINK_MSG.payCard })).toBeEnabled();
    expect(screen.queryByRole('button', { name: PAYMENT_LINK_MSG.payTransfer })).not.toBeInTheDocument();
  });

  it.each([
    ['USED', PAYMENT_LINK_MSG.used],
    ['EXPIRED', PAYMENT_LINK_MSG.expired],
    ['CHANGED', PAYMENT_LINK_MSG.changed],
  ] as const)('a link %s: its refusal, and no way to pay', async (state, message) => {
    await openPage({ ...open, state, message });
    expect(await screen.findByRole('alert')).toHaveTextContent(message);
    expect(screen.queryByRole('button', { name: PAYMENT_LINK_MSG.payCard })).not.toBeInTheDocument();
  });

  it('an unknown link: "Link de pago inválido"', async () => {
    await openPage(reply(404, { status: 404, message: PAYMENT_LINK_MSG.invalid }));
    expect(await screen.findByRole('alert')).toHaveTextContent(PAYMENT_LINK_MSG.invalid);
    expect(screen.getByRole('heading', { level: 1, name: PAYMENT_LINK_MSG.invalid })).toBeInTheDocument();
  });

  it('back from the provider, paid: the payment received', async () => {
    await openPage({ ...open, state: 'USED', message: PAYMENT_LINK_MSG.used, payment: { provider: 'WEBPAY', state: 'PAID' } }, `/pagar/${TOKEN}?resultado=1`);
    expect(await screen.findByText('Pago recibido: el pedido OC000044 quedó confirmado. ¡Gracias!')).toBeInTheDocument();
  });
});
