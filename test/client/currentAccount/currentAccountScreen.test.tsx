import { screen, waitFor, within } from '@testing-library/react';
import { sessionOf, renderWithProviders } from '../renderWithProviders';
import { bodiesTo, callsTo, mockFetch, queriesTo, reply } from '../fetchMock';
import { File as NodeFile } from 'node:buffer';
import { claimFileProblem } from '@client/features/currentAccount/ClaimDialog';
import { asPhone } from '../viewport';
import { firstPage, nettedPreview, summary } from './fixtures';

/** A picked file: Node's File, which the test environment's FormData takes. */
const fileOf = (name: string, size: number, type: string) => new NodeFile([new Uint8Array(size)], name, { type }) as unknown as File;

// 'Cuenta corriente' as the finance person sees it: the header, the buckets that filter, the open items with their
// state (a ceded one cannot be ticked and says whom to pay), the netted payment priced by the server, the claim.

const finance = { session: sessionOf('USER', undefined, 'FINANZAS') };

function open(routes: Record<string, unknown> = {}) {
  const fetchMock = mockFetch({
    'GET /user/account/summary': summary,
    'GET /user/account/documents': firstPage,
    'POST /user/account/pay/preview': nettedPreview,
    ...routes,
  });
  return { fetchMock, ...renderWithProviders({ route: '/user/account', preloadedState: finance }) };
}

const rowOf = (grid: HTMLElement, folio: string) => within(grid).getByText(`N° ${folio}`, { selector: '[role="gridcell"], [role="gridcell"] *' }).closest('[role="row"]') as HTMLElement;

