import { screen, waitFor, within } from '@testing-library/react';
import type { RepCustomerList, RepCustomerRow, RepresentResponse, RepSessionInfo } from '@shared/api/reps';
import { REP_MSG } from '@shared/schemas/reps';
import { sessionFrom } from '@client/features/session/sessionSlice';
import { selectIsBlocked } from '@client/features/session/sessionSelectors';
import { callsTo, mockFetch, reply } from '../fetchMock';
import { buyerProfile, renderWithProviders, sessionOf } from '../renderWithProviders';
import { asPhone } from '../viewport';

// 'Mis clientes', 'Representar', the banner and 'Terminar' (docs/sales-reps.md), the whole app rendered.

// the whole app renders for each step; two shared cores make it slow
jest.setTimeout(30_000);

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test-xsrf; path=/';
});

const andes = { cardCode: 'C76123456', rut: '76.123.456-0', name: 'Comercial Los Andes SpA' };
const idle: RepSessionInfo = { salesPersonCode: 1, scope: 'ASIGNADOS', name: 'Carolina Ibáñez Rojas', representing: null };
const representing: RepSessionInfo = { ...idle, representing: andes };
const repSession = (rep: RepSessionInfo, token = 'jwt-rep') =>
  sessionFrom({ token, id: 30, role: 'VENDEDOR', username: '13579246-2', company: null, rep }, rep.representing ? buyerProfile : null);

const row = (over: Partial<RepCustomerRow>): RepCustomerRow => ({
  ...andes,
  comuna: 'Santiago',
  blocked: false,
  blockedReasons: [],
  creditLimit: 5_000_000,
  availableCredit: 3_200_000,
  overdue: 0,
  lastOrder: { docNum: 1234, date: '2026-11-02', total: 595_000 },
  ...over,
});
const norte = row({ cardCode: 'C78456789', rut: '78.456.789-K', name: 'Distribuidora Norte Grande Ltda.', comuna: 'Antofagasta', blocked: true, blockedReasons: ['Bloqueado por morosidad'], overdue: 410_000, lastOrder: null });
const page = (rows: RepCustomerRow[], message: string | null = null): RepCustomerList => ({ rows, total: rows.length, page: 0, pageSize: 20, message });
const sidebar = () => within(screen.getByRole('navigation', { name: 'Menú principal' }));

