import { screen, waitFor, within } from '@testing-library/react';
import { testSaga } from 'redux-saga-test-plan';
import { HttpError } from '@client/api/http';
import { callWithTimeout } from '@client/app/sagaUtils';
import { handleSalesPersonsWanted } from '@client/features/adminUsers/adminUsersSagas';
import { adminUsersReducer, initialAdminUsersState, salesPersonsLoaded, salesPersonsLoadFailed, salesPersonsWanted } from '@client/features/adminUsers/adminUsersSlice';
import { fetchSalesPersons } from '@client/features/adminUsers/api';
import { asRole, typeIn, optionsOf, choose } from './formSteps';
import { bodiesTo, callsTo, json, mockFetch, reply } from '../fetchMock';
import { activeSalesPersons, buyer, rep, userPage, userRow } from './fixtures';

// A sales rep (VENDEDOR) in Usuarios: the form asks a rep's name, ERP sales employee (the active ones the API answers)
// and scope, only for that type; the list shows a rep's employee and scope.

jest.setTimeout(30_000);

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test-xsrf; path=/';
});

const SALES_PERSONS = 'GET /admin/sales-persons';
const EMPLOYEE = 'Empleado de ventas (ERP)';
const SCOPE = 'Clientes que atiende';
const ERP_DOWN = { status: 503, message: 'No se pudo consultar el ERP, inténtelo más tarde' };

