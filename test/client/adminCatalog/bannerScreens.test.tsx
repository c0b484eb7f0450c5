import { screen, waitFor, within } from '@testing-library/react';
import { asPhone, bannerSet, callsTo, fileOf, json, MB, mockApi, renderAdmin } from './fixtures';

// /admin/banner, /admin/banner-add and /admin/banner-update (R-ADM-BAN-1, R-ADM-BAN-2).

beforeEach(() => {
  document.cookie = 'XSRF-TOKEN=test-xsrf; path=/';
});

/** The banner API over one in-memory set (none when `initial` is null). */
function bannerApi(initial: typeof bannerSet | null, overrides: Parameters<typeof mockApi>[0] = {}) {
  let current = initial;
  return mockApi({
    'GET /api/admin/banners': () => json(200, current ? [current] : []),
    'GET /api/admin/banners/3': () => (current ? json(200, current) : json(404, { status: 404, message: 'Banner no encontrado' })),
    'DELETE /api/admin/banners/3': () => {
      current = null;
      return json(200, { message: 'Eliminado!' });
    },
    'POST /api/admin/banners': () => {
      current = { ...bannerSet, urlBannerImage: '/files/banners/banner1.jpg?v=2' };
      return json(current ? 200 : 201, current);
    },
    ...overrides,
  });
}

const grid = () => screen.findByRole('grid', { name: 'Banners' });
const dialogClosed = () => waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
const postBodies = (fetchMock: jest.Mock) => callsTo(fetchMock, 'POST', '/api/admin/banners').map(([, init]) => init.body as FormData);
const textFields = (body: FormData) => Object.fromEntries([...body.entries()].filter(([, v]) => typeof v === 'string'));
const fileNames = (body: FormData) =>
  Object.fromEntries([...body.entries()].filter(([, v]) => typeof v !== 'string').map(([k, v]) => [k, (v as File).name]));

