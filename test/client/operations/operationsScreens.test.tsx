import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AdminJob } from '@shared/api/adminJobs';
import type { AuditRow } from '@shared/api/adminAudit';
import type { BuyerOrderDetail } from '@shared/api/userOrders';
import type { Role } from '@shared/roles';
import { renderWithProviders, sessionOf } from '../renderWithProviders';
import { bodiesTo, callsTo, json, mockFetch, queriesTo } from '../fetchMock';
import { asPhone } from '../viewport';

// The operations screens (R-ADM-JOB-1, R-MYORD-1) as their users meet them: the failed-jobs count in the admin's side menu,
// Trabajos ERP's retry of the chosen jobs after a confirmation, a change's before/after in Auditoría, and a buyer's
// order followed step by step in Mis pedidos.

jest.setTimeout(30_000);

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test-xsrf; path=/';
});

const asRole = (role: Role, route: string) => renderWithProviders({ route, preloadedState: { session: sessionOf(role) } });

const failedJob: AdminJob = {
  id: 41,
  kind: 'erp.order',
  key: 'erp.order:OC000042',
  status: 'failed',
  failure: 'exhausted',
  waiting: false,
  attempts: 5,
  lastError: 'connect ECONNREFUSED',
  nextAttemptAt: '2026-11-27T13:00:00.000Z',
  postedAt: null,
  createdAt: '2026-11-27T12:59:00.000Z',
  doneAt: null,
  lastAttemptAt: '2026-11-27T13:00:00.000Z',
  orderNumber: 'OC000042',
};
const jobsPage = (rows: AdminJob[]) => ({ rows, total: rows.length, page: 0, pageSize: 25 });
const summary = { failed: 1, pending: 0, waiting: 0, oldestPendingAt: null };

describe('Trabajos ERP (/admin/jobs)', () => {
  it('the failed count in the side menu; the chosen failed jobs retried after a confirmation that starts on Cancelar', async () => {
    const fetchMock = mockFetch({
      'GET /admin/jobs': jobsPage([failedJob]),
      'GET /admin/jobs/summary': summary,
      'POST /admin/jobs/retry': { results: [{ id: 41, outcome: 'requeued' }], requeued: 1, message: '1 trabajo(s) puesto(s) de nuevo en la cola' },
    });
    const { user } = asRole('ADMIN', '/admin/jobs');
    expect(await screen.findByRole('heading', { level: 1, name: 'Trabajos ERP' })).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: /^Trabajos ERP\s+1 fallidos$/ })).toHaveAttribute('href', '/admin/jobs');

    const grid = await screen.findByRole('grid', { name: 'Trabajos' });
    const row = (await within(grid).findByText('erp.order:OC000042')).closest('[role="row"]') as HTMLElement;
    expect(within(row).getByText('connect ECONNREFUSED')).toBeInTheDocument();
    expect(within(row).getByRole('link', { name: 'Ver trabajo 41' })).toHaveAttribute('href', '/admin/jobs/41');

    expect(screen.getByRole('button', { name: 'Reintentar (0)' })).toBeDisabled();
    await user.click(within(row).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Reintentar (1)' }));
    const dialog = await screen.findByRole('dialog', { name: '¿Reintentar 1 trabajo(s) fallido(s)?' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Cancelar' })).toHaveFocus());
    await user.click(within(dialog).getByRole('button', { name: 'Reintentar' }));
    await waitFor(() => expect(bodiesTo(fetchMock, 'POST /admin/jobs/retry')).toEqual([{ ids: [41] }]));
    expect(await screen.findByText('1 trabajo(s) puesto(s) de nuevo en la cola')).toBeInTheDocument();
    // the list and the count read again
    await waitFor(() => expect(callsTo(fetchMock, 'GET /admin/jobs').length).toBeGreaterThanOrEqual(2));
  });

  it('declined: nothing is sent', async () => {
    const fetchMock = mockFetch({ 'GET /admin/jobs': jobsPage([failedJob]), 'GET /admin/jobs/summary': summary });
    const { user } = asRole('ADMIN', '/admin/jobs');
    const grid = await screen.findByRole('grid', { name: 'Trabajos' });
    const row = (await within(grid).findByText('erp.order:OC000042')).closest('[role="row"]') as HTMLElement;
    await user.click(within(row).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: 'Reintentar (1)' }));
    await user.keyboard('{Enter}'); // Enter on the focused safe choice
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(fetchMock, 'POST /admin/jobs/retry')).toHaveLength(0);
  });
});

