import { screen, within } from '@testing-library/react';
import { LINESHEET_SEND_MSG } from '@shared/schemas/linesheet';
import { IDEMPOTENCY_KEY_HEADER } from '@client/api/idempotency';
import { renderWithProviders, sessionOf } from '../renderWithProviders';
import { bodiesTo, callsTo, mockFetch } from '../fetchMock';

// 'Enviar lista de precios' (an admin, a rep) and a saved list as the buyer's choice (docs/linesheet.md).

const TREE = { categorias: [{ descr: 'Poleras', subcategorias: [] }] };
const SENT = { message: 'Lista de precios enviada a compras@losandes.cl', to: 'compras@losandes.cl', company: 'Comercial Los Andes SpA', styles: 12, filename: 'lista-de-precios-76123456-0-2026-11-29.pdf' };

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test-xsrf; path=/';
});

describe('Enviar lista de precios', () => {
  it('refuses a wrong rut and e-mail as the server would, without sending', async () => {
    const fetchMock = mockFetch({ 'GET /user/b1/catalog': TREE });
    const { user } = renderWithProviders({ route: '/admin/linesheet', preloadedState: { session: sessionOf('ADMIN') } });
    await screen.findByRole('heading', { name: 'Enviar lista de precios' });
    await user.type(screen.getByLabelText(/Rut del cliente/), '761234561');
    await user.type(screen.getByLabelText('E-mail de destino'), 'no-es-correo');
    await user.click(screen.getByRole('button', { name: 'Enviar lista de precios' }));
    expect(await screen.findByText(LINESHEET_SEND_MSG.rutInvalid)).toBeInTheDocument();
    expect(screen.getByText(LINESHEET_SEND_MSG.emailInvalid)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'POST /admin/linesheet/send')).toHaveLength(0);
  });

  it('an admin sends a customer a PDF of a search, with a key, and sees where it went', async () => {
    const fetchMock = mockFetch({ 'GET /user/b1/catalog': TREE, 'POST /admin/linesheet/send': SENT });
    const { user } = renderWithProviders({ route: '/admin/linesheet', preloadedState: { session: sessionOf('ADMIN') } });
    await screen.findByRole('heading', { name: 'Enviar lista de precios' });
    // a saved list is the buyer's own: not offered here
    expect(screen.queryByRole('radio', { name: 'Una lista guardada' })).not.toBeInTheDocument();
    await user.type(screen.getByLabelText(/Rut del cliente/), '761234560');
    await user.click(screen.getByRole('radio', { name: 'Una búsqueda' }));
    await user.type(screen.getByLabelText('Buscar (nombre o código)'), 'polera');
    await user.click(screen.getByRole('radio', { name: 'PDF con fotos' }));
    await user.type(screen.getByLabelText('Mensaje para el cliente (opcional)'), 'Hola');
    await user.click(screen.getByRole('button', { name: 'Enviar lista de precios' }));
    expect(await screen.findByText(new RegExp(SENT.filename))).toBeInTheDocument();
    const [body] = bodiesTo(fetchMock, 'POST /admin/linesheet/send');
    expect(body).toMatchObject({ rut: '76.123.456-0', email: '', alcance: 'BUSQUEDA', q: 'polera', format: 'pdf', mensaje: 'Hola', markup: 2.2 });
    const [, init] = callsTo(fetchMock, 'POST /admin/linesheet/send')[0]!;
    expect(new Headers(init?.headers).get(IDEMPOTENCY_KEY_HEADER)).toBeTruthy();
  });

  it('a rep’s screen opens with the customer chosen in Mis clientes and sends on the rep’s route', async () => {
    const fetchMock = mockFetch({ 'GET /user/b1/catalog': TREE, 'POST /rep/linesheet/send': SENT });
    const { user } = renderWithProviders({ route: '/rep/linesheet?rut=76.123.456-0', preloadedState: { session: sessionOf('VENDEDOR') } });
    await screen.findByRole('heading', { name: 'Enviar lista de precios' });
    expect(screen.getByLabelText(/Rut del cliente/)).toHaveValue('76.123.456-0');
    await user.click(screen.getByRole('button', { name: 'Enviar lista de precios' }));
    expect(await screen.findByText(new RegExp(SENT.filename))).toBeInTheDocument();
    expect(bodiesTo(fetchMock, 'POST /rep/linesheet/send')[0]).toMatchObject({ rut: '76.123.456-0', format: 'xlsx', alcance: 'TODO' });
  });
});

describe('Lista de precios of a saved list', () => {
  it('a saved list’s page opens the choice on that list, and the sheet asks for it', async () => {
    const lists = { lists: [{ id: 7, name: 'Invierno', shared: false, owner: 'Ana', mine: true, styles: 3, updatedAt: '2026-11-29T10:00:00Z' }] };
    const fetchMock = mockFetch({ 'GET /user/b1/catalog': TREE, 'GET /user/saved-lists': lists });
    renderWithProviders({ route: '/user/linesheet?alcance=LISTA&lista=7', preloadedState: { session: sessionOf('USER') } });
    await screen.findByRole('heading', { name: 'Lista de precios' });
    expect(screen.getByRole('radio', { name: 'Una lista guardada' })).toBeChecked();
    const select = await screen.findByLabelText('Lista guardada');
    expect(await within(select).findByRole('option', { name: 'Invierno' })).toBeInTheDocument();
    expect(select).toHaveValue('7');
    expect(callsTo(fetchMock, 'GET /user/saved-lists')).toHaveLength(1);
  });

  it('a person who keeps no lists (Finanzas) is not offered one', async () => {
    mockFetch({ 'GET /user/b1/catalog': TREE });
    renderWithProviders({ route: '/user/linesheet', preloadedState: { session: sessionOf('USER', undefined, 'FINANZAS') } });
    await screen.findByRole('heading', { name: 'Lista de precios' });
    expect(screen.queryByRole('radio', { name: 'Una lista guardada' })).not.toBeInTheDocument();
  });
});
