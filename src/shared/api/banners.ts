// Banner administration (R-ADM-BAN-1, R-ADM-BAN-2). Every /admin route is ADMIN or SUPERADMIN only.

/** A banner set: three images, urls of the file store ('/files/banners/…?v=…'). */
export interface Banner {
  id: number;
  /** The uploaded files' original names, comma-separated in the order Banner 1, 2, 3. */
  nameFile: string;
  urlBannerImage: string;
  urlBannerImage2: string;
  urlBannerImage3: string;
}

/** GET /admin/banners: zero or one set. GET /admin/banners/{id}: the set (404 'Banner no encontrado'). */
export type BannerList = Banner[];

/**
 * POST /admin/banners, multipart/form-data. Text fields: id (empty or 0 creates), nameFile, urlBannerImage,
 * urlBannerImage2, urlBannerImage3 (informative only). Files: bannerImageFile, bannerImage2File, bannerImage3File
 * (jpg/jpeg/png, at most 2 MB each): all three to create, any of them to update.
 *
 * Answers the set: 201 created, 200 updated. 400 `{status, message, fields}` for a file, 404 for an unknown id,
 * 409 'Ya existe un banner cargado…' when creating while a set exists. A failed upload changes nothing.
 */
export interface SaveBannerFields {
  id?: number | string;
  nameFile?: string;
  urlBannerImage?: string;
  urlBannerImage2?: string;
  urlBannerImage3?: string;
}
export type SaveBannerResponse = Banner;

/** DELETE /admin/banners/{id}: 200 `{message: 'Eliminado!'}` and the files are removed; 404 for an unknown id. */
export interface DeleteBannerResponse {
  message: string;
}
