import { screen, waitFor, within } from '@testing-library/react';
import type { AdminOrderDetail, AdminOrderRow } from '@shared/api/adminOrders';
import type { AuditRow } from '@shared/api/adminAudit';
import type { Role } from '@shared/roles';
import { renderWithProviders, sessionOf } from '../renderWithProviders';
import { bodiesTo, mockFetch, queriesTo, reply } from '../fetchMock';
import { buyer, person, userPage, userRow } from '../adminUsers/fixtures';
import { adminOrderDetail, buyerOrderDetail, orderRow } from '../orderFixtures';

// Who did it, on every screen that shows an order or a change: the person (name and personal rut) beside the company
// (docs/company-people.md); and 'Usuarios' with each user's company and role in it, one company's people, and the
// creation of a person of a company.

jest.setTimeout(30_000);

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test-xsrf; path=/';
});

const asRole = (role: Role, route: string) => renderWithProviders({ route, preloadedState: { session: sessionOf(role) } });
const summary = { failed: 0, pending: 0, waiting: 0, oldestPendingAt: null };
const CAMILA = 'Camila Rojas Pizarro (18.901.234-9)';

type User = ReturnType<typeof renderWithProviders>['user'];
const choose = async (user: User, name: string, option: string) => {
  await user.click(screen.getByRole('combobox', { name }));
  await user.click(await screen.findByRole('option', { name: option }));
  await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
};
const typeIn = async (user: User, label: string, value: string) => {
  await user.click(screen.getByLabelText(label));
  await user.paste(value);
};

// Camila Rojas Pizarro's order of her company (no rep)
const adminRow: AdminOrderRow = orderRow;
const adminDetail: AdminOrderDetail = adminOrderDetail;

