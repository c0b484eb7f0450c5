import { screen, waitFor, waitForElementToBeRemoved, within } from '@testing-library/react';
import PurchaseHistoryScreen from '@client/features/account/PurchaseHistoryScreen';
import { json, mockApi } from '../home/mockApi';
import { asPhone } from '../viewport';
import { detailLines, historyHeaders, renderAccount } from './fixtures';

const HISTORY_PATH = '/user/b1/purchase-history/C76123456';

async function openScreen(routes: Record<string, unknown> = {}) {
  const fetchMock = mockApi({ [HISTORY_PATH]: historyHeaders, '/user/b1/purchase-history-det/9002': detailLines, ...routes });
  const rendered = renderAccount(<PurchaseHistoryScreen />);
  const grid = await screen.findByRole('grid', { name: 'Pedidos realizados' });
  await within(grid).findByText('OC000101');
  return { ...rendered, grid, fetchMock };
}

const rowOf = (grid: HTMLElement, numPedido: string) => within(grid).getByText(numPedido).closest('[role="row"]') as HTMLElement;
const cellsOf = (row: HTMLElement) => within(row).getAllByRole('gridcell').map((cell) => cell.textContent);

describe('Purchase history (/user/purchase-history)', () => {
  it('title and the columns, in order (the portal order beside the ERP document)', async () => {
    const { grid, fetchMock } = await openScreen();
    expect(screen.getByRole('heading', { level: 1, name: 'Historial de Compra' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith('/api/user/b1/purchase-history/C76123456', expect.anything());
    expect(within(grid).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Acción',
      'N° Pedido',
      'Pedido portal',
      'Fecha',
      'Tipo Retiro',
      'Entrega',
      'Estado',
      'N° Factura',
      'N° Nota crédito',
      'N° D. T. E.',
    ]);
  });

  it("'0' in Entrega, N° Factura and N° Nota crédito is shown as '-'; other values as they are", async () => {
    const { grid } = await openScreen();
    // OC000101: entrega, numFactura, numNotaCredito and dte are '0'; the rule covers the first three only
    expect(cellsOf(rowOf(grid, 'OC000101')).slice(1)).toEqual(['OC000101', '-', '14-02-2025', 'Despacho', '-', 'Abierto', '-', '-', '0']);
    expect(cellsOf(rowOf(grid, 'OC000102')).slice(1)).toEqual(['OC000102', 'OC000011', '31-01-2025', 'Retiro en tienda', '4410', 'Cerrado', '33120', '6101', '33120']);
  });

  it("the portal order links to its page in 'Mis pedidos'", async () => {
    const { grid } = await openScreen();
    expect(within(rowOf(grid, 'OC000102')).getByRole('link', { name: 'Ver el pedido OC000011 en Mis pedidos' })).toHaveAttribute('href', '/user/orders/OC000011');
  });

  it('10 orders per page', async () => {
    const { grid, user } = await openScreen();
    expect(within(grid).getAllByRole('row').slice(1)).toHaveLength(10);
    expect(within(grid).queryByText('OC000209')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Ir a la página siguiente' }));
    expect(await within(grid).findByText('OC000209')).toBeInTheDocument();
    expect(within(grid).getAllByRole('row').slice(1)).toHaveLength(2);
  });

  it('the eye opens "Detalle de Pedido": N° Linea (lineNum + 1), N° Sku, Descripcion, Cantidad, Valor Neto in pesos', async () => {
    const { grid, user, fetchMock } = await openScreen();
    await user.click(within(rowOf(grid, 'OC000102')).getByRole('button', { name: 'Ver detalle del pedido OC000102' }));
    const dialog = await screen.findByRole('dialog', { name: 'Detalle de Pedido' });
    expect(dialog).toHaveTextContent('N° Pedido: OC000102');
    const table = await within(dialog).findByRole('table');
    expect(fetchMock).toHaveBeenCalledWith('/api/user/b1/purchase-history-det/9002', expect.anything());
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['N° Linea', 'N° Sku', 'Descripcion', 'Cantidad', 'Valor Neto']);
    const rows = within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['1', 'POL-1001-M', 'Polera Básica Algodón M', '24', '$143.760'],
      ['2', 'JEA-2001-42', 'Jeans Slim Azul 42', '6', '$89.940'],
    ]);

    await user.click(within(dialog).getByRole('button', { name: 'Cerrar' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('at 375 px the detail shows each line as a card (Descripcion its title), not a table that scrolls sideways', async () => {
    const restore = asPhone();
    try {
      mockApi({ [HISTORY_PATH]: historyHeaders, '/user/b1/purchase-history-det/9002': detailLines });
      const { user } = renderAccount(<PurchaseHistoryScreen />);
      const cards = await screen.findByRole('list', { name: 'Pedidos realizados' });
      const order = within(cards).getByRole('listitem', { name: /OC000102/ });
      await user.click(within(order).getByRole('button', { name: 'Ver detalle del pedido OC000102' }));
      const dialog = await screen.findByRole('dialog', { name: 'Detalle de Pedido' });
      const lines = await within(dialog).findByRole('list', { name: 'Detalle de Pedido' });
      expect(within(dialog).queryByRole('table')).not.toBeInTheDocument();
      // the popup's content scrolls and the cards have nothing to focus: the content is a Tab stop a keyboard scrolls
      expect(within(dialog).getByRole('region', { name: 'Detalle de Pedido' })).toHaveAttribute('tabindex', '0');
      expect(within(dialog).getByRole('region', { name: 'Detalle de Pedido' })).toContainElement(lines);
      const first = within(lines).getByRole('listitem', { name: 'Polera Básica Algodón M' });
      expect(within(first).getAllByRole('term').map((dt) => dt.textContent)).toEqual(['N° Linea', 'N° Sku', 'Cantidad', 'Valor Neto']);
      expect(within(first).getAllByRole('definition').map((dd) => dd.textContent)).toEqual(['1', 'POL-1001-M', '24', '$143.760']);
      expect(within(lines).getAllByRole('listitem')).toHaveLength(2);
    } finally {
      restore();
    }
  });

  it('the detail shows a loading indicator, then its error in Spanish with Reintentar', async () => {
    let answer: (r: Response) => void = () => undefined;
    const { grid, user, fetchMock } = await openScreen({
      '/user/b1/purchase-history-det/9001': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    await user.click(within(grid).getByRole('button', { name: 'Ver detalle del pedido OC000101' }));
    const dialog = await screen.findByRole('dialog', { name: 'Detalle de Pedido' });
    const spinner = within(dialog).getByRole('progressbar', { name: 'Cargando detalle del pedido' });
    answer(json(503, { status: 503, message: 'ERP no disponible' }));
    await waitForElementToBeRemoved(spinner);
    expect(within(dialog).getByRole('alert')).toHaveTextContent('ERP no disponible, intentelo mas tarde (B1)');

    fetchMock.mockImplementation(() => Promise.resolve(json(200, detailLines)));
    await user.click(within(dialog).getByRole('button', { name: 'Reintentar' }));
    expect(await within(dialog).findByText('POL-1001-M')).toBeInTheDocument();
  });

  it("the detail that is not found (404): its error without 'Reintentar' (the same request would get the same answer)", async () => {
    const { grid, user } = await openScreen({ '/user/b1/purchase-history-det/9001': { status: 404, body: { status: 404, message: 'Recurso no encontrado' } } });
    await user.click(within(grid).getByRole('button', { name: 'Ver detalle del pedido OC000101' }));
    const dialog = await screen.findByRole('dialog', { name: 'Detalle de Pedido' });
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Recurso no encontrado');
    expect(within(dialog).queryByRole('button', { name: 'Reintentar' })).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Cerrar' })).toBeInTheDocument();
  });

  it('no orders: an empty-list text', async () => {
    mockApi({ [HISTORY_PATH]: [] });
    renderAccount(<PurchaseHistoryScreen />);
    const grid = await screen.findByRole('grid', { name: 'Pedidos realizados' });
    expect(await within(grid).findByText('No hay pedidos registrados')).toBeInTheDocument();
  });

  it('load failure: " {message}, intentelo mas tarde (B1) " titled Error to the global message', async () => {
    mockApi({ [HISTORY_PATH]: { status: 500, body: { status: 500, message: 'Internal server error' } } });
    const { store } = renderAccount(<PurchaseHistoryScreen />);
    await waitFor(() => expect(store.getState().message.current).toEqual({ tipoMessage: 'Error', message: ' Internal server error, intentelo mas tarde (B1) ' }));
    expect(screen.getByRole('alert')).toHaveTextContent('No se pudo cargar el historial de compra.');
    expect(screen.getByRole('button', { name: 'Reintentar' })).toBeInTheDocument();
  });
});
