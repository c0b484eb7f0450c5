import type { ProductDetail } from '@shared/api/erp';
import type { SizeCurve, SizeCurveList, SizeCurveRequest } from '@shared/api/curves';
import { TECHNOLOGY_ICONS_PATH, type ProductContent } from '@shared/api/home';
import { http, type RequestOptions } from '@client/api/http';

export type { ProductContent };

const path = (sku: string) => encodeURIComponent(sku);

/** Fresh stock and prices of the style and its sizes from the ERP. */
export const fetchProductDetail = (sku: string, options?: RequestOptions) => http.get<ProductDetail>(`/user/b1/products-detail/${path(sku)}`, options);
/** The portal's content of the style (images, technical sheet, size guide); urls are '' when there is none. */
export const fetchProductContent = (sku: string, options?: RequestOptions) => http.get<ProductContent>(`/user/products/${path(sku)}`, options);

/** Where the icon of a technology is (file name: the id plus .png). */
export const technologyIcon = (id: string) => `${TECHNOLOGY_ICONS_PATH}${encodeURIComponent(id)}.png`;

/** The buyer's own size curves and the suggested ones (docs/size-grid.md). */
export const fetchCurves = (options?: RequestOptions) => http.get<SizeCurveList>('/user/curves', options);
/** Saves a new curve of the buyer's. */
export const createCurve = (body: SizeCurveRequest, options?: RequestOptions) => http.post<SizeCurve>('/user/curves', body, options);
/** Deletes one of the buyer's curves. */
export const deleteCurve = (id: number, options?: RequestOptions) => http.delete<{ message: string }>(`/user/curves/${id}`, options);
