import { screen, waitFor, within } from '@testing-library/react';
import { invoicePaymentRequested } from '@client/app/events';
import PendingPaymentsScreen from '@client/features/account/PendingPaymentsScreen';
import { json, mockApi } from '../home/mockApi';
import { renderWithProviders, sessionOf } from '../renderWithProviders';
import { pendingDocuments, renderAccount } from './fixtures';
import { asPhone } from '../viewport';

const PENDING_PATH = '/user/b1/pending-payments/C76123456';

type User = ReturnType<typeof renderAccount>['user'];

async function openScreen(documents = pendingDocuments) {
  const fetchMock = mockApi({ [PENDING_PATH]: documents });
  const rendered = renderAccount(<PendingPaymentsScreen />);
  const grid = await screen.findByRole('grid', { name: 'Documentos pendientes de pago' });
  if (documents.length) await within(grid).findByText(documents[0].folio);
  return { ...rendered, grid, fetchMock };
}

/** The data rows shown (the header row left out), as their cells' texts. */
const shownRows = (grid: HTMLElement) =>
  within(grid)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).queryAllByRole('gridcell').map((cell) => cell.textContent));

const rowOf = (grid: HTMLElement, folio: string) => within(grid).getByText(folio).closest('[role="row"]') as HTMLElement;
const tick = (user: User, grid: HTMLElement, folio: string) => user.click(within(rowOf(grid, folio)).getByRole('checkbox'));
const total = () => screen.getByRole('status', { name: 'Total Seleccionado' });
const goToPay = () => screen.getByRole('button', { name: 'ir a Pagar' });

describe('Pending payments (/user/pending-payments): the list', () => {
  it('title, the four columns after the select box, dates es-CL and amounts in pesos, 10 per page', async () => {
    const { grid, fetchMock, user } = await openScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Pagos Pendientes' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/user/b1/pending-payments/C76123456', expect.anything());
    const headers = within(grid).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers.slice(1)).toEqual(['Folio', 'Fecha', 'Total Bruto', 'Saldo a Pagar']);
    expect(within(grid).getByRole('checkbox', { name: 'Seleccionar todas las filas' })).toBeInTheDocument();
    // each row's checkbox says which document it ticks
    expect(within(rowOf(grid, '1001')).getByRole('checkbox')).toHaveAccessibleName('Seleccionar folio 1001');
    expect(within(grid).getByRole('checkbox', { name: 'Seleccionar folio 1010' })).toBeInTheDocument();

    const rows = shownRows(grid);
    expect(rows).toHaveLength(10);
    expect(rows[0].slice(1)).toEqual(['1001', '01-03-2025', '$11.900', '$10.000']);
    expect(rows[9].slice(1)).toEqual(['1010', '10-03-2025', '$119.000', '$100.000']);

    await user.click(screen.getByRole('button', { name: 'Ir a la página siguiente' }));
    await within(grid).findByText('1011');
    expect(shownRows(grid).map((cells) => cells[1])).toEqual(['1011', '1012']);
  });

  it('no documents: "No hay documentos pendientes", nothing to pay', async () => {
    const { grid } = await openScreen([]);
    expect(await within(grid).findByText('No hay documentos pendientes')).toBeInTheDocument();
    expect(total()).toHaveTextContent('$0');
    expect(goToPay()).toBeDisabled();
  });

  it('shows a loading indicator until the ERP answers', async () => {
    let answer: (r: Response) => void = () => undefined;
    mockApi({ [PENDING_PATH]: () => new Promise<Response>((resolve) => (answer = resolve)) });
    renderAccount(<PendingPaymentsScreen />);
    const grid = await screen.findByRole('grid', { name: 'Documentos pendientes de pago' });
    expect(within(grid).getByRole('progressbar')).toBeInTheDocument();
    expect(within(grid).queryByText('No hay documentos pendientes')).not.toBeInTheDocument();
    answer(json(200, pendingDocuments));
    await within(grid).findByText('1001');
    expect(within(grid).queryByRole('progressbar')).not.toBeInTheDocument();
  });
});

