// R-ADM-PROD-1, R-ADM-BAN-1: the routes of product and banner administration.
export const PRODUCT_LIST_PATH = '/admin/product';
export const PRODUCT_UPDATE_PATH = '/admin/product/update';
export const BANNER_LIST_PATH = '/admin/banner';
export const BANNER_CREATE_PATH = '/admin/banner-add';
export const BANNER_UPDATE_PATH = '/admin/banner-update';
