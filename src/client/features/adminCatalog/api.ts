import type { AdminProduct, AdminProductList, ProductStatusResponse, SaveProductFields, SaveProductResponse } from '@shared/api/adminProducts';
import type { Banner, BannerList, DeleteBannerResponse, SaveBannerFields, SaveBannerResponse } from '@shared/api/banners';
import type { ProductFileField } from '@shared/schemas/adminProducts';
import type { BannerFileField } from '@shared/schemas/banners';
import { http } from '@client/api/http';

// Admin document section 7: the calls of product and banner administration.

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
export const fetchProducts = () => http.get<AdminProductList>('/user/b1/products');

/** The skus among `skus` that have a portal record: the Estado badges of a whole page in one request. */
export const fetchProductStatuses = (skus: string[]) =>
  http.get<ProductStatusResponse>(`/admin/products/status?skus=${encodeURIComponent(skus.join(','))}`);

/** The portal's record of a style (`id` 0 and empty urls when there is none yet). */
export const fetchProduct = (sku: string) => http.get<AdminProduct>(`/admin/products/find/by/sku/${encodeURIComponent(sku)}`);

/** Multipart save of the record; only the files the admin chose are sent. */
export const saveProduct = (fields: SaveProductFields, files: ProductFiles) => http.post<SaveProductResponse>('/admin/products', multipart(fields, files));

/** Zero or one banner set. */
export const fetchBanners = () => http.get<BannerList>('/admin/banners');

export const fetchBanner = (id: number) => http.get<Banner>(`/admin/banners/${id}`);

/** Multipart: without an id it creates the set (all three files), with one it replaces the files sent. */
export const saveBanner = (fields: SaveBannerFields, files: BannerFiles) => http.post<SaveBannerResponse>('/admin/banners', multipart(fields, files));

export const deleteBanner = (id: number) => http.delete<DeleteBannerResponse>(`/admin/banners/${id}`);