describe("'Mis clientes' (/rep/customers)", () => {
  it('lists the rep’s customers with status, credit, overdue balance and last order; the menu has the rep’s entries', async () => {
    mockFetch({ 'GET /rep/customers': page([row({}), norte]) });
    renderWithProviders({ route: '/rep/customers', preloadedState: { session: repSession(idle) } });
    expect(await screen.findByRole('heading', { name: 'Mis clientes' })).toBeInTheDocument();
    const grid = await screen.findByRole('grid', { name: 'Clientes' });
    await within(grid).findByText('Comercial Los Andes SpA');
    expect(within(grid).getByText('Bloqueado por morosidad')).toBeInTheDocument();
    expect(within(grid).getByText('Activo')).toBeInTheDocument();
    expect(within(grid).getByText('$410.000')).toBeInTheDocument();
    expect(within(grid).getByText('N° 1234 · 02-11-2026 · $595.000')).toBeInTheDocument();
    expect(within(grid).getByText('Sin pedidos')).toBeInTheDocument();
    expect(screen.getByText('Sus clientes asignados en el ERP')).toBeInTheDocument();
    expect(sidebar().getByRole('link', { name: 'Mis clientes' })).toHaveAttribute('href', '/rep/customers');
    expect(sidebar().getByRole('link', { name: 'Mis pedidos del vendedor' })).toHaveAttribute('href', '/rep/orders');
    // acting for no customer: none of a company's entries, no product search
    expect(sidebar().queryByRole('link', { name: 'Catálogo' })).not.toBeInTheDocument();
    expect(screen.queryByRole('searchbox', { name: 'Buscar productos' })).not.toBeInTheDocument();
  });

  it('searches on the server after a pause in the typing', async () => {
    const fetchMock = mockFetch({ 'GET /rep/customers': page([row({}), norte]), 'GET /rep/customers?page=0&pageSize=20&sort=name&dir=asc&q=andes': page([row({})]) });
    const { user } = renderWithProviders({ route: '/rep/customers', preloadedState: { session: repSession(idle) } });
    await screen.findByText('Distribuidora Norte Grande Ltda.');
    await user.type(screen.getByRole('searchbox', { name: 'Buscar cliente' }), 'andes');
    await waitFor(() => expect(screen.queryByText('Distribuidora Norte Grande Ltda.')).not.toBeInTheDocument(), { timeout: 3000 });
    expect(callsTo(fetchMock, 'GET /rep/customers?page=0&pageSize=20&sort=name&dir=asc&q=andes')).toHaveLength(1);
  });

  it('a search that finds nobody says so (not that the rep has no customers)', async () => {
    mockFetch({ 'GET /rep/customers': page([row({}), norte]), 'GET /rep/customers?page=0&pageSize=20&sort=name&dir=asc&q=zzzz': page([]) });
    const { user } = renderWithProviders({ route: '/rep/customers', preloadedState: { session: repSession(idle) } });
    await screen.findByText('Distribuidora Norte Grande Ltda.');
    await user.type(screen.getByRole('searchbox', { name: 'Buscar cliente' }), 'zzzz');
    expect(await screen.findByText('Ningún cliente coincide con la búsqueda', {}, { timeout: 3000 })).toBeInTheDocument();
    expect(screen.queryByText('No tiene clientes asignados')).not.toBeInTheDocument();
  });

  it('a failed load says so with Reintentar; a rep without an ERP sales employee is told why the list is empty', async () => {
    mockFetch({ 'GET /rep/customers': reply(503, { status: 503, message: 'El ERP no responde' }) });
    const first = renderWithProviders({ route: '/rep/customers', preloadedState: { session: repSession(idle) } });
    expect(await screen.findByText('El ERP no responde')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
    first.unmount();

    const message = 'Su usuario de vendedor no está asociado a un vendedor del ERP: pida al administrador que lo asocie';
    mockFetch({ 'GET /rep/customers': page([], message) });
    renderWithProviders({ route: '/rep/customers', preloadedState: { session: repSession({ ...idle, salesPersonCode: null }) } });
    expect(await screen.findByText(message)).toBeInTheDocument();
  });

  it('Representar: the session acts for the customer, the banner says so and the catalogue opens', async () => {
    const answer: RepresentResponse = { token: 'jwt-andes', rep: representing, message: 'Atendiendo a Comercial Los Andes SpA (76.123.456-0)' };
    const fetchMock = mockFetch({ 'GET /rep/customers': page([row({}), norte]), 'POST /rep/represent/C76123456': answer, 'GET /user/b1/profile/30': buyerProfile });
    const { user, store, router } = renderWithProviders({ route: '/rep/customers', preloadedState: { session: repSession(idle) } });
    await user.click(await screen.findByRole('button', { name: 'Representar a Comercial Los Andes SpA' }));
    const banner = await screen.findByRole('region', { name: 'Cliente atendido' });
    expect(within(banner).getByRole('status')).toHaveTextContent('Atendiendo a Comercial Los Andes SpA (76.123.456-0)');
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/catalog'));
    expect(store.getState().session).toMatchObject({ token: 'jwt-andes', isUser: true, rep: representing });
    expect(callsTo(fetchMock, 'POST /rep/represent/C76123456')[0]?.[1]).toMatchObject({ body: '{}' });
    // the buyer's entries a rep may use, none of what a rep may not (the company's people, approvals, invoices)
    expect(sidebar().getByRole('link', { name: 'Catálogo' })).toBeInTheDocument();
    expect(await screen.findByRole('searchbox', { name: 'Buscar productos' })).toBeInTheDocument();
    expect(sidebar().queryByRole('link', { name: 'Mi empresa: Personas' })).not.toBeInTheDocument();
    expect(sidebar().queryByRole('link', { name: /Pagos pendientes/ })).not.toBeInTheDocument();
  });

  it('shows the customers as cards on a phone, each with Representar', async () => {
    const restore = asPhone();
    try {
      mockFetch({ 'GET /rep/customers': page([row({}), norte]) });
      renderWithProviders({ route: '/rep/customers', preloadedState: { session: repSession(idle) } });
      expect(await screen.findByRole('button', { name: 'Representar a Distribuidora Norte Grande Ltda.' })).toBeInTheDocument();
      expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    } finally {
      restore();
    }
  });
});

describe('the banner while representing', () => {
  it('Terminar: a token naming no customer, the company’s data forgotten, back at Mis clientes', async () => {
    const ended: RepresentResponse = { token: 'jwt-idle', rep: idle, message: 'Terminó la atención de Comercial Los Andes SpA' };
    mockFetch({ 'POST /rep/represent/end': ended, 'GET /rep/customers': page([row({})]) });
    const { user, store, router } = renderWithProviders({ route: '/profile', preloadedState: { session: repSession(representing, 'jwt-andes') } });
    const banner = await screen.findByRole('region', { name: 'Cliente atendido' });
    await user.click(within(banner).getByRole('button', { name: 'Terminar la atención de Comercial Los Andes SpA' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/rep/customers'));
    expect(screen.queryByRole('region', { name: 'Cliente atendido' })).not.toBeInTheDocument();
    expect(await screen.findByText('Terminó la atención de Comercial Los Andes SpA')).toBeInTheDocument();
    expect(store.getState().session).toMatchObject({ token: 'jwt-idle', isUser: false, profile: null, rep: idle });
  });

  it('a buyer call refused because the representation ended: ended in the SPA too, with the server’s words', async () => {
    mockFetch({
      'GET /user/orders': reply(403, { status: 403, message: REP_MSG.representationEnded }),
      'POST /rep/represent/end': { token: 'jwt-idle', rep: idle, message: 'No estaba atendiendo a ningún cliente' },
      'GET /rep/customers': page([row({})]),
    });
    const { router, store } = renderWithProviders({ route: '/user/orders', preloadedState: { session: repSession(representing, 'jwt-andes') } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/rep/customers'));
    expect(await screen.findAllByText(REP_MSG.representationEnded)).not.toHaveLength(0);
    expect(screen.queryByRole('region', { name: 'Cliente atendido' })).not.toBeInTheDocument();
    await waitFor(() => expect(store.getState().session.token).toBe('jwt-idle'));
  });
});

describe('guards', () => {
  it('a rep acting for no customer is taken from a company’s screen to Mis clientes', async () => {
    mockFetch({ 'GET /rep/customers': page([]) });
    const { router } = renderWithProviders({ route: '/user/catalog', preloadedState: { session: repSession(idle) } });
    await waitFor(() => expect(router.state.location.pathname).toBe('/rep/customers'));
    expect(await screen.findByText('No tiene clientes asignados')).toBeInTheDocument();
  });

  it('a buyer or an admin never reaches the rep’s screens', async () => {
    mockFetch({});
    const buyer = renderWithProviders({ route: '/rep/customers', preloadedState: { session: sessionOf('USER') } });
    await waitFor(() => expect(buyer.router.state.location.pathname).toBe('/login'));
    buyer.unmount();
    const admin = renderWithProviders({ route: '/rep/customers', preloadedState: { session: sessionOf('ADMIN') } });
    await waitFor(() => expect(admin.router.state.location.pathname).toBe('/login'));
  });

  it('representing a blocked customer: the banner says why; the cart stays open to quote, the order button does not', async () => {
    const blockedProfile = { ...buyerProfile, idcliente: 'C78456789', nombre: 'Distribuidora Norte Grande Ltda.', morosidad: 'Bloqueado por morosidad' };
    const norteRep: RepSessionInfo = { ...idle, representing: { cardCode: 'C78456789', rut: '78.456.789-3', name: 'Distribuidora Norte Grande Ltda.' } };
    const session = sessionFrom({ token: 'jwt-norte', id: 30, role: 'VENDEDOR', username: '13579246-2', company: null, rep: norteRep }, blockedProfile);
    mockFetch({ 'GET /user/cart/find-by-userid/30': { items: [], totals: { net: 0, offerDiscount: 0, loyaltyDiscount: 0, subtotal: 0, vat: 0, total: 0 } }, 'GET /user/cart/count-cart/30': 0 });
    const { store } = renderWithProviders({ route: '/user/catalog', preloadedState: { session } });
    const banner = await screen.findByRole('region', { name: 'Cliente atendido' });
    expect(within(banner).getByText('Cliente bloqueado (Bloqueado por morosidad): puede armar el carro y cotizar, pero no enviar el pedido.')).toBeInTheDocument();
    // the cart is the rep's to fill: not the crossed-out cart of a blocked buyer
    expect(selectIsBlocked(store.getState())).toBe(false);
    expect(await screen.findByRole('button', { name: /Carro de compras/ })).toBeInTheDocument();
  });

  it('a representing rep sees the profile without editing', async () => {
    mockFetch({ 'GET /user/b1/profile/30': buyerProfile });
    renderWithProviders({ route: '/profile', preloadedState: { session: repSession(representing) } });
    await screen.findByRole('region', { name: 'Cliente atendido' });
    await screen.findByText(buyerProfile.nombre);
    // as for a person of the company who is not its administrator: the company's data is not the rep's to change
    expect(screen.getByRole('button', { name: 'Editar Datos Empresa' })).toBeDisabled();
  });
});
