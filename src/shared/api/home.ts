// Home and product-content API shapes (R-HOME-1, R-HOME-2; R-ADM-PROD-2, product record).

/** GET /user/home (women: genero 'Femenino') and GET /user/home/men (every other genero). */
export interface HomeOfferCard {
  /** The style code, as the product detail takes it. */
  sku: string;
  /** Versioned file url ('/files/products/POL-1001.svg?v=…'), '' when the style has no image. */
  mainUrlImage: string;
  /** The style's name. */
  descripcion: string;
  /** The style's colour. */
  variante: string;
  /** List price less the offer percentage, rounded to whole pesos: of the style's cheapest size. */
  precioOferta: number;
  /** Offer percentage, 1..100. */
  percentage: number;
  /** True when the style's sizes differ in price: the card says 'desde' before `precioOferta`. */
  desde?: boolean;
}

/** GET /user/home/banner: the three images of the banner set (404 when there is none). */
export interface HomeBanner {
  urlBannerImage: string;
  urlBannerImage2: string;
  urlBannerImage3: string;
}

/** GET /user/home/offer (list) and GET /user/home/offer/{sku} (one; 404 when the sku has no offer). */
export interface OfferItem {
  sku: string;
  descripcion: string;
  variante: string;
  precioOferta: number;
  /** Offer percentage, 1..100. */
  descuento: number;
  genero: string;
}

/**
 * GET /user/products/{sku}: the portal's content record of a style (R-ADM-PROD-2: product record). `id` 0 and
 * empty urls when no record exists yet; the admin list's 'Actualizado' is `id > 0`.
 */
export interface ProductContent {
  id: number;
  sku: string;
  name: string;
  offer: boolean;
  genero: string;
  percentage: number;
  enabled: boolean;
  mainUrlImage: string;
  secondUrlImage: string;
  thirdUrlImage: string;
  urlTechnicalSheet: string;
  urlSizeGuideImage: string;
}

/** Where the product detail loads technology icons: `${TECHNOLOGY_ICONS_PATH}${idtecnologia}.png` (spec: id plus .png). */
export const TECHNOLOGY_ICONS_PATH = '/files/tecnologias/';

/** Genero of the women's offers tab; any other value goes to the men's tab (R-HOME-2). */
export const WOMEN_GENERO = 'Femenino';

export const HOME_MSG = {
  noBanner: 'No hay banner cargado',
  noOffer: 'El producto no tiene oferta',
} as const;