describe('Banner list (/admin/banner)', () => {
  it('the set: three thumbnails, Editar and Eliminar; no Crear while a set exists', async () => {
    bannerApi(bannerSet);
    renderAdmin('/admin/banner');
    expect(await screen.findByRole('heading', { level: 1, name: 'Administración Banner' })).toBeInTheDocument();
    const table = await grid();
    const first = await within(table).findByRole('img', { name: 'Banner 1' });
    expect(first).toHaveAttribute('src', '/files/banners/banner1.jpg?v=1');
    expect(within(table).getByRole('img', { name: 'Banner 2' })).toHaveAttribute('src', '/files/banners/banner2.jpg?v=1');
    expect(within(table).getByRole('img', { name: 'Banner 3' })).toHaveAttribute('src', '/files/banners/banner3.jpg?v=1');
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Banner 1', 'Banner 2', 'Banner 3', 'Editar', 'Eliminar']);
    expect(within(table).getByRole('button', { name: 'Editar banner' })).toBeInTheDocument();
    expect(within(table).getByRole('button', { name: 'Eliminar banner' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Crear' })).not.toBeInTheDocument();
  });

  it('on a phone (375 px) the set is a card with its three images, Editar and Eliminar', async () => {
    const restore = asPhone();
    try {
      bannerApi(bannerSet);
      const { user } = renderAdmin('/admin/banner');
      expect(await screen.findByRole('img', { name: 'Banner 1' })).toHaveAttribute('src', '/files/banners/banner1.jpg?v=1');
      expect(screen.getByRole('img', { name: 'Banner 3' })).toHaveAttribute('src', '/files/banners/banner3.jpg?v=1');
      expect(screen.queryByRole('grid')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Editar banner' })).toBeInTheDocument();
      await user.click(screen.getByRole('button', { name: 'Eliminar banner' }));
      expect(await screen.findByRole('dialog', { name: 'Deseas eliminar?' })).toBeInTheDocument();
    } finally {
      restore();
    }
  });

  it('zero sets: "No hay items cargados" and Crear, which opens the creation', async () => {
    bannerApi(null);
    const { user, router } = renderAdmin('/admin/banner');
    expect(await within(await grid()).findByText('No hay items cargados')).toBeInTheDocument();
    const create = await screen.findByRole('link', { name: 'Crear' });
    expect(create).toHaveAttribute('href', '/admin/banner-add');
    await user.click(create);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/banner-add'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Cargar Imagen Banner' })).toBeInTheDocument();
  });

  it('the list cannot load: the message, no Crear', async () => {
    bannerApi(null, { 'GET /api/admin/banners': () => json(500, { status: 500, message: 'Internal server error' }) });
    renderAdmin('/admin/banner');
    expect(await screen.findByText('Internal server error')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Crear' })).not.toBeInTheDocument();
  });

  it('Eliminar → "Deseas eliminar?" → No eliminar: "No eliminado", the set stays', async () => {
    const fetchMock = bannerApi(bannerSet);
    const { user } = renderAdmin('/admin/banner');
    const table = await grid();
    await user.click(await within(table).findByRole('button', { name: 'Eliminar banner' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deseas eliminar?' });
    expect(within(dialog).getByRole('button', { name: 'Eliminar' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'No eliminar' }));
    expect(await screen.findByText('No eliminado')).toBeInTheDocument();
    await dialogClosed();
    expect(callsTo(fetchMock, 'DELETE', '/api/admin/banners/3')).toHaveLength(0);
    expect(within(table).getByRole('img', { name: 'Banner 1' })).toBeInTheDocument();
  });

  it('Eliminar → Eliminar: DELETE, "Eliminado!", the list is empty and Crear appears', async () => {
    const fetchMock = bannerApi(bannerSet);
    const { user } = renderAdmin('/admin/banner');
    const table = await grid();
    await user.click(await within(table).findByRole('button', { name: 'Eliminar banner' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Deseas eliminar?' })).getByRole('button', { name: 'Eliminar' }));
    expect(await screen.findByText('Eliminado!')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'DELETE', '/api/admin/banners/3')).toHaveLength(1);
    await dialogClosed();
    expect(await within(table).findByText('No hay items cargados')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Crear' })).toBeInTheDocument();
  });

  it('Editar opens the update of the id in its address with the current images', async () => {
    bannerApi(bannerSet);
    const { user, router } = renderAdmin('/admin/banner');
    await user.click(await within(await grid()).findByRole('button', { name: 'Editar banner' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/banner-update/3'));
    expect(sessionStorage.getItem('idBanner')).toBeNull();
    expect(await screen.findByRole('heading', { level: 1, name: 'Actualizar Imagen Banner' })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: 'Banner 1 actual' })).toHaveAttribute('src', '/files/banners/banner1.jpg?v=1');
    expect(screen.getByRole('img', { name: 'Banner 3 actual' })).toHaveAttribute('src', '/files/banners/banner3.jpg?v=1');
  });
});

describe('Banner creation (/admin/banner-add)', () => {
  it('three file pickers and the 2MB note', async () => {
    bannerApi(null);
    renderAdmin('/admin/banner-add');
    expect(await screen.findByRole('heading', { level: 1, name: 'Cargar Imagen Banner' })).toBeInTheDocument();
    expect(screen.getByText('Los archivos deben pesar como máximo 2MB')).toBeInTheDocument();
    for (const label of ['Banner 1', 'Banner 2', 'Banner 3']) expect(screen.getByLabelText(label)).toHaveAttribute('type', 'file');
  });

  it('nothing chosen: "Campo obligatorio" / "Se debe adjuntar un archivo en Banner", every field marked, nothing sent', async () => {
    const fetchMock = bannerApi(null);
    const { user } = renderAdmin('/admin/banner-add');
    await user.click(await screen.findByRole('button', { name: 'Cargar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Campo obligatorio' });
    expect(within(dialog).getByText('Se debe adjuntar un archivo en Banner')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    await dialogClosed();
    expect(screen.getByText('Se debe adjuntar un archivo en Banner')).toBeInTheDocument();
    expect(screen.getByText('Se debe adjuntar un archivo en Banner 2')).toBeInTheDocument();
    expect(screen.getByText('Se debe adjuntar un archivo en Banner 3')).toBeInTheDocument();
    expect(postBodies(fetchMock)).toHaveLength(0);
  });

  it('only Banner 1 chosen: the dialog names Banner 2', async () => {
    bannerApi(null);
    const { user } = renderAdmin('/admin/banner-add');
    await user.upload(await screen.findByLabelText('Banner 1'), fileOf('verano.jpg'));
    await user.click(screen.getByRole('button', { name: 'Cargar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Campo obligatorio' });
    expect(within(dialog).getByText('Se debe adjuntar un archivo en Banner 2')).toBeInTheDocument();
  });

  it("each file's own extension is checked (a valid Banner 1 does not let a .gif Banner 2 through)", async () => {
    const fetchMock = bannerApi(null);
    const { user } = renderAdmin('/admin/banner-add', { applyAccept: false });
    await user.upload(await screen.findByLabelText('Banner 1'), fileOf('verano.jpg'));
    await user.upload(screen.getByLabelText('Banner 2'), fileOf('animado.gif', 1024, 'image/gif'));
    const dialog = await screen.findByRole('dialog', { name: 'Archivo extensión erronea' });
    expect(within(dialog).getByText('Archivo de tener extesión JPG o PNG')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Aceptar' }));
    await dialogClosed();
    await user.upload(screen.getByLabelText('Banner 3'), fileOf('liquidacion.png', 1024, 'image/png'));
    await user.click(screen.getByRole('button', { name: 'Cargar' }));
    expect(await screen.findByRole('dialog', { name: 'Archivo extensión erronea' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog', { name: 'Deseas cargar los archivos?' })).not.toBeInTheDocument();
    expect(postBodies(fetchMock)).toHaveLength(0);
  });

  it('a file over 2MB: "Excede Tamaño" / "Tamaño maximo 2MB"', async () => {
    bannerApi(null);
    const { user } = renderAdmin('/admin/banner-add');
    await user.upload(await screen.findByLabelText('Banner 3'), fileOf('grande.jpg', 2 * MB + 1));
    const dialog = await screen.findByRole('dialog', { name: 'Excede Tamaño' });
    expect(within(dialog).getByText('Tamaño maximo 2MB')).toBeInTheDocument();
  });

  it('three valid files → "Deseas cargar los archivos?" → Cargar: the multipart, "Cargados!", back to the list', async () => {
    const fetchMock = bannerApi(null);
    const { user, router } = renderAdmin('/admin/banner-add');
    await user.upload(await screen.findByLabelText('Banner 1'), fileOf('verano.jpg'));
    await user.upload(screen.getByLabelText('Banner 2'), fileOf('invierno.jpeg'));
    await user.upload(screen.getByLabelText('Banner 3'), fileOf('liquidacion.png', 1024, 'image/png'));
    await user.click(screen.getByRole('button', { name: 'Cargar' }));
    const dialog = await screen.findByRole('dialog', { name: 'Deseas cargar los archivos?' });
    expect(within(dialog).getByRole('button', { name: 'No Cargar' })).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Cargar' }));

    expect(await screen.findByText('Cargados!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/banner'));
    const [body] = postBodies(fetchMock);
    expect(fileNames(body)).toEqual({ bannerImageFile: 'verano.jpg', bannerImage2File: 'invierno.jpeg', bannerImage3File: 'liquidacion.png' });
    expect(body.get('id')).toBeNull(); // no id: a new set
    await dialogClosed();
    expect(await within(await grid()).findByRole('img', { name: 'Banner 1' })).toHaveAttribute('src', '/files/banners/banner1.jpg?v=2');
    expect(screen.queryByRole('link', { name: 'Crear' })).not.toBeInTheDocument();
  });

  it('No Cargar: "Archivos no cargados", nothing sent, back to the list', async () => {
    const fetchMock = bannerApi(null);
    const { user, router } = renderAdmin('/admin/banner-add');
    await user.upload(await screen.findByLabelText('Banner 1'), fileOf('verano.jpg'));
    await user.upload(screen.getByLabelText('Banner 2'), fileOf('invierno.jpg'));
    await user.upload(screen.getByLabelText('Banner 3'), fileOf('liquidacion.jpg'));
    await user.click(screen.getByRole('button', { name: 'Cargar' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Deseas cargar los archivos?' })).getByRole('button', { name: 'No Cargar' }));
    expect(await screen.findByText('Archivos no cargados')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/banner'));
    expect(postBodies(fetchMock)).toHaveLength(0);
  });

  it('the server refuses (a set exists already): its message, and the admin stays on the form', async () => {
    const exists = 'Ya existe un banner cargado: edítelo o elimínelo antes de crear otro';
    bannerApi(null, { 'POST /api/admin/banners': () => json(409, { status: 409, message: exists }) });
    const { user, router } = renderAdmin('/admin/banner-add');
    await user.upload(await screen.findByLabelText('Banner 1'), fileOf('verano.jpg'));
    await user.upload(screen.getByLabelText('Banner 2'), fileOf('invierno.jpg'));
    await user.upload(screen.getByLabelText('Banner 3'), fileOf('liquidacion.jpg'));
    await user.click(screen.getByRole('button', { name: 'Cargar' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Deseas cargar los archivos?' })).getByRole('button', { name: 'Cargar' }));
    expect(await screen.findByText(exists)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/banner-add');
  });
});

describe('Banner update (/admin/banner-update)', () => {
  it('a reload reads idBanner: one new file is enough, sent with the set id', async () => {
    const fetchMock = bannerApi(bannerSet);
    const { user, router } = renderAdmin('/admin/banner-update/3');
    expect(await screen.findByRole('img', { name: 'Banner 2 actual' })).toHaveAttribute('src', '/files/banners/banner2.jpg?v=1');
    await user.upload(screen.getByLabelText('Banner 2'), fileOf('nuevo.png', 1024, 'image/png'));
    await user.click(screen.getByRole('button', { name: 'Actualizar' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Deseas cargar los archivos?' })).getByRole('button', { name: 'Cargar' }));
    expect(await screen.findByText('Cargados!')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/banner'));
    const [body] = postBodies(fetchMock);
    expect(textFields(body)).toMatchObject({ id: '3', nameFile: 'a.jpg,b.jpg,c.jpg', urlBannerImage: '/files/banners/banner1.jpg?v=1' });
    expect(fileNames(body)).toEqual({ bannerImage2File: 'nuevo.png' });
  });

  it('no file chosen: "Debe adjuntar al menos un archivo", nothing sent (files are optional one by one)', async () => {
    const fetchMock = bannerApi(bannerSet);
    const { user } = renderAdmin('/admin/banner-update/3');
    await screen.findByRole('img', { name: 'Banner 1 actual' });
    await user.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(await screen.findByText('Debe adjuntar al menos un archivo')).toBeInTheDocument();
    expect(screen.queryByText(/Se debe adjuntar/)).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(postBodies(fetchMock)).toHaveLength(0);
  });

  it('an id that no longer exists: "Banner no encontrado" and a way back', async () => {
    bannerApi(null);
    renderAdmin('/admin/banner-update/3');
    expect(await screen.findByText('Banner no encontrado')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Volver a banners' })).toHaveAttribute('href', '/admin/banner');
  });

  it('no id in the address: it says so', async () => {
    const fetchMock = bannerApi(bannerSet);
    renderAdmin('/admin/banner-update');
    expect(await screen.findByText('No hay un banner elegido: elíjalo en Administración Banner')).toBeInTheDocument();
    expect(callsTo(fetchMock, 'GET', '/api/admin/banners/3')).toHaveLength(0);
  });
});
