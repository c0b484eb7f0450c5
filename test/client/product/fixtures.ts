import type { ProductContent } from '@shared/api/home';
import type { ProductDetail } from '@shared/api/erp';

export const detail: ProductDetail = {
  nombre: 'Polera Dry Fit Deportiva',
  descr: 'Polera Dry Fit Deportiva color azul marino.\nCorte regular y costuras reforzadas para uso diario.',
  especificacion: 'Composición: 100% poliéster microperforado\nCuidado: Lavar a máquina a 30 °C\nTallas: S, M, L, XL',
  precio: 9990,
  precioOferta: 9990,
  descuento: 0,
  tecnologias: [{ idtecnologia: '1' }, { idtecnologia: '7' }],
  relacionados: [
    { sku: 'POL-1003-S', talla: 'S', stock: 5, preciolista: 9990, precioOferta: 9990, descuento: 0, descripcion: 'Polera Dry Fit S' },
    { sku: 'POL-1003-M', talla: 'M', stock: 12, preciolista: 9990, precioOferta: 9990, descuento: 0, descripcion: 'Polera Dry Fit M' },
    { sku: 'POL-1003-L', talla: 'L', stock: 0, preciolista: 9990, precioOferta: 9990, descuento: 0, descripcion: 'Polera Dry Fit L' },
  ],
};

/** The same style with a 20 % offer on every size. */
export const offerDetail: ProductDetail = {
  ...detail,
  precioOferta: 7992,
  descuento: 20,
  relacionados: detail.relacionados.map((v) => ({ ...v, precioOferta: 7992, descuento: 20 })),
};

export const content: ProductContent = {
  id: 3,
  sku: 'POL-1003',
  name: 'Polera Dry Fit Deportiva',
  offer: false,
  genero: 'Masculino',
  percentage: 0,
  enabled: true,
  mainUrlImage: '/files/products/POL-1003-1.jpg',
  secondUrlImage: '/files/products/POL-1003-2.jpg',
  thirdUrlImage: '/files/products/POL-1003-3.jpg',
  urlTechnicalSheet: '/files/fichas/POL-1003.pdf',
  urlSizeGuideImage: '/files/guias/POL-1003.png',
};