describe('Pending payments: selection and Total Seleccionado', () => {
  it('adds up the balances of the ticked documents', async () => {
    const { grid, user } = await openScreen();
    expect(total()).toHaveTextContent('$0');
    await tick(user, grid, '1001');
    await tick(user, grid, '1003');
    expect(total()).toHaveTextContent('$40.000');
    await tick(user, grid, '1001');
    expect(total()).toHaveTextContent('$30.000');
  });

  it('select-all ticks every document of every page; again clears them', async () => {
    const { grid, user } = await openScreen();
    const all = within(grid).getByRole('checkbox', { name: 'Seleccionar todas las filas' });
    await user.click(all);
    // 10.000 + 20.000 + … + 120.000
    expect(total()).toHaveTextContent('$780.000');
    expect(goToPay()).toBeEnabled();
    await user.click(within(grid).getByRole('checkbox', { name: 'Deseleccionar todas las filas' }));
    expect(total()).toHaveTextContent('$0');
    expect(goToPay()).toBeDisabled();
  });

  it('select-all then one unticked: the rest still adds up', async () => {
    const { grid, user } = await openScreen();
    await user.click(within(grid).getByRole('checkbox', { name: 'Seleccionar todas las filas' }));
    await tick(user, grid, '1002');
    expect(total()).toHaveTextContent('$760.000');
  });
});

describe('Pending payments: ir a Pagar, Volver and Pagar', () => {
  it('ir a Pagar: disabled with nothing ticked; once pressed it disables itself and shows WebPay Plus (default) and Khipu', async () => {
    const { grid, user } = await openScreen();
    expect(goToPay()).toBeDisabled();
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();

    await tick(user, grid, '1002');
    expect(goToPay()).toBeEnabled();
    await user.click(goToPay());
    expect(goToPay()).toBeDisabled();
    const methods = screen.getByRole('radiogroup', { name: 'Medio de pago' });
    expect(within(methods).getByRole('radio', { name: 'WebPay Plus' })).toBeChecked();
    expect(within(methods).getByRole('radio', { name: 'Transferencia bancaria (Khipu)' })).not.toBeChecked();
    expect(screen.getByRole('button', { name: 'Pagar' })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: 'Volver' }));
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Pagar' })).not.toBeInTheDocument();
    expect(goToPay()).toBeEnabled();
  });

  it("Enter on ir a Pagar (which disables itself) puts the focus on the chosen payment method; 'Volver' gives it back", async () => {
    const { grid, user } = await openScreen();
    await tick(user, grid, '1002');
    goToPay().focus();
    await user.keyboard('{Enter}');
    const methods = screen.getByRole('radiogroup', { name: 'Medio de pago' });
    expect(document.activeElement).toBe(within(methods).getByRole('radio', { name: 'WebPay Plus' }));
    await user.keyboard('{ArrowDown}');
    expect(within(methods).getByRole('radio', { name: 'Transferencia bancaria (Khipu)' })).toBeChecked();
    screen.getByRole('button', { name: 'Volver' }).focus();
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('radiogroup')).not.toBeInTheDocument();
    expect(document.activeElement).toBe(goToPay());
    // shown again: the method chosen before has the focus
    await user.keyboard('{Enter}');
    expect(document.activeElement).toBe(screen.getByRole('radio', { name: 'Transferencia bancaria (Khipu)' }));
  });

  it('Pagar stores the invoices and payPending in session storage and asks the payments feature to pay them', async () => {
    const { grid, user, actions } = await openScreen();
    await tick(user, grid, '1001');
    await tick(user, grid, '1003');
    await user.click(goToPay());
    await user.click(screen.getByRole('radio', { name: 'Transferencia bancaria (Khipu)' }));
    await user.click(screen.getByRole('button', { name: 'Pagar' }));

    const invoices = [
      { docEntry: 501, paidSum: 10_000 },
      { docEntry: 503, paidSum: 30_000 },
    ];
    await waitFor(() => expect(actions).toContainEqual(invoicePaymentRequested({ invoices, method: 'KHIPU' })));
    expect(JSON.parse(sessionStorage.getItem('invoicePendings') ?? 'null')).toEqual(invoices);
    expect(sessionStorage.getItem('payPending')).toBe('X');
    // once: the buyer is on the way to the provider
    expect(screen.getByRole('button', { name: 'Pagar' })).toBeDisabled();
    expect(actions.filter((a) => a.type === invoicePaymentRequested.type)).toHaveLength(1);
  });

  it('Pagar with the default method and select-all sends every document by WebPay Plus', async () => {
    const { grid, user, actions } = await openScreen();
    await user.click(within(grid).getByRole('checkbox', { name: 'Seleccionar todas las filas' }));
    await user.click(goToPay());
    await user.click(screen.getByRole('button', { name: 'Pagar' }));
    const invoices = pendingDocuments.map((doc) => ({ docEntry: doc.docEntry, paidSum: doc.saldoaPagar }));
    await waitFor(() => expect(actions).toContainEqual(invoicePaymentRequested({ invoices, method: 'WEBPAY' })));
  });
});

