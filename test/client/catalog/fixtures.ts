import type { CatalogueItem, CatalogueTree } from '@shared/api/erp';

export const catalogueTree: CatalogueTree = {
  categorias: [
    {
      descr: 'POLERAS',
      subcategorias: [
        { descr: 'MANGA CORTA', nivel3: [{ descr: 'CUELLO REDONDO' }, { descr: 'POLO' }] },
        { descr: 'MANGA LARGA', nivel3: [{ descr: 'TÉRMICA' }] },
      ],
    },
    { descr: 'PANTALONES', subcategorias: [{ descr: 'JEANS', nivel3: [{ descr: 'SLIM' }] }] },
    { descr: 'ROPA DE TRABAJO', subcategorias: [{ descr: 'OVEROLES', nivel3: [{ descr: 'INDUSTRIAL' }] }] },
  ],
};

const row = (over: Partial<CatalogueItem>): CatalogueItem => ({
  sku: 'X',
  descripcion: 'X',
  genero: 'Unisex',
  stock: 10,
  preciolista: 9990,
  categoria: 'POLERAS',
  tipo: 'MANGA CORTA',
  variante: 'CUELLO REDONDO',
  urlImage: '',
  ...over,
});

export const catalogueItems: CatalogueItem[] = [
  row({ sku: 'POL-1001', descripcion: 'Polera Básica Algodón', genero: 'Unisex', stock: 120, preciolista: 5990, urlImage: '/files/products/POL-1001.svg' }),
  row({ sku: 'POL-1003', descripcion: 'Polera Dry Fit Deportiva', genero: 'Masculino', stock: 48, preciolista: 9990 }),
  row({ sku: 'POL-1004', descripcion: 'Polera Dry Fit Mujer', genero: 'Femenino', stock: 30, preciolista: 9990 }),
  row({ sku: 'POL-1006', descripcion: 'Polera Piqué Polo Clásica', genero: 'Masculino', variante: 'POLO', stock: 12, preciolista: 11990, preciolistaHasta: 12990 }),
  row({ sku: 'POL-1008', descripcion: 'Polera Térmica Primera Capa', tipo: 'MANGA LARGA', variante: 'TÉRMICA', stock: 7, preciolista: 12990 }),
  row({ sku: 'PAN-2001', descripcion: 'Jeans Slim Azul', categoria: 'PANTALONES', tipo: 'JEANS', variante: 'SLIM', genero: 'Femenino', stock: 1234, preciolista: 19990 }),
];
