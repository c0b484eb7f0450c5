import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { ACCOUNT_MSG } from '@shared/schemas/account';
import { addDays, chileTodayIso } from '@shared/workingDays';
import { bodiesTo, callsTo, mockFetch, queriesTo, reply } from '../fetchMock';
import { renderWithProviders, sessionOf } from '../renderWithProviders';
import { asPhone } from '../viewport';
import { documentDetail, payment, statement } from './fixtures';

// The statement and document pages and the alerts switch, in the whole app (router, guards, store, sagas) over a
// stand-in of the API.

const asFinance = (route: string) => renderWithProviders({ route, preloadedState: { session: sessionOf('USER', undefined, 'FINANZAS') } });

describe('Estado de cuenta (/user/account/statement)', () => {
  it('opens on the last 3 months: the summary, the movements with links to their documents, a payment with the folios it settled', async () => {
    const fetchMock = mockFetch({ 'GET /user/account/statement': statement, 'GET /user/account/payments/5123': payment });
    const { user } = asFinance('/user/account/statement');
    expect(await screen.findByRole('heading', { level: 1, name: 'Estado de cuenta' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Movimientos' });
    const [asked] = queriesTo(fetchMock, 'GET /user/account/statement');
    expect(asked!.to).toBe(chileTodayIso());
    expect(asked!.format).toBeUndefined();
    expect(screen.getByRole('heading', { name: 'Resumen del período 01-09-2026 al 29-11-2026' })).toBeInTheDocument();
    expect(screen.getByText('Saldo final').nextElementSibling).toHaveTextContent('$1.071.000');
    expect(screen.getByText('Saldo inicial').nextElementSibling).toHaveTextContent('$1.190.000');
    expect(within(table).getByRole('link', { name: 'Factura electrónica N° 10461' })).toHaveAttribute('href', '/user/account/documents/invoice/801');
    expect(within(table).getByText('Tipo 33')).toBeInTheDocument();
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('02-10-2026');

    await user.click(within(table).getByRole('button', { name: 'Ver documentos pagados' }));
    const settled = await within(table).findByRole('list', { name: 'Documentos pagados con el pago N° 5123' });
    // opened once: its button gives way to the list
    expect(within(table).queryByRole('button', { name: 'Ver documentos pagados' })).not.toBeInTheDocument();
    expect(within(settled).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Factura electrónica N° 10461: $595.000',
      'Factura electrónica N° 10470: $238.000',
      'Nota de crédito electrónica N° 3120: -$119.000',
    ]);
    expect(within(settled).getByRole('link', { name: 'Nota de crédito electrónica N° 3120' })).toHaveAttribute('href', '/user/account/documents/creditNote/901');
  });

  it('at 375 px each movement is a card titled by its day, its document still a link', async () => {
    const restore = asPhone();
    try {
      mockFetch({ 'GET /user/account/statement': statement });
      asFinance('/user/account/statement');
      const list = await screen.findByRole('list', { name: 'Movimientos' });
      expect(screen.queryByRole('table', { name: 'Movimientos' })).not.toBeInTheDocument();
      const cards = within(list).getAllByRole('listitem');
      expect(cards).toHaveLength(2);
      expect(cards[0]).toHaveAccessibleName('02-10-2026');
      expect(within(cards[0]!).getByRole('link', { name: 'Factura electrónica N° 10461' })).toBeInTheDocument();
      expect(within(cards[1]!).getByText('Abono').nextElementSibling).toHaveTextContent('$714.000');
      // a payment has no charge: the card leaves 'Cargo' out
      expect(within(cards[1]!).queryByText('Cargo')).not.toBeInTheDocument();
    } finally {
      restore();
    }
  });

  it('a future end is refused in the form with the server\'s words, and nothing is asked', async () => {
    const fetchMock = mockFetch({ 'GET /user/account/statement': statement });
    const { user } = asFinance('/user/account/statement');
    await screen.findByRole('table', { name: 'Movimientos' });
    const to = screen.getByLabelText('Hasta');
    // a date input takes the whole day at once (typing it key by key in jsdom passes through invalid values)
    fireEvent.change(to, { target: { value: addDays(chileTodayIso(), 1) } });
    await user.click(screen.getByRole('button', { name: 'Ver estado de cuenta' }));
    expect(await screen.findByText(ACCOUNT_MSG.future)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /user/account/statement')).toHaveLength(1);
  });

  it('a frequent period asks for it at once; the server\'s refusal is shown as it says it', async () => {
    mockFetch({ 'GET /user/account/statement': statement });
    const { user } = asFinance('/user/account/statement');
    await screen.findByRole('table', { name: 'Movimientos' });
    const refusing = mockFetch({ 'GET /user/account/statement': reply(400, { status: 400, message: ACCOUNT_MSG.rangeTooLong }) });
    await user.click(within(screen.getByRole('group', { name: 'Períodos frecuentes' })).getByRole('button', { name: 'Mes anterior' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ACCOUNT_MSG.rangeTooLong);
    expect(screen.queryByRole('table', { name: 'Movimientos' })).not.toBeInTheDocument();
    const [lastMonth] = queriesTo(refusing, 'GET /user/account/statement');
    expect(lastMonth!.from.endsWith('-01')).toBe(true);
    expect(lastMonth!.from < lastMonth!.to && lastMonth!.to < chileTodayIso().slice(0, 8)).toBe(true);
  });

  it('Descargar Excel: the file of the period shown, with the token, saved as the server names it', async () => {
    URL.createObjectURL = jest.fn(() => 'blob:estado') as unknown as typeof URL.createObjectURL;
    URL.revokeObjectURL = jest.fn();
    const clicked: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.download} ${this.href}`);
    });
    const fetchMock = mockFetch({
      'GET /user/account/statement': (_init?: RequestInit, url?: string) =>
        url?.includes('format=xlsx')
          ? new Response(new Blob(['PK']), { status: 200, headers: { 'content-disposition': 'attachment; filename="estado-de-cuenta.xlsx"' } })
          : new Response(JSON.stringify(statement), { status: 200, headers: { 'content-type': 'application/json' } }),
    });
    const { user } = asFinance('/user/account/statement');
    await screen.findByRole('table', { name: 'Movimientos' });
    await user.click(screen.getByRole('button', { name: 'Descargar Excel' }));
    await waitFor(() => expect(clicked).toEqual(['estado-de-cuenta.xlsx blob:estado']));
    // the period of the statement shown (the server's from and to), not whatever the form holds
    expect(queriesTo(fetchMock, 'GET /user/account/statement').at(-1)).toEqual({ from: '2026-09-01', to: '2026-11-29', format: 'xlsx' });
    const [, init] = callsTo(fetchMock, 'GET /user/account/statement').at(-1)!;
    expect((init as RequestInit).headers).toMatchObject({ Authorization: expect.stringMatching(/^token-/) });
    click.mockRestore();
  });

  it('a Comprador is told the page is not for the role, and nothing is asked', async () => {
    const fetchMock = mockFetch({ 'GET /user/account/statement': statement });
    renderWithProviders({ route: '/user/account/statement', preloadedState: { session: sessionOf('USER', undefined, 'COMPRADOR') } });
    expect(await screen.findByRole('status')).toHaveTextContent('Su rol en la empresa no permite ver ni pagar facturas');
    expect(screen.queryByRole('heading', { name: 'Estado de cuenta' })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /user/account/statement')).toHaveLength(0);
  });
});

describe('Documento (/user/account/documents/:kind/:docEntry)', () => {
  it('the facts, the chain and the payments with every folio they settled; a ceded invoice says to pay the cesionario', async () => {
    const ceded = { ...documentDetail, item: { ...documentDetail.item, ceded: { rut: '76555444-3', name: 'Factoring Andes S.A.' } } };
    mockFetch({ 'GET /user/account/documents/invoice/801': ceded });
    asFinance('/user/account/documents/invoice/801');
    expect(await screen.findByRole('heading', { level: 1, name: 'Factura electrónica N° 10461' })).toBeInTheDocument();
    expect(screen.getByText('Cedida a Factoring Andes S.A. (76555444-3): pague directamente al cesionario')).toBeInTheDocument();
    expect(screen.getByText('Tipo').nextElementSibling).toHaveTextContent('Factura electrónica (33)');
    expect(screen.getByText('Recepción en el SII').nextElementSibling).toHaveTextContent('03-10-2026');
    expect(screen.getByText('Plazo para reclamar').nextElementSibling).toHaveTextContent('Cerrado el 11-10-2026');
    const chain = screen.getByRole('region', { name: 'Cadena del documento' });
    expect(within(chain).getByText('Factura electrónica N° 10461 (este documento)')).toHaveAttribute('aria-current', 'page');
    // the order is not a document of the account: its name and day, no link
    expect(within(chain).getAllByRole('listitem')[0]).toHaveTextContent(/^Pedido · 30-09-2026$/);
    expect(within(chain).queryAllByRole('link')).toHaveLength(0);
    const payments = screen.getByRole('region', { name: 'Pagos recibidos' });
    expect(within(payments).getByRole('heading', { name: 'Pago N° 5123 del 20-10-2026: $714.000' })).toBeInTheDocument();
    const lines = within(payments).getByRole('table', { name: 'Documentos pagados con el pago N° 5123' });
    expect(within(lines).getByRole('link', { name: 'Factura electrónica N° 10470' })).toHaveAttribute('href', '/user/account/documents/invoice/802');
    expect(within(lines).getByText('-$119.000')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Descargar PDF' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'Descargar XML' })).toBeEnabled();
  });

  it('opened from the statement, it leads back there, and so does a document opened from it', async () => {
    const other = { ...documentDetail, item: { ...documentDetail.item, docEntry: 802, docNum: 802, folio: 10470 }, payments: [] };
    mockFetch({ 'GET /user/account/documents/invoice/801': documentDetail, 'GET /user/account/documents/invoice/802': other });
    const { user } = renderWithProviders({
      route: { pathname: '/user/account/documents/invoice/801', state: { from: 'statement' } },
      preloadedState: { session: sessionOf('USER', undefined, 'FINANZAS') },
    });
    expect(await screen.findByRole('link', { name: 'Volver al estado de cuenta' })).toHaveAttribute('href', '/user/account/statement');
    await user.click(screen.getByRole('link', { name: 'Factura electrónica N° 10470' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Factura electrónica N° 10470' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver al estado de cuenta' })).toBeInTheDocument();
  });

  it('opened from elsewhere, it leads back to the Cuenta corriente', async () => {
    mockFetch({ 'GET /user/account/documents/invoice/801': documentDetail });
    asFinance('/user/account/documents/invoice/801');
    expect(await screen.findByRole('link', { name: 'Volver a Cuenta corriente' })).toHaveAttribute('href', '/user/account');
  });

  it("another company's document (404): 'Documento no encontrado', no retry, no files", async () => {
    mockFetch({});
    asFinance('/user/account/documents/invoice/9999');
    expect(await screen.findByRole('heading', { level: 1, name: 'Documento no encontrado' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('El documento no existe o no es de su empresa.');
    expect(screen.queryByRole('button', { name: 'Reintentar' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Descargar PDF' })).not.toBeInTheDocument();
  });
});

describe('Avisos de cuenta corriente por correo (profile)', () => {
  const SWITCH = 'Avisos de cuenta corriente por correo (factura nueva, por vencer en 3 días, vencida)';

  it('a finance person switches them off: PUT, a toast; a refused save puts the switch back', async () => {
    let fail = false;
    const fetchMock = mockFetch({
      'GET /user/account/alerts': { enabled: true },
      'PUT /user/account/alerts': (init?: RequestInit) =>
        fail ? new Response(JSON.stringify({ status: 503, message: 'Servicio no disponible' }), { status: 503, headers: { 'content-type': 'application/json' } }) : new Response(String(init?.body), { status: 200, headers: { 'content-type': 'application/json' } }),
    });
    const { user } = asFinance('/profile');
    const toggle = await screen.findByRole('switch', { name: SWITCH });
    expect(toggle).toBeChecked();
    await user.click(toggle);
    expect(toggle).not.toBeChecked();
    expect(await screen.findByText('Avisos de cuenta corriente desactivados')).toBeInTheDocument();
    expect(bodiesTo(fetchMock, 'PUT /user/account/alerts')).toEqual([{ enabled: false }]);

    fail = true;
    await user.click(toggle);
    expect(await screen.findByText('No se pudo guardar su preferencia de avisos: Servicio no disponible')).toBeInTheDocument();
    await waitFor(() => expect(toggle).not.toBeChecked());
  });

  it('a Comprador has no such switch, and the preference is not asked', async () => {
    const fetchMock = mockFetch({ 'GET /user/account/alerts': { enabled: true } });
    renderWithProviders({ route: '/profile', preloadedState: { session: sessionOf('USER', undefined, 'COMPRADOR') } });
    await screen.findByRole('heading', { level: 1, name: 'Información Usuario' });
    expect(screen.queryByRole('switch', { name: SWITCH })).not.toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /user/account/alerts')).toHaveLength(0);
  });
});