describe('Pending payments: Intentar nuevamente after an unpaid invoice payment', () => {
  it('comes back with the same invoices ticked and the same provider chosen', async () => {
    mockApi({ [PENDING_PATH]: pendingDocuments, '/user/cart/count-cart/12': 0 });
    const { user } = renderWithProviders({
      route: { pathname: '/user/pending-payments', state: { reselect: [501, 503], method: 'KHIPU' } },
      preloadedState: { session: sessionOf('USER') },
    });
    const grid = await screen.findByRole('grid', { name: 'Documentos pendientes de pago' });
    await within(grid).findByText('1001');
    expect(within(rowOf(grid, '1001')).getByRole('checkbox')).toBeChecked();
    expect(within(rowOf(grid, '1002')).getByRole('checkbox')).not.toBeChecked();
    expect(within(rowOf(grid, '1003')).getByRole('checkbox')).toBeChecked();
    expect(total()).toHaveTextContent('$40.000');
    await user.click(goToPay());
    expect(screen.getByRole('radio', { name: 'Transferencia bancaria (Khipu)' })).toBeChecked();
  });
});

describe('Pending payments: load failure', () => {
  it('sends " {message}, intentelo mas tarde (B1) " titled Error to the global message; Reintentar loads again', async () => {
    const fetchMock = mockApi({ [PENDING_PATH]: { status: 503, body: { status: 503, message: 'ERP no disponible' } } });
    const { store, user } = renderAccount(<PendingPaymentsScreen />);
    await waitFor(() => expect(store.getState().message.current).toEqual({ tipoMessage: 'Error', message: ' ERP no disponible, intentelo mas tarde (B1) ' }));
    expect(screen.getByText('No se pudieron cargar los documentos pendientes.')).toBeInTheDocument();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();

    fetchMock.mockImplementation(() => Promise.resolve(json(200, pendingDocuments)));
    await user.click(screen.getByRole('button', { name: 'Reintentar' }));
    const grid = await screen.findByRole('grid', { name: 'Documentos pendientes de pago' });
    expect(await within(grid).findByText('1001')).toBeInTheDocument();
  });

  it('in the app: the route shows the screen and the message bar shows the error', async () => {
    mockApi({ [PENDING_PATH]: { status: 500, body: { status: 500, message: 'Internal server error' } }, '/user/cart/count-cart/12': 0 });
    renderWithProviders({ route: '/user/pending-payments', preloadedState: { session: sessionOf('USER') } });
    expect(await screen.findByRole('heading', { level: 1, name: 'Pagos Pendientes' })).toBeInTheDocument();
    const text = await screen.findByText('Internal server error, intentelo mas tarde (B1)');
    const bar = text.closest('[role="alert"]') as HTMLElement;
    expect(within(bar).getByText('Error')).toBeInTheDocument();
    expect(screen.getByText('No se pudieron cargar los documentos pendientes.')).toBeInTheDocument();
  });
});

describe('Pending payments on a phone (375 px): cards', () => {
  let restore: () => void = () => undefined;
  beforeEach(() => {
    restore = asPhone();
  });
  afterEach(() => restore());

  it('each card says "Folio" beside its number; select-all ticks every document, indeterminate in between', async () => {
    mockApi({ [PENDING_PATH]: pendingDocuments });
    const { user } = renderAccount(<PendingPaymentsScreen />);
    const cards = await screen.findByRole('list', { name: 'Documentos pendientes de pago' });
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    const first = within(cards).getByRole('listitem', { name: 'Folio 1001' });
    expect(within(first).getByText('Folio')).toBeInTheDocument();

    const all = screen.getByRole('checkbox', { name: 'Seleccionar todas las filas' });
    await user.click(within(first).getByRole('checkbox', { name: 'Seleccionar folio 1001' }));
    expect(total()).toHaveTextContent('$10.000');
    expect(all).toHaveAttribute('data-indeterminate', 'true');

    await user.click(all);
    expect(total()).toHaveTextContent('$780.000');
    const none = screen.getByRole('checkbox', { name: 'Deseleccionar todas las filas' });
    expect(none).toBeChecked();
    expect(within(cards).getAllByRole('checkbox').every((box) => (box as HTMLInputElement).checked)).toBe(true);

    await user.click(none);
    expect(total()).toHaveTextContent('$0');
    expect(goToPay()).toBeDisabled();
  });
});