describe('Trabajo (/admin/jobs/:id)', () => {
  it.each(['abc', '0', '1.5'])("'/admin/jobs/%s' names no job: said at once, without a progress bar that never ends", async (param) => {
    const fetchMock = mockFetch({ 'GET /admin/jobs/summary': summary });
    asRole('ADMIN', `/admin/jobs/${param}`);
    expect(await screen.findByRole('alert')).toHaveTextContent('Trabajo inválido: la dirección no nombra un trabajo');
    expect(screen.queryByRole('progressbar', { name: 'Cargando' })).not.toBeInTheDocument();
    // trying again cannot help, and nothing was asked
    expect(within(screen.getByRole('alert')).queryByRole('button')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => /\/admin\/jobs\/(?!summary)/.test(String(url)))).toHaveLength(0);
  });
});

describe('the lists at 375 px', () => {
  let restore: () => void = () => undefined;
  beforeEach(() => {
    restore = asPhone();
  });
  afterEach(() => restore());

  it('Trabajos ERP as cards, sorted through a choice (no column headers to click), paged by the server', async () => {
    const many = Array.from({ length: 25 }, (_, i) => ({ ...failedJob, id: 100 + i, key: `erp.order:OC0001${String(i).padStart(2, '0')}` }));
    const fetchMock = mockFetch({ 'GET /admin/jobs': { rows: many, total: 60, page: 0, pageSize: 25 }, 'GET /admin/jobs/summary': summary });
    const { user } = asRole('ADMIN', '/admin/jobs');
    const cards = await screen.findByRole('list', { name: 'Trabajos' });
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    // one page of the server, not a slice of it
    expect(within(cards).getAllByRole('listitem')).toHaveLength(25);
    expect(screen.getByText('1–25 de 60')).toBeInTheDocument();

    await user.click(screen.getByRole('combobox', { name: 'Ordenar por' }));
    await user.click(await screen.findByRole('option', { name: 'Intentos (descendente)' }));
    await waitFor(() => expect(queriesTo(fetchMock, 'GET /admin/jobs').at(-1)).toMatchObject({ sort: 'attempts', dir: 'desc', page: '0' }));

    await user.click(screen.getByRole('button', { name: 'Ir a la página siguiente' }));
    await waitFor(() => expect(queriesTo(fetchMock, 'GET /admin/jobs').at(-1)).toMatchObject({ sort: 'attempts', dir: 'desc', page: '1' }));
  });
});

