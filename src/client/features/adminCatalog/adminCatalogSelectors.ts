import type { AdminCatalogState } from './adminCatalogSlice';

/** The part of the store this feature reads (typed on its own slice, so it does not depend on the others). */
export interface AdminCatalogRootState {
  adminCatalog: AdminCatalogState;
}

export const selectAdminProducts = (state: AdminCatalogRootState) => state.adminCatalog.products;
/** sku → true 'Actualizado' / false 'No Actualizado'; absent while not read. */
export const selectProductStatuses = (state: AdminCatalogRootState) => state.adminCatalog.updated;
/** style → buyers' alerts waiting for one of its sizes ('Avisos'); absent while not read. */
export const selectProductAvisos = (state: AdminCatalogRootState) => state.adminCatalog.avisos;
export const selectStatusPending = (state: AdminCatalogRootState) => state.adminCatalog.statusPending;
export const selectStatusError = (state: AdminCatalogRootState) => state.adminCatalog.statusError;
export const selectEditedProduct = (state: AdminCatalogRootState) => state.adminCatalog.product;
export const selectProductSave = (state: AdminCatalogRootState) => state.adminCatalog.productSave;
export const selectBanners = (state: AdminCatalogRootState) => state.adminCatalog.banners;
export const selectEditedBanner = (state: AdminCatalogRootState) => state.adminCatalog.banner;
export const selectEditedBannerId = (state: AdminCatalogRootState) => state.adminCatalog.bannerId;
export const selectBannerSave = (state: AdminCatalogRootState) => state.adminCatalog.bannerSave;
export const selectBannerDelete = (state: AdminCatalogRootState) => state.adminCatalog.bannerDelete;
export const selectEditedProductSku = (state: AdminCatalogRootState) => state.adminCatalog.productSku;
