// The search list the search benches use: n catalogue rows (one per style) with names and skus like the ERP's.
import type { CatalogueItem } from '@shared/api/erp';

const NAMES = ['Polera Básica Algodón', 'Pantalón Cargo', 'Chaqueta Cortaviento', 'Polerón Canguro', 'Camisa Oxford', 'Vestido Midi', 'Calza Deportiva', 'Overol Trabajo'];
const COLORS = ['blanco', 'negro', 'azul marino', 'gris melange', 'rojo', 'verde botella'];

export function searchItems(n: number): CatalogueItem[] {
  const out: CatalogueItem[] = [];
  for (let i = 0; i < n; i += 1) {
    const name = NAMES[i % NAMES.length]!;
    out.push({
      sku: `${name.slice(0, 3).toUpperCase()}-${String(10000 + i)}`,
      descripcion: `${name} Modelo ${i} color ${COLORS[i % COLORS.length]}`,
      genero: i % 3 === 0 ? 'Femenino' : i % 3 === 1 ? 'Masculino' : 'Unisex',
      stock: i % 500,
      preciolista: 4990 + (i % 30) * 1000,
      categoria: 'CAT',
      tipo: 'TIPO',
      variante: 'VAR',
      urlImage: `/files/products/${i}.svg`,
    });
  }
  return out;
}
