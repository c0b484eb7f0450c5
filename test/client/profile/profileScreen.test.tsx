import { screen, waitFor, within } from '@testing-library/react';
import { initialProfileState } from '@client/features/profile/profileSlice';
import type { CustomerProfile } from '@shared/api/erp';
import { renderWithProviders, sessionOf } from '../renderWithProviders';
import { buyerSession, callsTo, json, mockApi, pacifico, renderProfile } from './fixtures';

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test-xsrf; path=/';
});

type User = ReturnType<typeof renderProfile>['user'];

const openTab = async (user: User, name: string) => {
  await user.click(await screen.findByRole('tab', { name }));
  return screen.getByRole('tabpanel', { name });
};

/** The value next to a label in a panel's description list. */
const valueOf = (panel: HTMLElement, label: string) => within(panel).getByText(label, { selector: 'dt' }).nextElementSibling;

describe('Profile screen (/profile): tabs and texts', () => {
  it('shows the title, the four tabs and the company data of the session profile', async () => {
    const fetchMock = mockApi();
    renderProfile();
    expect(screen.getByRole('heading', { level: 1, name: 'Información Usuario' })).toBeInTheDocument();
    const tabs = within(screen.getByRole('tablist', { name: 'Secciones del perfil' })).getAllByRole('tab');
    expect(tabs.map((t) => t.textContent)).toEqual(['Datos Empresa', 'Financieros', 'Direcciones', 'Programa Fidelización']);
    expect(tabs[0]).toHaveAttribute('aria-selected', 'true');

    const panel = screen.getByRole('tabpanel', { name: 'Datos Empresa' });
    expect(valueOf(panel, 'RUT')).toHaveTextContent('76.234.567-6');
    expect(valueOf(panel, 'Razón Social')).toHaveTextContent('Textiles Pacífico Ltda.');
    expect(valueOf(panel, 'Giro')).toHaveTextContent('Comercialización de prendas de vestir');
    expect(valueOf(panel, 'Email')).toHaveTextContent('compras@textilespacificolt.cl');
    expect(valueOf(panel, 'Teléfono')).toHaveTextContent('322214455');
    // the profile was in session: only regions and countries are asked for
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(callsTo(fetchMock, 'GET', '/api/user/b1/profile/12')).toHaveLength(0);
  });

  it('Financieros: payment condition and amounts in pesos without decimals', async () => {
    mockApi();
    const { user } = renderProfile();
    const panel = await openTab(user, 'Financieros');
    expect(valueOf(panel, 'Condición de Pago')).toHaveTextContent('Cheque');
    expect(valueOf(panel, 'Crédito aprobado')).toHaveTextContent(/^\$5\.000\.000$/);
    expect(valueOf(panel, 'Límite de crédito')).toHaveTextContent(/^\$1\.250\.000$/);
  });

  it('Direcciones: billing and dispatch as Dirección n: address, commune, region, country', async () => {
    mockApi();
    const { user } = renderProfile();
    const panel = await openTab(user, 'Direcciones');
    const billing = within(panel).getByRole('region', { name: 'Direcciones de facturación' });
    expect(within(billing).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Dirección 1: Av. Brasil 2350, Valparaíso, Valparaíso, Chile',
      'Dirección 2: 1 Norte 875, Viña del Mar, Valparaíso, Chile',
    ]);
    const dispatch = within(panel).getByRole('region', { name: 'Direcciones de despacho' });
    expect(within(dispatch).getByRole('listitem')).toHaveTextContent('Dirección 1: Camino La Pólvora 400, Valparaíso, Valparaíso, Chile');
    expect(within(panel).getByRole('button', { name: 'Editar Dirección 2 de facturación' })).toBeInTheDocument();
    expect(within(panel).getByRole('button', { name: 'Editar Dirección 1 de despacho' })).toBeInTheDocument();
  });

  it.each([
    ['Bronce', 1],
    ['Silver', 2],
    ['Gold', 3],
    ['Premium', 4],
    ['Elite', 5],
  ])('Programa Fidelización: %s shows %i of five stars and the level', async (fidelizacion, stars) => {
    mockApi();
    const { user } = renderProfile({ session: buyerSession({ ...pacifico, fidelizacion }) });
    const panel = await openTab(user, 'Programa Fidelización');
    expect(within(panel).getByRole('img', { name: `${stars} de 5 estrellas` })).toBeInTheDocument();
    expect(within(panel).getByText('Categoria Actual:')).toBeInTheDocument();
    expect(within(panel).getByText('Categoria Actual:').parentElement).toHaveTextContent(`Categoria Actual: ${fidelizacion}`);
  });

  it('tabs are reachable with the keyboard', async () => {
    mockApi();
    const { user } = renderProfile();
    await user.click(screen.getByRole('tab', { name: 'Datos Empresa' }));
    await user.keyboard('{ArrowRight}{Enter}');
    expect(screen.getByRole('tab', { name: 'Financieros' })).toHaveAttribute('aria-selected', 'true');
  });
});

