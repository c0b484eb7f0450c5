import type { HomeBanner, HomeOfferCard } from '@shared/api/home';
import { http, type RequestOptions } from '@client/api/http';

export type { HomeBanner, HomeOfferCard };

/** The banner set: three images (404 when none is set). */
export const fetchBanner = (options?: RequestOptions) => http.get<HomeBanner>('/user/home/banner', options);
/** Women's offers (genero Femenino). */
export const fetchWomenOffers = (options?: RequestOptions) => http.get<HomeOfferCard[]>('/user/home', options);
/** Men's offers (every other genero). */
export const fetchMenOffers = (options?: RequestOptions) => http.get<HomeOfferCard[]>('/user/home/men', options);