describe('Cuenta corriente (/user/account)', () => {
  it('the header figures and the aging buckets; a bucket chip filters the list', async () => {
    const { fetchMock, user } = open();
    expect(await screen.findByRole('heading', { level: 1, name: 'Cuenta corriente' })).toBeInTheDocument();
    const header = await screen.findByRole('region', { name: 'Resumen de la cuenta' });
    expect(within(header).getByText('Saldo').nextSibling).toHaveTextContent('$2.380.000');
    expect(within(header).getByText('Vencido').nextSibling).toHaveTextContent('$1.547.000');
    expect(within(header).getByText('Cupo').nextSibling).toHaveTextContent('$5.000.000');
    expect(within(header).getByText('Disponible').nextSibling).toHaveTextContent('$2.120.000');
    const chip = within(header).getByRole('button', { name: '31–60 días: 2 · $476.000' });
    expect(screen.getByRole('link', { name: 'Ver estado de cuenta' })).toHaveAttribute('href', '/user/account/statement');

    await user.click(chip);
    await waitFor(() => expect(queriesTo(fetchMock, 'GET /user/account/documents').at(-1)).toMatchObject({ bucket: 'D31_60', page: '0' }));
    expect(within(header).getByRole('button', { name: '31–60 días: 2 · $476.000' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('each row: type with its code, folio, state; a ceded invoice cannot be ticked and says to pay the cesionario', async () => {
    open();
    const grid = await screen.findByRole('grid', { name: 'Documentos abiertos de la cuenta corriente' });
    await within(grid).findByText('N° 10461');
    const ceded = rowOf(grid, '10470');
    expect(within(ceded).getByText('Cedida a Factoring Andino S.A. (76555444-3): pague directamente al cesionario')).toBeInTheDocument();
    expect(within(ceded).getByRole('checkbox')).toBeDisabled();
    expect(within(rowOf(grid, '10471')).getByRole('checkbox')).toBeDisabled();
    // folios are numbered per DTE type: a row's checkbox names its document
    expect(within(rowOf(grid, '2055')).getByRole('checkbox')).toHaveAccessibleName('Seleccionar Nota de crédito electrónica N° 2055');
    const invoice = rowOf(grid, '10461');
    expect(within(invoice).getByText('Factura electrónica (33)')).toBeInTheDocument();
    expect(within(invoice).getByText('Vencida hace 31 días')).toBeInTheDocument();
    expect(within(invoice).getByRole('link', { name: 'Ver Factura electrónica N° 10461' })).toHaveAttribute('href', '/user/account/documents/invoice/461');
    expect(within(invoice).queryByRole('button', { name: /^Reclamar/ })).not.toBeInTheDocument();
    const claimable = rowOf(grid, '10480');
    expect(within(claimable).getByText('Quedan 6 días para reclamar (hasta el 06-11-2026)')).toBeInTheDocument();
    expect(within(claimable).getByRole('button', { name: 'Reclamar Factura electrónica N° 10480' })).toBeInTheDocument();
  });

  it('two invoices less a credit note: the server prices them; the total is its answer', async () => {
    const { fetchMock, user } = open();
    const grid = await screen.findByRole('grid', { name: 'Documentos abiertos de la cuenta corriente' });
    await within(grid).findByText('N° 10461');
    await user.click(within(rowOf(grid, '10461')).getByRole('checkbox'));
    await user.click(within(rowOf(grid, '10462')).getByRole('checkbox'));
    await user.click(within(rowOf(grid, '2055')).getByRole('checkbox'));
    const total = await screen.findByRole('status', { name: 'Total a pagar' });
    expect(total).toHaveTextContent('$307.000');
    expect(bodiesTo(fetchMock, 'POST /user/account/pay/preview').at(-1)).toEqual({
      documents: [
        { kind: 'invoice', docEntry: 461 },
        { kind: 'invoice', docEntry: 462 },
        { kind: 'creditNote', docEntry: 55 },
      ],
    });
    const lines = screen.getByRole('table', { name: 'Detalle del pago' });
    expect(within(lines).getByText('Nota de crédito electrónica N° 2055')).toBeInTheDocument();
    expect(within(lines).getByText('Nota de crédito aplicada')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pagar' })).toBeEnabled();
    // more than one invoice: no partial amount
    expect(screen.queryByRole('checkbox', { name: 'Pagar un monto parcial' })).not.toBeInTheDocument();
  });

  it('a refusal of the preview is shown in the server words and Pagar stays off', async () => {
    const refusal = 'La nota de crédito supera el total seleccionado';
    const { user } = open({ 'POST /user/account/pay/preview': reply(409, { status: 409, message: refusal }) });
    const grid = await screen.findByRole('grid', { name: 'Documentos abiertos de la cuenta corriente' });
    await within(grid).findByText('N° 2055');
    await user.click(within(rowOf(grid, '2055')).getByRole('checkbox'));
    expect(await screen.findByText(refusal)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pagar' })).toBeDisabled();
  });

  it('one invoice: a partial amount in whole pesos, at most its balance, goes to the preview', async () => {
    const { fetchMock, user } = open({ 'POST /user/account/pay/preview': { ...nettedPreview, total: 50_000 } });
    const grid = await screen.findByRole('grid', { name: 'Documentos abiertos de la cuenta corriente' });
    await within(grid).findByText('N° 10461');
    await user.click(within(rowOf(grid, '10461')).getByRole('checkbox'));
    await user.click(await screen.findByRole('checkbox', { name: 'Pagar un monto parcial' }));
    const amount = screen.getByRole('textbox', { name: 'Monto a pagar (pesos)' });
    await user.type(amount, '300000');
    await user.tab();
    expect(await screen.findByText('El monto no puede superar el saldo de la factura ($238.000)')).toBeInTheDocument();
    // no total of another amount is shown meanwhile, and nothing can be paid
    expect(screen.queryByRole('status', { name: 'Total a pagar' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Pagar' })).toBeDisabled();
    await user.clear(amount);
    await user.type(amount, '50000');
    await waitFor(() => expect(bodiesTo(fetchMock, 'POST /user/account/pay/preview').at(-1)).toEqual({ documents: [{ kind: 'invoice', docEntry: 461, amount: 50_000 }] }));
  });

  it('Reclamar: the reasons, the SII notice and link, the days left', async () => {
    const { user } = open();
    const grid = await screen.findByRole('grid', { name: 'Documentos abiertos de la cuenta corriente' });
    await user.click(await within(grid).findByRole('button', { name: 'Reclamar Factura electrónica N° 10480' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reclamar Factura electrónica N° 10480' });
    expect(within(dialog).getByText(/El reclamo legal de la factura \(Ley 19\.983\) se registra en el SII/)).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Registrar el reclamo en el SII' })).toHaveAttribute('href', 'https://www.sii.cl');
    expect(within(dialog).getByText('Quedan 6 días para reclamar (hasta el 06-11-2026)')).toBeInTheDocument();
    expect(within(dialog).getAllByRole('radio').map((r) => r.closest('label')?.textContent)).toEqual([
      'Reclamo al contenido del documento',
      'Falta parcial de mercaderías',
      'Falta total de mercaderías',
    ]);
    await user.click(within(dialog).getByRole('button', { name: 'Enviar reclamo' }));
    expect(await within(dialog).findByText('Seleccione el motivo del reclamo')).toBeInTheDocument();
    // Cancelar: the focus back on the row's 'Reclamar'
    await user.click(within(dialog).getByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Reclamar Factura electrónica N° 10480' })).toHaveFocus());
  });

  it('Reclamar sent: reason, text and a photo multipart; a file too large is refused; the row then reads En reclamo', async () => {
    const claim = { id: 9, reason: 'FALTA_PARCIAL', text: 'Faltan 12 poleras de la caja 3', files: [], createdAt: '2026-11-01T12:00:00.000Z', createdBy: 'Marcela Fuentes' };
    const { fetchMock, user } = open({ 'POST /user/account/documents/invoice/480/claims': reply(201, claim) });
    const grid = await screen.findByRole('grid', { name: 'Documentos abiertos de la cuenta corriente' });
    await user.click(await within(grid).findByRole('button', { name: 'Reclamar Factura electrónica N° 10480' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reclamar Factura electrónica N° 10480' });
    await user.click(within(dialog).getByRole('radio', { name: 'Falta parcial de mercaderías' }));
    await user.click(within(dialog).getByRole('textbox', { name: 'Detalle del reclamo' }));
    await user.paste('Faltan 12 poleras de la caja 3');
    const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
    await user.upload(input, fileOf('video.jpg', 11 * 1024 * 1024, 'image/jpeg'));
    expect(within(dialog).getByText('El archivo video.jpg excede el tamaño máximo de 10 MB')).toBeInTheDocument();
    await user.upload(input, fileOf('caja.jpg', 2048, 'image/jpeg'));
    expect(within(dialog).getByText('caja.jpg')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Enviar reclamo' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // 'Reclamar' is gone with the claim recorded: the focus goes to the page's heading, never to <body>
    await waitFor(() => expect(screen.getByRole('heading', { level: 1, name: 'Cuenta corriente' })).toHaveFocus());
    const [[, init]] = callsTo(fetchMock, 'POST /user/account/documents/invoice/480/claims');
    const body = init.body as FormData;
    expect([body.get('reason'), body.get('text'), (body.getAll('files') as File[]).map((f) => f.name)]).toEqual(['FALTA_PARCIAL', 'Faltan 12 poleras de la caja 3', ['caja.jpg']]);
    const row = rowOf(grid, '10480');
    expect(within(row).getByText('En reclamo')).toBeInTheDocument();
    expect(within(row).queryByRole('button', { name: /^Reclamar/ })).not.toBeInTheDocument();
    expect(await screen.findByText(/^Reclamo de la factura 10480 registrado\./)).toBeInTheDocument();
  });
});

describe('Cuenta corriente at 375 px: cards', () => {
  let restore: () => void;
  beforeEach(() => {
    restore = asPhone();
  });
  afterEach(() => restore());

  it('each document a card with its fields and actions; the ceded one has no checkbox; ticking one asks the preview', async () => {
    const { fetchMock, user } = open();
    const cards = await screen.findByRole('list', { name: 'Documentos abiertos de la cuenta corriente' });
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
    const ceded = within(cards).getByRole('listitem', { name: 'Documento Factura electrónica (33) N° 10470' });
    expect(within(ceded).getByText('Cedida a Factoring Andino S.A. (76555444-3): pague directamente al cesionario')).toBeInTheDocument();
    expect(within(ceded).queryByRole('checkbox')).not.toBeInTheDocument();
    const claimable = within(cards).getByRole('listitem', { name: 'Documento Factura electrónica (33) N° 10480' });
    expect(within(claimable).getByText('Vencimiento')).toBeInTheDocument();
    expect(within(claimable).getByRole('button', { name: 'Descargar PDF de Factura electrónica N° 10480' })).toBeInTheDocument();
    expect(within(claimable).getByRole('button', { name: 'Reclamar Factura electrónica N° 10480' })).toBeInTheDocument();
    await user.click(within(cards).getByRole('checkbox', { name: 'Seleccionar Factura electrónica N° 10461' }));
    await waitFor(() => expect(bodiesTo(fetchMock, 'POST /user/account/pay/preview')).toEqual([{ documents: [{ kind: 'invoice', docEntry: 461 }] }]));
  });
});

describe('a claim file, checked before it is sent (the server checks its content again)', () => {
  it('images and PDFs up to 10 MB, at most 5, in the server words', () => {
    expect(claimFileProblem(fileOf('caja.jpg', 2048, 'image/jpeg'), 0)).toBeNull();
    expect(claimFileProblem(fileOf('guia.pdf', 2048, 'application/pdf'), 4)).toBeNull();
    expect(claimFileProblem(fileOf('notas.txt', 100, 'text/plain'), 0)).toBe('El archivo notas.txt debe ser una imagen (jpg, png, webp, heic) o un PDF');
    expect(claimFileProblem(fileOf('video.png', 11 * 1024 * 1024, 'image/png'), 0)).toBe('El archivo video.png excede el tamaño máximo de 10 MB');
    expect(claimFileProblem(fileOf('sexta.jpg', 2048, 'image/jpeg'), 5)).toBe('Puede adjuntar hasta 5 archivos');
  });
});