describe('Auditoría (/admin/audit)', () => {
  it("each row opens the change's values before and after", async () => {
    const change = {
      id: 7,
      at: '2026-11-27T13:00:00.000Z',
      actorUserId: 1,
      actorUsername: '11.111.111-1',
      entity: 'notification',
      action: 'update',
      entityId: '3',
      fields: ['name'],
      before: { name: 'Ana', email: 'ana@example.cl' },
      after: { name: 'Beatriz', email: 'ana@example.cl' },
      details: {},
    } as unknown as AuditRow;
    mockFetch({ 'GET /admin/audit': { rows: [change], total: 1, page: 0, pageSize: 25 }, 'GET /admin/jobs/summary': { ...summary, failed: 0 } });
    const { user } = asRole('ADMIN', '/admin/audit');
    expect(await screen.findByRole('heading', { level: 1, name: 'Auditoría' })).toBeInTheDocument();
    const grid = await screen.findByRole('grid', { name: 'Registro de cambios' });
    await user.click(await within(grid).findByRole('button', { name: 'Ver cambios del registro 3' }));
    const dialog = await screen.findByRole('dialog', { name: /^Modificación de destinatario de notificación 3/ });
    const table = within(dialog).getByRole('table', { name: 'Valores antes y después' });
    const nameRow = within(table).getByText('Beatriz').closest('tr') as HTMLElement;
    expect(within(nameRow).getByText('Ana')).toBeInTheDocument();
    expect(within(nameRow).getByText('Nombre')).toBeInTheDocument();
    // the grid's 'Campos' in the screens' words too
    expect(within(grid).getByText('Nombre')).toBeInTheDocument();
  });

  it("a job's manual retry reads in Spanish: its fields, status, failure and details", async () => {
    const change = {
      id: 8,
      at: '2026-11-27T13:05:00.000Z',
      actorUserId: 1,
      actorUsername: '11.111.111-1',
      entity: 'job',
      action: 'update',
      entityId: '33',
      fields: ['status', 'attempts'],
      before: { status: 'failed', failure: 'exhausted', attempts: 5, lastError: 'ERP caído' },
      after: { status: 'pending', failure: null, attempts: 0, lastError: 'ERP caído' },
      details: { kind: 'erp.order', key: 'order:12', action: 'retry' },
    } as unknown as AuditRow;
    mockFetch({ 'GET /admin/audit': { rows: [change], total: 1, page: 0, pageSize: 25 }, 'GET /admin/jobs/summary': { ...summary, failed: 0 } });
    const { user } = asRole('ADMIN', '/admin/audit');
    const grid = await screen.findByRole('grid', { name: 'Registro de cambios' });
    expect(await within(grid).findByText('Estado, Intentos')).toBeInTheDocument();
    await user.click(within(grid).getByRole('button', { name: 'Ver cambios del registro 33' }));
    const dialog = await screen.findByRole('dialog', { name: /^Modificación de trabajo erp 33/ });
    const table = within(dialog).getByRole('table', { name: 'Valores antes y después' });
    const statusRow = within(table).getByText('Estado').closest('tr') as HTMLElement;
    expect(within(statusRow).getByText('Fallido')).toBeInTheDocument();
    expect(within(statusRow).getByText('Pendiente')).toBeInTheDocument();
    const failureRow = within(table).getByText('Falla').closest('tr') as HTMLElement;
    expect(within(failureRow).getByText('Agotó sus intentos')).toBeInTheDocument();
    expect(within(table).getByText('Último error')).toBeInTheDocument();
    expect(within(dialog).getByText('Tipo de trabajo: Pedido al ERP')).toBeInTheDocument();
    expect(within(dialog).getByText('Acción: Reintento a mano')).toBeInTheDocument();
    for (const raw of ['status', 'failed', 'exhausted', 'lastError', 'erp.order', 'retry']) expect(within(dialog).queryByText(new RegExp(`^${raw}$`))).not.toBeInTheDocument();
  });
});

describe('a filter the server refuses (Pedidos, Trabajos ERP, Auditoría)', () => {
  // Before: the load error took the place of the filters too, so 'Hasta' vanished under the admin's hands (the focus
  // fell to <body>) and 'Reintentar' sent the same refused range again: the list could only be left.
  it.each([
    ['/admin/audit', 'GET /admin/audit', 'Registro de cambios'],
    ['/admin/orders', 'GET /admin/orders', 'Pedidos del portal'],
    ['/admin/jobs', 'GET /admin/jobs', 'Trabajos'],
  ])('%s: an inverted date range is marked on the fields, which stay (with the focus) to be fixed', async (route, list, gridName) => {
    const fetchMock = mockFetch({
      [list]: (_init?: RequestInit, url?: string) => {
        const q = new URL(String(url), 'http://portal.test').searchParams;
        const from = q.get('from') ?? '';
        const to = q.get('to') ?? '';
        if (from && to && from > to) return json(400, { status: 400, message: 'La fecha inicial es posterior a la final' });
        return json(200, { rows: [], total: 0, page: 0, pageSize: 25 });
      },
      'GET /admin/jobs/summary': { ...summary, failed: 0 },
    });
    asRole('ADMIN', route);
    await screen.findByRole('grid', { name: gridName });
    const filters = screen.getByRole('search', { name: /^Filtros de/ });
    fireEvent.change(within(filters).getByLabelText('Desde'), { target: { value: '2026-12-31' } });
    const to = within(filters).getByLabelText('Hasta');
    to.focus();
    fireEvent.change(to, { target: { value: '2026-01-01' } });

    expect(await screen.findByRole('alert')).toHaveTextContent('La fecha inicial es posterior a la final');
    // the same field, still there and still focused, marked with the reason
    expect(within(filters).getByLabelText('Hasta')).toBe(to);
    expect(to).toHaveFocus();
    expect(to).toHaveAttribute('aria-invalid', 'true');
    expect(to).toHaveAccessibleDescription('La fecha inicial es posterior a la final');
    expect(within(filters).getByLabelText('Desde')).toHaveAttribute('aria-invalid', 'true');

    // fixed where it was typed: the list comes back
    fireEvent.change(to, { target: { value: '2027-01-31' } });
    expect(await screen.findByRole('grid', { name: gridName })).toBeInTheDocument();
    expect(to).toHaveAttribute('aria-invalid', 'false');
    expect(queriesTo(fetchMock, list).at(-1)).toMatchObject({ from: '2026-12-31', to: '2027-01-31' });
  });
});

