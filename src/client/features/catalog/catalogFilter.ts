import type { CatalogueItem } from '../../../shared/api/erp';
import type { CatalogueChoice } from './catalogStorage';

export type GenderFilter = '' | 'Masculino' | 'Femenino';

/** Gender options of the lists (spec section 2): '' is 'Seleccionar' (no filter). */
export const GENDER_OPTIONS: { value: GenderFilter; label: string }[] = [
  { value: '', label: 'Seleccionar' },
  { value: 'Masculino', label: 'Masculino' },
  { value: 'Femenino', label: 'Femenino' },
];

const same = (a: string, b: string) => a.localeCompare(b, 'es', { sensitivity: 'base' }) === 0;

/** Rows of the chosen category / type / variant (each level only when chosen) and gender (case-insensitive contains). */
export function filterCatalogue(items: readonly CatalogueItem[], choice: CatalogueChoice, gender: GenderFilter): CatalogueItem[] {
  const g = gender.toLowerCase();
  return items.filter(
    (item) =>
      (!choice.category || same(item.categoria, choice.category)) &&
      (!choice.scategory || same(item.tipo, choice.scategory)) &&
      (!choice.sscategory || same(item.variante, choice.sscategory)) &&
      (!g || (item.genero ?? '').toLowerCase().includes(g)),
  );
}
