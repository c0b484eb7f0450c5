import type { AdminProduct, AdminProductList, ProductStatusResponse, SaveProductFields, SaveProductResponse } from '@shared/api/adminProducts';
import type { Banner, BannerList, DeleteBannerResponse, SaveBannerFields, SaveBannerResponse } from '@shared/api/banners';
import type { ProductFileField } from '@shared/schemas/adminProducts';
import type { BannerFileField } from '@shared/schemas/banners';
import { http, type RequestOptions } from '@client/api/http';

// The calls of product and banner administration.

export type ProductFiles = Partial<Record<ProductFileField, File>>;
export type BannerFiles = Partial<Record<BannerFileField, File>>;

/** Text fields first, then the files: the server reads the multipart stream in order. */
function multipart(fields: object, files: Partial<Record<string, File>>): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) {
    if (value !== undefined && value !== null) form.append(name, String(value));
  }
  for (const [name, file] of Object.entries(files)) {
    if (file) form.append(name, file, file.name);
  }
  return form;
}

/** Every style of the ERP (sku, descripcion, mainUrlImage). */
export const fetchProducts = (options?: RequestOptions) => http.get<AdminProductList>('/user/b1/products', options);

/** The skus among `skus` that have a portal record: the Estado badges of a whole page in one request. */
export const fetchProductStatuses = (skus: string[], options?: RequestOptions) =>
  http.get<ProductStatusResponse>(`/admin/products/status?skus=${encodeURIComponent(skus.join(','))}`, options);

/** The portal's record of a style (`id` 0 and empty urls when there is none yet). */
export const fetchProduct = (sku: string, options?: RequestOptions) => http.get<AdminProduct>(`/admin/products/find/by/sku/${encodeURIComponent(sku)}`, options);

/** Multipart save of the record; only the files the admin chose are sent. */
export const saveProduct = (fields: SaveProductFields, files: ProductFiles, options?: RequestOptions) => http.post<SaveProductResponse>('/admin/products', multipart(fields, files), options);

/** Zero or one banner set. */
export const fetchBanners = (options?: RequestOptions) => http.get<BannerList>('/admin/banners', options);

export const fetchBanner = (id: number, options?: RequestOptions) => http.get<Banner>(`/admin/banners/${id}`, options);

/** Multipart: without an id it creates the set (all three files), with one it replaces the files sent. */
export const saveBanner = (fields: SaveBannerFields, files: BannerFiles, options?: RequestOptions) => http.post<SaveBannerResponse>('/admin/banners', multipart(fields, files), options);

export const deleteBanner = (id: number, options?: RequestOptions) => http.delete<DeleteBannerResponse>(`/admin/banners/${id}`, options);
