import { screen, waitFor, within } from '@testing-library/react';
import { asRole, typeIn, replaceIn, optionsOf, choose, type User } from './formSteps';
import { admin, buyer, inactiveBuyer, userPage, userRow } from './fixtures';
import { bodiesTo, callsTo, json, mockFetch, queriesTo, reply } from '../fetchMock';

// the whole app renders for each step; two shared cores make it slow
jest.setTimeout(30_000);

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test-xsrf; path=/';
});

const LIST = 'GET /admin/users/list';
const buyerRow = userRow(buyer, 'Comercial Los Andes SpA');
const inactiveRow = userRow(inactiveBuyer, 'Distribuidora Pacífico Ltda');

const losAndes = { rut: '76.123.456-0', cardCode: 'C76123456', name: 'Comercial Los Andes SpA' };
/** The ERP look-up of the rut fillCreateForm types. */
const losAndesLookup = { 'GET /admin/users/erp-customer/76123456-0': losAndes };

async function fillCreateForm(user: User) {
  await typeIn(user, 'Rut Empresa', '761234560');
  await typeIn(user, 'Password', 'Clave2025');
  await typeIn(user, 'Confirmar Password', 'Clave2025');
  await typeIn(user, 'Email', 'compras@losandes.cl');
  await typeIn(user, 'Dirección', 'Av. Brasil 2350, Valparaíso');
  await typeIn(user, 'Teléfono Móvil', '12345678');
  await choose(user, 'Estado', 'Activo');
  await choose(user, 'Role', 'Usuario');
}

