import type { ProductListItem } from './erp';
import type { ProductContent } from './home';

// Product administration (R-ADM-PROD-2). Every /admin route is ADMIN or SUPERADMIN only.

/** GET /user/b1/products as an admin sees it: every style of the ERP (enabled or not), sku order. */
export type { ProductListItem };
export type AdminProductList = ProductListItem[];

/**
 * GET /admin/products/find/by/sku/{sku}: the portal's record of a style: `id` 0 and empty urls when none exists
 * yet (then the list's Estado is 'No Actualizado'). 404 'Sku no existe o no esta creado' for a sku the ERP does
 * not have and the portal has no record of.
 */
export type AdminProduct = ProductContent;

/**
 * GET /admin/products/status?skus=A,B,C (at most 500; without skus: every record): the skus that have a record
 * (id > 0), so the list's Estado badges of a whole page (or the whole list) come from one request.
 */
export interface ProductStatusResponse {
  updated: string[];
  /** Per style asked for, the buyers' alerts waiting for one of its sizes (docs/stock-alerts.md); styles with none are absent. */
  avisos: Record<string, number>;
}

/**
 * POST /admin/products, multipart/form-data (spec: product save payload). Text fields: id, sku, name, offer
 * ('true'/'false'), genero, percentage, enabled ('true'/'false'), and the current urls (mainUrlImage, secondUrlImage,
 * thirdUrlImage, urlTechnicalSheet, sizeGuideUrl: informative only, the server uses its own record). Files, each
 * optional when the record already has it: imageMain, imageSecond, imageThird, sizeGuideFile (jpg/jpeg/png, at
 * most 2 MB) and technicalSheetFilePdf (pdf, at most 4 MB). Stored as `{sku}.jpg`, `{sku}_2.jpg`, `{sku}_3.jpg`,
 * `{sku}_GUIDE.jpg` and `{sku}_ET.pdf`.
 *
 * Answers the saved record (201 when it was created, 200 when updated). 400 `{status, message, fields}` for a
 * field or a file (size, extension, content), 404 for a sku the ERP does not have. A failed save changes nothing.
 */
export interface SaveProductFields {
  id?: number | string;
  sku: string;
  name?: string;
  offer: boolean | string;
  genero?: string;
  percentage?: number | string;
  enabled: boolean | string;
  mainUrlImage?: string;
  secondUrlImage?: string;
  thirdUrlImage?: string;
  urlTechnicalSheet?: string;
  sizeGuideUrl?: string;
}
export type SaveProductResponse = AdminProduct;
