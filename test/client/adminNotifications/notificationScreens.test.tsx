import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders, sessionOf } from '../renderWithProviders';
import { bodiesTo, callsTo, mockFetch, reply } from '../fetchMock';
import { cheque, claim, creation, reserve } from './fixtures';

// the whole app renders for each step; two shared cores make it slow
jest.setTimeout(30_000);

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test-xsrf; path=/';
});

const asAdmin = (route: string) => renderWithProviders({ route, preloadedState: { session: sessionOf('ADMIN') } });

type User = ReturnType<typeof renderWithProviders>['user'];

const typeIn = async (user: User, label: string, value: string) => {
  await user.click(screen.getByLabelText(label));
  await user.paste(value);
};

const sectionOptions = async (user: User) => {
  await user.click(screen.getByRole('combobox', { name: 'Envío desde' }));
  const options = within(await screen.findByRole('listbox')).getAllByRole('option').map((o) => o.textContent);
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
  return options;
};

const chooseSection = async (user: User, label: string) => {
  await user.click(screen.getByRole('combobox', { name: 'Envío desde' }));
  await user.click(await screen.findByRole('option', { name: label }));
  await waitFor(() => expect(screen.queryByRole('listbox')).not.toBeInTheDocument());
};

describe('Notification list (/admin/email)', () => {
  it('name, last name, email, sending section, Editar and Eliminar; Crear while fewer than 3', async () => {
    mockFetch({ 'GET /admin/admin-emails': [creation, reserve] });
    asAdmin('/admin/email');
    const grid = await screen.findByRole('grid', { name: 'Notificaciones' });
    await within(grid).findByText('Carla');
    expect(within(grid).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Nombre', 'Apellido', 'Email', 'Envío desde', 'Editar', 'Eliminar']);
    const row = within(grid).getByText('Pedro').closest('[role="row"]') as HTMLElement;
    expect(within(row).getAllByRole('gridcell').map((c) => c.textContent).slice(0, 4)).toEqual(['Pedro', 'Soto', 'reservas@textilandino.cl', 'Reserva Stock']);
    expect(screen.getByRole('link', { name: 'Crear' })).toHaveAttribute('href', '/admin/email-add');
  });

  it('the create link is hidden when every section has its record', async () => {
    mockFetch({ 'GET /admin/admin-emails': [creation, reserve, cheque, claim] });
    asAdmin('/admin/email');
    await screen.findByText('cobranza@textilandino.cl');
    expect(screen.queryByRole('link', { name: 'Crear' })).not.toBeInTheDocument();
  });

  it('the create link comes back when a delete leaves a section free: asked first, then DELETE and Eliminado!', async () => {
    const fetchMock = mockFetch({ 'GET /admin/admin-emails': [creation, reserve, cheque, claim], 'DELETE /admin/admin-emails/3': { message: 'Eliminado!' } });
    const { user } = asAdmin('/admin/email');
    await user.click(await screen.findByRole('button', { name: 'Eliminar notificación de Pago Cheque' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deseas eliminar la notificación de Pago Cheque?' });
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Eliminado!')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Crear' })).toBeInTheDocument();
    expect(screen.queryByText('cobranza@textilandino.cl')).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE /admin/admin-emails/3')).toHaveLength(1);
  });

  it("a confirmed delete puts the focus on the page's heading as soon as the row is gone (never on <body> meanwhile)", async () => {
    mockFetch({ 'GET /admin/admin-emails': [creation, reserve, cheque], 'DELETE /admin/admin-emails/3': { message: 'Eliminado!' } });
    const { user } = asAdmin('/admin/email');
    const remove = await screen.findByRole('button', { name: 'Eliminar notificación de Pago Cheque' });
    remove.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Deseas eliminar la notificación de Pago Cheque?' });
    await user.click(within(dialog).getByRole('button', { name: 'Eliminar' }));
    await waitFor(() => expect(screen.queryByText('cobranza@textilandino.cl')).not.toBeInTheDocument());
    // the opener left with its row: no wait for it to come back
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('heading', { level: 1 })), { timeout: 300 });
  });

  it('a declined delete keeps the record', async () => {
    const fetchMock = mockFetch({ 'GET /admin/admin-emails': [creation] });
    const { user } = asAdmin('/admin/email');
    await user.click(await screen.findByRole('button', { name: 'Eliminar notificación de Creación Usuario' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'No eliminar' }));
    expect(await screen.findByText('Notificación no eliminada')).toBeInTheDocument();
    expect(screen.getByText('clientes@textilandino.cl')).toBeInTheDocument();
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Eliminar notificación de Creación Usuario' })));
    expect(callsTo(fetchMock, 'DELETE /admin/admin-emails/1')).toHaveLength(0);
  });

  it('Editar opens the update with the id in its address', async () => {
    mockFetch({ 'GET /admin/admin-emails': [creation, reserve], 'GET /admin/admin-emails/2': reserve });
    const { user, router } = asAdmin('/admin/email');
    await user.click(await screen.findByRole('button', { name: 'Editar notificación de Reserva Stock' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/email-update/2'));
    expect(window.sessionStorage.getItem('idNotif')).toBeNull();
    expect(await screen.findByLabelText('Nombre')).toHaveValue('Pedro');
  });
});

describe('Notification creation (/admin/email-add)', () => {
  it("'Creación de Notificación' with Nombre, Apellido, Email and 'Envío desde'; only the free sections", async () => {
    mockFetch({ 'GET /admin/admin-emails': [reserve] });
    const { user } = asAdmin('/admin/email-add');
    expect(await screen.findByLabelText('Nombre')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Creación de Notificación' })).toBeInTheDocument();
    expect(screen.getByLabelText('Apellido')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Envío desde' })).toHaveTextContent('Seleccionar');
    expect(await sectionOptions(user)).toEqual(['Seleccionar', 'Creación Usuario', 'Pago Cheque', 'Reclamo Factura']);
  });

  it('with no record every section is offered', async () => {
    mockFetch({ 'GET /admin/admin-emails': [] });
    const { user } = asAdmin('/admin/email-add');
    await screen.findByLabelText('Nombre');
    expect(await sectionOptions(user)).toEqual(['Seleccionar', 'Creación Usuario', 'Reserva Stock', 'Pago Cheque', 'Reclamo Factura']);
  });

  it('an invalid submit marks every field: the messages word for word', async () => {
    const fetchMock = mockFetch({ 'GET /admin/admin-emails': [] });
    const { user } = asAdmin('/admin/email-add');
    await screen.findByLabelText('Nombre');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(await screen.findByText('El nombre es requerido')).toBeInTheDocument();
    expect(screen.getByText('El apellido es requerido')).toBeInTheDocument();
    expect(screen.getByText('El email es requerido')).toBeInTheDocument();
    expect(screen.getByText('Debe indicar de la reserva o solcitud de creacion de usuario')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /admin/admin-emails')).toHaveLength(0);
    // the refused submit takes the focus to the first field in error (components/focusFirstError)
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Nombre')));
  });

  it('a changed field shows its error before any submit', async () => {
    mockFetch({ 'GET /admin/admin-emails': [] });
    const { user } = asAdmin('/admin/email-add');
    await screen.findByLabelText('Email');
    await typeIn(user, 'Email', 'sin-arroba');
    expect(await screen.findByText('El formato del email es incorrecto')).toBeInTheDocument();
  });

  it("confirmed: POST without id, 'Creada la Notificación!' and back to /admin/email", async () => {
    const created = { id: 4, name: 'Ana', lastName: 'Vera', email: 'cobranza@textilandino.cl', section: 'CHEQUE' };
    const fetchMock = mockFetch({ 'GET /admin/admin-emails': [creation], 'POST /admin/admin-emails': reply(201, created) });
    const { user, router } = asAdmin('/admin/email-add');
    await screen.findByLabelText('Nombre');
    await typeIn(user, 'Nombre', 'Ana');
    await typeIn(user, 'Apellido', 'Vera');
    await typeIn(user, 'Email', 'cobranza@textilandino.cl');
    await chooseSection(user, 'Pago Cheque');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Desea crear notificación?' });
    await user.click(within(dialog).getByRole('button', { name: 'Crear' }));
    expect(await screen.findByText('Creada la Notificación!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/email'));
    expect(bodiesTo(fetchMock, 'POST /admin/admin-emails')).toEqual([{ name: 'Ana', lastName: 'Vera', email: 'cobranza@textilandino.cl', section: 'CHEQUE' }]);
  });

  it("declined: 'Notificación no creada', nothing sent, back to /admin/email", async () => {
    const fetchMock = mockFetch({ 'GET /admin/admin-emails': [] });
    const { user, router } = asAdmin('/admin/email-add');
    await screen.findByLabelText('Nombre');
    await typeIn(user, 'Nombre', 'Ana');
    await typeIn(user, 'Apellido', 'Vera');
    await typeIn(user, 'Email', 'cobranza@textilandino.cl');
    await chooseSection(user, 'Reserva Stock');
    await user.click(screen.getByRole('button', { name: 'Guardar' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'No Crear' }));
    expect(await screen.findByText('Notificación no creada')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/email'));
    expect(callsTo(fetchMock, 'POST /admin/admin-emails')).toHaveLength(0);
  });

  it('with a record for every section there is nothing to create', async () => {
    mockFetch({ 'GET /admin/admin-emails': [creation, reserve, cheque, claim] });
    asAdmin('/admin/email-add');
    expect(await screen.findByText('Ya existen 4 notificaciones (una por sección): edite o elimine una antes de crear otra')).toBeInTheDocument();
    expect(screen.queryByLabelText('Nombre')).not.toBeInTheDocument();
  });
});

describe('Notification update (/admin/email-update)', () => {
  it("a reload works from idNotif: 'Actualizar de Notificación', the record, its own section offered with the free ones", async () => {
    mockFetch({ 'GET /admin/admin-emails': [creation, reserve], 'GET /admin/admin-emails/2': reserve });
    const { user } = asAdmin('/admin/email-update/2');
    expect(await screen.findByLabelText('Nombre')).toHaveValue('Pedro');
    expect(screen.getByRole('heading', { level: 1, name: 'Actualizar de Notificación' })).toBeInTheDocument();
    expect(screen.getByLabelText('Apellido')).toHaveValue('Soto');
    expect(screen.getByLabelText('Email')).toHaveValue('reservas@textilandino.cl');
    expect(screen.getByRole('combobox', { name: 'Envío desde' })).toHaveTextContent('Reserva Stock');
    expect(await sectionOptions(user)).toEqual(['Seleccionar', 'Reserva Stock', 'Pago Cheque', 'Reclamo Factura']);
  });

  it("'Desea actualizar notificación?' Actualizar: POST with the id, 'Actualizado!', back to /admin/email", async () => {
    const fetchMock = mockFetch({
      'GET /admin/admin-emails': [creation, reserve],
      'GET /admin/admin-emails/2': reserve,
      'POST /admin/admin-emails': { ...reserve, section: 'CHEQUE' },
    });
    const { user, router } = asAdmin('/admin/email-update/2');
    await screen.findByLabelText('Nombre');
    await chooseSection(user, 'Pago Cheque');
    await user.click(screen.getByRole('button', { name: 'Actualizar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Desea actualizar notificación?' });
    expect(within(dialog).getByRole('button', { name: 'No Actualizar' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Actualizar' }));
    expect(await screen.findByText('Actualizado!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/email'));
    expect(bodiesTo(fetchMock, 'POST /admin/admin-emails')).toEqual([{ id: 2, name: 'Pedro', lastName: 'Soto', email: 'reservas@textilandino.cl', section: 'CHEQUE' }]);
  });

  it("No Actualizar: 'Notificación no actualizada', back to /admin/email", async () => {
    const fetchMock = mockFetch({ 'GET /admin/admin-emails': [reserve], 'GET /admin/admin-emails/2': reserve });
    const { user, router } = asAdmin('/admin/email-update/2');
    await screen.findByLabelText('Nombre');
    await user.click(screen.getByRole('button', { name: 'Actualizar' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'No Actualizar' }));
    expect(await screen.findByText('Notificación no actualizada')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/email'));
    expect(callsTo(fetchMock, 'POST /admin/admin-emails')).toHaveLength(0);
  });

  it("a section taken meanwhile: the server's message stays on the form", async () => {
    mockFetch({
      'GET /admin/admin-emails': [reserve],
      'GET /admin/admin-emails/2': reserve,
      'POST /admin/admin-emails': reply(409, { message: 'Ya existe una notificación para la sección Pago Cheque: edite esa notificación o elimínela primero' }),
    });
    const { user, router } = asAdmin('/admin/email-update/2');
    await screen.findByLabelText('Nombre');
    await chooseSection(user, 'Pago Cheque');
    await user.click(screen.getByRole('button', { name: 'Actualizar' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Actualizar' }));
    expect(await screen.findByText(/Ya existe una notificación para la sección Pago Cheque/, { selector: '.MuiAlert-message' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/email-update/2');
  });

  it('without an id in the address: a message and the way back', async () => {
    mockFetch({});
    asAdmin('/admin/email-update');
    expect(await screen.findByText('No hay una notificación elegida: elíjala en Administración Notificaciones')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a notificaciones' })).toHaveAttribute('href', '/admin/email');
  });
});
