import { banners, productContent } from '@server/db/schema';
import { call, createTestApp, login, type TestApp } from './helpers';

// Home API (R-HOME-1, R-HOME-2) against the demo ERP's list prices:
// POL-1004 9990, VES-6005 20990, CHA-3003 48990, PAN-2001 29990, PLN-4001 22990, POL-1001 10990.

let t: TestApp;
let buyer: string;
let admin: string;

const get = (url: string, token?: string) => call(t.app, { method: 'GET', url, token });

beforeAll(async () => {
  t = await createTestApp();
  buyer = (await login(t.app, '76123456-0', 'Demo1234')).token;
  admin = (await login(t.app, '22222222-2', 'Admin1234')).token;
  const url = (sku: string) => `/files/products/${sku}.svg?v=1700000000000`;
  await t.database.db.insert(productContent).values([
    { sku: 'POL-1004', name: 'Polera', offer: true, genero: 'Femenino', percentage: 15, mainUrlImage: url('POL-1004') },
    { sku: 'VES-6005', name: 'Vestido', offer: true, genero: 'Femenino', percentage: 25, mainUrlImage: url('VES-6005') },
    { sku: 'CHA-3003', name: 'Parka', offer: true, genero: 'Femenino', percentage: 30, enabled: false },
    { sku: 'PAN-2001', name: 'Jeans', offer: true, genero: 'Masculino', percentage: 10, mainUrlImage: url('PAN-2001') },
    { sku: 'PLN-4001', name: 'Polerón', offer: true, genero: 'Unisex', percentage: 40 },
    {
      sku: 'POL-1001', name: 'Polera Básica', offer: false, genero: '', percentage: 0, mainUrlImage: url('POL-1001'),
      secondUrlImage: '/files/products/POL-1001_2.svg?v=1', thirdUrlImage: '/files/products/POL-1001_3.svg?v=1',
      urlTechnicalSheet: '/files/products/POL-1001_ET.pdf?v=1', urlSizeGuideImage: '/files/products/POL-1001_GUIDE.svg?v=1',
    },
  ]);
}, 60_000);
afterAll(() => t.close());

describe('offer cards', () => {
  it('women: enabled offers with genero Femenino, priced from the list price and rounded half up', async () => {
    const res = await get('/api/user/home', buyer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { sku: 'POL-1004', mainUrlImage: '/files/products/POL-1004.svg?v=1700000000000', descripcion: 'Polera Dry Fit Deportiva', variante: 'Fucsia', precioOferta: 8492, percentage: 15 },
      { sku: 'VES-6005', mainUrlImage: '/files/products/VES-6005.svg?v=1700000000000', descripcion: 'Vestido Largo Satinado', variante: 'Azul Rey', precioOferta: 15743, percentage: 25 },
    ]);
  });

  it('men: every other genero (Masculino, Unisex)', async () => {
    const res = await get('/api/user/home/men', buyer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual([
      { sku: 'PAN-2001', mainUrlImage: '/files/products/PAN-2001.svg?v=1700000000000', descripcion: 'Jeans Slim Fit Elasticado', variante: 'Azul Índigo', precioOferta: 26991, percentage: 10 },
      { sku: 'PLN-4001', mainUrlImage: '', descripcion: 'Polerón Canguro Básico', variante: 'Gris Melange', precioOferta: 13794, percentage: 40 },
    ]);
  });

  it('admins see home too; visitors get 401', async () => {
    expect((await get('/api/user/home', admin)).statusCode).toBe(200);
    for (const url of ['/api/user/home', '/api/user/home/men', '/api/user/home/banner', '/api/user/home/offer', '/api/user/home/offer/POL-1004', '/api/user/products/POL-1001']) {
      const res = await get(url);
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ status: 401, message: 'Debe iniciar sesión' });
    }
  });
});