describe('admin Pedidos', () => {
  it("the list names who placed each order beside the company; the detail adds the person's role in the company", async () => {
    mockFetch({ 'GET /admin/orders': { rows: [adminRow], total: 1, page: 0, pageSize: 50 }, 'GET /admin/orders/OC000042': adminDetail, 'GET /admin/jobs/summary': summary });
    const { user } = asRole('ADMIN', '/admin/orders');
    const grid = await screen.findByRole('grid', { name: 'Pedidos del portal' });
    const row = (await within(grid).findByText(CAMILA)).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('Comercial Los Andes SpA')).toBeInTheDocument();
    expect(within(row).getByText('76.123.456-0')).toBeInTheDocument();
    const headers = within(grid).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers.slice(headers.indexOf('Rut empresa'))).toEqual(['Rut empresa', 'Empresa', 'Persona', 'Vendedor', 'Total']);

    await user.click(within(row).getByRole('link', { name: 'Ver pedido OC000042' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Pedido OC000042' })).toBeInTheDocument();
    const fact = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling;
    expect(fact('Persona')).toHaveTextContent(CAMILA);
    expect(fact('Rol en la empresa')).toHaveTextContent('Comprador');
    expect(fact('Rut empresa')).toHaveTextContent('76.123.456-0');
  });
});

describe('Mis pedidos', () => {
  const order = buyerOrderDetail;
  const byCompany = { ...order, id: 43, number: 'OC000043', personName: '', personRut: '76.123.456-0' };

  it("every order of the company with a 'Persona' column; the detail says who placed it", async () => {
    mockFetch({ 'GET /user/orders': { rows: [order, byCompany], total: 2, page: 0, pageSize: 20, erpAvailable: true }, 'GET /user/orders/OC000042': order });
    const { user } = asRole('USER', '/user/orders');
    const grid = await screen.findByRole('grid', { name: 'Mis pedidos del portal' });
    expect(within(grid).getAllByRole('columnheader').map((h) => h.textContent)).toContain('Persona');
    const row = (await within(grid).findByText(CAMILA)).closest('[role="row"]') as HTMLElement;
    // a login without a name reads as its rut
    expect(within(grid).getByText('76.123.456-0')).toBeInTheDocument();
    await user.click(within(row).getByRole('link', { name: 'Ver pedido OC000042' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Pedido OC000042' })).toBeInTheDocument();
    expect(screen.getByText('Realizado por')).toBeInTheDocument();
    expect(screen.getByText(CAMILA)).toBeInTheDocument();
  });
});

describe('Auditoría', () => {
  it("a person's change names the person and the company they acted for; the change's dialog says it too", async () => {
    const change = {
      id: 9,
      at: '2026-11-27T13:00:00.000Z',
      actorId: 31,
      actorUsername: '18.901.234-9',
      actorName: 'Camila Rojas Pizarro',
      actorCompanyRut: '76.123.456-0',
      actorCompanyName: 'Comercial Los Andes SpA',
      onBehalfOf: null,
      entity: 'user',
      action: 'update',
      entityId: '31',
      fields: ['email'],
      before: { email: 'a@losandes.cl' },
      after: { email: 'b@losandes.cl' },
      details: {},
    } as AuditRow;
    const staff = { ...change, id: 8, entityId: '5', actorId: 2, actorUsername: '22.222.222-2', actorName: '', actorCompanyRut: '', actorCompanyName: null } as AuditRow;
    mockFetch({ 'GET /admin/audit': { rows: [change, staff], total: 2, page: 0, pageSize: 25 }, 'GET /admin/jobs/summary': summary });
    const { user } = asRole('ADMIN', '/admin/audit');
    const grid = await screen.findByRole('grid', { name: 'Registro de cambios' });
    const row = (await within(grid).findByText(CAMILA)).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('Comercial Los Andes SpA (76.123.456-0)')).toBeInTheDocument();
    expect(within(grid).getByText('22.222.222-2')).toBeInTheDocument();
    await user.click(within(row).getByRole('button', { name: 'Ver cambios del registro 31' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/^Camila Rojas Pizarro \(18\.901\.234-9\), de Comercial Los Andes SpA \(76\.123\.456-0\), /)).toBeInTheDocument();
  });
});

describe('Usuarios: companies and people', () => {
  const LIST = 'GET /admin/users/list';
  const rows = [userRow(buyer, 'Comercial Los Andes SpA'), userRow(person, 'Comercial Los Andes SpA')];

  it("each user's company and role in it; a company's rut lists its people; the company filter and the role-in-company filter ask the server", async () => {
    const fetchMock = mockFetch({ [LIST]: userPage(rows) });
    const { user } = asRole('ADMIN', '/admin/user');
    const grid = await screen.findByRole('grid', { name: 'Usuarios' });
    const row = (await within(grid).findByText('Camila Rojas Pizarro')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('Comprador')).toBeInTheDocument();
    expect(within(row).getByText('Comercial Los Andes SpA')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Ver las personas de la empresa 76.123.456-0' }));
    await waitFor(() => expect(queriesTo(fetchMock, LIST).at(-1)).toEqual({ page: '0', pageSize: '10', sort: 'id', dir: 'asc', company: '76.123.456-0' }));
    expect(screen.getByRole('textbox', { name: 'Rut empresa' })).toHaveValue('76.123.456-0');

    await choose(user, 'Rol en la empresa', 'Comprador');
    await waitFor(() => expect(queriesTo(fetchMock, LIST).at(-1)).toMatchObject({ company: '76.123.456-0', companyRole: 'COMPRADOR' }));
    await user.click(screen.getByRole('button', { name: 'Limpiar filtros' }));
    await waitFor(() => expect(queriesTo(fetchMock, LIST).at(-1)).toEqual({ page: '0', pageSize: '10', sort: 'id', dir: 'asc' }));
    await typeIn(user, 'Rut empresa', '76.234.567-6');
    await waitFor(() => expect(queriesTo(fetchMock, LIST).at(-1)).toMatchObject({ company: '76.234.567-6' }));
  });

  it("creates a person of a company: its company's rut looked up in the ERP, name, role and the Comprador's limit sent", async () => {
    const losAndes = { rut: '76.123.456-0', cardCode: 'C76123456', name: 'Comercial Los Andes SpA' };
    const fetchMock = mockFetch({
      'GET /admin/users/erp-customer/76123456-0': losAndes,
      'POST /admin/users': reply(201, person),
      [LIST]: userPage([userRow(person)]),
    });
    const { user } = asRole('ADMIN', '/admin/user/add');
    await screen.findByRole('heading', { name: 'Creación de Usuario' });
    // a company's own login needs no company: the person's fields appear once another company is given
    expect(screen.queryByLabelText('Nombre y apellidos')).not.toBeInTheDocument();
    await typeIn(user, 'Rut Empresa', '189012349');
    await typeIn(user, 'Empresa a la que pertenece (rut)', '761234560');
    await user.tab();
    expect(await screen.findByText('Empresa: Comercial Los Andes SpA')).toBeInTheDocument();
    // the first field now names the person's own rut
    expect(screen.getByLabelText('Rut de la persona')).toHaveValue('18.901.234-9');
    await typeIn(user, 'Password', 'Clave2025');
    await typeIn(user, 'Confirmar Password', 'Clave2025');
    await typeIn(user, 'Email', 'camila.rojas@losandes.cl');
    await typeIn(user, 'Dirección', 'Av. Brasil 2350, Valparaíso');
    await typeIn(user, 'Teléfono Móvil', '912345678');
    await choose(user, 'Estado', 'Activo');
    await choose(user, 'Role', 'Usuario');
    await typeIn(user, 'Nombre y apellidos', 'Camila Rojas Pizarro');
    expect(screen.queryByLabelText('Límite mensual (CLP)')).not.toBeInTheDocument();
    await choose(user, 'Rol en la empresa', 'Comprador');
    await typeIn(user, 'Límite mensual (CLP)', '300000');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deseas crear el usuario?' });
    await user.click(within(dialog).getByRole('button', { name: 'Crear' }));
    expect(await screen.findByText('Creado!')).toBeInTheDocument();
    expect(bodiesTo(fetchMock, 'POST /admin/users')).toEqual([
      {
        username: '18.901.234-9',
        password: 'Clave2025',
        confirmPassword: 'Clave2025',
        email: 'camila.rojas@losandes.cl',
        address: 'Av. Brasil 2350, Valparaíso',
        cellphone: '912345678',
        enabled: true,
        userType: 'USER',
        companyRut: '76.123.456-0',
        companyRole: 'COMPRADOR',
        fullName: 'Camila Rojas Pizarro',
        monthlyLimit: 300_000,
      },
    ]);
  });

  it('a person without name or role is refused by the form with the shared messages', async () => {
    const fetchMock = mockFetch({ 'GET /admin/users/erp-customer/76123456-0': { rut: '76.123.456-0', cardCode: 'C76123456', name: 'Comercial Los Andes SpA' } });
    const { user } = asRole('ADMIN', '/admin/user/add');
    await screen.findByRole('heading', { name: 'Creación de Usuario' });
    await typeIn(user, 'Rut Empresa', '189012349');
    await typeIn(user, 'Empresa a la que pertenece (rut)', '761234560');
    await choose(user, 'Role', 'Usuario');
    // 'Guardar' waits for the company's look-up
    expect(await screen.findByText('Empresa: Comercial Los Andes SpA')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('El nombre de la persona es requerido')).toBeInTheDocument();
    expect(screen.getByText('Seleccione el rol en la empresa')).toBeInTheDocument();
    expect(bodiesTo(fetchMock, 'POST /admin/users')).toEqual([]);
  });
});
