import { screen, waitFor, within } from '@testing-library/react';
import type { AdminOrderDetail, AdminOrderRow } from '@shared/api/adminOrders';
import type { RepOrderDetail } from '@shared/api/repOrders';
import type { BuyerOrderDetail } from '@shared/api/userOrders';
import type { Role } from '@shared/roles';
import { renderWithProviders, sessionOf } from '../renderWithProviders';
import { mockFetch, queriesTo, reply } from '../fetchMock';
import { asPhone } from '../viewport';
import { adminOrderDetail, buyerOrderDetail, orderRow } from '../orderFixtures';

// 'Mis pedidos del vendedor' (docs/sales-reps.md) as a rep meets it, at a desk and on a phone, read-only; and the order
// a rep wrote, 'Tomado por' the rep, in the customer's Mis pedidos and the admin's detail.

jest.setTimeout(30_000);

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test-xsrf; path=/';
});

const asRole = (role: Role, route: string) => renderWithProviders({ route, preloadedState: { session: sessionOf(role) } });
const summary = { failed: 0, pending: 0, waiting: 0, oldestPendingAt: null };
const CAROLINA = 'Carolina Ibáñez Rojas';

// the same order, written by Carolina for the company
const row: AdminOrderRow = { ...orderRow, userId: 40, personName: CAROLINA, personRut: '13.579.246-2', repName: CAROLINA };
const { jobs: _jobs, chequePhotoUrl: _photo, ...story } = adminOrderDetail;
const detail: RepOrderDetail = {
  ...story,
  buyer: { ...story.buyer, userId: 40, personName: CAROLINA, personRut: '13.579.246-2', companyRole: null, email: 'carolina.ibanez@textilandino.example' },
  rep: { userId: 40, name: CAROLINA, salesPersonCode: 1 },
  timeline: [
    { at: '2026-11-27T13:00:00.000Z', kind: 'created', title: 'Pedido creado (OC000042)', detail: 'Total $119.000', tone: 'info', jobId: null },
    { at: '2026-11-27T13:00:05.000Z', kind: 'erpSent', title: 'En SAP N° 5060', detail: null, tone: 'ok', jobId: 7 },
  ],
};

describe('Mis pedidos del vendedor', () => {
  it("lists the rep's orders, searches by customer through the server, and opens one's timeline read-only", async () => {
    const fetchMock = mockFetch({ 'GET /rep/orders': { rows: [row], total: 1, page: 0, pageSize: 20 }, 'GET /rep/orders/OC000042': detail });
    const { user } = asRole('VENDEDOR', '/rep/orders');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mis pedidos del vendedor' })).toBeInTheDocument();
    const grid = await screen.findByRole('grid', { name: 'Pedidos de mis clientes' });
    const found = (await within(grid).findByText('Comercial Los Andes SpA')).closest('[role="row"]') as HTMLElement;
    expect(within(found).getByText('76.123.456-0')).toBeInTheDocument();
    expect(within(grid).getAllByRole('columnheader').map((h) => h.textContent)).toContain('Vendedor');

    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'andes');
    await waitFor(() => expect(queriesTo(fetchMock, 'GET /rep/orders').some((q: Record<string, string>) => q.q === 'andes')).toBe(true));

    await user.click(within(found).getByRole('link', { name: 'Ver pedido OC000042' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Pedido OC000042' })).toBeInTheDocument();
    const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(fact('Tomado por')).toHaveTextContent(`${CAROLINA} (vendedor 1 del ERP)`);
    const timeline = screen.getByRole('list', { name: 'Historial' });
    expect(within(timeline).getByText('En SAP N° 5060')).toBeInTheDocument();
    // read-only: no jobs, no links to Trabajos ERP, no actions
    expect(within(timeline).queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Trabajos' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Reintentar/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a Mis pedidos' })).toBeInTheDocument();
  });

  it('an order outside the rep’s orders reads as not found', async () => {
    mockFetch({ 'GET /rep/orders/OC000099': reply(404, { status: 404, message: 'Pedido no encontrado' }) });
    asRole('VENDEDOR', '/rep/orders/OC000099');
    expect(await screen.findByText('Pedido no encontrado')).toBeInTheDocument();
  });

  it('is for a VENDEDOR only: a buyer is sent away', async () => {
    mockFetch({ 'GET /rep/orders': { rows: [], total: 0, page: 0, pageSize: 20 } });
    const { router } = asRole('USER', '/rep/orders');
    await waitFor(() => expect(router.state.location.pathname).not.toBe('/rep/orders'));
  });

  describe('on a phone (375 px)', () => {
    let restore: () => void;
    beforeEach(() => {
      restore = asPhone();
    });
    afterEach(() => restore());

    it('shows the orders as cards', async () => {
      mockFetch({ 'GET /rep/orders': { rows: [row, { ...row, id: 43, number: 'OC000043', repName: '' }], total: 2, page: 0, pageSize: 20 } });
      asRole('VENDEDOR', '/rep/orders');
      const cards = await screen.findByRole('list', { name: 'Pedidos de mis clientes' });
      expect(screen.queryByRole('grid')).not.toBeInTheDocument();
      expect(within(cards).getAllByRole('listitem')).toHaveLength(2);
      expect(within(cards).getByRole('link', { name: 'Ver pedido OC000043' })).toBeInTheDocument();
    });
  });
});

describe("'Tomado por' the rep", () => {
  it("the customer's Mis pedidos names the rep in the list and the detail", async () => {
    const order: BuyerOrderDetail = { ...buyerOrderDetail, personName: CAROLINA, personRut: '13.579.246-2', repName: CAROLINA };
    mockFetch({ 'GET /user/orders': { rows: [order], total: 1, page: 0, pageSize: 20, erpAvailable: true }, 'GET /user/orders/OC000042': order });
    const { user } = asRole('USER', '/user/orders');
    const grid = await screen.findByRole('grid', { name: 'Mis pedidos del portal' });
    const found = (await within(grid).findByText(`Tomado por ${CAROLINA}`)).closest('[role="row"]') as HTMLElement;
    await user.click(within(found).getByRole('link', { name: 'Ver pedido OC000042' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Pedido OC000042' })).toBeInTheDocument();
    expect(screen.getByText('Tomado por')).toBeInTheDocument();
    expect(screen.getByText(CAROLINA)).toBeInTheDocument();
    expect(screen.queryByText('Realizado por')).not.toBeInTheDocument();
  });

  it("the admin's order detail says who took it, with the timeline's links to Trabajos ERP", async () => {
    const admin = { ...detail, chequePhotoUrl: null, jobs: [] } as AdminOrderDetail;
    mockFetch({ 'GET /admin/orders/OC000042': admin, 'GET /admin/jobs/summary': summary });
    asRole('ADMIN', '/admin/orders/OC000042');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pedido OC000042' })).toBeInTheDocument();
    expect(screen.getByText('Tomado por', { selector: 'dt' }).nextElementSibling).toHaveTextContent(`${CAROLINA} (vendedor 1 del ERP)`);
    expect(within(screen.getByRole('list', { name: 'Historial' })).getByRole('link', { name: 'Trabajo 7' })).toBeInTheDocument();
  });
});
