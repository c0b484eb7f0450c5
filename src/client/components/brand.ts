import { env } from '../app/env';

/** The brand of the deployment (BRAND_NAME); the demo brand when none is set. */
export const brandName = env.brand || 'Textil Andino';
