import type { CatalogueItem } from './api/erp';
import { matchesGender, type GenderFilter } from './genderFilter';
import { hasIncoming } from './incoming';

// Which catalogue rows a choice of category / type / variant and gender selects: the catalogue list's filter in the SPA
// and the line sheet's CATEGORIA on the server (docs/linesheet.md), one code for both.

/** The category, type and variant chosen ('' for a level not chosen). */
export interface CatalogueChoice {
  category: string;
  scategory: string;
  sscategory: string;
}

const same = (a: string, b: string) => a.localeCompare(b, 'es', { sensitivity: 'base' }) === 0;

/**
 * Rows of the chosen category / type / variant (each level only when chosen) and gender (case-insensitive contains);
 * with `incoming`, only styles with units on their way ('Por llegar', docs/incoming.md).
 */
export function filterCatalogue(items: readonly CatalogueItem[], choice: CatalogueChoice, gender: GenderFilter, incoming = false): CatalogueItem[] {
  return items.filter(
    (item) =>
      (!choice.category || same(item.categoria, choice.category)) &&
      (!choice.scategory || same(item.tipo, choice.scategory)) &&
      (!choice.sscategory || same(item.variante, choice.sscategory)) &&
      matchesGender(item.genero, gender) &&
      (!incoming || hasIncoming(item)),
  );
}
