import type { CatalogueItem } from '@shared/api/erp';
import { matchesGender, type GenderFilter } from '@shared/genderFilter';
import { hasIncoming } from '@client/components/incoming';
import type { CatalogueChoice } from './catalogueChoice';

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
