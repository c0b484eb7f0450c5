import type { HomeBanner, HomeOfferCard } from '@shared/api/home';
import { http } from '@client/api/http';

export type { HomeBanner, HomeOfferCard };

/** The banner set: three images (404 when none is set). */
export const fetchBanner = () => http.get<HomeBanner>('/user/home/banner');
/** Women's offers (genero Femenino). */
export const fetchWomenOffers = () => http.get<HomeOfferCard[]>('/user/home');
/** Men's offers (every other genero). */
export const fetchMenOffers = () => http.get<HomeOfferCard[]>('/user/home/men');