describe('a sales rep in the user form', () => {
  it("the rep's fields appear only for 'Vendedor'; the employees are the ones the API answers", async () => {
    const fetchMock = mockFetch({ [SALES_PERSONS]: activeSalesPersons });
    const { user } = asRole('ADMIN', '/admin/user/add');
    await screen.findByRole('heading', { name: 'Creación de Usuario' });
    expect(screen.queryByRole('combobox', { name: EMPLOYEE })).not.toBeInTheDocument();
    expect(screen.queryByLabelText('Nombre y apellidos')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, SALES_PERSONS)).toHaveLength(0);

    await choose(user, 'Role', 'Vendedor');
    expect(screen.getByLabelText('Nombre y apellidos')).toBeInTheDocument();
    expect(screen.getByLabelText('Rut de la persona')).toBeInTheDocument();
    // a rep belongs to no company
    expect(screen.queryByLabelText('Empresa a la que pertenece (rut)')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('combobox', { name: EMPLOYEE })).toHaveAccessibleDescription('Solo los empleados de ventas activos en el ERP'));
    expect(await optionsOf(user, EMPLOYEE)).toEqual(['Seleccionar', '1 · Carolina Ibáñez Rojas', '2 · Martín Saavedra Pino']);
    expect(await optionsOf(user, SCOPE)).toEqual(['Seleccionar', 'Clientes asignados', 'Todos los clientes']);
    expect(callsTo(fetchMock, SALES_PERSONS)).toHaveLength(1);

    await choose(user, 'Role', 'Usuario');
    expect(screen.queryByRole('combobox', { name: EMPLOYEE })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: SCOPE })).not.toBeInTheDocument();
    expect(screen.getByLabelText('Empresa a la que pertenece (rut)')).toBeInTheDocument();
  });

  it("a rep without name, employee or scope: the Spanish messages, nothing sent", async () => {
    const fetchMock = mockFetch({ [SALES_PERSONS]: activeSalesPersons });
    const { user } = asRole('ADMIN', '/admin/user/add');
    await screen.findByRole('heading', { name: 'Creación de Usuario' });
    await choose(user, 'Role', 'Vendedor');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('El nombre del vendedor es requerido')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: EMPLOYEE })).toHaveAccessibleDescription('Seleccione el empleado de ventas del ERP');
    expect(screen.getByRole('combobox', { name: SCOPE })).toHaveAccessibleDescription('Seleccione los clientes que atiende el vendedor');
    expect(callsTo(fetchMock, 'POST /admin/users')).toHaveLength(0);
  });

  it('creates a rep: POST with the name, the employee and the scope, and no company', async () => {
    const created = { ...rep, id: 41, username: '15.123.456-9' };
    const fetchMock = mockFetch({ [SALES_PERSONS]: activeSalesPersons, 'POST /admin/users': reply(201, created), 'GET /admin/users/list': userPage([userRow(created)]) });
    const { user, router } = asRole('ADMIN', '/admin/user/add');
    await screen.findByRole('heading', { name: 'Creación de Usuario' });
    await choose(user, 'Role', 'Vendedor');
    await typeIn(user, 'Rut de la persona', '151234569');
    await typeIn(user, 'Nombre y apellidos', 'Martín Saavedra Pino');
    await choose(user, EMPLOYEE, '2 · Martín Saavedra Pino');
    await choose(user, SCOPE, 'Todos los clientes');
    await typeIn(user, 'Password', 'Clave2025');
    await typeIn(user, 'Confirmar Password', 'Clave2025');
    await typeIn(user, 'Email', 'martin.saavedra@portal.cl');
    await typeIn(user, 'Dirección', 'Av. Apoquindo 3000, Las Condes');
    await typeIn(user, 'Teléfono Móvil', '981234502');
    await choose(user, 'Estado', 'Activo');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Deseas crear el usuario?' })).getByRole('button', { name: 'Crear' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/user'));
    expect(bodiesTo(fetchMock, 'POST /admin/users')).toEqual([
      {
        username: '15.123.456-9',
        password: 'Clave2025',
        confirmPassword: 'Clave2025',
        email: 'martin.saavedra@portal.cl',
        address: 'Av. Apoquindo 3000, Las Condes',
        cellphone: '981234502',
        enabled: true,
        userType: 'VENDEDOR',
        fullName: 'Martín Saavedra Pino',
        salesPersonCode: 2,
        repScope: 'TODOS',
      },
    ]);
    // no ERP customer look-up for a rep
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('erp-customer'))).toBe(false);
  });

  it("the ERP down: the employees' field says so and offers to ask again", async () => {
    let answer = reply(503, ERP_DOWN);
    const fetchMock = mockFetch({ [SALES_PERSONS]: () => json(answer.status, answer.body) });
    const { user } = asRole('SUPERADMIN', '/admin/user/add');
    await screen.findByRole('heading', { name: 'Creación de Usuario' });
    await choose(user, 'Role', 'Vendedor');
    await waitFor(() => expect(screen.getByRole('combobox', { name: EMPLOYEE })).toHaveAccessibleDescription(ERP_DOWN.message));
    answer = reply(200, activeSalesPersons);
    await user.click(screen.getByRole('button', { name: 'Cargar de nuevo los empleados de ventas' }));
    await waitFor(() => expect(screen.getByRole('combobox', { name: EMPLOYEE })).toHaveAccessibleDescription('Solo los empleados de ventas activos en el ERP'));
    expect(await optionsOf(user, EMPLOYEE)).toEqual(['Seleccionar', '1 · Carolina Ibáñez Rojas', '2 · Martín Saavedra Pino']);
    expect(callsTo(fetchMock, SALES_PERSONS)).toHaveLength(2);
  });

  it("updates a rep: its employee and scope shown, sent with the name; an employee no longer active stays shown as such", async () => {
    const fetchMock = mockFetch({ 'GET /admin/users/40': { ...rep, salesPersonCode: 3 }, [SALES_PERSONS]: activeSalesPersons, 'POST /admin/users': reply(200, rep), 'GET /admin/users/list': userPage([userRow(rep)]) });
    const { user } = asRole('ADMIN', '/admin/user/update/40');
    expect(await screen.findByLabelText('Rut de la persona')).toHaveValue('14.680.357-1');
    expect(screen.getByLabelText('Nombre y apellidos')).toHaveValue('Martín Saavedra Pino');
    await waitFor(() => expect(screen.getByRole('combobox', { name: EMPLOYEE })).toHaveTextContent('3 · no está activo en el ERP'));
    expect(screen.getByRole('combobox', { name: SCOPE })).toHaveTextContent('Todos los clientes');
    await choose(user, EMPLOYEE, '2 · Martín Saavedra Pino');
    await user.click(screen.getByRole('button', { name: 'Actualizar' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Deseas actualizar el usuario?' })).getByRole('button', { name: 'Actualizar' }));
    await waitFor(() => expect(bodiesTo(fetchMock, 'POST /admin/users')).toHaveLength(1));
    expect(bodiesTo(fetchMock, 'POST /admin/users')[0]).toEqual({
      id: 40,
      username: '14.680.357-1',
      email: rep.email,
      address: rep.address,
      cellphone: rep.cellphone,
      enabled: true,
      userType: 'VENDEDOR',
      fullName: 'Martín Saavedra Pino',
      salesPersonCode: 2,
      repScope: 'TODOS',
    });
  });
});

describe('a sales rep in the list', () => {
  it("shows the type 'Vendedor', the employee's code and name and the scope; '-' for a buyer", async () => {
    mockFetch({ 'GET /admin/users/list': userPage([userRow(buyer, 'Comercial Los Andes SpA'), userRow(rep)]) });
    asRole('ADMIN', '/admin/user');
    const grid = await screen.findByRole('grid', { name: 'Usuarios' });
    const row = (await within(grid).findByText(rep.email)).closest('[role="row"]') as HTMLElement;
    const cells = within(row).getAllByRole('gridcell').map((c) => c.textContent);
    expect(cells).toEqual(expect.arrayContaining(['Vendedor', '2 · Martín Saavedra Pino', 'Todos los clientes']));
    const buyerRow = within(grid).getByText(buyer.email).closest('[role="row"]') as HTMLElement;
    expect(within(buyerRow).getAllByRole('gridcell').map((c) => c.textContent).slice(8, 10)).toEqual(['-', '-']);
  });
});

describe('the sales employees, step by step', () => {
  it('read from the API into the store', () => {
    testSaga(handleSalesPersonsWanted).next().call(callWithTimeout, fetchSalesPersons).next(activeSalesPersons).put(salesPersonsLoaded(activeSalesPersons)).next().isDone();
  });

  it("a failure keeps the server's message", () => {
    testSaga(handleSalesPersonsWanted)
      .next()
      .call(callWithTimeout, fetchSalesPersons)
      .throw(new HttpError(503, ERP_DOWN.message))
      .put(salesPersonsLoadFailed(ERP_DOWN.message))
      .next()
      .isDone();
  });

  it('the slice: loading, loaded, failed', () => {
    const loading = adminUsersReducer(initialAdminUsersState, salesPersonsWanted());
    expect(loading.salesPersons.status).toBe('loading');
    expect(adminUsersReducer(loading, salesPersonsLoaded(activeSalesPersons)).salesPersons).toEqual({ status: 'loaded', data: activeSalesPersons, error: null });
    expect(adminUsersReducer(loading, salesPersonsLoadFailed('x')).salesPersons).toMatchObject({ status: 'failed', data: [], error: 'x' });
  });
});
