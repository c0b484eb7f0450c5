import type { CatalogueItem } from '@shared/api/erp';
import { fill, MSG } from '@shared/messages';
import { formatCLP } from '@shared/money';

/**
 * A catalogue row's list price + VAT: the cheapest size's, 'desde $x' when the style's sizes differ in price (larger
 * sizes often cost more). The product lists and 'Próxima temporada' show it alike.
 */
export const listPriceText = (row: Pick<CatalogueItem, 'preciolista' | 'preciolistaHasta'>) =>
  `${(row.preciolistaHasta ?? row.preciolista) > row.preciolista ? fill(MSG.priceFrom, { price: formatCLP(row.preciolista) }) : formatCLP(row.preciolista)} + I. V. A.`;
