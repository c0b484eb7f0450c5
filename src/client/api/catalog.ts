import type { CatalogueItem, CatalogueTree } from '@shared/api/erp';
import { http, type RequestOptions } from './http';

/**
 * One row per style with its category, type, variant, genero, stock, preciolista and main image (urlImage): the
 * catalogue screens and the search box read the same list.
 */
export const fetchCatalogueItems = (options?: RequestOptions) => http.get<CatalogueItem[]>('/user/b1/catalog/products', options);

/** Category → type → variant: the catalogue's menu and the line sheet's choice of a category. */
export const fetchCatalogueTree = (options?: RequestOptions) => http.get<CatalogueTree>('/user/b1/catalog', options);
