import { screen, waitFor } from '@testing-library/react';
import { LINESHEET_MSG } from '@shared/schemas/linesheet';
import { renderWithProviders, sessionOf } from '../renderWithProviders';
import { callsTo, mockFetch, queriesTo } from '../fetchMock';

// 'Lista de precios' (docs/linesheet.md): the choice checked by the shared schema before anything is asked, the file
// read as it streams with its progress, saved under the server's name.

const TREE = { categorias: [{ descr: 'Poleras', subcategorias: [{ descr: 'Manga corta', nivel3: [{ descr: 'Algodón' }] }] }] };
const renderScreen = () => renderWithProviders({ route: '/user/linesheet', preloadedState: { session: sessionOf('USER') } });

/** A streamed answer whose body is released in two chunks when `release` is called. */
function streamed() {
  let push: ((chunk: Uint8Array | null) => void) | undefined;
  const body = new ReadableStream<Uint8Array>({
    start(controller) {
      push = (chunk) => (chunk ? controller.enqueue(chunk) : controller.close());
    },
  });
  const response = new Response(body, {
    status: 200,
    headers: {
      'content-type': 'application/pdf',
      'content-disposition': 'attachment; filename="lista-de-precios-76123456-0-2026-11-29.pdf"',
      'x-estilos': '30',
      'x-tamano-estimado': '1000',
    },
  });
  return { response, push: (chunk: Uint8Array | null) => push!(chunk) };
}

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test-xsrf; path=/';
});

describe('Lista de precios', () => {
  it('refuses a markup or an empty search as the server would, without asking for a file', async () => {
    const fetchMock = mockFetch({ 'GET /user/b1/catalog': TREE });
    const { user } = renderScreen();
    await screen.findByRole('heading', { name: 'Lista de precios' });
    await user.click(screen.getByRole('radio', { name: 'Una búsqueda' }));
    const markup = screen.getByLabelText('Margen para el precio sugerido');
    await user.clear(markup);
    await user.type(markup, '11');
    await user.click(screen.getByRole('button', { name: 'Descargar PDF' }));
    expect(await screen.findByText(LINESHEET_MSG.query)).toBeInTheDocument();
    expect(screen.getByText(LINESHEET_MSG.markup)).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET /user/linesheet')).toHaveLength(0);
  });

  it('downloads the chosen category with the typed markup, shows the progress and saves the file', async () => {
    const created = jest.fn((_blob: Blob) => 'blob:lista');
    URL.createObjectURL = created as unknown as typeof URL.createObjectURL;
    URL.revokeObjectURL = jest.fn();
    const clicked: string[] = [];
    const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(`${this.download} ${this.href}`);
    });
    const sheet = streamed();
    const fetchMock = mockFetch({ 'GET /user/b1/catalog': TREE, 'GET /user/linesheet': () => sheet.response });
    const { user } = renderScreen();
    await user.click(await screen.findByRole('radio', { name: 'Una categoría' }));
    await waitFor(() => expect(screen.getByRole('option', { name: 'Poleras' })).toBeInTheDocument());
    await user.selectOptions(screen.getByLabelText('Categoría'), 'Poleras');
    await user.selectOptions(screen.getByLabelText('Tipo'), 'Manga corta');
    const markup = screen.getByLabelText('Margen para el precio sugerido');
    await user.clear(markup);
    await user.type(markup, '2,5');
    await user.click(screen.getByRole('button', { name: 'Descargar PDF' }));
    await waitFor(() => expect(callsTo(fetchMock, 'GET /user/linesheet')).toHaveLength(1));
    expect(queriesTo(fetchMock, 'GET /user/linesheet')[0]).toEqual({ format: 'pdf', alcance: 'CATEGORIA', markup: '2.5', category: 'Poleras', scategory: 'Manga corta' });
    sheet.push(new Uint8Array(400));
    expect(await screen.findByText(/Generando lista de precios… 40%/)).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Avance de la lista de precios' })).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByRole('button', { name: 'Descargar Excel' })).toBeDisabled();
    sheet.push(new Uint8Array(500));
    sheet.push(null);
    await waitFor(() => expect(clicked).toEqual(['lista-de-precios-76123456-0-2026-11-29.pdf blob:lista']));
    expect(created.mock.calls[0]![0].size).toBe(900);
    expect(await screen.findByText('Lista de precios descargada: lista-de-precios-76123456-0-2026-11-29.pdf')).toBeInTheDocument();
    click.mockRestore();
  });

  it('Cancelar aborts the request', async () => {
    const sheet = streamed();
    let signal: AbortSignal | undefined;
    mockFetch({
      'GET /user/b1/catalog': TREE,
      'GET /user/linesheet': (init?: RequestInit) => {
        signal = init?.signal ?? undefined;
        return sheet.response;
      },
    });
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Descargar Excel' }));
    await user.click(await screen.findByRole('button', { name: 'Cancelar' }));
    await waitFor(() => expect(signal?.aborted).toBe(true));
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Descargar Excel' })).toBeEnabled();
  });
});