describe('User list (/admin/user)', () => {
  it('title, Crear, the columns of the spec and the company, Activo in green and Inactivo in red', async () => {
    const fetchMock = mockFetch({ [LIST]: userPage([buyerRow, inactiveRow]) });
    asRole('ADMIN', '/admin/user');
    expect(await screen.findByRole('heading', { level: 1, name: 'Administración de Usuarios' })).toBeInTheDocument();
    const grid = await screen.findByRole('grid', { name: 'Usuarios' });
    await within(grid).findByText('compras@losandes.cl');
    expect(within(grid).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Usuario', 'Nombre', 'Email', 'Rut empresa', 'Rol', 'Estado', 'Empresa', 'Rol en la empresa', 'Empleado de ventas', 'Clientes del vendedor', 'Creado', 'Editar', 'Eliminar',
    ]);
    const row = within(grid).getByText('compras@losandes.cl').closest('[role="row"]') as HTMLElement;
    expect(within(row).getAllByRole('gridcell').map((c) => c.textContent).slice(0, 11)).toEqual([
      '76.123.456-0',
      'Rodrigo Fuentes Alarcón',
      'compras@losandes.cl',
      '76.123.456-0',
      'Usuario',
      'Activo',
      'Comercial Los Andes SpA',
      'Administrador',
      '-',
      '-',
      '05-01-2026',
    ]);
    expect(within(row).getByText('Activo').closest('.MuiChip-root')).toHaveClass('MuiChip-colorSuccess');
    const inactive = within(grid).getByText('Inactivo').closest('.MuiChip-root');
    expect(inactive).toHaveClass('MuiChip-colorError');
    expect(screen.getByRole('link', { name: 'Crear' })).toHaveAttribute('href', '/admin/user/add');
    expect(queriesTo(fetchMock, LIST)).toEqual([{ page: '0', pageSize: '10', sort: 'id', dir: 'asc' }]);
  });

  it("an empty list says 'No existen usuarios creados'", async () => {
    mockFetch({ [LIST]: userPage([]) });
    asRole('ADMIN', '/admin/user');
    expect(await screen.findByText('No existen usuarios creados')).toBeInTheDocument();
  });

  it('a failed load shows the message with Reintentar', async () => {
    mockFetch({ [LIST]: reply(500, { message: 'Internal server error' }) });
    asRole('ADMIN', '/admin/user');
    expect(await screen.findByText('Internal server error')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });

  it('Editar opens the update screen with the id in its address, which loads that user', async () => {
    const fetchMock = mockFetch({ [LIST]: userPage([buyerRow, inactiveRow]), 'GET /admin/users/6': inactiveBuyer });
    const { user, router } = asRole('ADMIN', '/admin/user');
    await user.click(await screen.findByRole('button', { name: 'Editar 12.345.678-5' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/user/update/6'));
    expect(window.sessionStorage.getItem('userId')).toBeNull();
    expect(await screen.findByLabelText('Rut Empresa')).toHaveValue('12.345.678-5');
    expect(screen.getByRole('heading', { level: 1, name: 'Actualización de Usuario' })).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /admin/users/6')).toHaveLength(1);
  });

  it("Eliminar asks first; confirmed: DELETE, the row goes, 'Eliminado!' and the page is read again", async () => {
    let deleted = false;
    const fetchMock = mockFetch({
      [LIST]: () => json(200, userPage(deleted ? [buyerRow] : [buyerRow, inactiveRow])),
      'DELETE /admin/users/6': () => {
        deleted = true;
        return json(200, { message: 'Eliminado!' });
      },
    });
    const { user } = asRole('ADMIN', '/admin/user');
    await user.click(await screen.findByRole('button', { name: 'Eliminar 12.345.678-5' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deseas eliminar el usuario 12.345.678-5?' });
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Eliminado!')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('pagos@pacifico.cl')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'DELETE /admin/users/6')).toHaveLength(1);
    await waitFor(() => expect(callsTo(fetchMock, LIST)).toHaveLength(2));
  });

  it('Eliminar declined: nothing is deleted', async () => {
    const fetchMock = mockFetch({ [LIST]: userPage([buyerRow]) });
    const { user } = asRole('ADMIN', '/admin/user');
    await user.click(await screen.findByRole('button', { name: 'Eliminar 76.123.456-0' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'No eliminar' }));
    expect(await screen.findByText('Usuario no eliminado')).toBeInTheDocument();
    expect(screen.getByText('compras@losandes.cl')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE /admin/users/5')).toHaveLength(0);
  });

  it("a refused delete shows the server's message and keeps the row", async () => {
    mockFetch({ [LIST]: userPage([buyerRow]), 'DELETE /admin/users/5': reply(409, { message: 'El usuario 76.123.456-0 tiene pedidos o pagos registrados: desactívelo en lugar de eliminarlo' }) });
    const { user } = asRole('ADMIN', '/admin/user');
    await user.click(await screen.findByRole('button', { name: 'Eliminar 76.123.456-0' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText(/tiene pedidos o pagos registrados/)).toBeInTheDocument();
    expect(screen.getByText('compras@losandes.cl')).toBeInTheDocument();
  });
});

describe('User list: search, filters, sort, pages and CSV (server side)', () => {
  it('the search asks the server once the typing pauses (rut, e-mail or company), from the first page', async () => {
    const fetchMock = mockFetch({ [LIST]: (_init: RequestInit, url: string) => json(200, userPage(url.includes('q=') ? [inactiveRow] : [buyerRow, inactiveRow])) });
    const { user } = asRole('ADMIN', '/admin/user');
    const grid = await screen.findByRole('grid', { name: 'Usuarios' });
    await within(grid).findByText('compras@losandes.cl');
    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'pacif');
    await waitFor(() => expect(within(grid).queryByText('compras@losandes.cl')).not.toBeInTheDocument());
    expect(within(grid).getByText('Distribuidora Pacífico Ltda')).toBeInTheDocument();
    // one request for the whole word, not one per key
    expect(queriesTo(fetchMock, LIST)).toEqual([
      { page: '0', pageSize: '10', sort: 'id', dir: 'asc' },
      { page: '0', pageSize: '10', sort: 'id', dir: 'asc', q: 'pacif' },
    ]);
  });

  it("a search that matches no one says so, not 'No existen usuarios creados'", async () => {
    mockFetch({ [LIST]: (_init: RequestInit, url: string) => json(200, userPage(url.includes('q=') ? [] : [buyerRow])) });
    const { user } = asRole('ADMIN', '/admin/user');
    const grid = await screen.findByRole('grid', { name: 'Usuarios' });
    await within(grid).findByText('compras@losandes.cl');
    await user.type(screen.getByRole('searchbox', { name: 'Buscar' }), 'nadie');
    expect(await screen.findByText('Ningún usuario coincide con la búsqueda o los filtros')).toBeInTheDocument();
    expect(screen.queryByText('No existen usuarios creados')).not.toBeInTheDocument();
  });

  it('role and state filters; a SUPERADMIN may filter every role, an ADMIN only Usuario and Vendedor', async () => {
    const fetchMock = mockFetch({ [LIST]: userPage([buyerRow]) });
    const { user } = asRole('SUPERADMIN', '/admin/user');
    await screen.findByText('compras@losandes.cl');
    expect(await optionsOf(user, 'Rol')).toEqual(['Todos', 'Usuario', 'Vendedor', 'Administrador', 'Superadministrador']);
    await choose(user, 'Rol', 'Administrador');
    await choose(user, 'Estado', 'Inactivo');
    await waitFor(() => expect(queriesTo(fetchMock, LIST).at(-1)).toEqual({ page: '0', pageSize: '10', sort: 'id', dir: 'asc', role: 'ADMIN', state: 'inactive' }));
    await user.click(screen.getByRole('button', { name: 'Limpiar filtros' }));
    await waitFor(() => expect(queriesTo(fetchMock, LIST).at(-1)).toEqual({ page: '0', pageSize: '10', sort: 'id', dir: 'asc' }));
  });

  it('a click on a column header sorts by it on the server (company name too), a second click descending', async () => {
    const fetchMock = mockFetch({ [LIST]: userPage([buyerRow, inactiveRow]) });
    const { user } = asRole('ADMIN', '/admin/user');
    const grid = await screen.findByRole('grid', { name: 'Usuarios' });
    await within(grid).findByText('compras@losandes.cl');
    await user.click(within(grid).getByRole('columnheader', { name: 'Empresa' }).querySelector('.MuiDataGrid-columnHeaderTitle') as HTMLElement);
    await waitFor(() => expect(queriesTo(fetchMock, LIST).at(-1)).toMatchObject({ sort: 'companyName', dir: 'asc', page: '0' }));
    await user.click(within(grid).getByRole('columnheader', { name: 'Empresa' }).querySelector('.MuiDataGrid-columnHeaderTitle') as HTMLElement);
    await waitFor(() => expect(queriesTo(fetchMock, LIST).at(-1)).toMatchObject({ sort: 'companyName', dir: 'desc' }));
  });

  it('pages come from the server: the total it counts, the next page asked by number', async () => {
    const many = Array.from({ length: 10 }, (_, i) => userRow({ ...buyer, id: 100 + i, username: `7${i}.000.000-0`, email: `u${i}@x.cl` }, null));
    const fetchMock = mockFetch({ [LIST]: (_init: RequestInit, url: string) => json(200, userPage(url.includes('page=1') ? [inactiveRow] : many, 11, url.includes('page=1') ? 1 : 0)) });
    const { user } = asRole('ADMIN', '/admin/user');
    const grid = await screen.findByRole('grid', { name: 'Usuarios' });
    await within(grid).findByText('u0@x.cl');
    expect(screen.getByText(/1–10 de 11/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /página siguiente/i }));
    expect(await within(grid).findByText('pagos@pacifico.cl')).toBeInTheDocument();
    expect(queriesTo(fetchMock, LIST).at(-1)).toMatchObject({ page: '1', pageSize: '10' });
  });

  it("'Exportar CSV' downloads what the search and filters select, with the token, as the server names it", async () => {
    const created = jest.fn((_blob: Blob) => 'blob:usuarios');
    URL.createObjectURL = created as unknown as typeof URL.createObjectURL;
    URL.revokeObjectURL = jest.fn();
    const clicked: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.download} ${this.href}`);
    });
    const csv = '\uFEFFRut;Email\r\n76.123.456-0;compras@losandes.cl\r\n';
    const fetchMock = mockFetch({
      [LIST]: (_init: RequestInit, url: string) =>
        url.includes('format=csv')
          ? new Response(csv, { status: 200, headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': 'attachment; filename="usuarios-2026-03-01.csv"' } })
          : json(200, userPage([buyerRow])),
    });
    const { user } = asRole('ADMIN', '/admin/user');
    await screen.findByText('compras@losandes.cl');
    await choose(user, 'Estado', 'Activo');
    await user.click(screen.getByRole('button', { name: 'Exportar CSV' }));
    await waitFor(() => expect(clicked).toEqual(['usuarios-2026-03-01.csv blob:usuarios']));
    const exportCall = callsTo(fetchMock, LIST).find(([url]) => String(url).includes('format=csv'))!;
    expect(Object.fromEntries(new URL(String(exportCall[0]), 'http://portal.test').searchParams)).toEqual({ sort: 'id', dir: 'asc', state: 'active', format: 'csv' });
    expect((exportCall[1] as RequestInit).headers).toMatchObject({ Authorization: 'token-ADMIN' });
    // byte for byte, the BOM too (Blob.text() would drop it)
    expect(Buffer.from(await created.mock.calls[0][0].arrayBuffer()).toString('utf8')).toBe(csv);
    click.mockRestore();
  });
});

describe('User creation (/admin/user/add)', () => {
  it('the fields of the spec, the +569 prefix, and Guardar', async () => {
    mockFetch({});
    asRole('ADMIN', '/admin/user/add');
    expect(await screen.findByRole('heading', { level: 1, name: 'Creación de Usuario' })).toBeInTheDocument();
    for (const label of ['Rut Empresa', 'Password', 'Confirmar Password', 'Email', 'Dirección', 'Teléfono Móvil']) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByLabelText('Password')).toHaveAttribute('type', 'password');
    const cellphone = screen.getByLabelText('Teléfono Móvil');
    expect(cellphone.closest('.MuiInputBase-root')).toHaveTextContent('+569');
    expect(screen.getByRole('combobox', { name: 'Estado' })).toHaveTextContent('Seleccionar');
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveTextContent('Seleccionar');
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeInTheDocument();
  });

  it('an invalid submit marks every field touched: the required messages, word for word', async () => {
    const fetchMock = mockFetch({});
    const { user } = asRole('ADMIN', '/admin/user/add');
    await user.click(await screen.findByRole('button', { name: 'Guardar' }));
    for (const message of [
      'El rut empresa es requerido',
      'La password es requerida',
      'Por favor, confirma tu contraseña',
      'El Email es requerido',
      'La dirección es requerido',
      'El Teléfono Móvil es requerido',
    ]) {
      expect(await screen.findByText(message)).toBeInTheDocument();
    }
    expect(screen.getAllByText('Debe seleccionar una opción')).toHaveLength(2);
    expect(callsTo(fetchMock, 'POST /admin/users')).toHaveLength(0);
    // the focus goes to the first field in error, which says its error (components/focusFirstError)
    await waitFor(() => expect(document.activeElement).toHaveAccessibleDescription('El rut empresa es requerido'));
  });

  it('the format messages of the spec', async () => {
    mockFetch({});
    const { user } = asRole('ADMIN', '/admin/user/add');
    await screen.findByLabelText('Rut Empresa');
    await typeIn(user, 'Rut Empresa', '761234561');
    await typeIn(user, 'Password', 'corta');
    await typeIn(user, 'Email', 'no-es-email');
    await typeIn(user, 'Teléfono Móvil', '12ab');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('El rut empresa es invalido')).toBeInTheDocument();
    expect(screen.getByText('La password debe ser mínimo 8 caracteres')).toBeInTheDocument();
    expect(screen.getByText('El email no es correcto')).toBeInTheDocument();
    expect(screen.getByText('Debe ser solo números')).toBeInTheDocument();

    await replaceIn(user, 'Password', 'todominuscula');
    await typeIn(user, 'Confirmar Password', 'otra');
    await replaceIn(user, 'Teléfono Móvil', '1234');
    expect(await screen.findByText('La password debe contener Una letra Mayuscula y una Minuscula')).toBeInTheDocument();
    expect(screen.getByText('Las contraseñas no coinciden')).toBeInTheDocument();
    expect(screen.getByText('Largo minimo 8 digitos')).toBeInTheDocument();
  });

  it('the rut formats as it is typed', async () => {
    mockFetch({});
    const { user } = asRole('ADMIN', '/admin/user/add');
    await user.type(await screen.findByLabelText('Rut Empresa'), '76123456k');
    expect(screen.getByLabelText('Rut Empresa')).toHaveValue('76.123.456-K');
  });

  it("an ADMIN may only assign 'Usuario' and 'Vendedor'", async () => {
    mockFetch({});
    const { user } = asRole('ADMIN', '/admin/user/add');
    await screen.findByRole('heading', { name: 'Creación de Usuario' });
    expect(await optionsOf(user, 'Role')).toEqual(['Seleccionar', 'Usuario', 'Vendedor']);
    expect(await optionsOf(user, 'Estado')).toEqual(['Seleccionar', 'Activo', 'Inactivo']);
  });

  it('a SUPERADMIN may also assign Administrador and Superadministrador', async () => {
    mockFetch({});
    const { user } = asRole('SUPERADMIN', '/admin/user/add');
    await screen.findByRole('heading', { name: 'Creación de Usuario' });
    expect(await optionsOf(user, 'Role')).toEqual(['Seleccionar', 'Usuario', 'Vendedor', 'Administrador', 'Superadministrador']);
  });

  it("confirmed: POST with the formatted rut as username, 'Creado!' and back to the list", async () => {
    const created = { ...buyer, id: 9 };
    const fetchMock = mockFetch({ ...losAndesLookup, 'POST /admin/users': reply(201, created), [LIST]: userPage([userRow(created)]) });
    const { user, router } = asRole('ADMIN', '/admin/user/add');
    await screen.findByRole('heading', { name: 'Creación de Usuario' });
    await fillCreateForm(user);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deseas crear el usuario?' });
    await user.click(within(dialog).getByRole('button', { name: 'Crear' }));
    expect(await screen.findByText('Creado!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/user'));
    expect(bodiesTo(fetchMock, 'POST /admin/users')).toEqual([
      {
        username: '76.123.456-0',
        password: 'Clave2025',
        confirmPassword: 'Clave2025',
        email: 'compras@losandes.cl',
        address: 'Av. Brasil 2350, Valparaíso',
        cellphone: '12345678',
        enabled: true,
        userType: 'USER',
      },
    ]);
    expect(await screen.findByRole('heading', { level: 1, name: 'Administración de Usuarios' })).toBeInTheDocument();
  });

  it("declined: 'Usuario no creado', nothing is sent and the form stays", async () => {
    const fetchMock = mockFetch(losAndesLookup);
    const { user, router } = asRole('ADMIN', '/admin/user/add');
    await screen.findByRole('heading', { name: 'Creación de Usuario' });
    await fillCreateForm(user);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'No Crear' }));
    expect(await screen.findByText('Usuario no creado')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/user/add');
    expect(screen.getByLabelText('Email')).toHaveValue('compras@losandes.cl');
    expect(callsTo(fetchMock, 'POST /admin/users')).toHaveLength(0);
  });

  it("a rut already used: the server's message on the form", async () => {
    mockFetch({ ...losAndesLookup, 'POST /admin/users': reply(409, { message: 'Ya existe un usuario con el rut 76.123.456-0' }) });
    const { user, router } = asRole('ADMIN', '/admin/user/add');
    await screen.findByRole('heading', { name: 'Creación de Usuario' });
    await fillCreateForm(user);
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Crear' }));
    // in the form, above the fields (and in a toast)
    expect(await screen.findByText('Ya existe un usuario con el rut 76.123.456-0', { selector: '.MuiAlert-message' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/user/add');
  });
});

describe("User creation: the buyer's rut in the ERP", () => {
  const notCustomer = 'El rut no corresponde a un cliente del ERP';
  const rutField = () => screen.getByLabelText('Rut Empresa');
  const enterRut = async (user: User, rut: string) => {
    await replaceIn(user, 'Rut Empresa', rut);
    await user.tab();
  };

  it("a customer's rut shows the company's name below the field once the field is left, and Guardar stays enabled", async () => {
    const fetchMock = mockFetch(losAndesLookup);
    const { user } = asRole('ADMIN', '/admin/user/add');
    await screen.findByRole('heading', { name: 'Creación de Usuario' });
    await typeIn(user, 'Rut Empresa', '761234560');
    // nothing is asked while the admin types
    expect(callsTo(fetchMock, 'GET /admin/users/erp-customer/76123456-0')).toHaveLength(0);
    await user.tab();
    await waitFor(() => expect(rutField()).toHaveAccessibleDescription('Empresa: Comercial Los Andes SpA'));
    await choose(user, 'Role', 'Usuario');
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeEnabled();
    expect(callsTo(fetchMock, 'GET /admin/users/erp-customer/76123456-0')).toHaveLength(1);
  });

  it("a rut that is not an ERP customer: the server's message on the field and Guardar disabled for a Usuario; another rut enables it", async () => {
    const fetchMock = mockFetch({ ...losAndesLookup, 'GET /admin/users/erp-customer/77345678-K': reply(404, { status: 404, message: notCustomer }) });
    const { user } = asRole('ADMIN', '/admin/user/add');
    await screen.findByRole('heading', { name: 'Creación de Usuario' });
    await typeIn(user, 'Rut Empresa', '77345678k');
    await user.tab();
    await waitFor(() => expect(rutField()).toHaveAccessibleDescription(notCustomer));
    expect(rutField()).toHaveAttribute('aria-invalid', 'true');
    await choose(user, 'Role', 'Usuario');
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeDisabled();

    await enterRut(user, '761234560');
    await waitFor(() => expect(rutField()).toHaveAccessibleDescription('Empresa: Comercial Los Andes SpA'));
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeEnabled();
    expect(callsTo(fetchMock, 'GET /admin/users/erp-customer/77345678-K')).toHaveLength(1);
  });

  it('the ERP down (503): its message and a way to ask again from the keyboard; the save is left to the server', async () => {
    let answer = reply(503, { status: 503, message: 'No se pudo consultar el ERP, inténtelo más tarde' });
    const fetchMock = mockFetch({ 'GET /admin/users/erp-customer/76123456-0': () => json(answer.status, answer.body) });
    const { user } = asRole('ADMIN', '/admin/user/add');
    await screen.findByRole('heading', { name: 'Creación de Usuario' });
    await typeIn(user, 'Rut Empresa', '761234560');
    await user.tab();
    await waitFor(() => expect(rutField()).toHaveAccessibleDescription('No se pudo consultar el ERP, inténtelo más tarde'));
    await choose(user, 'Role', 'Usuario');
    // choosing Usuario after a failed look-up asks once more; Guardar waits for it, then stays enabled
    await waitFor(() => expect(rutField()).toHaveAccessibleDescription('No se pudo consultar el ERP, inténtelo más tarde'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Guardar' })).toBeEnabled());

    // (choosing Usuario after a failed look-up already asked once more)
    const asked = callsTo(fetchMock, 'GET /admin/users/erp-customer/76123456-0').length;
    answer = reply(200, losAndes);
    (await screen.findByRole('button', { name: 'Buscar de nuevo en el ERP' })).focus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(rutField()).toHaveAccessibleDescription('Empresa: Comercial Los Andes SpA'));
    expect(screen.queryByRole('button', { name: 'Buscar de nuevo en el ERP' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /admin/users/erp-customer/76123456-0')).toHaveLength(asked + 1);
  });

  it('an administrator is not looked up in the ERP', async () => {
    const fetchMock = mockFetch({});
    const { user } = asRole('SUPERADMIN', '/admin/user/add');
    await screen.findByRole('heading', { name: 'Creación de Usuario' });
    await choose(user, 'Role', 'Administrador');
    await typeIn(user, 'Rut Empresa', '222222222');
    await user.tab();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(callsTo(fetchMock, 'GET /admin/users/erp-customer/22222222-2')).toHaveLength(0);
    expect(screen.getByRole('button', { name: 'Guardar' })).toBeEnabled();
  });

  it('the password helper says the new user changes it at the first login', async () => {
    mockFetch({});
    asRole('ADMIN', '/admin/user/add');
    expect(await screen.findByLabelText('Password')).toHaveAccessibleDescription('El usuario deberá cambiarla en su primer ingreso');
  });
});

describe('User update (/admin/user/update)', () => {
  it('a reload works from the id in the address: the rut read-only, the data loaded, passwords empty', async () => {
    mockFetch({ 'GET /admin/users/5': buyer });
    asRole('SUPERADMIN', '/admin/user/update/5');
    const rut = await screen.findByLabelText('Rut Empresa');
    expect(screen.getByRole('heading', { level: 1, name: 'Actualización de Usuario' })).toBeInTheDocument();
    expect(rut).toHaveValue('76.123.456-0');
    expect(rut).toHaveAttribute('readonly');
    // and looks it (the theme's read-only style hangs on this class)
    expect(rut.closest('.MuiInputBase-root')).toHaveClass('MuiInputBase-readOnly');
    expect(screen.getByLabelText('Email')).toHaveValue('compras@losandes.cl');
    expect(screen.getByLabelText('Teléfono Móvil')).toHaveValue('12345678');
    expect(screen.getByLabelText('Password')).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Estado' })).toHaveTextContent('Activo');
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveTextContent('Usuario');
    expect(screen.getByRole('button', { name: 'Actualizar' })).toBeInTheDocument();
  });

  it("an empty password keeps the current one: POST with the id and no password, 'Actualizado!' and back to the list", async () => {
    const fetchMock = mockFetch({ 'GET /admin/users/5': buyer, 'POST /admin/users': { ...buyer, email: 'nuevo@losandes.cl' }, [LIST]: userPage([buyerRow]) });
    const { user, router } = asRole('ADMIN', '/admin/user/update/5');
    await screen.findByLabelText('Email');
    await replaceIn(user, 'Email', 'nuevo@losandes.cl');
    await user.click(screen.getByRole('button', { name: 'Actualizar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deseas actualizar el usuario?' });
    await user.click(within(dialog).getByRole('button', { name: 'Actualizar' }));
    expect(await screen.findByText('Actualizado!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/user'));
    expect(bodiesTo(fetchMock, 'POST /admin/users')).toEqual([
      { id: 5, username: '76.123.456-0', email: 'nuevo@losandes.cl', address: 'Av. Brasil 2350, Valparaíso', cellphone: '12345678', enabled: true, userType: 'USER' },
    ]);
  });

  it('a new password needs its confirmation', async () => {
    const fetchMock = mockFetch({ 'GET /admin/users/5': buyer });
    const { user } = asRole('ADMIN', '/admin/user/update/5');
    await screen.findByLabelText('Password');
    await typeIn(user, 'Password', 'NuevaClave1');
    await user.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(await screen.findByText('Por favor, confirma tu contraseña')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /admin/users')).toHaveLength(0);
  });

  it("declined: 'Usuario no actualizado' and nothing is sent", async () => {
    const fetchMock = mockFetch({ 'GET /admin/users/2': admin });
    const { user } = asRole('SUPERADMIN', '/admin/user/update/2');
    await screen.findByLabelText('Email');
    expect(screen.getByRole('combobox', { name: 'Role' })).toHaveTextContent('Administrador');
    await user.click(screen.getByRole('button', { name: 'Actualizar' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'No Actualizar' }));
    expect(await screen.findByText('Usuario no actualizado')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /admin/users')).toHaveLength(0);
  });

  it('without an id in the address: a message and the way back', async () => {
    mockFetch({});
    asRole('ADMIN', '/admin/user/update');
    expect(await screen.findByText('No hay un usuario elegido: elíjalo en Administración de Usuarios')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a usuarios' })).toHaveAttribute('href', '/admin/user');
  });

  it('a buyer is sent to /login', async () => {
    mockFetch({});
    const { router } = asRole('USER', '/admin/user');
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});
