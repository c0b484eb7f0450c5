/** Category → type → variant, and one row per style with its category, type (subcategory) and variant (third level). */
export { fetchCatalogueItems, fetchCatalogueTree } from '@client/api/catalog';
