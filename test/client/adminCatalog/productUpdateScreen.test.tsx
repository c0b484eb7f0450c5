import { screen, waitFor, within } from '@testing-library/react';
import { callsTo, emptyRecord, erpProducts, fileOf, json, MB, mockApi, recordWithOffer, renderAdmin } from './fixtures';

// /admin/product/update (R-ADM-PROD-2, R-ADM-PROD-3).

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test-xsrf; path=/';
});

/** The update screen's address of a product, as 'Editar' of the list opens it. */
const updatePath = (sku: string, description: string) => `/admin/product/update/${sku}?descripcion=${encodeURIComponent(description)}`;

const updateApi = (overrides: Parameters<typeof mockApi>[0] = {}) =>
  mockApi({
    'GET /api/admin/products/find/by/sku/POL-1001': () => json(200, recordWithOffer),
    'GET /api/admin/products/find/by/sku/POL-1002': () => json(200, emptyRecord),
    'POST /api/admin/products': () => json(200, { ...recordWithOffer, percentage: 35 }),
    'GET /api/user/b1/products': () => json(200, erpProducts),
    'GET /api/admin/products/status': () => json(200, { updated: ['POL-1001'] }),
    ...overrides,
  });

const form = () => screen.findByRole('textbox', { name: 'Sku' });
const percentage = () => screen.getByRole('textbox', { name: 'Porcentaje de descuento' });
const genero = () => screen.getByRole('combobox', { name: 'Género' });
const offerSwitch = () => screen.getByRole('switch', { name: 'Oferta' });
/** The dialog's closing transition keeps the page aria-hidden until it ends. */
const dialogClosed = () => waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
const postBodies = (fetchMock: jest.Mock) => callsTo(fetchMock, 'POST', '/api/admin/products').map(([, init]) => init.body as FormData);

