import { File as NodeFile } from 'node:buffer';
import { act, screen, waitFor, within } from '@testing-library/react';
import { renderWithProviders, sessionOf } from '../renderWithProviders';
import { fakeCartApi, json } from '../cart/fixtures';
import { bulkAnswer, validationFixed, validationWithErrors } from './fixtures';
import { SERVER_MSG } from '@server/messages';

const route = '/user/quick-order';
const renderScreen = () => renderWithProviders({ route, preloadedState: { session: sessionOf('USER') } });

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test-xsrf; path=/';
});

const lines = () => screen.getByRole('list', { name: /^Líneas del pedido rápido/ });
const lineOf = (name: RegExp) => within(lines()).getByRole('listitem', { name });
const bodyOf = (fetchMock: jest.Mock, path: string) => {
  const call = fetchMock.mock.calls.find(([url, init]) => url === path && init?.method === 'POST');
  return call ? JSON.parse(String(call[1].body)) : undefined;
};

describe('Quick order (/user/quick-order)', () => {
  it('pasted lines are validated: each line with its state, message and the price the buyer pays', async () => {
    let answer: (r: Response) => void = () => undefined;
    const fetchMock = fakeCartApi(undefined, { 'POST /api/user/quick-order/validate': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const { user } = renderScreen();
    expect(await screen.findByRole('heading', { level: 1, name: 'Pedido rápido' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Líneas del pedido' }), 'POL-1001-M;12{enter}POL-1001-L;24{enter}XXX-9;3');
    await user.click(screen.getByRole('button', { name: 'Validar' }));

    // a loading indicator while the server checks the lines
    expect(await screen.findByRole('progressbar', { name: 'Validando líneas…' })).toBeInTheDocument();
    // held, not disabled: it keeps the focus (docs/accessibility.md)
    expect(screen.getByRole('button', { name: 'Validar' })).toHaveAttribute('aria-disabled', 'true');
    expect(bodyOf(fetchMock, '/api/user/quick-order/validate')).toEqual({
      lines: [
        { row: 1, sku: 'POL-1001-M', size: '', quantity: '12' },
        { row: 2, sku: 'POL-1001-L', size: '', quantity: '24' },
        { row: 3, sku: 'XXX-9', size: '', quantity: '3' },
      ],
    });
    answer(json(200, validationWithErrors()));

    expect(await screen.findByText('2 líneas listas, 1 con stock insuficiente, 1 con errores Líneas repetidas sumadas: 1.')).toBeInTheDocument();
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    const ok = lineOf(/^Línea 1:/);
    expect(within(ok).getByText('Lista')).toBeInTheDocument();
    // $7.990 less 4 % = $7.670; 12 units $92.040
    expect(ok).toHaveTextContent('Stock: 40 · P. Distrib.: $7.670 · Total (12): $92.040');
    expect(within(lineOf(/^Línea 2:/)).getByText('Stock insuficiente: se agregarán 5 de 24 (disponible 5)')).toBeInTheDocument();
    expect(within(lineOf(/^Línea 3:/)).getByText('No existe')).toBeInTheDocument();
    expect(within(lineOf(/^Línea 3:/)).getByText('El sku XXX-9 no existe en el catálogo')).toBeInTheDocument();
    expect(within(lineOf(/^Línea 4, 6:/)).getByText('Se sumaron las líneas 4 y 6')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Agregar al carro (3 líneas)' })).toBeEnabled();
    // 12 + 5 + 6 units of what can go, with IVA
    expect(screen.getByText(/^Líneas a agregar: 3 · unidades: 23 · total \$[\d.]+ \(IVA incluido\)$/)).toBeInTheDocument();

    // only the lines with something to say
    await user.click(screen.getByRole('switch', { name: 'Mostrar solo líneas con problemas' }));
    expect(within(lines()).getAllByRole('listitem')).toHaveLength(3);
  });

  it('a line fixed and one dropped are validated again, then all go to the cart in one bulk request', async () => {
    const withoutJeans = validationFixed();
    withoutJeans.lines = withoutJeans.lines.slice(0, 3);
    const validations = [validationWithErrors(), validationFixed(), withoutJeans];
    const fetchMock = fakeCartApi(undefined, {
      'POST /api/user/quick-order/validate': () => json(200, validations.shift()),
      'POST /api/user/cart/bulk': () => json(200, bulkAnswer(2, 1)),
    });
    const { user } = renderScreen();
    await user.type(await screen.findByRole('textbox', { name: 'Líneas del pedido' }), 'POL-1001-M;12');
    await user.click(screen.getByRole('button', { name: 'Validar' }));
    await screen.findByText(/^2 líneas listas/);

    const sku = screen.getByRole('textbox', { name: 'Sku o estilo de la línea 3' });
    // no longer than the server takes, so 'Validar de nuevo' is never refused whole
    expect(sku).toHaveAttribute('maxLength', '100');
    expect(screen.getByRole('textbox', { name: 'Cantidad de la línea 3' })).toHaveAttribute('maxLength', '40');
    await user.clear(sku);
    await user.type(sku, 'POL-1001-S');
    expect(screen.getByText('Hay líneas modificadas: valide de nuevo antes de agregar al carro.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /^Agregar al carro/ })).toBeDisabled();
    const quantity = screen.getByRole('textbox', { name: 'Cantidad de la línea 2' });
    await user.clear(quantity);
    await user.type(quantity, '5');
    await user.click(screen.getByRole('button', { name: 'Validar de nuevo' }));
    await screen.findByText(/^3 líneas listas/);
    const sent = fetchMock.mock.calls.filter(([url]) => url === '/api/user/quick-order/validate');
    expect(JSON.parse(String(sent[1]![1]!.body)).lines).toEqual([
      { row: 1, sku: 'POL-1001-M', size: '', quantity: '12' },
      { row: 2, sku: 'POL-1001-L', size: '', quantity: '5' },
      { row: 3, sku: 'POL-1001-S', size: '', quantity: '3' },
      { row: 4, sku: 'JEA-2001-42', size: '', quantity: '6' },
    ]);

    await user.click(screen.getByRole('button', { name: 'Quitar la línea 4' }));
    expect(screen.queryByRole('listitem', { name: /^Línea 4, 6:/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Validar de nuevo' }));
    await user.click(await screen.findByRole('button', { name: 'Agregar al carro (3 líneas)' }));

    expect(await screen.findByText('3 de 3 productos agregados al carro', { selector: '.MuiAlert-message' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/user/cart/bulk')).toHaveLength(1);
    expect(bodyOf(fetchMock, '/api/user/cart/bulk')).toEqual({
      items: [
        { sku: 'POL-1001-M', quantity: 12 },
        { sku: 'POL-1001-L', quantity: 24 },
        { sku: 'POL-1001-S', quantity: 3 },
      ],
      clampToStock: true,
    });
    expect(screen.getByRole('link', { name: 'Ver carro' })).toHaveAttribute('href', '/user/cart-detail');
    expect(screen.queryByRole('list', { name: /^Líneas del pedido rápido/ })).not.toBeInTheDocument();
  });

  // Before, every button here was disabled while its answer came (and 'Validar de nuevo', 'Quitar la línea n' and
  // 'Agregar al carro' then went away): each Enter left the keyboard on <body>.
  it('by keyboard alone the focus is never lost: held buttons, a dropped line, the re-validation and the add', async () => {
    const answers: ((r: Response) => void)[] = [];
    const pending = () => new Promise<Response>((resolve) => answers.push(resolve));
    const withoutRow3 = validationWithErrors();
    withoutRow3.lines = withoutRow3.lines.filter((l) => l.rows[0] !== 3);
    let bulk: (r: Response) => void = () => undefined;
    const fetchMock = fakeCartApi(undefined, {
      'POST /api/user/quick-order/validate': pending,
      'POST /api/user/cart/bulk': () => new Promise<Response>((resolve) => (bulk = resolve)),
    });
    const { user } = renderScreen();
    const validate = await screen.findByRole('button', { name: 'Validar' });

    // a refused 'Validar' puts the focus on the field, read with its error
    act(() => validate.focus());
    await user.keyboard('{Enter}');
    const text = screen.getByRole('textbox', { name: 'Líneas del pedido' });
    expect(text).toHaveFocus();
    expect(text).toHaveAttribute('aria-invalid', 'true');

    await user.type(text, 'POL-1001-M;12');
    act(() => validate.focus());
    await user.keyboard('{Enter}');
    await screen.findByRole('progressbar', { name: 'Validando líneas…' });
    expect(validate).toHaveFocus();
    expect(screen.getByRole('button', { name: /^Subir archivo/ })).toHaveAttribute('aria-disabled', 'true');
    await user.keyboard('{Enter}'); // held: no second request
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/user/quick-order/validate')).toHaveLength(1);
    answers.shift()!(json(200, validationWithErrors()));
    await screen.findByText(/^2 líneas listas/);
    expect(validate).toHaveFocus();

    // a dropped line hands the focus to the next line's 'Quitar'
    act(() => screen.getByRole('button', { name: 'Quitar la línea 3' }).focus());
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: 'Quitar la línea 4' })).toHaveFocus();

    // 'Validar de nuevo' waits with the focus, then hands it to 'Agregar al carro'
    const again = screen.getByRole('button', { name: 'Validar de nuevo' });
    act(() => again.focus());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(answers).toHaveLength(1));
    expect(again).toHaveFocus();
    expect(again).toHaveAttribute('aria-disabled', 'true');
    answers.shift()!(json(200, withoutRow3));
    const add = await screen.findByRole('button', { name: 'Agregar al carro (3 líneas)' });
    await waitFor(() => expect(add).toHaveFocus());

    // 'Agregar al carro' waits with the focus; the answer's 'Ver carro' takes it when the lines go
    await user.keyboard('{Enter}');
    await screen.findByRole('progressbar', { name: 'Agregando al carro…' });
    expect(add).toHaveFocus();
    expect(add).toHaveAttribute('aria-disabled', 'true');
    bulk(json(200, bulkAnswer(3)));
    await waitFor(() => expect(screen.getByRole('link', { name: 'Ver carro' })).toHaveFocus());
  });

  it('a blocked buyer sees the lines checked but cannot add them', async () => {
    fakeCartApi(undefined, { 'POST /api/user/quick-order/validate': () => json(200, { ...validationWithErrors(), blocked: true, message: SERVER_MSG.cartBlocked }) });
    const { user } = renderScreen();
    await user.type(await screen.findByRole('textbox', { name: 'Líneas del pedido' }), 'POL-1001-M;12');
    await user.click(screen.getByRole('button', { name: 'Validar' }));
    expect(await screen.findByText(SERVER_MSG.cartBlocked, { exact: false })).toBeInTheDocument();
    expect(within(lines()).getAllByRole('listitem')).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'Agregar al carro (3 líneas)' })).toBeDisabled();
  });

  it('a file is uploaded as it is; its refusal is said in Spanish', async () => {
    const fetchMock = fakeCartApi(undefined, {
      'POST /api/user/quick-order/file': () => json(400, { status: 400, message: 'El archivo no es un CSV ni un XLSX' }),
    });
    const { user } = renderScreen();
    await screen.findByRole('heading', { level: 1, name: 'Pedido rápido' });
    // Node's File: the test environment's FormData takes only Node's Blobs (in a browser both are the same)
    const file = new NodeFile(['%PDF-1.7'], 'pedido.csv', { type: 'text/csv' }) as unknown as File;
    await user.upload(screen.getByLabelText('Archivo CSV o XLSX del pedido'), file);
    expect(await screen.findByText('El archivo no es un CSV ni un XLSX')).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/user/quick-order/file');
    expect((call![1]!.body as FormData).get('file')).toMatchObject({ name: 'pedido.csv' });
  });

  it('a file read by the server: how it was read above the lines, their states, and nothing added until the buyer adds', async () => {
    const reading = { file: 'pedido.xlsx', format: 'xlsx', sheet: 'Pedido', columns: 'header', headerRow: 4, encoding: null, hiddenRows: 2 } as const;
    const fetchMock = fakeCartApi(undefined, { 'POST /api/user/quick-order/file': () => json(200, { ...validationWithErrors(), reading }) });
    const { user } = renderScreen();
    await screen.findByRole('heading', { level: 1, name: 'Pedido rápido' });
    const file = new NodeFile(['PK'], 'pedido.xlsx') as unknown as File;
    await user.upload(screen.getByLabelText('Archivo CSV o XLSX del pedido'), file);
    expect(await screen.findByText('pedido.xlsx: Hoja leída: «Pedido». Encabezado en la fila 4. 2 filas ocultas no se leyeron.')).toBeInTheDocument();
    expect(within(lineOf(/^Línea 1:/)).getByText('Lista')).toBeInTheDocument();
    expect(within(lineOf(/^Línea 3:/)).getByText('No existe')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/user/cart/bulk')).toBe(false);
  });

  it('a CSV read as Windows-1252 says so', async () => {
    const reading = { file: 'pedido.csv', format: 'csv', sheet: null, columns: 'position', headerRow: null, encoding: 'windows-1252', hiddenRows: 0 } as const;
    fakeCartApi(undefined, { 'POST /api/user/quick-order/file': () => json(200, { ...validationWithErrors(), reading }) });
    const { user } = renderScreen();
    await screen.findByRole('heading', { level: 1, name: 'Pedido rápido' });
    await user.upload(screen.getByLabelText('Archivo CSV o XLSX del pedido'), new NodeFile(['x'], 'pedido.csv') as unknown as File);
    expect(
      await screen.findByText('pedido.csv: Archivo leído como Windows-1252 (Excel). Sin encabezado: columnas leídas por posición (sku;cantidad o estilo;talla;cantidad).'),
    ).toBeInTheDocument();
  });

  it('empty text is refused before asking; the template links download', async () => {
    const fetchMock = fakeCartApi();
    const { user } = renderScreen();
    await user.click(await screen.findByRole('button', { name: 'Validar' }));
    expect(screen.getByText('Agregue al menos una línea')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => url === '/api/user/quick-order/validate')).toBe(false);
    expect(screen.getByRole('link', { name: 'Descargar plantilla CSV' })).toHaveAttribute('href', '/api/user/quick-order/template.csv');
    expect(screen.getByRole('link', { name: 'Descargar plantilla Excel' })).toHaveAttribute('href', '/api/user/quick-order/template.xlsx');
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Líneas del pedido' })).toHaveAccessibleDescription(/Agregue al menos una línea/));
  });
});