describe("Profile screen: the company's data is its administrator's to change", () => {
  it.each(['COMPRADOR', 'FINANZAS', 'APROBADOR'] as const)('a %s reads it: the edits are off and there is no Guardar Cambios', async (companyRole) => {
    mockApi();
    renderWithProviders({ route: '/profile', preloadedState: { session: sessionOf('USER', pacifico, companyRole) } });
    const panel = await screen.findByRole('tabpanel', { name: 'Datos Empresa' });
    expect(within(panel).getByRole('button', { name: /Editar/ })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Guardar Cambios' })).not.toBeInTheDocument();
    expect(screen.getByText('Solo el administrador de la empresa puede modificar estos datos.')).toBeInTheDocument();
  });

  it('the company administrator changes it', async () => {
    mockApi();
    renderWithProviders({ route: '/profile', preloadedState: { session: sessionOf('USER', pacifico, 'ADMINISTRADOR') } });
    const panel = await screen.findByRole('tabpanel', { name: 'Datos Empresa' });
    expect(within(panel).getByRole('button', { name: /Editar/ })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Guardar Cambios' })).toBeInTheDocument();
  });
});

describe('Profile screen: loading', () => {
  it('loads the profile when the session has none, with a loading indicator meanwhile', async () => {
    let answer: (r: Response) => void = () => undefined;
    const fetchMock = mockApi({ 'GET /api/user/b1/profile/12': () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderProfile({ session: buyerSession(null) });
    expect(await screen.findByRole('progressbar', { name: 'Cargando perfil' })).toBeInTheDocument();
    answer(json(200, pacifico));
    expect(await screen.findByText('Textiles Pacífico Ltda.')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/user/b1/profile/12')).toHaveLength(1);
    expect(JSON.parse(sessionStorage.getItem('profile') ?? 'null')).toEqual(pacifico);
  });

  it('a failed load says so and offers to retry', async () => {
    mockApi({ 'GET /api/user/b1/profile/12': () => json(503, { status: 503, message: 'ERP no disponible' }) });
    const { user, store } = renderProfile({ session: buyerSession(null) });
    expect(await screen.findByText(/No se pudo cargar el perfil\. ERP no disponible/)).toBeInTheDocument();
    expect(store.getState().message.current).toEqual({ tipoMessage: 'Error', message: ' ERP no disponible, intentelo mas tarde (B1) ' });
    mockApi();
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByText('Textiles Pacífico Ltda.')).toBeInTheDocument();
  });

  it('regions and countries are loaded once per session', async () => {
    const fetchMock = mockApi();
    const first = renderProfile();
    await waitFor(() => expect(first.store.getState().profile.catalogs.status).toBe('loaded'));
    first.unmount();
    const second = renderProfile({ session: buyerSession(), profile: first.store.getState().profile });
    await screen.findByRole('heading', { name: 'Información Usuario' });
    expect(second.store.getState().profile.catalogs.status).toBe('loaded');
    expect(callsTo(fetchMock, 'GET', '/api/user/b1/region')).toHaveLength(1);
    expect(callsTo(fetchMock, 'GET', '/api/user/b1/pais')).toHaveLength(1);
  });
});

describe('Profile screen: Datos Empresa popup', () => {
  it('an empty submit marks every field with its message', async () => {
    mockApi();
    const { user } = renderProfile();
    await user.click(screen.getByRole('button', { name: 'Editar Datos Empresa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Datos Empresa' });
    for (const name of ['Giro', 'Email', 'Teléfono']) await user.clear(within(dialog).getByRole('textbox', { name }));
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(await within(dialog).findByText('Giro es requerido')).toBeInTheDocument();
    expect(within(dialog).getByText('Email es requerido')).toBeInTheDocument();
    expect(within(dialog).getByText('Teléfono es requerido')).toBeInTheDocument();
  });

  it('checks the e-mail format and a digits-only phone', async () => {
    mockApi();
    const { user } = renderProfile();
    await user.click(screen.getByRole('button', { name: 'Editar Datos Empresa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Datos Empresa' });
    const mail = within(dialog).getByRole('textbox', { name: 'Email' });
    await user.clear(mail);
    await user.type(mail, 'no-es-correo');
    const phone = within(dialog).getByRole('textbox', { name: 'Teléfono' });
    await user.clear(phone);
    await user.type(phone, '+56 9 1234');
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(await within(dialog).findByText('El email no tiene el formato correcto')).toBeInTheDocument();
    expect(within(dialog).getByText('Teléfono es solo números')).toBeInTheDocument();
  });

  it('accepting changes the draft only; Cancelar discards', async () => {
    const fetchMock = mockApi();
    const { user } = renderProfile();
    await user.click(screen.getByRole('button', { name: 'Editar Datos Empresa' }));
    let dialog = await screen.findByRole('dialog', { name: 'Editar Datos Empresa' });
    const phone = within(dialog).getByRole('textbox', { name: 'Teléfono' });
    await user.clear(phone);
    await user.type(phone, '987654321');
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const panel = screen.getByRole('tabpanel', { name: 'Datos Empresa' });
    expect(valueOf(panel, 'Teléfono')).toHaveTextContent('987654321');
    expect(screen.getByRole('status')).toHaveTextContent('Hay cambios sin guardar');
    expect(callsTo(fetchMock, 'POST', '/api/user/b1/update-profile')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Editar Datos Empresa' }));
    dialog = await screen.findByRole('dialog', { name: 'Editar Datos Empresa' });
    expect(within(dialog).getByRole('textbox', { name: 'Teléfono' })).toHaveValue('987654321');
    await user.type(within(dialog).getByRole('textbox', { name: 'Giro' }), ' y calzado');
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(valueOf(panel, 'Giro')).toHaveTextContent(/^Comercialización de prendas de vestir$/);
  });
});

describe('Profile screen: address popup', () => {
  async function openAddress(user: User, name: string) {
    const panel = await openTab(user, 'Direcciones');
    const edit = within(panel).getByRole('button', { name });
    await waitFor(() => expect(edit).toBeEnabled()); // once regions and countries are there
    await user.click(edit);
    return screen.findByRole('dialog', { name });
  }
  const options = async (user: User, dialog: HTMLElement, name: string) => {
    await user.click(within(dialog).getByRole('combobox', { name }));
    const listbox = await screen.findByRole('listbox');
    return within(listbox).getAllByRole('option').map((o) => o.textContent);
  };

  it('the region select lists the regions of the chosen country; a new country clears the region', async () => {
    mockApi();
    const { user } = renderProfile();
    const dialog = await openAddress(user, 'Editar Dirección 1 de despacho');
    expect(within(dialog).getByRole('textbox', { name: 'Dirección' })).toHaveValue('Camino La Pólvora 400');
    expect(within(dialog).getByRole('textbox', { name: 'Comuna' })).toHaveValue('Valparaíso');
    expect(within(dialog).getByRole('combobox', { name: 'País' })).toHaveTextContent('Chile');
    expect(within(dialog).getByRole('combobox', { name: 'Región' })).toHaveTextContent('Valparaíso');

    expect(await options(user, dialog, 'Región')).toEqual(['Metropolitana de Santiago', 'Valparaíso', 'Biobío']);
    await user.keyboard('{Escape}');

    await options(user, dialog, 'País');
    await user.click(screen.getByRole('option', { name: 'Argentina' }));
    expect(within(dialog).getByRole('combobox', { name: 'País' })).toHaveTextContent('Argentina');
    expect(within(dialog).getByRole('combobox', { name: 'Región' })).not.toHaveTextContent('Valparaíso');
    expect(await options(user, dialog, 'Región')).toEqual(['Buenos Aires', 'Mendoza']);
    await user.keyboard('{Escape}');

    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(await within(dialog).findByText('región requerida')).toBeInTheDocument();
  });

  it('address and commune are required', async () => {
    mockApi();
    const { user } = renderProfile();
    const dialog = await openAddress(user, 'Editar Dirección 2 de facturación');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Dirección' }));
    await user.clear(within(dialog).getByRole('textbox', { name: 'Comuna' }));
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    expect(await within(dialog).findByText('Dirección requerida')).toBeInTheDocument();
    expect(within(dialog).getByText('Comuna es requerida')).toBeInTheDocument();
  });

  it('an accepted address shows in the list with the names of its region and country', async () => {
    mockApi();
    const { user } = renderProfile();
    const dialog = await openAddress(user, 'Editar Dirección 1 de despacho');
    const street = within(dialog).getByRole('textbox', { name: 'Dirección' });
    await user.clear(street);
    await user.type(street, 'Av. Matta 1200');
    const commune = within(dialog).getByRole('textbox', { name: 'Comuna' });
    await user.clear(commune);
    await user.type(commune, 'Santiago');
    await options(user, dialog, 'Región');
    await user.click(screen.getByRole('option', { name: 'Metropolitana de Santiago' }));
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const dispatch = screen.getByRole('region', { name: 'Direcciones de despacho' });
    expect(within(dispatch).getByRole('listitem')).toHaveTextContent('Dirección 1: Av. Matta 1200, Santiago, Metropolitana de Santiago, Chile');
  });
});

describe('Profile screen: Guardar Cambios', () => {
  async function editPhone(user: User, phone: string) {
    await user.click(screen.getByRole('button', { name: 'Editar Datos Empresa' }));
    const dialog = await screen.findByRole('dialog', { name: 'Editar Datos Empresa' });
    const field = within(dialog).getByRole('textbox', { name: 'Teléfono' });
    await user.clear(field);
    await user.type(field, phone);
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  }

  it('sends the draft (company data and the edited addresses only) and shows Perfil Modicado!!', async () => {
    const saved: CustomerProfile = { ...pacifico, telefono: '987654321', despacho: [{ ...pacifico.despacho[0], comuna: 'Quilpué' }] };
    let answer: (r: Response) => void = () => undefined;
    const fetchMock = mockApi({ 'POST /api/user/b1/update-profile': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { user, store } = renderProfile();
    await editPhone(user, '987654321');

    const panel = await openTab(user, 'Direcciones');
    const edit = within(panel).getByRole('button', { name: 'Editar Dirección 1 de despacho' });
    await waitFor(() => expect(edit).toBeEnabled());
    await user.click(edit);
    const dialog = await screen.findByRole('dialog', { name: 'Editar Dirección 1 de despacho' });
    const commune = within(dialog).getByRole('textbox', { name: 'Comuna' });
    await user.clear(commune);
    await user.type(commune, 'Quilpué');
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    expect(await screen.findByRole('progressbar', { name: 'Guardando cambios' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Guardar Cambios' })).toBeDisabled();
    const [[, init]] = callsTo(fetchMock, 'POST', '/api/user/b1/update-profile');
    expect(JSON.parse(String(init?.body))).toEqual({
      businessPartner: 'C76234567',
      giro: 'Comercialización de prendas de vestir',
      mail: 'compras@textilespacificolt.cl',
      telefono: '987654321',
      direcciones: [{ iddespacho: 'BODEGA PLACILLA', addressType: 'S', direccion: 'Camino La Pólvora 400', comuna: 'Quilpué', pais: 'CL', region: 'V' }],
    });
    expect((init?.headers as Record<string, string>).Authorization).toBe('token-USER');

    answer(json(200, saved));
    expect(await screen.findByText('Perfil Modicado!!')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument(); // the draft is the saved profile now
    expect(store.getState().profile.profile).toEqual(saved);
    expect(JSON.parse(sessionStorage.getItem('profile') ?? 'null')).toEqual(saved);
  });

  it('a rejected save shows the server message and keeps the draft', async () => {
    mockApi({ 'POST /api/user/b1/update-profile': () => json(400, { status: 400, message: 'La región no corresponde al país seleccionado' }) });
    const { user, store } = renderProfile({ session: buyerSession(), profile: initialProfileState });
    await editPhone(user, '987654321');
    await user.click(screen.getByRole('button', { name: 'Guardar Cambios' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('La región no corresponde al país seleccionado');
    expect(valueOf(screen.getByRole('tabpanel', { name: 'Datos Empresa' }), 'Teléfono')).toHaveTextContent('987654321');
    expect(store.getState().profile.save.status).toBe('failed');
    expect(screen.queryByText('Perfil Modicado!!')).not.toBeInTheDocument();
  });
});

describe('Profile screen in the app', () => {
  it('opens from the account menu: Mi cuenta, Mi perfil', async () => {
    mockApi();
    const { user, router } = renderWithProviders({ route: '/user/pending-payments', preloadedState: { session: buyerSession() } });
    await user.click(await screen.findByRole('button', { name: 'Mi cuenta' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Mi perfil' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Información Usuario' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/profile');
    expect(await screen.findByRole('tab', { name: 'Programa Fidelización' })).toBeInTheDocument();
  });
});
