import type { CatalogueTree } from '@shared/api/erp';
import { http, type RequestOptions } from '@client/api/http';

export const fetchCatalogueTree = (options?: RequestOptions) => http.get<CatalogueTree>('/user/b1/catalog', options);
/** One row per style with its category, type (subcategory) and variant (third level). */
export { fetchCatalogueItems } from '@client/api/catalog';
