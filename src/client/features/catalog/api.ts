import type { CatalogueItem, CatalogueTree } from '@shared/api/erp';
import { http } from '@client/api/http';

export const fetchCatalogueTree = () => http.get<CatalogueTree>('/user/b1/catalog');
/** One row per style with its category, type (subcategory) and variant (third level). */
export const fetchCatalogueItems = () => http.get<CatalogueItem[]>('/user/b1/catalog/products');
