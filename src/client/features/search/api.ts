/**
 * The complete product list the search runs on: the catalogue rows carry what the results table shows (genero, stock,
 * preciolista) and the main image (urlImage), so one call serves the box and the results.
 */
export { fetchCatalogueItems as fetchSearchProducts } from '@client/api/catalog';
