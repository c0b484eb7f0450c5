import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import helmet from 'helmet';

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

export type HelmetOptions = Parameters<typeof helmet>[0];

/** Helmet's options for the portal: the CSP above and the other headers, HSTS only behind https. */
export function helmetOptions(opts: SecurityHeadersOptions): HelmetOptions {
  return {
    contentSecurityPolicy: { useDefaults: false, directives: spaCspDirectives(opts) },
    frameguard: { action: 'deny' },
    noSniff: true,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    strictTransportSecurity: opts.publicUrl.startsWith('https://') ? { maxAge: 31_536_000, includeSubDomains: true } : false,
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
  };
}

/**
 * The headers helmet writes with these options, computed once: helmet's middleware is run against a recording response
 * and what it sets is kept (names in lower case, as Fastify keeps them). None of the portal's directives depends on
 * the request (no nonces), so every answer gets the same values. Helmet's only removal, X-Powered-By, is a header
 * Fastify never sets.
 */
export function securityHeaderValues(options: HelmetOptions): Readonly<Record<string, string>> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
    getHeader: (name: string) => headers[name.toLowerCase()],
  };
  let failure: unknown;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    failure = err;
  });
  if (failure) throw failure instanceof Error ? failure : new Error(String(failure));
  return Object.freeze(headers);
}

/**
 * Security headers on every answer (the SPA, the API including its errors and 404s, /files): the CSP above,
 * X-Frame-Options DENY, nosniff, Referrer-Policy strict-origin-when-cross-origin, HSTS only behind https, as helmet
 * writes them, computed once at start-up and set by one synchronous onRequest hook (helmet's Fastify plugin parsed the
 * CSP and ran a dozen middlewares on every request). /files replaces the CSP with its own, stricter one
 * (storage/storage.routes.ts).
 */
export default fp(async function securityHeaders(app: FastifyInstance, opts: SecurityHeadersOptions) {
  const headers = securityHeaderValues(helmetOptions(opts));
  app.addHook('onRequest', (_request, reply, done) => {
    reply.headers(headers);
    done();
  });
}, { name: 'security-headers' });