describe('Mis pedidos (/user/orders)', () => {
  const order = {
    id: 42,
    number: 'OC000042',
    orderType: 'ONLINE',
    paymentMethod: 'CREDIT',
    total: 119_000,
    createdAt: '2026-11-27T13:00:00.000Z',
    status: 'invoiced',
    statusLabel: 'Facturado N° 7001',
    statusAt: '2026-11-27T13:05:00.000Z',
    erpDocNum: 5060,
    invoiceFolio: '7001',
    steps: [
      { key: 'received', label: 'Recibido', done: true, at: '2026-11-27T13:00:00.000Z' },
      { key: 'inErp', label: 'En SAP N° 5060', done: true, at: '2026-11-27T13:00:05.000Z' },
      { key: 'invoiced', label: 'Facturado N° 7001', done: true, at: '2026-11-27T13:05:00.000Z' },
      { key: 'canceled', label: 'Anulado', done: false, at: null },
    ],
    lines: [{ id: 1, sku: 'POL-1001-M', name: 'Polera', size: 'M', quantity: 1, price: 100_000, percentageOffer: 0, percentageLoyalty: 0, priceFinalUnit: 100_000, priceFinal: 100_000, descLinea: 0 }],
    totals: { lines: 1, units: 1, net: 100_000, offerDiscount: 0, loyaltyDiscount: 0, loyaltyPct: 0, subtotal: 100_000, vat: 19_000, total: 119_000 },
    deliveryType: 'retiro',
    deliveryAddress: '',
    erpAvailable: true,
    buyerReference: '',
    requestedDeliveryDate: null,
  } as BuyerOrderDetail;

  it("in the buyer's side menu; the order's steps with their dates, its lines and totals", async () => {
    mockFetch({ 'GET /user/orders': { rows: [order], total: 1, page: 0, pageSize: 20, erpAvailable: true }, 'GET /user/orders/OC000042': order });
    const { user } = asRole('USER', '/user/orders');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mis pedidos' })).toBeInTheDocument();
    expect(screen.getByRole('navigation', { name: 'Menú principal' })).toContainElement(screen.getByRole('link', { name: 'Mis pedidos' }));
    const grid = await screen.findByRole('grid', { name: 'Mis pedidos del portal' });
    await user.click(await within(grid).findByRole('link', { name: 'Ver pedido OC000042' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Pedido OC000042' })).toBeInTheDocument();
    const steps = await screen.findByRole('list', { name: 'Seguimiento' });
    const items = within(steps).getAllByRole('listitem');
    expect(items.map((li) => li.getAttribute('data-step'))).toEqual(['received', 'inErp', 'invoiced', 'canceled']);
    expect(items[1]).toHaveTextContent('En SAP N° 5060');
    expect(items[2]).toHaveTextContent('Facturado N° 7001');
    expect(items[2]).toHaveTextContent('27-11-2026');
    expect(items[3]).toHaveTextContent('Pendiente');
    expect(screen.getByText('POL-1001-M')).toBeInTheDocument();
  });

  it("the buyer's own order reference and requested date, when it gave them", async () => {
    const withReference = { ...order, buyerReference: 'OC-CLIENTE-77', requestedDeliveryDate: '2026-12-02' };
    mockFetch({ 'GET /user/orders/OC000042': withReference });
    asRole('USER', '/user/orders/OC000042');
    expect(await screen.findByRole('heading', { level: 1, name: 'Pedido OC000042' })).toBeInTheDocument();
    expect(await screen.findByText('OC-CLIENTE-77')).toBeInTheDocument();
    expect(screen.getByText('Su orden de compra')).toBeInTheDocument();
    expect(screen.getByText('02-12-2026')).toBeInTheDocument();
  });
});