describe('Product update (/admin/product/update)', () => {
  it('a reload reads the sku and description of the address: read-only sku and name, the record, its current files', async () => {
    const fetchMock = updateApi();
    renderAdmin(updatePath('POL-1001', 'Polera Modelo 1'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Actualizar Producto' })).toBeInTheDocument();
    const sku = await form();
    expect(sku).toHaveValue('POL-1001');
    expect(sku).toHaveAttribute('readonly');
    expect(sku.closest('.MuiInputBase-root')).toHaveClass('MuiInputBase-readOnly');
    expect(screen.getByRole('textbox', { name: 'Nombre' })).toHaveValue('Polera Modelo 1');
    expect(screen.getByRole('textbox', { name: 'Nombre' })).toHaveAttribute('readonly');
    expect(callsTo(fetchMock, 'GET', '/api/admin/products/find/by/sku/POL-1001')).toHaveLength(1);

    expect(offerSwitch()).toBeChecked();
    expect(genero()).toHaveTextContent('Femenino');
    expect(percentage()).toHaveValue('20');
    expect(screen.getByRole('switch', { name: 'Habilitado' })).toBeChecked();

    expect(screen.getByRole('img', { name: 'Imagen principal actual' })).toHaveAttribute('src', '/files/products/POL-1001.jpg?v=1');
    expect(screen.getByRole('img', { name: 'Segunda imagen actual' })).toHaveAttribute('src', '/files/products/POL-1001_2.jpg?v=1');
    expect(screen.getByRole('img', { name: 'Tercera imagen actual' })).toHaveAttribute('src', '/files/products/POL-1001_3.jpg?v=1');
    expect(screen.getByRole('img', { name: 'Guía de talla actual' })).toHaveAttribute('src', '/files/products/POL-1001_GUIDE.jpg?v=1');
    expect(screen.getByRole('link', { name: 'Ver Ficha técnica actual' })).toHaveAttribute('href', '/files/products/POL-1001_ET.pdf?v=1');
    for (const label of ['Imagen principal', 'Segunda imagen', 'Tercera imagen', 'Guía de talla', 'Ficha técnica']) {
      expect(screen.getByLabelText(label)).toHaveAttribute('type', 'file');
    }
  });

  it('the offer switch enables and disables genero and percentage', async () => {
    updateApi();
    const { user } = renderAdmin(updatePath('POL-1002', 'Polera Modelo 2'));
    await form();
    expect(screen.getByRole('textbox', { name: 'Nombre' })).toHaveValue('Polera Modelo 2'); // no record yet: the list's description
    expect(offerSwitch()).not.toBeChecked();
    expect(genero()).toHaveAttribute('aria-disabled', 'true');
    expect(percentage()).toBeDisabled();

    await user.click(offerSwitch());
    expect(genero()).not.toHaveAttribute('aria-disabled');
    expect(percentage()).toBeEnabled();

    await user.click(offerSwitch());
    expect(genero()).toHaveAttribute('aria-disabled', 'true');
    expect(percentage()).toBeDisabled();
  });

  it('an invalid submit marks every field: the five files, genero and percentage; nothing is sent', async () => {
    const fetchMock = updateApi();
    const { user } = renderAdmin(updatePath('POL-1002', 'Polera Modelo 2'));
    await form();
    await user.click(offerSwitch());
    await user.click(screen.getByRole('button', { name: 'Actualizar' }));
    for (const text of [
      'Debe indicar una imagen principal',
      'Debe indicar una segunda imagen',
      'Debe indicar una tercera imagen',
      'Debe indicar la Ficha técnica',
      'Debe indicar la Guía de talla',
      'El genero es requerido',
      'El porcentaje es requerido',
    ]) {
      expect(await screen.findByText(text)).toBeInTheDocument();
    }
    await user.type(percentage(), '150');
    expect(await screen.findByText('El porcentaje debe ser entre 1 y 100')).toBeInTheDocument();
    await user.clear(percentage());
    await user.type(percentage(), '1a');
    expect(await screen.findByText('Debe ser solo números')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(postBodies(fetchMock)).toHaveLength(0);
  });

  it.each([
    ['Imagen principal', 'frente.gif', 1024, 'Archivo extensión erronea', 'Archivo frente.gif debe tener extensión JPG o PNG'],
    ['Segunda imagen', 'espalda.jpg', 3 * MB, 'Excede Tamaño', 'Alguna imagen excede el tamaño maximo 2MB'],
    ['Ficha técnica', 'ficha.docx', 1024, 'Archivo extensión erronea', 'Archivo ficha.docx debe tener extensión PDF'],
    ['Ficha técnica', 'ficha.pdf', 4 * MB + 1, 'Excede Tamaño', 'El pdf excede el tamaño maximo 4MB'],
    ['Guía de talla', 'guia.pdf', 1024, 'Archivo extensión erronea', 'Archivo guia.pdf debe tener extensión JPG o PNG'],
  ])('%s %s (%i bytes): "%s" / "%s", and the form is not sent', async (label, name, size, title, text) => {
    const fetchMock = updateApi();
    const { user } = renderAdmin(updatePath('POL-1001', 'Polera Modelo 1'), { applyAccept: false });
    await form();
    await user.upload(screen.getByLabelText(label), fileOf(name, size));
    const dialog = await screen.findByRole('dialog', { name: title });
    expect(within(dialog).getByText(text)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    await dialogClosed();
    expect(screen.getByText(text)).toBeInTheDocument(); // stays under the field
    expect(screen.getByLabelText(label)).toHaveAttribute('aria-invalid', 'true');

    await user.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(screen.queryByRole('dialog', { name: 'Desea actualizar el producto?' })).not.toBeInTheDocument();
    expect(postBodies(fetchMock)).toHaveLength(0);
  });

  describe('with object urls (a browser)', () => {
    const createObjectURL = jest.fn(() => 'blob:preview-1');
    const revokeObjectURL = jest.fn();
    beforeAll(() => Object.assign(URL, { createObjectURL, revokeObjectURL }));
    afterAll(() => Object.assign(URL, { createObjectURL: undefined, revokeObjectURL: undefined }));

    it('a chosen file shows its name and a preview next to the current one', async () => {
      updateApi();
      const { user } = renderAdmin(updatePath('POL-1001', 'Polera Modelo 1'));
      await form();
      await user.upload(screen.getByLabelText('Imagen principal'), fileOf('frente.png', 2048, 'image/png'));
      expect(await screen.findByText('Archivo elegido: frente.png')).toBeInTheDocument();
      expect(screen.getByRole('img', { name: 'Imagen principal nueva' })).toHaveAttribute('src', 'blob:preview-1');
      expect(screen.getByRole('img', { name: 'Imagen principal actual' })).toBeInTheDocument();
      await user.upload(screen.getByLabelText('Ficha técnica'), fileOf('ficha.pdf', 2048, 'application/pdf'));
      expect(await screen.findByText('Archivo elegido: ficha.pdf')).toBeInTheDocument();
      expect(createObjectURL).toHaveBeenCalledTimes(1); // no image preview of a pdf
    });
  });

  it('Actualizar → confirm → "Actualizado!", the multipart has the fields and the chosen file, back to the list', async () => {
    const fetchMock = updateApi();
    const { user, router } = renderAdmin(updatePath('POL-1001', 'Polera Modelo 1'));
    await form();
    await user.clear(percentage());
    await user.type(percentage(), '35');
    await user.click(screen.getByRole('switch', { name: 'Habilitado' }));
    await user.upload(screen.getByLabelText('Segunda imagen'), fileOf('espalda.png', 4096, 'image/png'));
    await user.click(screen.getByRole('button', { name: 'Actualizar' }));

    const dialog = await screen.findByRole('dialog', { name: 'Desea actualizar el producto?' });
    expect(within(dialog).getByRole('button', { name: 'No Actualizar' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Actualizar' }));

    expect(await screen.findByText('Actualizado!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/product'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Administración Productos' })).toBeInTheDocument();

    const [body] = postBodies(fetchMock);
    expect(body).toBeInstanceOf(FormData);
    expect(Object.fromEntries([...body.entries()].filter(([, v]) => typeof v === 'string'))).toEqual({
      id: '5',
      sku: 'POL-1001',
      name: 'Polera Modelo 1',
      offer: 'true',
      genero: 'Femenino',
      percentage: '35',
      enabled: 'false',
      mainUrlImage: '/files/products/POL-1001.jpg?v=1',
      secondUrlImage: '/files/products/POL-1001_2.jpg?v=1',
      thirdUrlImage: '/files/products/POL-1001_3.jpg?v=1',
      urlTechnicalSheet: '/files/products/POL-1001_ET.pdf?v=1',
      sizeGuideUrl: '/files/products/POL-1001_GUIDE.jpg?v=1',
    });
    expect((body.get('imageSecond') as File).name).toBe('espalda.png');
    expect(body.get('imageMain')).toBeNull();
  });

  it('a new record with all five files and no offer: genero and percentage are sent empty', async () => {
    const fetchMock = updateApi({ 'POST /api/admin/products': () => json(201, { ...emptyRecord, id: 9, name: 'Polera Modelo 2' }) });
    const { user } = renderAdmin(updatePath('POL-1002', 'Polera Modelo 2'));
    await form();
    await user.upload(screen.getByLabelText('Imagen principal'), fileOf('1.jpg'));
    await user.upload(screen.getByLabelText('Segunda imagen'), fileOf('2.jpeg'));
    await user.upload(screen.getByLabelText('Tercera imagen'), fileOf('3.png', 1024, 'image/png'));
    await user.upload(screen.getByLabelText('Guía de talla'), fileOf('guia.jpg'));
    await user.upload(screen.getByLabelText('Ficha técnica'), fileOf('ficha.pdf', 1024, 'application/pdf'));
    await user.click(screen.getByRole('button', { name: 'Actualizar' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Desea actualizar el producto?' })).getByRole('button', { name: 'Actualizar' }));
    expect(await screen.findByText('Actualizado!')).toBeInTheDocument();
    const [body] = postBodies(fetchMock);
    expect(body.get('offer')).toBe('false');
    expect(body.get('genero')).toBe('');
    expect(body.get('percentage')).toBe('0');
    expect(['imageMain', 'imageSecond', 'imageThird', 'sizeGuideFile', 'technicalSheetFilePdf'].map((f) => (body.get(f) as File).name)).toEqual([
      '1.jpg',
      '2.jpeg',
      '3.png',
      'guia.jpg',
      'ficha.pdf',
    ]);
  });

  it('No Actualizar: "Producto no actualizado", nothing is sent, the form keeps its values', async () => {
    const fetchMock = updateApi();
    const { user, router } = renderAdmin(updatePath('POL-1001', 'Polera Modelo 1'));
    await form();
    await user.clear(percentage());
    await user.type(percentage(), '40');
    await user.click(screen.getByRole('button', { name: 'Actualizar' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Desea actualizar el producto?' })).getByRole('button', { name: 'No Actualizar' }));
    expect(await screen.findByText('Producto no actualizado')).toBeInTheDocument();
    await dialogClosed();
    expect(postBodies(fetchMock)).toHaveLength(0);
    expect(router.state.location.pathname).toBe('/admin/product/update/POL-1001');
    expect(percentage()).toHaveValue('40');
  });

  it('the server refuses the save: its message, and the admin stays on the form', async () => {
    updateApi({
      'POST /api/admin/products': () => json(400, { status: 400, message: 'Archivo frente.jpg debe tener extensión JPG o PNG' }),
    });
    const { user, router } = renderAdmin(updatePath('POL-1001', 'Polera Modelo 1'));
    await form();
    await user.click(screen.getByRole('button', { name: 'Actualizar' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Desea actualizar el producto?' })).getByRole('button', { name: 'Actualizar' }));
    expect(await screen.findByText('Archivo frente.jpg debe tener extensión JPG o PNG')).toBeInTheDocument();
    await dialogClosed();
    expect(router.state.location.pathname).toBe('/admin/product/update/POL-1001');
    expect(screen.getByRole('button', { name: 'Actualizar' })).toBeEnabled();
  });

  it('an unknown sku: the server text and a way back', async () => {
    updateApi({ 'GET /api/admin/products/find/by/sku/XXX': () => json(404, { status: 404, message: 'Sku no existe o no esta creado' }) });
    renderAdmin(updatePath('XXX', 'Nada'));
    expect(await screen.findByText('Sku no existe o no esta creado')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a productos' })).toHaveAttribute('href', '/admin/product');
  });

  it('no sku in the address: it says so, and nothing is asked', async () => {
    const fetchMock = updateApi();
    renderAdmin('/admin/product/update');
    expect(await screen.findByText('No hay un producto elegido: elíjalo en Administración Productos')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('/admin/products'))).toBe(false);
  });
});
