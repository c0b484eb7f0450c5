import { screen, waitFor, within } from '@testing-library/react';
import { PEOPLE_MSG } from '@shared/schemas/companyPeople';
import { SET_PASSWORD_MSG } from '@shared/schemas/setPassword';
import { renderWithProviders, sessionOf } from '../renderWithProviders';
import { bodiesTo, callsTo, mockFetch, reply } from '../fetchMock';
import { asPhone } from '../viewport';
import { camila, companyLogin, felipe } from './fixtures';

// the whole app renders for each step; two shared cores make it slow
jest.setTimeout(30_000);

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test-xsrf; path=/';
});

const PEOPLE = '/user/company/people';
const asCompany = (role: Parameters<typeof sessionOf>[2] = 'ADMINISTRADOR', route = PEOPLE) =>
  renderWithProviders({ route, preloadedState: { session: sessionOf('USER', undefined, role) } });
const sidebar = () => within(screen.getByRole('navigation', { name: 'Menú principal' }));

describe("'Mi empresa: Personas' (/user/company/people)", () => {
  it('lists the people with their role, limit and state; the menu entry is there for the Administrador', async () => {
    mockFetch({ [`GET ${PEOPLE}`]: [companyLogin, camila, { ...felipe, active: false }] });
    asCompany();
    const grid = await screen.findByRole('grid', { name: 'Personas de la empresa' });
    await within(grid).findByText('Camila Rojas Pizarro');
    expect(within(grid).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Nombre', 'Rut', 'Correo', 'Teléfono', 'Rol', 'Límite mensual', 'Estado', 'Editar', 'Activar / desactivar', 'Enlace de contraseña',
    ]);
    // no link for a deactivated person
    expect(screen.queryByRole('button', { name: 'Enviar enlace de contraseña a Felipe Contreras Díaz' })).not.toBeInTheDocument();
    const row = within(grid).getByText('Camila Rojas Pizarro').closest('[role="row"]') as HTMLElement;
    expect(within(row).getAllByRole('gridcell').map((c) => c.textContent).slice(0, 7)).toEqual(['Camila Rojas Pizarro', '18.901.234-9', camila.email, '987654321', 'Comprador', '$300.000', 'Activa']);
    expect(within(grid).getByText('Rodrigo Fuentes Alarcón (cuenta de la empresa)')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Reactivar a Felipe Contreras Díaz' })).toBeInTheDocument();
    expect(sidebar().getByRole('link', { name: 'Mi empresa: Personas' })).toHaveAttribute('href', PEOPLE);
  });

  it.each(['COMPRADOR', 'APROBADOR', 'FINANZAS'] as const)('a %s has no menu entry', async (role) => {
    mockFetch({});
    asCompany(role, '/user/orders');
    await screen.findByRole('navigation', { name: 'Menú principal' });
    expect(sidebar().queryByRole('link', { name: 'Mi empresa: Personas' })).not.toBeInTheDocument();
  });

  it("adds a person with the shared schema's messages, then the answer as a toast and the person in the list", async () => {
    const added = { ...camila, id: 30, rut: '20.100.001-7', name: 'Nora Salinas Pino', email: 'nora@andes.example', monthlyLimit: 0 };
    const fetchMock = mockFetch({ [`GET ${PEOPLE}`]: [companyLogin], [`POST ${PEOPLE}`]: reply(201, { person: added, message: PEOPLE_MSG.added }) });
    const { user } = asCompany();
    await screen.findByText('Rodrigo Fuentes Alarcón (cuenta de la empresa)');
    await user.click(screen.getByRole('button', { name: 'Agregar persona' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agregar persona' });
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText(PEOPLE_MSG.firstNameRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(PEOPLE_MSG.rutRequired)).toBeInTheDocument();
    expect(within(dialog).getByText(PEOPLE_MSG.roleRequired)).toBeInTheDocument();
    // the limit is asked only of a Comprador
    expect(within(dialog).queryByLabelText(/Límite mensual/)).not.toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Nombre'), 'Nora');
    await user.type(within(dialog).getByLabelText('Apellidos'), 'Salinas Pino');
    await user.type(within(dialog).getByLabelText('Correo'), 'nora@andes.example');
    await user.type(within(dialog).getByRole('textbox', { name: 'Rut personal' }), '201000017');
    await user.click(within(dialog).getByRole('combobox', { name: 'Rol en la empresa' }));
    await user.click(await screen.findByRole('option', { name: 'Comprador' }));
    await user.type(within(dialog).getByLabelText(/Límite mensual/), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Agregar persona' })).not.toBeInTheDocument());
    expect(await screen.findByText(PEOPLE_MSG.added)).toBeInTheDocument();
    expect(await screen.findByText('Nora Salinas Pino')).toBeInTheDocument();
    expect(bodiesTo(fetchMock, `POST ${PEOPLE}`)).toEqual([
      { firstName: 'Nora', lastName: 'Salinas Pino', email: 'nora@andes.example', rut: '20.100.001-7', phone: '', role: 'COMPRADOR', monthlyLimit: 0 },
    ]);
  });

  it("a refusal stays in the dialog with the server's message", async () => {
    const message = `Ya existe una persona con el correo ${camila.email} en su empresa`;
    mockFetch({ [`GET ${PEOPLE}`]: [companyLogin, camila], [`PUT ${PEOPLE}/20`]: reply(409, { status: 409, message }) });
    const { user } = asCompany();
    await user.click(await screen.findByRole('button', { name: 'Editar a Camila Rojas Pizarro' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar a Camila Rojas Pizarro' });
    // a change keeps the rut, the e-mail and the name
    expect(within(dialog).queryByLabelText('Correo')).not.toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Límite mensual/)).toHaveValue('300000');
    await user.click(within(dialog).getByRole('button', { name: 'Guardar' }));
    expect(await within(dialog).findByText(message)).toBeInTheDocument();
  });

  it('deactivates after a confirmation that starts on Cancelar', async () => {
    const fetchMock = mockFetch({ [`GET ${PEOPLE}`]: [companyLogin, felipe], [`POST ${PEOPLE}/22/deactivate`]: { person: { ...felipe, active: false }, message: PEOPLE_MSG.deactivated } });
    const { user } = asCompany();
    await user.click(await screen.findByRole('button', { name: 'Desactivar a Felipe Contreras Díaz' }));
    const confirm = await screen.findByRole('dialog', { name: '¿Desactivar a Felipe Contreras Díaz?' });
    expect(within(confirm).getByRole('button', { name: 'Cancelar' })).toHaveFocus();
    await user.click(within(confirm).getByRole('button', { name: 'Desactivar' }));
    expect(await screen.findByText(PEOPLE_MSG.deactivated)).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Reactivar a Felipe Contreras Díaz' })).toBeInTheDocument();
    expect(bodiesTo(fetchMock, `POST ${PEOPLE}/22/deactivate`)).toEqual([{}]);
  });

  it('sends a new password link after a confirmation', async () => {
    const fetchMock = mockFetch({ [`GET ${PEOPLE}`]: [companyLogin, camila], [`POST ${PEOPLE}/20/password-link`]: { person: camila, message: PEOPLE_MSG.linkSent } });
    const { user } = asCompany();
    await user.click(await screen.findByRole('button', { name: 'Enviar enlace de contraseña a Camila Rojas Pizarro' }));
    const confirm = await screen.findByRole('dialog', { name: '¿Enviar a Camila Rojas Pizarro un enlace para crear su contraseña?' });
    await user.click(within(confirm).getByRole('button', { name: 'Enviar' }));
    expect(await screen.findByText(PEOPLE_MSG.linkSent)).toBeInTheDocument();
    expect(callsTo(fetchMock, `POST ${PEOPLE}/20/password-link`)).toHaveLength(1);
  });

  it('reads as cards at 375 px, each with its actions', async () => {
    const restore = asPhone();
    try {
      mockFetch({ [`GET ${PEOPLE}`]: [companyLogin, camila] });
      asCompany();
      expect(await screen.findByRole('button', { name: 'Editar a Camila Rojas Pizarro' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Desactivar a Camila Rojas Pizarro' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Enviar enlace de contraseña a Camila Rojas Pizarro' })).toBeInTheDocument();
      expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    } finally {
      restore();
    }
  });
});

describe('the set-your-password page (/set-password)', () => {
  it('sets the password with the link of the mail, then to /login with the toast', async () => {
    const fetchMock = mockFetch({ 'POST /security/set-password': { message: SET_PASSWORD_MSG.done } });
    const { user, router } = renderWithProviders({ route: '/set-password?token=abc-123' });
    expect(await screen.findByRole('heading', { name: SET_PASSWORD_MSG.title })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Nueva contraseña'), 'corta');
    await user.click(screen.getByRole('button', { name: SET_PASSWORD_MSG.submit }));
    expect(await screen.findByText('La nueva contraseña debe ser mínimo 8 caracteres')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Nueva contraseña'));
    await user.type(screen.getByLabelText('Nueva contraseña'), 'Nueva1234');
    await user.type(screen.getByLabelText('Confirmar contraseña'), 'Nueva1234');
    await user.click(screen.getByRole('button', { name: SET_PASSWORD_MSG.submit }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(bodiesTo(fetchMock, 'POST /security/set-password')).toEqual([{ token: 'abc-123', password: 'Nueva1234', confirmPassword: 'Nueva1234' }]);
  });

  it("a used link: the server's message on the page", async () => {
    mockFetch({ 'POST /security/set-password': reply(410, { status: 410, message: SET_PASSWORD_MSG.usedLink }) });
    const { user } = renderWithProviders({ route: '/set-password?token=abc-123' });
    await user.type(await screen.findByLabelText('Nueva contraseña'), 'Nueva1234');
    await user.type(screen.getByLabelText('Confirmar contraseña'), 'Nueva1234');
    await user.click(screen.getByRole('button', { name: SET_PASSWORD_MSG.submit }));
    expect(await screen.findByText(SET_PASSWORD_MSG.usedLink)).toBeInTheDocument();
  });

  it('without a token: says so and sends nothing', async () => {
    const fetchMock = mockFetch({});
    renderWithProviders({ route: '/set-password' });
    expect(await screen.findByText(SET_PASSWORD_MSG.missingLink)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: SET_PASSWORD_MSG.submit })).toBeDisabled();
    expect(callsTo(fetchMock, 'POST /security/set-password')).toHaveLength(0);
  });
});
