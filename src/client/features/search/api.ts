import type { CatalogueItem } from '@shared/api/erp';
import { http, type RequestOptions } from '@client/api/http';

/**
 * The complete product list the search runs on. The catalogue rows carry what the results table shows
 * (genero, stock, preciolista) and the main image (urlImage), so one call serves the box and the results.
 */
export const fetchSearchProducts = (options?: RequestOptions) => http.get<CatalogueItem[]>('/user/b1/catalog/products', options);
