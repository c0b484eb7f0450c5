import { screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders, sessionOf } from '../renderWithProviders';
import { bodiesTo, callsTo, mockFetch, reply } from '../fetchMock';
import { requestFields, typed } from './fixtures';

// the whole app renders for each step; two shared cores make it slow
jest.setTimeout(30_000);

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test-xsrf; path=/';
});

const ROUTE = '/user/user-creation-req';
const RECIPIENT = 'GET /user/sendmail/section/CREATION_USER';

type User = ReturnType<typeof renderWithProviders>['user'];

const typeIn = async (user: User, label: string, value: string) => {
  await user.click(screen.getByLabelText(label));
  await user.paste(value);
};

async function fillForm(user: User) {
  for (const [label, value] of typed) await typeIn(user, label, value);
}

async function openForm(routes: Record<string, unknown> = {}) {
  const fetchMock = mockFetch(routes);
  const rendered = renderWithProviders({ route: ROUTE });
  await screen.findByRole('heading', { level: 1, name: 'Ficha de Registro de Cliente' });
  return { ...rendered, fetchMock };
}

const send = (user: User) => user.click(screen.getByRole('button', { name: 'Enviar' }));

describe('Customer creation request (/user/user-creation-req)', () => {
  it('open to visitors: every field of the spec, the tax password hidden, +569 before both cellphones', async () => {
    await openForm();
    for (const [label] of typed) expect(screen.getByLabelText(label)).toBeInTheDocument();
    expect(screen.getByLabelText('Clave tributaria')).toHaveAttribute('type', 'password');
    for (const label of ['Teléfono Móvil', 'Teléfono Móvil Contacto']) {
      const adornment = screen.getByLabelText(label).closest('.MuiInputBase-root')?.querySelector('.MuiInputAdornment-root');
      expect(adornment).toHaveTextContent('+569');
    }
  });

  it('also reachable logged in', async () => {
    mockFetch({});
    renderWithProviders({ route: ROUTE, preloadedState: { session: sessionOf('ADMIN') } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ficha de Registro de Cliente' })).toBeInTheDocument();
  });

  it('an invalid submit marks every field touched: the required messages, word for word', async () => {
    const { user, fetchMock } = await openForm();
    await send(user);
    expect(await screen.findByText('La razón social es requerida')).toBeInTheDocument();
    for (const message of [
      'Rut es requerido',
      'Dirección requerida',
      'región requerida',
      'Ciudad es requerida',
      'Comuna es requerida',
      'Teléfono es requerida',
      'Giro es requerido',
      'Representante Legal es requerida',
      'Rut representante es requerida',
      'Email es requerido',
      'Nombre de contacto es requerido',
      'Rut contacto es requerido',
      'Cargo Contacto es requerido',
      'Teléfono contacto es requerido',
      'Email de contacto es requerido',
      'Código tributario es requerido',
      'Clave tributaria es requerido',
    ]) {
      expect(screen.getByText(message)).toBeInTheDocument();
    }
    expect(screen.getAllByText('Teléfono Movil es requerido')).toHaveLength(2);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    // the focus goes to the first field in error, which says its error (components/focusFirstError)
    await waitFor(() => expect(document.activeElement).toHaveAccessibleDescription('La razón social es requerida'));
  });

  it('the three ruts are checked, phones are digits only, cellphones exactly 8 digits, emails well formed', async () => {
    const { user } = await openForm();
    await typeIn(user, 'Rut Empresa', '761234561');
    await typeIn(user, 'Rut Representante Legal', '123456780');
    await typeIn(user, 'Rut Contacto', '111111112');
    await typeIn(user, 'Teléfono', '32-212');
    await typeIn(user, 'Teléfono Móvil', '1234');
    await typeIn(user, 'Teléfono Móvil Contacto', '123456789');
    await typeIn(user, 'Email Representante Legal', 'maria@');
    await typeIn(user, 'Email Contacto', 'juan');
    await send(user);
    expect(await screen.findByText('Rut es invalido')).toBeInTheDocument();
    expect(screen.getByText('Rut representante es invalido')).toBeInTheDocument();
    expect(screen.getByText('Rut contacto es invalido')).toBeInTheDocument();
    expect(screen.getByText('Teléfono es solo números')).toBeInTheDocument();
    expect(screen.getByText('Teléfono Movil es mínimo de 8 digitos')).toBeInTheDocument();
    expect(screen.getByText('Teléfono Movil es un máximo de 8 digitos')).toBeInTheDocument();
    expect(screen.getByText('El email no tiene el formato correcto')).toBeInTheDocument();
    expect(screen.getByText('Email de contacto es invalido')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Teléfono Móvil'));
    await user.paste('1234abcd');
    expect(await screen.findByText('Teléfono Movil es solo números')).toBeInTheDocument();
  });

  it('the ruts format as they are typed', async () => {
    const { user } = await openForm();
    await typeIn(user, 'Rut Contacto', '111111111');
    expect(screen.getByLabelText('Rut Contacto')).toHaveValue('11.111.111-1');
  });

  it("declined: 'Solicitud no enviada!!' and nothing is sent", async () => {
    const { user, fetchMock } = await openForm();
    await fillForm(user);
    await send(user);
    const dialog = await screen.findByRole('dialog', { name: 'Deseas enviar solicitud?' });
    await user.click(within(dialog).getByRole('button', { name: 'No Enviar solicitud' }));
    expect(await screen.findByText('Solicitud no enviada!!')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(screen.getByLabelText('Razón Social')).toHaveValue('Comercial Los Andes SpA');
  });

  it("no CREATION_USER recipient: 'Solicitud Creación Cliente' with the text and an error icon; nothing is sent", async () => {
    const { user, fetchMock } = await openForm({ [RECIPIENT]: reply(404, { message: 'No existe correo para notificar a Textil Andino' }) });
    await fillForm(user);
    await send(user);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Enviar solicitud' }));
    const dialog = await screen.findByRole('dialog', { name: 'Solicitud Creación Cliente' });
    expect(dialog).toHaveTextContent('No existe correo para notificar a Textil Andino');
    expect(within(dialog).getByTitle('Error')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /user/sendmail')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it("confirmed: the recipient looked up first, then POST /user/sendmail; 'Enviado correo a {brand}!!' and home", async () => {
    const { user, fetchMock, router } = await openForm({
      [RECIPIENT]: { id: 1, section: 'CREATION_USER' },
      'POST /user/sendmail': reply(202, { message: 'Enviado correo a Textil Andino!!' }),
    });
    await fillForm(user);
    await send(user);
    await user.click(within(await screen.findByRole('dialog', { name: 'Deseas enviar solicitud?' })).getByRole('button', { name: 'Enviar solicitud' }));
    expect(await screen.findByText('Enviado correo a Textil Andino!!')).toBeInTheDocument();
    // home; a visitor is then sent on to /login by the guard
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const urls = fetchMock.mock.calls.map(([url, init]) => `${init?.method ?? 'GET'} ${url}`);
    expect(urls.indexOf('GET /api/user/sendmail/section/CREATION_USER')).toBeLessThan(urls.indexOf('POST /api/user/sendmail'));
    expect(bodiesTo(fetchMock, 'POST /user/sendmail')).toEqual([{ ...requestFields, senderTo: '', section: 'CREATION_USER' }]);
  });

  it("a refused request: the server's message on the form", async () => {
    const { user, router } = await openForm({
      [RECIPIENT]: { id: 1, section: 'CREATION_USER' },
      'POST /user/sendmail': reply(429, { message: 'Se enviaron demasiadas solicitudes desde esta dirección. Espere unos minutos e inténtelo de nuevo.' }),
    });
    await fillForm(user);
    await send(user);
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Enviar solicitud' }));
    expect(await screen.findByText(/Se enviaron demasiadas solicitudes/, { selector: '.MuiAlert-message' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(ROUTE);
  });
});
