import { screen, within } from '@testing-library/react';
import type { CompanyApproval, CompanyApprovalChanges } from '@shared/api/companyApprovals';
import { bodiesTo, callsTo, mockFetch, reply } from '../fetchMock';
import { renderWithProviders, sessionOf } from '../renderWithProviders';
import { asPhone, widthIs } from '../viewport';

// Mi empresa: Por aprobar as an Aprobador uses it: the waiting orders, one order's buyer and lines, Aprobar (confirmed,
// with the total shown), what changed when the order was re-priced, Rechazar with a required reason.

const totals = { lines: 1, units: 2, net: 20000, offerDiscount: 0, loyaltyDiscount: 0, loyaltyPct: 0, subtotal: 20000, vat: 3800, total: 23800 };
const approval: CompanyApproval = {
  id: 42,
  number: 'OC000042',
  orderType: 'ONLINE',
  paymentMethod: 'CREDIT',
  deliveryType: 'retiro',
  createdAt: '2026-11-28T14:00:00.000Z',
  buyer: { userId: 15, rut: '189012349', name: 'Camila Rojas Pizarro', email: 'camila.rojas@losandes.cl' },
  lines: [{ id: 1, sku: 'POL-1003-M', name: 'Polera Básica', size: 'M', quantity: 2, price: 10000, percentageOffer: 0, percentageLoyalty: 0, priceFinalUnit: 10000, priceFinal: 20000, descLinea: 0 }],
  totals,
  buyerReference: 'OC-CLIENTE-7',
};
const repriced: CompanyApprovalChanges = {
  changes: [{ sku: 'POL-1003-M', name: 'Polera Básica', size: 'M', quantity: 2, oldPrice: 10000, newPrice: 11000, stock: 40, short: false }],
  oldTotal: 23800,
  newTotal: 26180,
  approval: { ...approval, totals: { ...totals, subtotal: 22000, vat: 4180, total: 26180 } },
};
const approver = () => ({ session: sessionOf('USER', undefined, 'APROBADOR') });

describe('Por aprobar', () => {
  let restore: () => void = () => undefined;
  beforeEach(() => {
    document.cookie = 'XSRF-TOKEN=test-xsrf; path=/';
  });
  afterEach(() => restore());

  it('the list: each waiting order with its buyer and total, a link to it; the menu offers it to an Aprobador', async () => {
    restore = widthIs(1366);
    mockFetch({ 'GET /user/company/approvals': { rows: [approval] } });
    renderWithProviders({ route: '/user/company/approvals', preloadedState: approver() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Por aprobar' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Ver pedido OC000042' })).toHaveAttribute('href', '/user/company/approvals/42');
    expect(screen.getByText('Camila Rojas Pizarro')).toBeInTheDocument();
    expect(screen.getByText('$23.800')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Mi empresa: Por aprobar' })).toBeInTheDocument();
  });

  it('the menu does not offer it to a Comprador', async () => {
    restore = widthIs(1366);
    mockFetch({});
    renderWithProviders({ route: '/user/orders', preloadedState: { session: sessionOf('USER', undefined, 'COMPRADOR') } });
    expect(await screen.findByRole('link', { name: 'Mis pedidos' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Mi empresa: Por aprobar' })).not.toBeInTheDocument();
  });

  it('Aprobar: confirmed, sent with the total shown; a re-priced order shows what changed, and its approve sends the new total', async () => {
    restore = widthIs(1366);
    let answers = 0;
    const fetchMock = mockFetch({
      'GET /user/company/approvals': { rows: [approval] },
      'POST /user/company/approvals/42/approve': () => {
        answers += 1;
        const body =
          answers === 1
            ? { status: 409, message: 'Los precios o el stock del pedido OC000042 cambiaron desde que se hizo: revise los cambios.', approval: repriced }
            : { message: 'Pedido OC000042 aprobado y enviado al ERP', order: { id: 42 } };
        return new Response(JSON.stringify(body), { status: answers === 1 ? 409 : 200, headers: { 'content-type': 'application/json' } });
      },
    });
    const { user } = renderWithProviders({ route: '/user/company/approvals/42', preloadedState: approver() });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pedido OC000042 por aprobar' })).toBeInTheDocument();
    expect(screen.getByText('Camila Rojas Pizarro')).toBeInTheDocument();
    expect(screen.getByText('OC-CLIENTE-7')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Aprobar' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Aprobar el pedido OC000042?' });
    expect(dialog).toHaveTextContent('Pedido de Camila Rojas Pizarro por $23.800');
    await user.click(within(dialog).getByRole('button', { name: 'Aprobar' }));

    const changes = await screen.findByRole('table', { name: 'Cambios del pedido' });
    expect(within(changes).getAllByRole('row')[1]).toHaveTextContent('$10.000');
    expect(within(changes).getAllByRole('row')[1]).toHaveTextContent('$11.000');
    expect(screen.getByText('Total antes: $23.800 · Total ahora: $26.180')).toBeInTheDocument();
    expect(bodiesTo(fetchMock, 'POST /user/company/approvals/42/approve')).toEqual([{ total: 23800 }]);

    await user.click(screen.getByRole('button', { name: 'Aprobar con los precios actuales' }));
    await user.click(within(await screen.findByRole('dialog', { name: '¿Aprobar el pedido OC000042?' })).getByRole('button', { name: 'Aprobar' }));
    expect(await screen.findByText('Pedido OC000042 aprobado y enviado al ERP')).toBeInTheDocument();
    expect(bodiesTo(fetchMock, 'POST /user/company/approvals/42/approve')).toEqual([{ total: 23800 }, { total: 26180 }]);
  });

  it('Rechazar: the reason is required before anything is sent; then sent, and told', async () => {
    restore = asPhone();
    const fetchMock = mockFetch({
      'GET /user/company/approvals': { rows: [approval] },
      'POST /user/company/approvals/42/reject': reply(200, { message: 'Pedido OC000042 rechazado: sus productos volvieron al carro del comprador', order: { id: 42 } }),
    });
    const { user } = renderWithProviders({ route: '/user/company/approvals/42', preloadedState: approver() });
    await user.click(await screen.findByRole('button', { name: 'Rechazar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rechazar el pedido OC000042' });
    await user.click(within(dialog).getByRole('button', { name: 'Rechazar pedido' }));
    expect(await within(dialog).findByText('Indique el motivo del rechazo')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /user/company/approvals/42/reject')).toHaveLength(0);
    await user.type(within(dialog).getByRole('textbox', { name: 'Motivo del rechazo' }), 'Excede el presupuesto');
    await user.click(within(dialog).getByRole('button', { name: 'Rechazar pedido' }));
    expect(await screen.findByText('Pedido OC000042 rechazado: sus productos volvieron al carro del comprador')).toBeInTheDocument();
    expect(bodiesTo(fetchMock, 'POST /user/company/approvals/42/reject')).toEqual([{ reason: 'Excede el presupuesto' }]);
  });
});
