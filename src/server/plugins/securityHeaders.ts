import fastifyHelmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export interface SecurityHeadersOptions {
  /** PUBLIC_URL: HSTS is sent only when it is https. */
  publicUrl: string;
  /** WebPay's base URL: /payment posts token_ws to `<base>/webpayserver/initTransaction` (its own origin). */
  webpayBaseUrl?: string;
  /** Khipu's API base URL: the payer's page is on its origin (the stand-in) or on khipu.com (the real service). */
  khipuBaseUrl?: string;
}

function originOf(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/**
 * Where the SPA's forms may go: its own API, WebPay's card form (the /payment page posts token_ws there) and Khipu's
 * payer page (the SPA goes there with a plain navigation, listed here in case a redirect of a form ends there).
 */
export function formActionSources(opts: Pick<SecurityHeadersOptions, 'webpayBaseUrl' | 'khipuBaseUrl'>): string[] {
  const sources = new Set<string>(["'self'"]);
  const webpay = originOf(opts.webpayBaseUrl);
  if (webpay) sources.add(webpay);
  const khipu = originOf(opts.khipuBaseUrl);
  if (khipu) {
    sources.add(khipu);
    // the real API (payment-api.khipu.com) hands out payer pages on khipu.com
    const host = new URL(khipu).hostname;
    if (host === 'khipu.com' || host.endsWith('.khipu.com')) sources.add('https://khipu.com');
  }
  return [...sources];
}

/** The SPA's Content-Security-Policy directives (also sent on API answers, where they only restrict more). */
export function spaCspDirectives(opts: SecurityHeadersOptions): Record<string, string[]> {
  return {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    // the built SPA has no inline script: only its own bundles
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    // MUI (emotion) injects <style> elements at run time
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'"],
    'media-src': ["'self'"],
    'object-src': ["'none'"],
    'frame-src': ["'none'"],
    'worker-src': ["'self'", 'blob:'],
    'manifest-src': ["'self'"],
    'form-action': formActionSources(opts),
    'frame-ancestors': ["'none'"],
  };
}

/**
 * Security headers on every answer (the SPA, the API including its errors, /files) through @fastify/helmet:
 * the CSP above, X-Frame-Options DENY, nosniff, Referrer-Policy strict-origin-when-cross-origin, HSTS only behind https.
 * /files replaces the CSP with its own, stricter one (storage/storage.routes.ts).
 */
export default fp(async function securityHeaders(app: FastifyInstance, opts: SecurityHeadersOptions) {
  const https = opts.publicUrl.startsWith('https://');
  await app.register(fastifyHelmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: spaCspDirectives(opts) },
    frameguard: { action: 'deny' },
    noSniff: true,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    // the SPA loads nothing from other origins; these would only get in the way of the payment providers' pages
    crossOriginEmbedderPolicy: false,
    crossOriginOpenerPolicy: { policy: 'same-origin' },
    crossOriginResourcePolicy: { policy: 'same-origin' },
    originAgentCluster: true,
    xDnsPrefetchControl: { allow: false },
    xDownloadOptions: true,
    xPermittedCrossDomainPolicies: { permittedPolicies: 'none' },
    xXssProtection: false,
    hidePoweredBy: true,
  });
}, { name: 'security-headers' });