describe('offer items', () => {
  it('lists every active offer with descuento and genero', async () => {
    const res = await get('/api/user/home/offer', buyer);
    expect(res.json()).toEqual([
      { sku: 'PAN-2001', descripcion: 'Jeans Slim Fit Elasticado', variante: 'Azul Índigo', precioOferta: 26991, descuento: 10, genero: 'Masculino' },
      { sku: 'PLN-4001', descripcion: 'Polerón Canguro Básico', variante: 'Gris Melange', precioOferta: 13794, descuento: 40, genero: 'Unisex' },
      { sku: 'POL-1004', descripcion: 'Polera Dry Fit Deportiva', variante: 'Fucsia', precioOferta: 8492, descuento: 15, genero: 'Femenino' },
      { sku: 'VES-6005', descripcion: 'Vestido Largo Satinado', variante: 'Azul Rey', precioOferta: 15743, descuento: 25, genero: 'Femenino' },
    ]);
  });

  it('answers one offer by style or by one of its sizes; 404 without an offer', async () => {
    const one = { sku: 'VES-6005', descripcion: 'Vestido Largo Satinado', variante: 'Azul Rey', precioOferta: 15743, descuento: 25, genero: 'Femenino' };
    expect((await get('/api/user/home/offer/VES-6005', buyer)).json()).toEqual(one);
    expect((await get('/api/user/home/offer/VES-6005-M', buyer)).json()).toEqual(one);
    for (const sku of ['POL-1001', 'CHA-3003', 'NO-EXISTE']) {
      const res = await get(`/api/user/home/offer/${sku}`, buyer);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual({ status: 404, message: 'El producto no tiene oferta' });
    }
    const bad = await get('/api/user/home/offer/%3Cscript%3E', buyer);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Sku inválido');
  });
});

describe('banner', () => {
  it('404 with a Spanish message while there is no banner set, then the set', async () => {
    const none = await get('/api/user/home/banner', buyer);
    expect(none.statusCode).toBe(404);
    expect(none.json()).toEqual({ status: 404, message: 'No hay banner cargado' });

    await t.database.db.insert(banners).values({
      nameFile: 'a.jpg,b.jpg,c.jpg', urlBannerImage: '/files/banners/a.jpg?v=1', urlBannerImage2: '/files/banners/b.jpg?v=1', urlBannerImage3: '/files/banners/c.jpg?v=1',
    });
    const res = await get('/api/user/home/banner', buyer);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ urlBannerImage: '/files/banners/a.jpg?v=1', urlBannerImage2: '/files/banners/b.jpg?v=1', urlBannerImage3: '/files/banners/c.jpg?v=1' });
  });
});

describe('product content record', () => {
  it('answers the record of a style (by style or size code)', async () => {
    const res = await get('/api/user/products/POL-1001', buyer);
    expect(res.statusCode).toBe(200);
    const record = res.json();
    expect(record).toEqual({
      id: expect.any(Number), sku: 'POL-1001', name: 'Polera Básica', offer: false, genero: '', percentage: 0, enabled: true,
      mainUrlImage: '/files/products/POL-1001.svg?v=1700000000000', secondUrlImage: '/files/products/POL-1001_2.svg?v=1',
      thirdUrlImage: '/files/products/POL-1001_3.svg?v=1', urlTechnicalSheet: '/files/products/POL-1001_ET.pdf?v=1',
      urlSizeGuideImage: '/files/products/POL-1001_GUIDE.svg?v=1',
    });
    expect(record.id).toBeGreaterThan(0);
    expect((await get('/api/user/products/POL-1001-M', buyer)).json()).toEqual(record);
  });

  it('id 0 and empty urls when the style has no record (admin list: No Actualizado)', async () => {
    expect((await get('/api/user/products/CAM-5001', admin)).json()).toEqual({
      id: 0, sku: 'CAM-5001', name: 'Camisa Oxford Manga Larga', offer: false, genero: '', percentage: 0, enabled: true,
      mainUrlImage: '', secondUrlImage: '', thirdUrlImage: '', urlTechnicalSheet: '', urlSizeGuideImage: '',
    });
  });

  it('hides a disabled style from buyers, not from admins', async () => {
    const res = await get('/api/user/products/CHA-3003', buyer);
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ status: 404, message: 'Producto no encontrado' });
    expect((await get('/api/user/products/CHA-3003', admin)).json()).toMatchObject({ sku: 'CHA-3003', enabled: false, offer: true, percentage: 30 });
  });

  it('the catalogue takes its images from the content', async () => {
    await t.app.catalog.refresh();
    const item = (await get('/api/user/b1/catalog/find/by/sku/POL-1004', buyer)).json();
    expect(item.urlImage).toBe('/files/products/POL-1004.svg?v=1700000000000');
  });
});
