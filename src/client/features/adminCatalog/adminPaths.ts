// R-ADM-PROD-1, R-ADM-BAN-1: the routes of product and banner administration.
export const PRODUCT_LIST_PATH = '/admin/product';
export const PRODUCT_UPDATE_PATH = '/admin/product/update';
/** The query parameter of the update screen's address that carries the product's description (shown read-only). */
export const DESCRIPTION_PARAM = 'descripcion';
/** The update screen of one product: its sku and description are in the address, so a reload opens the same product. */
export const productUpdatePath = (sku: string, description: string) =>
  `${PRODUCT_UPDATE_PATH}/${encodeURIComponent(sku)}?${new URLSearchParams({ [DESCRIPTION_PARAM]: description }).toString()}`;
export const BANNER_LIST_PATH = '/admin/banner';
export const BANNER_CREATE_PATH = '/admin/banner-add';
export const BANNER_UPDATE_PATH = '/admin/banner-update';
/** The update screen of one banner set: its id is in the address. */
export const bannerUpdatePath = (id: number) => `${BANNER_UPDATE_PATH}/${id}`;
